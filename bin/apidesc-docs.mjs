#!/usr/bin/env -S node --no-turbofan
// Entry point of the `apidesc-docs` command. It runs without V8's optimizing compiler, TurboFan
// (the first line; npm's shims read it on every system, and `node --no-turbofan bin/…` does the
// same): the command itself only validates, orchestrates and serves, and TurboFan's compiles,
// done in background threads that compete for the cores, cost `validate` of 100 channels a fifth
// of its CPU for code that arrived too late to matter (src/perf/README.md). Maglev, the mid-tier
// compiler, still optimizes; the build's stages run in processes of their own with TurboFan. In the repository the CLI is TypeScript run by Node's
// type stripping; an installed package runs the JavaScript compiled at packing time (node-dist/),
// because Node does not strip types inside node_modules. Both need Node 22.18 or newer: say so
// clearly instead of failing with a syntax error.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  // A way forward, not only the refusal: a newer Node to install, or the same command run with
  // Node 24 from npm (npx uses the installed apidesc-docs; the arguments quoted for a POSIX shell
  // where they need it, so that the line can be pasted).
  const args = process.argv
    .slice(2)
    .map((arg) => (/^[\w./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`))
    .join(' ');
  process.stderr.write(
    `apidesc-docs needs Node.js 22.18 or newer (this is ${process.version}).\n` +
      'Install Node.js 24 (https://nodejs.org/, or with a version manager: nvm install 24), or run this command with Node 24 from npm:\n' +
      `  npx --yes -p node@24 -p apidesc-docs apidesc-docs${args ? ` ${args}` : ' <command>'}\n`,
  );
  process.exit(2);
}
// Node's on-disk compile cache keeps the compiled modules between runs: it more than halves
// start-up, which dominates validating small documents. Child processes and worker threads
// (the model process, the renderer, the highlighter) only use it through the environment:
// the model process then loads its modules in 0.15 s instead of 0.35 s.
// APIDESC_PERF_OFF=compile-cache turns it off (src/perf/switches.ts).
const cache = process.env.APIDESC_PERF_OFF?.includes('compile-cache') ? undefined : module.enableCompileCache?.();
if (cache?.directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = cache.directory;
// A command whose invoking process is gone stops too, as when it receives SIGTERM (a build then
// ends its stages and removes its partial site). `npx apidesc-docs build`, or a `sh -c` around
// it, stopped by SIGTERM ends without passing the signal on, and the command would go on as an
// orphan, and later swap in a site nobody asked for any more. A parent that has gone shows as
// another parent id (the process that adopted the orphan).
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(parentWatch);
  process.kill(process.pid, 'SIGTERM');
}, 500).unref();
const compiled = new URL('../node-dist/cli/main.js', import.meta.url);
const installed = import.meta.url.includes('/node_modules/') && existsSync(compiled);
const cli = installed
  ? { entry: compiled, runner: '../node-dist/cli/run-command-line.js' }
  : { entry: new URL('../src/cli/main.ts', import.meta.url), runner: '../src/cli/run-command-line.ts' };
// The start-up modules run from one bundled file when they can (src/cli/run-command-line.ts, src/perf/cli-bundle.ts).
try {
  const { runCommandLine } = await import(new URL(cli.runner, import.meta.url).href);
  process.exitCode = await runCommandLine(fileURLToPath(cli.entry), process.argv.slice(2));
} catch (error) {
  // The command's own modules could not even be read: the machine's fault (the command reports
  // any other with its folder, src/lib/environment-fault.ts, and a bug as an internal error).
  if (error?.code !== 'EMFILE' && error?.code !== 'ENFILE') throw error;
  process.stderr.write(`apidesc-docs: too many files are open (${error.code}); raise the limit (ulimit -n) and run again.\n`);
  process.exitCode = 2;
}
