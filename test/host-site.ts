/**
 * A host site (test/fixtures/*-site) built as its users build it: `astro build` in a copy of it,
 * with the documents the test gives. The copy lives inside the repository (test/.host-sites/,
 * ignored by git), so that Astro and Starlight resolve from the repository's own node_modules as
 * from a project's, and `apidesc-docs` is this checkout, linked as an installed package. (A copy
 * in the system's temporary folder would need its node_modules linked one by one, and Astro then
 * reads its own components by two different paths.) Every copy is removed when its test is done.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const REPO = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const SITES = join(REPO, 'test', '.host-sites');

export interface HostSite {
  dir: string;
  /** Removes the copy. */
  remove(): void;
}

/** A copy of the fixture `name` holding `files` (path → text) besides its own. */
export function hostSite(name: string, files: Record<string, string>): HostSite {
  mkdirSync(SITES, { recursive: true });
  const dir = mkdtempSync(join(SITES, `${name}-`));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  cpSync(join(REPO, 'test', 'fixtures', name), dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(REPO, join(dir, 'node_modules', 'apidesc-docs'), 'dir');
  return { dir, remove };
}

export interface Run {
  code: number | null;
  output: string;
}

/** `astro build` in `dir`, stopped after `timeoutMs`; its standard output and error together. */
export function astroBuild(dir: string, timeoutMs = 240_000): Promise<Run> {
  return nodeRun([join(REPO, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], dir, timeoutMs);
}

/** Node running `args` in `dir`, stopped after `timeoutMs`; its standard output and error together. */
export function nodeRun(args: string[], dir: string, timeoutMs = 240_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * The links (`<a href>` from the site's root) of every page under `folder` of the built site
 * `dist` that lead to no built file: a page's folder needs its index.html, a file itself.
 */
export function brokenLinks(dist: string, folder: string): string[] {
  const pages = readdirSync(join(dist, folder), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('index.html'));
  const broken = new Set<string>();
  for (const path of pages) {
    const html = readFileSync(join(dist, folder, path), 'utf8');
    for (const [, href = ''] of html.matchAll(/<a\b[^>]*?\shref="(\/[^"#?]*)[^"]*"/g)) {
      const target = join(dist, decodeURIComponent(href));
      if (!existsSync(href.endsWith('/') ? join(target, 'index.html') : target)) broken.add(`${join(folder, path)}: ${href}`);
    }
  }
  return [...broken];
}
