/**
 * The build's two stages that run in processes of their own, started and watched from here:
 * the prepare stage (prepare-process.ts: validation, model, site data) and the render stage
 * (render-process.ts). Their data goes from one to the other through the typed channel of
 * prepare-channel.ts; each child ends with the build (child-lifetime.ts).
 *
 * Processes rather than threads: each returns all of its memory when it ends, so a build's peak
 * is that of its largest stage, not their sum (at 2,000 channels 1.5 GB and 0.5 GB).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { EXIT, type CliIO } from '../cli/io.ts';
import { moduleFile } from '../lib/module-file.ts';
import { LEAN_HEAP_FLAGS } from '../perf/lean-heap.ts';
import { mechanismOn } from '../perf/switches.ts';
import { guidesEnvironment, type GuideFiles } from '../site/guide-files.ts';
import { CHILD_STDIO_IPC } from './child-lifetime.ts';
import { preparedSiteOf } from './prepare-channel.ts';
import type { PreparedSite, PrepareRequest } from './prepare-stage.ts';

/** A child process of the build: `stop` ends it (harmless once it has ended) and resolves when it is gone. */
export interface ChildRun {
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Where the renderer reads the site data from: a pipe the prepare process writes into, or the file it wrote. */
export type SiteDataInput = 'pipe' | string;

/** What the render stage is given (render-process.ts): the package folder, the output folder, base path and site URL. */
export interface RenderOptions {
  root: string;
  outDir: string;
  base?: string;
  site?: string;
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
  const child = spawn(process.execPath, [...(mechanismOn('lean-heap') ? LEAN_HEAP_FLAGS : []), runner, ...args], {
    ...(options.env ? { env: options.env } : {}),
    stdio: [...options.stdio, CHILD_STDIO_IPC, ...(options.siteData !== undefined ? [options.siteData] : [])],
  });
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  // Nobody waits for a runner's IPC channel: it keeps nothing alive (messages still arrive).
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

/**
 * Runs the prepare stage in a child process; its output goes to `io` line by line, as if it ran
 * here. It writes the site data into `siteData`: the renderer's standard input, or a file.
 * `result` is the prepared site, or the exit code to stop with.
 */
export function startPrepare(request: PrepareRequest, siteData: Writable | string, io: CliIO): ChildRun & { result: Promise<PreparedSite | number> } {
  const fd = typeof siteData === 'string' ? openSync(siteData, 'w') : undefined;
  const { child, stop } = spawnRunner('./prepare-process.ts', [], { stdio: ['pipe', 'pipe', 'pipe'], siteData: fd ?? (siteData as Writable) });
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
 * Starts the render stage in a child process, reading the site data from `siteData`: a file, or
 * a pipe (`siteData` of the result: its writing end, for startPrepare). `done` rejects when it
 * fails; `stop` ends it when the build stops early (invalid documents), and is harmless after.
 */
export function startRenderer(
  options: RenderOptions,
  siteData: SiteDataInput,
  guides: GuideFiles | undefined,
): ChildRun & { done: Promise<void>; siteData?: Writable } {
  const fd = siteData === 'pipe' ? undefined : openSync(siteData, 'r');
  const { child, stop } = spawnRunner('./render-process.ts', [JSON.stringify(options)], {
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
