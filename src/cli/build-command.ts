/**
 * `apidesc-docs build`: validates the inputs (an invalid document stops the build with its
 * diagnostics, exit 1), builds the model of every document, renders the Astro site, and writes
 * the route manifest `apidesc-routes.json` at the root of the output.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RouteEntry } from '../lib/model/types.ts';
import { EXIT, type CliIO } from './io.ts';
import { PhaseTimer } from './phase-timer.ts';
import { writeSearchIndex } from './search-index.ts';
import { buildSiteData, highlightSite } from './site-data-file.ts';
import { validateCommand, type ValidateCommandOptions } from './validate-command.ts';

export interface BuildOptions extends ValidateCommandOptions {
  outDir: string;
  /** Path the site is served from, e.g. `/docs/` (default `/`). */
  base?: string;
  /** Public origin for canonical URLs, e.g. `https://api.example.com`. */
  site?: string;
  /** Build even when documents have errors (pull-request previews): the pages show them. */
  allowInvalid?: boolean;
}

export async function buildCommand(inputs: string[], options: BuildOptions, io: CliIO): Promise<number> {
  const cwdForOut = options.cwd ?? process.cwd();
  const target = resolve(cwdForOut, options.outDir);
  // The output folder is replaced as a whole: never let that be a folder that holds the inputs.
  const inputPaths = inputs.map((i) => resolve(cwdForOut, i));
  if (inputPaths.some((i) => i === target || i.startsWith(target + sep)) || target === resolve('/')) {
    io.err(`apidesc-docs: --out ${options.outDir} holds the input documents; the build replaces the output folder as a whole. Choose an output folder of its own, e.g. --out dist.`);
    return EXIT.usage;
  }
  const timer = new PhaseTimer();
  const cwd = options.cwd ?? process.cwd();
  const outDir = resolve(cwd, options.outDir);
  // Build beside the output folder and swap it in only when everything is written: a failed
  // build never leaves a half-written site where the last good one was.
  const staging = `${outDir}.partial-${process.pid}`;
  const work = mkdtempSync(join(tmpdir(), 'apidesc-site-'));
  const dataFile = join(work, 'site.json');
  // The renderer starts now: Astro bundles the site (about 2 s, whatever the document) while the
  // documents are validated and modelled here; its pages wait for the data file.
  const renderer = startRenderer({ root: fileURLToPath(new URL('../../', import.meta.url)), outDir: staging, ...(options.base ? { base: options.base } : {}), ...(options.site ? { site: options.site } : {}) }, dataFile);
  let built = false;
  try {
    const prepared = await prepareSite(inputs, options, cwd, work, dataFile, timer, io);
    if (typeof prepared === 'number') return prepared;
    // The documents and the model are not needed any more: give their memory back before the
    // renderer and then the indexer reach their own peaks (the three would add up otherwise).
    releaseMemory();
    io.err(`Model: ${prepared.apiCount} API(s), ${prepared.pageCount} pages. Rendering…`);
    await renderer.done;
    timer.end('pages');
    writeFileSync(join(staging, 'apidesc-routes.json'), JSON.stringify(prepared.routes, null, 2) + '\n');
    cpSync(join(work, 'files'), staging, { recursive: true });
    if (options.site) writeFileSync(join(staging, 'sitemap.xml'), sitemap(options.site, options.base ?? '/', prepared.urls));
    const indexed = await writeSearchIndex(staging);
    io.err(`Search index: ${indexed} pages.`);
    replaceFolder(staging, outDir);
    built = true;
    timer.end('search');
    io.err(`Built ${prepared.apiCount} API(s), ${prepared.pageCount} pages, into ${options.outDir} in ${timer.summary()}.`);
    return EXIT.ok;
  } finally {
    await renderer.stop();
    if (!built) rmSync(staging, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

interface PreparedSite {
  routes: RouteEntry[];
  /** Every page, relative to the site root (for the sitemap). */
  urls: string[];
  apiCount: number;
  pageCount: number;
}

/**
 * Validates and models the documents, writes the site data for the renderer and the source
 * copies into `work/files/`; returns an exit code when the build stops. Everything large stays
 * inside this function, so that it can be collected once it returns.
 */
async function prepareSite(inputs: string[], options: BuildOptions, cwd: string, work: string, dataFile: string, timer: PhaseTimer, io: CliIO): Promise<PreparedSite | number> {
  const validation = await validateCommand(inputs, options, io);
  timer.end('validate');
  const buildAnyway = options.allowInvalid === true && validation.exitCode === EXIT.invalid;
  if (validation.exitCode !== EXIT.ok && !buildAnyway) {
    io.err(validation.exitCode === EXIT.invalid ? 'Build stopped: fix the errors above, or build a preview with --allow-invalid.' : 'Build stopped: fix the errors above.');
    return validation.exitCode;
  }
  if (buildAnyway) io.err('Building anyway (--allow-invalid): every page carries a banner, and each finding is shown on the page it concerns.');
  const docs = validation.results.flatMap(({ file, doc, diagnostics }) => (doc ? [{ file, doc, diagnostics }] : []));
  const { site, routes, copies } = buildSiteData(docs, cwd);
  await highlightSite(site);
  // Written whole, then renamed: the renderer never reads half a file.
  writeFileSync(`${dataFile}.partial`, JSON.stringify(site));
  renameSync(`${dataFile}.partial`, dataFile);
  for (const copy of copies) {
    const target = join(work, 'files', copy.to);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, copy.text());
  }
  mkdirSync(join(work, 'files'), { recursive: true });
  timer.end('model');
  return {
    routes,
    urls: site.apis.flatMap((api) => ['', ...api.pages.map((p) => p.url)].map((u) => api.prefix + u)),
    apiCount: site.apis.length,
    pageCount: site.apis.reduce((n, api) => n + api.pages.length, 0),
  };
}

/**
 * A full garbage collection, so that the memory of the documents and the model goes back to the
 * system while this process only waits (V8 collects when allocating, and a waiting process does
 * not allocate). `gc` is exposed through V8's flags for this one call.
 */
function releaseMemory(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** sitemap.xml (sitemaps.org protocol) listing every page, for --site. */
function sitemap(siteUrl: string, base: string, urls: string[]): string {
  const root = new URL(base.replace(/\/?$/, '/'), siteUrl);
  const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = [...new Set(urls)].sort().map((u) => `  <url><loc>${escape(new URL(u, root).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Puts `fresh` where `target` is, removing the old folder only once the new one is in place. */
function replaceFolder(fresh: string, target: string): void {
  const old = `${target}.old-${process.pid}`;
  const hadOld = existsSync(target);
  if (hadOld) renameSync(target, old);
  renameSync(fresh, target);
  if (hadOld) rmSync(old, { recursive: true, force: true });
}

/**
 * Starts the Astro build in a child process (see astro-build-runner.ts). `done` rejects when it
 * fails; `stop` ends it when the build stops early (invalid documents), and is harmless after.
 */
function startRenderer(options: { root: string; outDir: string; base?: string; site?: string }, dataFile: string): { done: Promise<void>; stop: () => Promise<void> } {
  const runner = fileURLToPath(new URL('./astro-build-runner.ts', import.meta.url));
  const child = spawn(process.execPath, [runner, JSON.stringify(options)], {
    env: { ...process.env, APIDESC_SITE_DATA: dataFile, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopped = false;
  const done = new Promise<void>((resolveDone, fail) => {
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? resolveDone() : fail(new Error(stopped ? 'the site renderer was stopped' : `the site renderer exited with code ${code}`))));
  });
  // Nobody waits for a renderer stopped early: its rejection is expected.
  done.catch(() => {});
  const exited = new Promise<void>((resolveExit) => child.on('close', () => resolveExit()));
  return {
    done,
    // Resolves once the process is gone, so that nothing writes into the folder removed next.
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        stopped = true;
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}
