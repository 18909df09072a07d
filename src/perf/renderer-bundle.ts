/**
 * The site's renderer, bundled once and kept: Astro's server build of the site (src/pages and
 * what they import) with a small adapter whose entry is src/site/renderer-entry.ts. A build
 * imports it and renders every page on request (render-pages.ts). Astro's static build did the
 * same work anew for every document: loading Astro, reading the configuration, and bundling the
 * same pages, about 2 s of CPU on a two-core machine, beside the model.
 *
 * Bundles are kept in node_modules/.cache/apidesc-docs/ inside the package folder, where Node
 * finds the packages they import. The key covers what a bundle is made of: the package folder
 * (Astro writes its paths into the bundle), the site's sources
 * (src/ without tests, public/, astro.config.mjs, tsconfig.json, package.json), the installed
 * versions of the packages it depends on, the base path and site URL (Astro writes them into
 * the bundle), and the guides (compiled into it).
 *
 * The published package carries the bundle for builds without a base path, site URL or guides,
 * made when it was packed (scripts/ship-renderer.ts): the first build after an install then
 * renders at once rather than bundling the site first.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { GuideFiles } from '../site/guide-files.ts';
import { processAlive, takeRenderLock } from './render-lock.ts';
import { mechanismOn } from './switches.ts';
import { minifyPublicScripts } from './minify-client.ts';

/** Bumped whenever the way bundles are made changes, so that older bundles are made again. */
const RECIPE = 2;

/** What a renderer bundle is built from, besides the package's own files. */
export interface RendererInput {
  /** The package folder (astro.config.mjs, src/, public/). */
  root: string;
  base?: string;
  site?: string;
  guides?: GuideFiles;
}

export interface RendererEvents {
  /** A bundle is being made (the first build with these sources). */
  onBuild?: () => void;
  /** Another build of the same package is making one. */
  onWait?: () => void;
}

/** Bundles unused for this long are removed when a new one is made. */
const KEEP_UNUSED_MS = 7 * 24 * 3600_000;
/** At most this many bundles are kept (one per base path, site URL and guides folder in use). */
const KEEP_AT_MOST = 8;

export function rendererCacheDir(root: string): string {
  return join(root, 'node_modules', '.cache', 'apidesc-docs');
}

/** The folder of the bundle for `input`, made first when there is none. */
export async function ensureRenderer(input: RendererInput, events: RendererEvents = {}): Promise<{ dir: string; built: boolean }> {
  // Turned off (switches.ts), every build bundles the site anew, as Astro's own build would.
  const keep = mechanismOn('renderer-bundle');
  const shipped = keep ? shippedRenderer(input) : undefined;
  if (shipped) return { dir: shipped, built: false };
  const cacheDir = rendererCacheDir(input.root);
  const dir = join(cacheDir, `renderer-${rendererKey(input)}`);
  if (keep && usable(dir)) return { dir, built: false };
  // Astro writes to <root>/.astro while it builds: one build of the package at a time.
  const release = await takeRenderLock(input.root, undefined, events.onWait);
  const partial = `${dir}.partial-${process.pid}`;
  // Also when this process is ended while it makes the bundle (SIGTERM from a build stopped by
  // invalid documents): `finally` does not run then, 'exit' handlers do.
  const cleanUp = (): void => {
    rmSync(partial, { recursive: true, force: true });
    release();
  };
  process.once('exit', cleanUp);
  let handedOver = false;
  try {
    // Another build may have made it while this one waited.
    if (keep && usable(dir)) return { dir, built: false };
    events.onBuild?.();
    await buildBundle(input, partial);
    if (!keep) {
      // Used from where it was made, and removed when the process ends.
      process.once('exit', () => rmSync(partial, { recursive: true, force: true }));
      handedOver = true;
      return { dir: partial, built: true };
    }
    // What is there is incomplete (usable() said so): a bundle is only ever renamed into place.
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    pruneBundles(cacheDir, dir);
    return { dir, built: true };
  } finally {
    process.off('exit', cleanUp);
    if (handedOver) release();
    else cleanUp();
  }
}

/** Where the published package keeps the renderer made when it was packed. */
export function shippedRendererDir(root: string): string {
  return join(root, 'node-dist', 'renderer');
}

/** Beside the shipped renderer: the key of what it was made from. */
const SHIPPED_KEY_FILE = 'apidesc-renderer.json';

/**
 * Makes the renderer the package ships: the bundle for builds without a base path, site URL or
 * guides, with the key of what it was made from, less the package folder, which an install
 * changes (Astro's paths in the bundle name files only for its own messages and development
 * tools; pages render the same from any folder).
 */
export async function shipRenderer(root: string): Promise<string> {
  const dir = shippedRendererDir(root);
  const release = await takeRenderLock(root);
  try {
    rmSync(dir, { recursive: true, force: true });
    await buildBundle({ root }, dir);
    writeFileSync(join(dir, SHIPPED_KEY_FILE), JSON.stringify({ key: rendererKey({ root }, { anyFolder: true }) }) + '\n');
    return dir;
  } finally {
    release();
  }
}

