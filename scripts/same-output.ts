/**
 * Checks that a change to the code leaves the built sites byte for byte as they were: builds the
 * default content (also with --site) and the corpus's valid documents (as a portal, previews allowed) with the
 * working tree and with another commit (default HEAD, checked out in a temporary worktree that
 * shares node_modules), then compares every file; also a `build --versions` site of a git
 * repository made for it (three tags of the example API and a working tree that changes it).
 * For refactoring: `npm run same-output [ref]`.
 * Exit code 0 when identical, 1 when any file differs or is missing on one side.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const root = new URL('../', import.meta.url).pathname;
const ref = process.argv[2] ?? 'HEAD';
if (ref.startsWith('-')) {
  process.stdout.write(
    'usage: npm run same-output [-- <commit>]   (default HEAD): builds the sites with that commit and with the working tree, and compares them\n',
  );
  process.exit(ref === '--help' || ref === '-h' ? 0 : 2);
}
// A ref that names no commit is said in a line before any folder is made (it left one behind, and git's error).
try {
  execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root, stdio: 'ignore' });
} catch {
  process.stderr.write(`same-output: ${ref} names no commit of this repository\n`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'apidesc-same-output-'));
const before = join(work, 'before');

/** A build to compare: its arguments, and the folder it runs in (default: the checkout's). */
interface Input {
  name: string;
  args: string[];
  cwd?: string;
}
const inputs: Input[] = [
  { name: 'content', args: [join(root, 'content')] },
  // With --site and a base path: the canonical links and the sitemap.
  { name: 'content-site', args: [join(root, 'content'), '--site', 'https://docs.example.com', '--base', '/docs/'] },
];
if (HAS_CORPUS) inputs.push({ name: 'corpus', args: [join(CORPUS, 'valid'), '--allow-invalid'] });
else process.stderr.write(`No corpus at ${CORPUS}: comparing the default content only.\n`);
inputs.push({ name: 'versions', args: ['orders.apidesc.yaml', '--versions', 'v*'], cwd: versionsRepository(join(work, 'versions-repository')) });

/**
 * A git repository of three tags of the example API, each changing its version and title, and a
 * working tree that changes them again: what `build --versions` reads.
 */
function versionsRepository(dir: string): string {
  mkdirSync(dir);
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=Same', '-c', 'user.email=same@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'ignore',
      // One date for every commit: the pages show the tags' dates.
      env: { ...process.env, GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
    });
  };
  const source = readFileSync(join(root, 'content', 'orders.apidesc.yaml'), 'utf8');
  const write = (n: number): void =>
    writeFileSync(
      join(dir, 'orders.apidesc.yaml'),
      source.replace(/^ {2}version: .*$/m, `  version: 1.${n}.0`).replace(/^ {2}title: (.*)$/m, `  title: $1 ${n}`),
    );
  git('init', '-q', '-b', 'main');
  for (const n of [1, 2, 3]) {
    write(n);
    git('add', '-A');
    git('commit', '-q', '-m', `version ${n}`);
    git('tag', `v1.${n}.0`);
  }
  write(4);
  return dir;
}

function build(checkout: string, input: Input, side: string): string {
  const out = join(work, `${side}-${input.name}`);
  execFileSync(process.execPath, [join(checkout, 'bin/apidesc-docs.mjs'), 'build', ...input.args, '--out', out], {
    cwd: input.cwd ?? checkout,
    stdio: ['ignore', 'ignore', 'pipe'], // the build's messages are shown only when it fails (in the thrown error)
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

let differences = 0;
let added = false;
try {
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', before, ref], { cwd: root, stdio: 'inherit' });
  added = true;
  symlinkSync(join(root, 'node_modules'), join(before, 'node_modules'));
  for (const input of inputs) {
    const a = build(before, input, 'before');
    const b = build(root, input, 'after');
    const names = [...new Set([...files(a), ...files(b)])].sort();
    const differing = names.filter((name) => {
      try {
        return !readFileSync(join(a, name)).equals(readFileSync(join(b, name)));
      } catch {
        return true; // on one side only
      }
    });
    differences += differing.length;
    process.stdout.write(
      `${input.name}: ${names.length} files, ${differing.length} differ${differing.length > 0 ? `:\n  ${differing.slice(0, 20).join('\n  ')}` : ''}\n`,
    );
  }
} finally {
  if (added) execFileSync('git', ['worktree', 'remove', '--force', before], { cwd: root, stdio: 'ignore' });
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(differences === 0 ? `Same output as ${ref}.\n` : `${differences} file(s) differ from ${ref}.\n`);
process.exitCode = differences === 0 ? 0 : 1;
