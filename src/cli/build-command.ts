/**
 * `apidesc-docs build`: validates the inputs (an invalid document stops the build with its
 * diagnostics, exit 1), builds the model of every document, renders the Astro site, and writes
 * the route manifest `apidesc-routes.json` at the root of the output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { escapeText } from '../lib/html-text.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { moduleFile } from '../lib/module-file.ts';
import { guidesEnvironment, type GuideFiles } from '../site/guide-files.ts';
import { refRoot } from '../lib/resolve/ref-root.ts';
import { CHILD_STDIO_IPC } from './child-lifetime.ts';
import { expandInputs, inputBytes } from './inputs.ts';
import { cleanUpOnStop } from './interrupt.ts';
import { realPath } from '../lib/real-path.ts';
import { makeStaging, outputFolderProblem, removeLeftovers, removeOurFolder, standardProtectedPaths, swapIn, type ProtectedPath } from './output-folder.ts';
import { makeWorkFolder, removeDeadWorkFolders } from './work-folder.ts';
import { EXIT, type CliIO } from './io.ts';
import { PhaseTimer } from './phase-timer.ts';
import { readGuides } from './read-guides.ts';
import { writeSearchIndex } from './search-index.ts';
import { resolveSiteOptions, type ResolvedSiteOptions } from './site-options.ts';
import { LEAN_HEAP_FLAGS } from './lean-heap.ts';
import { preparedSiteOf } from './prepare-channel.ts';
import type { PreparedSite, PrepareRequest } from './prepare-site.ts';
import type { BuildOptions } from './build-options.ts';

export async function buildCommand(inputs: string[], options: BuildOptions, io: CliIO): Promise<number> {
  const timer = new PhaseTimer();
  const cwd = options.cwd ?? process.cwd();
  // The configuration and the guides are read first: the renderer needs the base path and the
  // guides to render, and a mistake in them stops the build before any work.
  const siteOptions = await resolveSiteOptions(
    inputs,
    { ...options.siteFlags, ...(options.base ? { base: options.base } : {}), ...(options.site ? { site: options.site } : {}) },
    cwd,
    options.limits ?? defaultLimits,
    options.root,
  );
  printDiagnostics(io, siteOptions.diagnostics, siteOptions.sources, options.color);
  if (hasErrors(siteOptions.diagnostics)) {
    io.err('Build stopped: fix the configuration above.');
    return EXIT.usage;
  }
  // The output folder is replaced as a whole: only an empty one, or a site this tool wrote, and
  // never one that holds what the build reads or the user works in (output-folder.ts).
  const outDir = realPath(resolve(cwd, options.outDir));
  const protectedPaths = buildInputs(inputs, options, cwd, siteOptions);
  const outProblem = outputFolderProblem(outDir, options.outDir, protectedPaths);
  if (outProblem) {
    io.err(`apidesc-docs: ${outProblem}`);
    return EXIT.usage;
  }
  removeLeftovers(outDir);
  removeDeadWorkFolders();
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
  const staging = makeStaging(outDir, base ?? '/');
  const work = makeWorkFolder();
  const children: ChildRun[] = [];
  const startRendering = (siteData: SiteDataInput): ReturnType<typeof startRenderer> => {
    const run = startRenderer(
      { root: fileURLToPath(new URL('../../', import.meta.url)), outDir: staging, ...(base ? { base } : {}), ...(site ? { site } : {}) },
      siteData,
      guides && siteOptions.guidesDir ? { dir: siteOptions.guidesDir, files: guides.renderable } : undefined,
    );
    children.push(run);
    return run;
  };
  let built = false;
  // Stopped by a signal: the children end first, so that nothing writes into the folders removed next.
  const cleanUp = async (): Promise<void> => {
    await Promise.all(children.map((child) => child.stop('SIGKILL')));
    if (!built) removeOurFolder(staging);
    rmSync(work, { recursive: true, force: true });
  };
  return cleanUpOnStop(cleanUp, async () => {
    // For most documents the renderer starts now: it loads the site's renderer bundle (and makes
    // it, the first time for these sources: about 2 s) while the documents are validated and
    // modelled, and renders each page as its data arrives.
    // For large ones it starts once the model process has ended, so the two never hold their
    // memory at once (at 2,000 channels 1.5 GB and 0.5 GB): a build's peak stays that of its
    // largest process; its pages are then rendered after the model rather than alongside it.
    // The site data goes from the prepare process to the renderer through a pipe when both run
    // at once, else through a file the renderer reads once it starts (prepare-channel.ts).
    const early = !(options.renderAfterModel ?? inputBytes(inputs, cwd) >= LATE_RENDER_BYTES);
    const dataFile = join(work, 'site-data.jsonl');
    let renderer = early ? startRendering('pipe') : undefined;
    try {
      // Validation and the model run in a process of their own that ends once the site data is
      // written: the memory of the documents and the model (about 1.2 GB at 1,000 channels) is
      // gone before the renderer and then the indexer reach their own peaks.
      const settings = { ...siteOptions.settings, guides: guides?.guides ?? [] };
      const preparing = runPrepare({ inputs, options, cwd, work, settings, guideRefs: guides?.refs ?? [] }, renderer?.siteData ?? dataFile, io);
      children.push(preparing);
      const prepared = await preparing.result;
      if (typeof prepared === 'number') return prepared;
      timer.split('validate', prepared.validateMs);
      timer.end('model');
      io.err(`Model: ${prepared.apiCount} API(s), ${prepared.pageCount} pages. Rendering…`);
      renderer ??= startRendering(dataFile);
      await renderer.done;
      timer.end('pages');
      writeFileSync(join(staging, 'apidesc-routes.json'), JSON.stringify(prepared.routes, null, 2) + '\n');
      cpSync(join(work, 'files'), staging, { recursive: true });
      for (const asset of siteOptions.assets) {
        mkdirSync(dirname(join(staging, asset.to)), { recursive: true });
        writeFileSync(join(staging, asset.to), asset.content);
      }
      if (site) writeFileSync(join(staging, 'sitemap.xml'), sitemap(site, base ?? '/', prepared.urls));
      const indexed = await writeSearchIndex(staging);
      io.err(`Search index: ${indexed} pages.`);
      // Checked again at the swap: the files the documents referenced are known now, and the
      // folder may have changed while the site was built.
      const swapProblem = outputFolderProblem(outDir, options.outDir, [
        ...protectedPaths,
        ...prepared.readFiles.map((path) => ({ path, what: 'a file the documents reference' })),
      ]);
      if (swapProblem) {
        io.err(`apidesc-docs: ${swapProblem}`);
        return EXIT.usage;
      }
      swapIn(staging, outDir);
      built = true;
      timer.end('search');
      io.err(`Built ${prepared.apiCount} API(s), ${prepared.pageCount} pages, into ${options.outDir} in ${timer.summary()}.`);
      // Search needs the site served over HTTP: say how, in one line.
      io.err(`Open it: npx apidesc-docs preview${options.outDir === 'dist' ? '' : ` --out ${quoteArgument(options.outDir)}`}`);
      return EXIT.ok;
    } finally {
      await Promise.all(children.map((child) => child.stop('SIGTERM')));
      if (!built) removeOurFolder(staging);
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/**
 * What the build reads and where the user works: the output folder may be none of them, nor hold
 * one (the files the documents reference are added once they are known).
 */
