/**
 * Set-up and teardown of a test run (package.json: `node --test --test-global-setup=…`). The run
 * gets a temporary folder of its own, handed to every test process and to everything they start
 * (builds, browsers, git) as TMPDIR; when the run ends, anything still in it is a test that did
 * not clean up after itself: the run fails and names what was left, then removes it.
 *
 * The downloaded versions of published documents (test/published-history.ts), kept between runs
 * on purpose, stay where they were, in the system's temporary folder. Node's compile cache,
 * which the command keeps in the temporary folder it is given (bin/apidesc-docs.mjs), is made
 * in the run's folder and is not something a test left behind.
 *
 * A build in the repository's own folder of two or more documents would keep its APIs in the
 * repository's build cache (node_modules/.cache/apidesc-docs, src/pipeline/pipeline.ts): every
 * test that builds a portal names a cache of its own (`--cache` in its temporary folder). An
 * entry that appears there during the run fails it too, and is removed.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder in the run's folder of the sites the run's test files share (test/helpers.ts: sharedSite). */
export const SHARED_SITES = 'shared-sites';
/** The folder in the run's folder of the Go samples' build cache (test/sample-run.ts). */
export const GO_CACHE = 'go-cache';

/** The repository's build cache, and its folders of entries (src/pipeline/cache/build-cache.ts). */
const REPOSITORY_CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'apidesc-docs');
const ENTRY_FOLDERS = ['apis', 'search'];
/** The entries of the repository's build cache before the run. */
let entriesBefore = new Set<string>();

/** The run's temporary folder, between set-up and teardown (the same process runs both). */
let runFolder: string | undefined;

export function globalSetup(): void {
  const system = tmpdir();
  process.env.APIDESC_HISTORY_CACHE ??= join(system, 'apidesc-docs-published-history');
  runFolder = mkdtempSync(join(system, 'apidesc-test-run-'));
  process.env.TMPDIR = runFolder;
  process.env.APIDESC_TEST_RUN_FOLDER = runFolder;
  entriesBefore = new Set(cacheEntries());
}

/** The entries in the repository's build cache, as `apis/<slug>` and `search/<part>`. */
export function cacheEntries(): string[] {
  return ENTRY_FOLDERS.flatMap((folder) => {
    try {
      return readdirSync(join(REPOSITORY_CACHE, folder)).map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  });
}

export function globalTeardown(): void {
  const newEntries = cacheEntries().filter((entry) => !entriesBefore.has(entry));
  for (const entry of newEntries) rmSync(join(REPOSITORY_CACHE, entry), { recursive: true, force: true });
  if (newEntries.length > 0) {
    process.stderr.write(
      `✖ the tests left ${newEntries.length} entr${newEntries.length === 1 ? 'y' : 'ies'} in the repository's build cache ${REPOSITORY_CACHE} (removed now; name a --cache in the test's temporary folder): ${newEntries.join(', ')}\n`,
    );
    process.exitCode = 1;
  }
  if (runFolder === undefined) return;
  const left = leftBehind(runFolder);
  rmSync(runFolder, { recursive: true, force: true });
  if (left.length === 0) return;
  // The runner does not print an error of its teardown: said here, in the form of a failed test.
  process.stderr.write(
    `✖ the tests left ${left.length} temporary folder${left.length === 1 ? '' : 's'} or file${left.length === 1 ? '' : 's'} behind (removed now): ${left.join(', ')}\n`,
  );
  process.exitCode = 1;
}

/** What the command itself keeps in the temporary folder, and what the run's test files share (sites, Go's build cache), on purpose. */
const KEPT_BY_THE_COMMAND = new Set(['node-compile-cache', SHARED_SITES, GO_CACHE]);

/** What the tests left in the run's folder. */
export function leftBehind(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => !KEPT_BY_THE_COMMAND.has(name))
    .sort();
}
