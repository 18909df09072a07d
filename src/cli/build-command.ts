/**
 * `apidesc-docs build`: validates the inputs (an invalid document stops the build with its
 * diagnostics, exit 1), builds the model of every document, renders the Astro site, and writes
 * the route manifest `apidesc-routes.json` at the root of the output.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { escapeText } from '../lib/html-text.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { moduleFile } from '../lib/module-file.ts';
import { guidesEnvironment, type GuideFiles } from '../site/guide-files.ts';
import { inputBytes } from './inputs.ts';
import { EXIT, type CliIO } from './io.ts';
import { PhaseTimer } from './phase-timer.ts';
import { readGuides } from './read-guides.ts';
import { writeSearchIndex } from './search-index.ts';
import { resolveSiteOptions, type SiteFlags } from './site-options.ts';
import { LEAN_HEAP_FLAGS } from './lean-heap.ts';
import type { PreparedSite, PrepareRequest } from './prepare-site.ts';
import type { ValidateCommandOptions } from './validate-command.ts';

export interface BuildOptions extends ValidateCommandOptions {
  outDir: string;
  /** Path the site is served from, e.g. `/docs/` (default `/`). */
  base?: string;
  /** Public origin for canonical URLs, e.g. `https://api.example.com`. */
  site?: string;
  /** Build even when documents have errors (pull-request previews): the pages show them. */
  allowInvalid?: boolean;
  /** Print stack traces of internal errors. */
  debug?: boolean;
  /** The look of the site (over the configuration file): title, logo, guides folder, … */
  siteFlags?: SiteFlags;
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
  // The configuration and the guides are read first: the renderer needs the base path and the
  // guides to render, and a mistake in them stops the build before any work.
  const siteOptions = await resolveSiteOptions(inputs, { ...options.siteFlags, ...(options.base ? { base: options.base } : {}), ...(options.site ? { site: options.site } : {}) }, cwd, options.limits ?? defaultLimits);
  printDiagnostics(io, siteOptions.diagnostics, siteOptions.sources, options.color);
  if (hasErrors(siteOptions.diagnostics)) {
    io.err('Build stopped: fix the configuration above.');
    return EXIT.usage;
  }
  const guides = siteOptions.guidesDir ? readGuides(siteOptions.guidesDir, cwd) : undefined;
  if (guides) {
    printDiagnostics(io, guides.diagnostics, guides.sources, options.color);
    if (hasErrors(guides.diagnostics) && !options.allowInvalid) {
      io.err('Build stopped: fix the guides above, or build a preview with --allow-invalid (guides with errors are left out of it).');
      return EXIT.invalid;
    }
  }
  const { base, site } = siteOptions;
  // Build beside the output folder and swap it in only when everything is written: a failed
  // build never leaves a half-written site where the last good one was.
  const staging = `${outDir}.partial-${process.pid}`;
  const work = mkdtempSync(join(tmpdir(), 'apidesc-site-'));
  const dataFile = join(work, 'site.json');
  const startRendering = (): ReturnType<typeof startRenderer> =>
    startRenderer({ root: fileURLToPath(new URL('../../', import.meta.url)), outDir: staging, ...(base ? { base } : {}), ...(site ? { site } : {}) }, dataFile, guides && siteOptions.guidesDir ? { dir: siteOptions.guidesDir, files: guides.renderable } : undefined);
  // For most documents the renderer starts now: it loads the site's renderer bundle (and makes
  // it, the first time for these sources: about 2 s) while the documents are validated and
  // modelled, and renders each page as its data arrives.
  // For large ones it starts once the model process has ended, so the two never hold their
  // memory at once (at 2,000 channels 1.5 GB and 0.5 GB): a build's peak stays that of its
  // largest process; its pages are then rendered after the model rather than alongside it.
  const early = inputBytes(inputs, cwd) < LATE_RENDER_BYTES;
  let renderer = early ? startRendering() : undefined;
  let built = false;
  try {
    // Validation and the model run in a process of their own that ends once the site data is
    // written: the memory of the documents and the model (about 1.2 GB at 1,000 channels) is
    // gone before the renderer and then the indexer reach their own peaks.
    const settings = { ...siteOptions.settings, guides: guides?.guides ?? [] };
    const prepared = await runPrepare({ inputs, options, cwd, work, dataFile, settings, guideRefs: guides?.refs ?? [] }, io);
    if (typeof prepared === 'number') return prepared;
    timer.split('validate', prepared.validateMs);
    timer.end('model');
    io.err(`Model: ${prepared.apiCount} API(s), ${prepared.pageCount} pages. Rendering…`);
    renderer ??= startRendering();
    await renderer.done;
    timer.end('pages');
    writeFileSync(join(staging, 'apidesc-routes.json'), JSON.stringify(prepared.routes, null, 2) + '\n');
    cpSync(join(work, 'files'), staging, { recursive: true });
    for (const asset of siteOptions.assets) cpSync(asset.from, join(staging, asset.to));
    if (site) writeFileSync(join(staging, 'sitemap.xml'), sitemap(site, base ?? '/', prepared.urls));
    const indexed = await writeSearchIndex(staging);
    io.err(`Search index: ${indexed} pages.`);
    replaceFolder(staging, outDir);
    built = true;
    timer.end('search');
    io.err(`Built ${prepared.apiCount} API(s), ${prepared.pageCount} pages, into ${options.outDir} in ${timer.summary()}.`);
    return EXIT.ok;
  } finally {
    await renderer?.stop();
    if (!built) rmSync(staging, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/** Input size (the root documents) from which the renderer starts after the model: about 650 channels. */
const LATE_RENDER_BYTES = 8 * 1024 * 1024;

function printDiagnostics(io: CliIO, diagnostics: Diagnostic[], sources: Map<string, string>, color: boolean): void {
  if (diagnostics.length > 0) io.out(formatText(diagnostics, { sources, color }));
}

/** sitemap.xml (sitemaps.org protocol) listing every page, for --site. */
function sitemap(siteUrl: string, base: string, urls: string[]): string {
  const root = new URL(base.replace(/\/?$/, '/'), siteUrl);
  const entries = [...new Set(urls)].sort().map((u) => `  <url><loc>${escapeText(new URL(u, root).href)}</loc></url>`);
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
 * Runs prepare-runner.ts (validation, model, site data) in a child process; its output goes to
 * `io` line by line, as if it ran here. Returns the prepared site, or the exit code to stop with.
 */
function runPrepare(request: PrepareRequest, io: CliIO): Promise<PreparedSite | number> {
  const runner = fileURLToPath(moduleFile('./prepare-runner.ts', import.meta.url));
  const child = spawn(process.execPath, [...LEAN_HEAP_FLAGS, runner], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end(JSON.stringify(request));
  const forward = (stream: NodeJS.ReadableStream, write: (line: string) => void): Promise<void> =>
    new Promise((done) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) write(line);
      });
      stream.on('end', () => {
        if (rest !== '') write(rest);
        done();
      });
    });
  const output = Promise.all([forward(child.stdout, (l) => io.out(l)), forward(child.stderr, (l) => io.err(l))]);
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', async (code) => {
      await output;
      if (code !== 0) return done(code ?? EXIT.internal);
      try {
        done(JSON.parse(readFileSync(join(request.work, 'prepared.json'), 'utf8')) as PreparedSite);
      } catch (error) {
        fail(error);
      }
    });
  });
}

/**
 * Starts the site renderer in a child process (see render-runner.ts). `done` rejects when it
 * fails; `stop` ends it when the build stops early (invalid documents), and is harmless after.
 */
function startRenderer(options: { root: string; outDir: string; base?: string; site?: string }, dataFile: string, guides: GuideFiles | undefined): { done: Promise<void>; stop: () => Promise<void> } {
  const runner = fileURLToPath(moduleFile('./render-runner.ts', import.meta.url));
  const child = spawn(process.execPath, [...LEAN_HEAP_FLAGS, runner, JSON.stringify(options)], {
    env: { ...process.env, APIDESC_SITE_DATA: dataFile, ASTRO_TELEMETRY_DISABLED: '1', ...guidesEnvironment(guides) },
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
