/**
 * Runs the code samples of a document's operation pages as a reader would: each in a temporary
 * folder (JavaScript next to a link to the project's node_modules, where the client libraries
 * are development dependencies; Python with Debian's interpreter and libraries; Go built in
 * GOPATH mode against the libraries Debian packages in /usr/share/gocode, nothing fetched; Java
 * in the JDK's single-file mode with Debian's jars; shell commands with /bin/sh and Debian's
 * command-line clients), with a time bound, its output collected,
 * killed when the test is done.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApiModel } from '../src/lib/model/build-model.ts';
import type { SampleGroup } from '../src/lib/model/page-types.ts';
import { ALL_SAMPLE_LANGUAGES, type SampleLanguage } from '../src/lib/samples/generators.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { PYTHON, requireBinary } from './brokers.ts';
import { tempDir, tempTree } from './helpers.ts';
import { GO_CACHE } from './run-setup.ts';

const repo = resolve(import.meta.dirname, '..');

/** The code-sample groups of each operation page of a document, by operation id (lower case, as its URL). */
export async function samplesOf(yaml: string): Promise<Map<string, SampleGroup[]>> {
  const dir = tempTree({ 'api.yaml': yaml });
  const { doc } = await validateDocument(join(dir, 'api.yaml'));
  if (!doc) throw new Error('the test document did not load');
  const model = buildApiModel(doc, 'samples', dir, { sampleLanguages: ALL_SAMPLE_LANGUAGES });
  const out = new Map<string, SampleGroup[]>();
  for (const page of model.pages) {
    const section = page.sections.find((s) => s.type === 'code-samples');
    if (page.kind === 'operation' && section?.type === 'code-samples') out.set(page.url.split('/').filter(Boolean).pop()!, section.groups);
  }
  return out;
}

/** The code of a group's sample in a language. */
export function codeIn(groups: SampleGroup[] | undefined, group: number, lang: SampleLanguage): string {
  const sample = groups?.[group]?.samples.find((s) => s.lang === lang);
  if (!sample) throw new Error(`no ${lang} sample in group ${group + 1}`);
  return sample.code;
}