/**
 * The shipped renderer, when `input` asks for what it was made for and nothing it was made from
 * has changed since (the sources, edited in place, or another version of a dependency).
 */
export function shippedRenderer(input: RendererInput): string | undefined {
  if (input.base || input.site || input.guides) return undefined;
  const dir = shippedRendererDir(input.root);
  try {
    const { key } = JSON.parse(readFileSync(join(dir, SHIPPED_KEY_FILE), 'utf8')) as { key?: unknown };
    return key === rendererKey(input, { anyFolder: true }) && existsSync(join(dir, 'server', 'entry.mjs')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** A complete bundle (bundles are renamed into place once made); marked as used for pruning. */
function usable(dir: string): boolean {
  if (!existsSync(join(dir, 'server', 'entry.mjs'))) return false;
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // Read-only (a bundle made before the folder was locked down): usable all the same.
  }
  return true;
}

async function buildBundle(input: RendererInput, outDir: string): Promise<void> {
  const { build } = await import('astro');
  await build({
    root: input.root,
    outDir,
    output: 'server',
    adapter: rendererAdapter(join(input.root, 'src', 'site', 'renderer-entry.ts')),
    // The pages keep getStaticPaths() for `dev`, which Astro's server build warns about on every
    // page module; errors still show.
    logLevel: 'error',
    ...(input.base ? { base: input.base } : {}),
    ...(input.site ? { site: input.site } : {}),
  });
  // The scripts of public/ as shipped: minified (minify-client.ts).
  await minifyPublicScripts(join(input.root, 'public'), join(outDir, 'client'));
}

/** Astro's adapter API: a server entry of our own, run by this command rather than a host. */
export function rendererAdapter(serverEntrypoint: string): AstroIntegration {
  return {
    name: 'apidesc-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'apidesc-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint,
          supportedAstroFeatures: { serverOutput: 'stable', sharpImageService: 'stable' },
        });
      },
    },
  };
}

/**
 * A name for everything the bundle of `input` is made of (see the top of this file);
 * `anyFolder` leaves out the package folder, for the bundle the package ships.
 */
export function rendererKey(input: RendererInput, { anyFolder = false } = {}): string {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer): void => {
    hash.update(`${label}\0${data.length}\0`);
    hash.update(data);
  };
  add('recipe', String(RECIPE));
  const { root } = input;
  // Astro writes the package's own paths into the bundle (its configuration's folders, each
  // component's file): a cached bundle belongs to one package folder. The shipped one is used
  // from any (`anyFolder`): those paths only serve Astro's messages and development tools.
  add('options', JSON.stringify({ root: anyFolder ? null : root, base: input.base ?? null, site: input.site ?? null }));
  const sources = [
    ...filesUnder(join(root, 'src')).filter((f) => !f.endsWith('.test.ts')),
    ...filesUnder(join(root, 'public')),
    ...['astro.config.mjs', 'tsconfig.json', 'package.json'].map((f) => join(root, f)),
  ];
  for (const file of sources) add(relative(root, file), readFileOrEmpty(file));
  for (const [name, version] of dependencyVersions(root)) add(`dependency ${name}`, version);
  if (input.guides) {
    add('guides', JSON.stringify(input.guides));
    // Guides may import files of their folder (components, images, other guides).
    for (const file of filesUnder(input.guides.dir)) add(`guide ${relative(input.guides.dir, file)}`, readFileOrEmpty(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Every file below `dir` (none when it does not exist), sorted, so that the key is stable. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

function readFileOrEmpty(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

/** The installed version of each dependency of the package, found as Node would find it. */
function dependencyVersions(root: string): [string, string][] {
  const manifest = JSON.parse(readFileOrEmpty(join(root, 'package.json')).toString() || '{}') as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {})
    .sort()
    .map((name) => [name, installedVersion(root, name)]);
}

function installedVersion(root: string, name: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
    } catch {
      if (dirname(dir) === dir) return 'missing';
    }
  }
}

/**
 * Removes bundles unused for a week and, beyond the most recently used few, older ones; also the
 * half-made bundles of builds that ended without cleaning up. Never the one just made.
 */
export function pruneBundles(cacheDir: string, keep: string, now = Date.now()): void {
  const bundles: { dir: string; used: number }[] = [];
  for (const name of readdirSync(cacheDir)) {
    const dir = join(cacheDir, name);
    if (!name.startsWith('renderer-') || dir === keep) continue;
    const partialOf = /\.partial-(\d+)$/.exec(name);
    if (partialOf) {
      if (!processAlive(Number(partialOf[1]))) rmSync(dir, { recursive: true, force: true });
      continue;
    }
    try {
      bundles.push({ dir, used: statSync(dir).mtimeMs });
    } catch {
      // Removed meanwhile by another build.
    }
  }
  bundles.sort((a, b) => b.used - a.used);
  bundles.forEach(({ dir, used }, i) => {
    // A bundle used in the last hour may be rendering a site right now.
    const recent = now - used < 3600_000;
    if (!recent && (now - used > KEEP_UNUSED_MS || i + 1 >= KEEP_AT_MOST)) rmSync(dir, { recursive: true, force: true });
  });
}
