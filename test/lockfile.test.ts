/**
 * package-lock.json is complete for every platform: `npm ci` on macOS, Windows, Linux on arm64
 * or musl installs the native binding of its own platform (esbuild, rollup, biome, sharp,
 * pagefind, Astro's compiler…) only when the lockfile has an entry for it, and npm 11 refuses a
 * lockfile without the entries of other platforms on every platform ("not in sync"). `npm install
 * --package-lock-only` puts missing entries back without changing any version.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');

interface LockEntry {
  version?: string;
  integrity?: string;
  resolved?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Where Node (and npm) find `name` required from the package at `from`: its own node_modules, then each folder above. */
function installedAt(from: string, name: string): string | undefined {
  let folder = from;
  for (;;) {
    const candidate = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!folder) return undefined;
    const above = folder.lastIndexOf('/node_modules/');
    folder = above < 0 ? '' : folder.slice(0, above);
  }
}

/** What is wrong with the entry a dependency resolves to, or undefined when it can be installed as locked. */
function problem(path: string | undefined, range: string): string | undefined {
  if (!path) return 'no entry';
  const entry = lock.packages[path]!;
  if (entry.link) return undefined;
  if (!entry.version) return `${path} has no version`;
  // Platform bindings are pinned to the exact version of the package that loads them.
  if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range) && entry.version !== range) return `${path} is ${entry.version}, not ${range}`;
  if (!/^sha(256|384|512)-[A-Za-z0-9+/]+=*$/.test(entry.integrity ?? '')) return `${path} has no integrity`;
  // The lockfile names no registry (omit-lockfile-registry-resolved, .npmrc): npm fetches name@version from
  // the registry it is configured with and checks the integrity; a URL, when there is one, is https.
  if (entry.resolved !== undefined && !entry.resolved.startsWith('https://')) return `${path} resolves to ${entry.resolved}`;
  return undefined;
}

describe('package-lock.json', () => {
  it('has every platform variant of every native binding, each with its version and integrity', () => {
    const missing: string[] = [];
    let variants = 0;
    const platforms = new Set<string>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
        variants++;
        const at = installedAt(path, name);
        const wrong = problem(at, range);
        if (wrong) missing.push(`${path || '(root)'} → ${name}@${range}: ${wrong}`);
        else for (const os of lock.packages[at!]!.os ?? []) platforms.add(os);
      }
    }
    assert.deepEqual(missing, []);
    // The lockfile really has bindings of other systems than this one (a check that cannot pass on an empty list).
    assert.ok(variants > 50, `${variants} optional dependencies`);
    for (const os of ['darwin', 'win32', 'linux']) assert.ok(platforms.has(os), `bindings for ${os}`);
  });

  it('has an entry with its integrity for every dependency of every package, and the versions package.json pins', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const [name, range] of Object.entries(entry.dependencies ?? {})) {
        if (path === '') continue;
        const wrong = problem(installedAt(path, name), range);
        if (wrong) missing.push(`${path} → ${name}@${range}: ${wrong}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.equal(lock.lockfileVersion, 3);
    const root = lock.packages['']!;
    assert.deepEqual(root.dependencies, manifest.dependencies);
    assert.deepEqual((root as { devDependencies?: Record<string, string> }).devDependencies, manifest.devDependencies);
    for (const [name, version] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      assert.equal(lock.packages[`node_modules/${name}`]?.version, version, `${name} is locked at the version package.json pins`);
    }
  });

  it('is what npm ci installs from on macOS, Windows and Linux on arm64 or musl: every binding of the platform, offline', () => {
    // npm ci refuses a lockfile that lacks an entry package.json's tree needs ("not in sync"), on
    // every platform; --dry-run --offline with an empty cache reads only the lockfile.
    const platforms = [
      { os: 'darwin', cpu: 'arm64' },
      { os: 'darwin', cpu: 'x64' },
      { os: 'win32', cpu: 'x64' },
      { os: 'linux', cpu: 'arm64', libc: 'glibc' },
      { os: 'linux', cpu: 'x64', libc: 'musl' },
    ];
    const dir = tempDir('apidesc-lockfile-');
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(join(ROOT, file), join(dir, file));
    for (const { os, cpu, libc } of platforms) {
      const flags = [`--os=${os}`, `--cpu=${cpu}`, ...(libc ? [`--libc=${libc}`] : [])];
      const npm = spawnSync('npm', ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', `--cache=${join(dir, 'cache')}`, ...flags], {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir },
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(npm.status, 0, `npm ci ${flags.join(' ')}: ${npm.stdout}${npm.stderr}`);
      const added = new Set(npm.stdout.split('\n').filter((line) => line.startsWith('add ')));
      const bindings = Object.entries(lock.packages).filter(
        ([, e]) => e.optional && e.os?.includes(os) && e.cpu?.includes(cpu) && (!e.libc || !libc || e.libc.includes(libc)),
      );
      assert.ok(bindings.length >= 5, `${os}-${cpu}: ${bindings.length} bindings`);
      for (const [path, entry] of bindings) {
        assert.ok(
          added.has(`add ${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)} ${entry.version}`),
          `${os}-${cpu}${libc ? `-${libc}` : ''}: ${path}`,
        );
      }
    }
  });
});
