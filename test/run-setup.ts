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
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The run's temporary folder, between set-up and teardown (the same process runs both). */
let runFolder: string | undefined;

export function globalSetup(): void {
  const system = tmpdir();
  process.env.APIDESC_HISTORY_CACHE ??= join(system, 'apidesc-docs-published-history');
  runFolder = mkdtempSync(join(system, 'apidesc-test-run-'));
  process.env.TMPDIR = runFolder;
}

export function globalTeardown(): void {
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

/** What the command itself keeps in the temporary folder, on purpose. */
const KEPT_BY_THE_COMMAND = new Set(['node-compile-cache']);

/** What the tests left in the run's folder. */
export function leftBehind(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => !KEPT_BY_THE_COMMAND.has(name))
    .sort();
}
