/**
 * The build's stages that run in processes of their own, started and watched from here: the
 * prepare stage (prepare-process.ts: validation, model, site data), the render stage
 * (render-process.ts) and the search index (search-process.ts). The site data goes from the
 * first to the second through the typed channel of prepare-channel.ts. Each child ends with the
 * build and reports its outcome before it exits (child-lifetime.ts); stage-child.ts bounds how
 * long it may take to exit, and says how it ended.
 *
 * Processes rather than threads: each returns all of its memory when it ends, so a build's peak
 * is that of its largest stage, not their sum (at 2,000 channels 1.5 GB and 0.5 GB).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Reporter } from '../lib/reporter.ts';
import { moduleFile } from '../lib/module-file.ts';
import { LEAN_HEAP_FLAGS, PORTAL_MODEL_HEAP_FLAGS } from '../perf/lean-heap.ts';
import { mechanismOn } from '../perf/switches.ts';
import { guidesEnvironment, type GuideFiles } from '../site/guide-files.ts';
import { CHILD_STDIO_IPC } from './child-lifetime.ts';
import { faultInText } from '../lib/environment-fault.ts';
import type { SiteDataComplete } from './prepare-channel.ts';
import type { PrepareRequest, ReportedSite } from './prepare-stage.ts';
import type { IndexRequest, SearchIndexed } from './search-stage.ts';
import type { StageTimings } from './build-timings.ts';
import { describeEnd, superviseStage, type StageChild, type StageFailure } from './stage-child.ts';

/** Where the renderer reads the site data from: a pipe the prepare process writes into, or the file it wrote. */
export type SiteDataInput = 'pipe' | string;

/** What the render stage is given (render-process.ts): the package folder, the output folder, base path and site URL. */
export interface RenderOptions {
  root: string;
  outDir: string;
  base?: string;
  site?: string;
  /** Render through the one bundle of the stand-in base (src/perf/stand-in-base.ts): `build --versions`. */
  standInBase?: boolean;
}

/** What a stage hands on, or how it failed. */
export type StageResult<R> = { value: R } | { failure: StageFailure };

/** A started stage: the child, and its result once it has ended. */
export interface StageRun<R> {
  stage: StageChild<R>;
  result: Promise<StageResult<R>>;
}

/** Where notes about the children go (a child ended after its grace period). */
type Note = (text: string) => void;

/** Starts a runner module in a child process that ends with this one and reports its outcome (child-lifetime.ts). */
function spawnStage<R>(
  module: string,
  name: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    stdio: ['pipe' | 'ignore' | number, 'pipe' | 'inherit', 'pipe' | 'inherit'];
    /** The child's SITE_DATA_FD (prepare-channel.ts). */
    siteData?: Writable | number;
    note: Note;
    /** The collector's settings when `lean-heap` is on (src/perf/lean-heap.ts): LEAN_HEAP_FLAGS unless given. */
    heapFlags?: readonly string[];
  },
): StageChild<R> {
  const runner = fileURLToPath(moduleFile(module, import.meta.url));
  const heapFlags = mechanismOn('lean-heap') ? (options.heapFlags ?? LEAN_HEAP_FLAGS) : [];
  const child = spawn(process.execPath, [...heapFlags, runner, ...args], {
    ...(options.env ? { env: options.env } : {}),
    stdio: [...options.stdio, CHILD_STDIO_IPC, ...(options.siteData !== undefined ? [options.siteData] : [])],
  });
  const stage = superviseStage<R>(child, name, { note: options.note });
  // Nobody waits for a runner's IPC channel: it keeps nothing alive (messages still arrive).
  child.channel?.unref();
  return stage;
}

/** The result of a stage once it has ended and its output has been read. */
async function resultOf<R>(stage: StageChild<R>, output: Promise<unknown>): Promise<StageResult<R>> {
  const end = await stage.ended;
  // Its output ends with it, unless a process it started holds on to the pipe: not waited for long then.
  await Promise.race([output, new Promise((later) => setTimeout(later, 1000).unref())]);
  const failure = describeEnd(end, stage.name);
  if (failure) return { failure };
  return { value: (end.how === 'reported' ? end.outcome.result : undefined) as R };
}