export interface Running {
  /** Everything written to stdout so far. */
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (a sample that publishes ends by itself); rejects after `ms`. */
  exit: (ms?: number) => Promise<number>;
  /** The first line written to stdout, but for lines `skip` says are a library's log; rejects after `ms`. */
  firstLine: (ms?: number, skip?: (line: string) => boolean) => Promise<string>;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();

/**
 * Kills a sample and what it started: a shell sample runs its clients as children of /bin/sh
 * (a script's last command is not exec'd), which would outlive the shell, keep its output open
 * and the test's process waiting. Each sample leads a process group of its own, killed whole.
 */
function killTree(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
process.on('exit', () => {
  for (const child of running) killTree(child);
});

/** Debian's Go and its packaged libraries (golang-go, golang-github-…-dev). */
const GO = '/usr/bin/go';
const GOCODE = '/usr/share/gocode';
/** Debian's JDK, and the jars a Java sample may use (librabbitmq-client-java and its logging API). */
const JAVA = '/usr/bin/java';
const JAVA_CLASSPATH = ['/usr/share/java/amqp-client.jar', '/usr/share/java/slf4j-api.jar', '/usr/share/java/slf4j-nop.jar'].join(':');

/**
 * One build cache for the Go samples of a test run (of a test file, run on its own): each library
 * is compiled once, not per sample nor per file. Go's cache is safe to share between processes.
 */
let goCache: string | undefined;

function goBuildCache(): string {
  const run = process.env.APIDESC_TEST_RUN_FOLDER;
  if (run === undefined) return tempDir('apidesc-gocache-');
  const shared = join(run, GO_CACHE);
  mkdirSync(shared, { recursive: true });
  return shared;
}

/**
 * A Go sample's folder in a GOPATH of its own. confluent-kafka-go's current import path ends in
 * /v2; Debian packages the same API under the path without it, which a link in that GOPATH
 * serves, so that the sample is built as the reader gets it.
 */
function goWorkspace(dir: string, code: string): string {
  const main = join(dir, 'src', 'sample');
  mkdirSync(main, { recursive: true });
  writeFileSync(join(main, 'main.go'), code);
  const confluent = join(dir, 'src', 'github.com', 'confluentinc', 'confluent-kafka-go');
  mkdirSync(confluent, { recursive: true });
  symlinkSync(join(GOCODE, 'src', 'github.com', 'confluentinc', 'confluent-kafka-go'), join(confluent, 'v2'), 'dir');
  return main;
}

export function runSample(lang: SampleLanguage, code: string, env: Record<string, string> = {}): Running {
  const dir = tempDir('apidesc-sample-');
  let command: string;
  let args: string[];
  let cwd = dir;
  let extraEnv: Record<string, string> = {};
  if (lang === 'javascript') {
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'sample.mjs'), code);
    command = process.execPath;
    args = ['sample.mjs'];
  } else if (lang === 'python') {
    writeFileSync(join(dir, 'sample.py'), code);
    command = requireBinary(PYTHON, 'python3');
    args = ['-u', 'sample.py'];
  } else if (lang === 'go') {
    requireBinary(GO, 'golang-go');
    goCache ??= goBuildCache();
    cwd = goWorkspace(dir, code);
    // Built first, then run in its place (exec): stopping the sample stops the program.
    command = '/bin/sh';
    args = ['-c', `${GO} build -o sample . && exec ./sample`];
    extraEnv = { GO111MODULE: 'off', GOPATH: `${dir}:${GOCODE}`, GOCACHE: goCache, GOFLAGS: '', GOPROXY: 'off', GOTOOLCHAIN: 'local' };
  } else if (lang === 'shell') {
    // Debian's command-line clients (kcat, mosquitto-clients, amqp-tools), run by a POSIX shell as a reader pastes them.
    writeFileSync(join(dir, 'sample.sh'), code);
    command = '/bin/sh';
    args = ['sample.sh'];
  } else {
    writeFileSync(join(dir, 'Sample.java'), code);
    command = requireBinary(JAVA, 'default-jdk-headless');
    // UTF-8 as a reader's system has it (and Java 18 on has by default): JDK 17 in a POSIX locale would print '?'.
    args = ['-Dfile.encoding=UTF-8', '-cp', JAVA_CLASSPATH, 'Sample.java'];
  }
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: dir, ...extraEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  // Go and Java compile first: their bound has room for it.
  const defaultBound = lang === 'go' || lang === 'java' ? 90_000 : 30_000;
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number>((done) =>
    child.once('exit', (code) => {
      running.delete(child);
      done(code ?? -1);
    }),
  );
  const bounded = <T>(what: string, p: Promise<T>, ms: number): Promise<T> =>
    Promise.race([p, new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`${lang} sample: ${what} after ${ms} ms; stderr: ${err}`)), ms).unref())]);
  return {
    stdout: () => out,
    stderr: () => err,
    exit: (ms = defaultBound) => bounded('no exit', exited, ms),
    firstLine: (ms = defaultBound, skip = () => false) =>
      bounded(
        'no line',
        // Looked for as output comes, not by polling: a poll that outlived the sample kept the test's process alive.
        new Promise<string>((done, fail) => {
          const look = (): void => {
            const line = out
              .split('\n')
              .slice(0, -1)
              .find((l) => !skip(l));
            if (line === undefined) return;
            child.stdout.off('data', look);
            done(line);
          };
          child.stdout.on('data', look);
          look();
          // 'close' comes after the last output, so a line written just before the end still counts.
          child.once('close', (code, signal) => fail(new Error(`${lang} sample ended (${code ?? signal}) before writing a line; stderr: ${err}`)));
        }),
        ms,
      ),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        killTree(child);
        await exited;
      }
    },
  };
}