function buildInputs(inputs: string[], options: BuildOptions, cwd: string, site: ResolvedSiteOptions): ProtectedPath[] {
  const paths = standardProtectedPaths(cwd);
  for (const input of inputs) paths.push({ path: resolve(cwd, input), what: `the input ${input}` });
  for (const file of expandInputs(inputs, cwd).files)
    paths.push({ path: refRoot(file, cwd, options.root), what: options.root ? 'the --root folder' : "a document's folder, which its $refs read" });
  if (site.configFile) paths.push({ path: site.configFile, what: 'the configuration file' });
  if (site.guidesDir) paths.push({ path: site.guidesDir, what: 'the guides folder' });
  for (const asset of site.assets) paths.push({ path: asset.from, what: `the file ${asset.from}` });
  return paths;
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

/** A child process of the build: `stop` ends it (harmless once it has ended) and resolves when it is gone. */
interface ChildRun {
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Starts a runner module in a child process that ends with this one (child-lifetime.ts). */
function spawnRunner(
  module: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    stdio: ['pipe' | 'ignore' | number, 'pipe' | 'inherit', 'pipe' | 'inherit'];
    /** The child's SITE_DATA_FD (prepare-channel.ts). */
    siteData?: Writable | number;
  },
): { child: ChildProcess; exited: Promise<void>; stop: ChildRun['stop'] } {
  const runner = fileURLToPath(moduleFile(module, import.meta.url));
  const child = spawn(process.execPath, [...LEAN_HEAP_FLAGS, runner, ...args], {
    ...(options.env ? { env: options.env } : {}),
    stdio: [...options.stdio, CHILD_STDIO_IPC, ...(options.siteData !== undefined ? [options.siteData] : [])],
  });
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  // Nobody waits for a runner's IPC channel: it is there so that the child notices when this process is gone.
  child.channel?.unref();
  return {
    child,
    exited,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Where the renderer reads the site data from: a pipe the prepare process writes into, or the file it wrote. */
type SiteDataInput = 'pipe' | string;

/**
 * Runs prepare-runner.ts (validation, model, site data) in a child process; its output goes to
 * `io` line by line, as if it ran here. It writes the site data into `siteData`: the renderer's
 * standard input, or a file. `result` is the prepared site, or the exit code to stop with.
 */
function runPrepare(request: PrepareRequest, siteData: Writable | string, io: CliIO): ChildRun & { result: Promise<PreparedSite | number> } {
  const fd = typeof siteData === 'string' ? openSync(siteData, 'w') : undefined;
  const { child, stop } = spawnRunner('./prepare-runner.ts', [], { stdio: ['pipe', 'pipe', 'pipe'], siteData: fd ?? (siteData as Writable) });
  // The child has its own copy now: the renderer sees the end of the pipe when the child closes it.
  if (fd !== undefined) closeSync(fd);
  else (siteData as Writable).destroy();
  child.stdin?.end(JSON.stringify(request));
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
  const output = Promise.all([forward(child.stdout!, (l) => io.out(l)), forward(child.stderr!, (l) => io.err(l))]);
  const prepared = preparedSiteOf(child);
  const result = new Promise<PreparedSite | number>((done, fail) => {
    child.on('error', fail);
    child.on('close', async (code) => {
      await output;
      const site = await prepared;
      if (code !== 0) return done(code ?? EXIT.internal);
      if (!site) return fail(new Error('the prepare process ended without sending the prepared site'));
      done(site);
    });
  });
  return { result, stop };
}

/**
 * Starts the site renderer in a child process (see render-runner.ts), reading the site data from
 * `siteData`: a file, or a pipe (`siteData` of the result: its writing end, for runPrepare).
 * `done` rejects when it fails; `stop` ends it when the build stops early (invalid documents),
 * and is harmless after.
 */
function startRenderer(
  options: { root: string; outDir: string; base?: string; site?: string },
  siteData: SiteDataInput,
  guides: GuideFiles | undefined,
): ChildRun & { done: Promise<void>; siteData?: Writable } {
  const fd = siteData === 'pipe' ? undefined : openSync(siteData, 'r');
  const { child, stop } = spawnRunner('./render-runner.ts', [JSON.stringify(options)], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...guidesEnvironment(guides) },
    stdio: [fd ?? 'pipe', 'inherit', 'inherit'],
  });
  if (fd !== undefined) closeSync(fd);
  let stopped = false;
  const done = new Promise<void>((resolveDone, fail) => {
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? resolveDone() : fail(new Error(stopped ? 'the site renderer was stopped' : `the site renderer exited with code ${code}`)),
    );
  });
  // Nobody waits for a renderer stopped early: its rejection is expected.
  done.catch(() => {});
  return {
    done,
    ...(child.stdin ? { siteData: child.stdin } : {}),
    stop: (signal) => {
      stopped = true;
      return stop(signal);
    },
  };
}

/** An argument as a shell reads it back. */
function quoteArgument(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