/** Calls `write` with each line of `stream` as it comes; resolves at its end (at once when there is none: the child could not start). */
function forwardLines(stream: Readable | null, write: (line: string) => void): Promise<void> {
  return new Promise((done) => {
    if (!stream) return done();
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
}

/**
 * Runs the prepare stage in a child process; its output goes to `io` line by line, as if it ran
 * here. It writes the site data into `siteData`: the renderer's standard input, or a file.
 */
export function startPrepare(
  request: PrepareRequest,
  siteData: Writable | string,
  io: Reporter,
  note: Note,
  /** The process holds a portal's summaries the whole build long (portal-first-pass.ts). */
  holdsPortal = false,
): StageRun<ReportedSite> {
  const fd = typeof siteData === 'string' ? openSync(siteData, 'w') : undefined;
  const stage = spawnStage<ReportedSite>('./prepare-process.ts', 'the model process', [], {
    stdio: ['pipe', 'pipe', 'pipe'],
    siteData: fd ?? (siteData as Writable),
    note,
    ...(holdsPortal ? { heapFlags: PORTAL_MODEL_HEAP_FLAGS } : {}),
  });
  // The child has its own copy now: the renderer sees the end of the pipe when the child closes it.
  if (fd !== undefined) closeSync(fd);
  else (siteData as Writable).destroy();
  const { child } = stage;
  child.stdin?.on('error', () => {}).end(JSON.stringify(request));
  const output = Promise.all([forwardLines(child.stdout, (l) => io.out(l)), forwardLines(child.stderr, (l) => io.err(l))]);
  return { stage, result: resultOf(stage, output) };
}

/**
 * Starts the render stage in a child process, reading the site data from `siteData`: a file, or
 * a pipe (`siteData` of the result: its writing end, for startPrepare). `siteDataComplete` tells
 * it that the data it has is all there is (the prepare stage reported success): until then, an
 * end of its input means the prepare stage failed, which that stage reports, and the renderer
 * waits to be stopped rather than report pages without content.
 */
export function startRenderer(
  options: RenderOptions,
  siteData: SiteDataInput,
  guides: GuideFiles | undefined,
  note: Note,
): StageRun<StageTimings> & { siteData?: Writable; siteDataComplete(): void } {
  const fd = siteData === 'pipe' ? undefined : openSync(siteData, 'r');
  const stage = spawnStage<StageTimings>('./render-process.ts', 'the site renderer', [JSON.stringify(options)], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...guidesEnvironment(guides) },
    stdio: [fd ?? 'pipe', 'inherit', 'inherit'],
    note,
  });
  if (fd !== undefined) closeSync(fd);
  const { child } = stage;
  child.stdin?.on('error', () => {});
  const complete: SiteDataComplete = { type: 'site-data-complete' };
  return {
    stage,
    result: resultOf(stage, Promise.resolve()),
    ...(child.stdin ? { siteData: child.stdin } : {}),
    siteDataComplete: () => {
      if (stage.running() && child.connected) child.send(complete, () => {});
    },
  };
}

/**
 * Starts the search stage in a child process (search-process.ts), which loads the indexer's API
 * and waits; `index` has it write the index of `siteDir`, and is the number of pages indexed
 * and where the stage's time went.
 * The indexer's own output is read here: shown when the index is written (warnings), read for
 * the cause when it is not (a Rust panic's "Os { code: 28 …" is a full disk), and shown then
 * only with `debug`.
 */
export function startSearch(
  io: Reporter,
  note: Note,
  debug: boolean,
): { stage: StageChild<SearchIndexed>; index(siteDir: string, portal?: IndexRequest['portal']): Promise<StageResult<SearchIndexed>> } {
  const stage = spawnStage<SearchIndexed>('./search-process.ts', 'the search indexer', [], { stdio: ['ignore', 'pipe', 'pipe'], note });
  const lines: string[] = [];
  const output = Promise.all([forwardLines(stage.child.stdout, (l) => lines.push(l)), forwardLines(stage.child.stderr, (l) => lines.push(l))]);
  const result = resultOf(stage, output).then((result): StageResult<SearchIndexed> => {
    if ('value' in result || debug) for (const line of lines) io.err(line);
    if ('value' in result || result.failure.fault) return result;
    const fault = faultInText(lines.join('\n'));
    return fault ? { failure: { ...result.failure, fault } } : result;
  });
  return {
    stage,
    index: (siteDir, portal) => {
      const request: IndexRequest = { type: 'index', siteDir, ...(portal ? { portal } : {}) };
      if (stage.running() && stage.child.connected) stage.child.send(request, () => {});
      return result;
    },
  };
}
