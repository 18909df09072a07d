/**
 * `apidesc-docs dev`: builds the site (as a preview: problems are shown on the pages, not fatal),
 * serves it on 127.0.0.1, and rebuilds when the document or any file it references changes; open
 * pages reload by themselves (a small script listening to server-sent events, injected only here).
 * Each rebuild runs `apidesc-docs build` in a child process, so a crash or a leak in one build
 * cannot take the server down.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { expandInputs } from './inputs.ts';
import type { CliIO } from './io.ts';

export interface DevOptions {
  port: number;
  cwd: string;
  /** Extra build flags passed through (e.g. --root, --allow-remote-refs). */
  buildArgs: string[];
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.xml': 'application/xml' };
const LIVE = "new EventSource('/__apidesc/events').addEventListener('rebuilt', () => location.reload());";

export async function devCommand(inputs: string[], options: DevOptions, io: CliIO): Promise<number> {
  const out = join(mkdtempSync(join(tmpdir(), 'apidesc-dev-')), 'site');
  const bin = fileURLToPath(new URL('../../bin/apidesc-docs.mjs', import.meta.url));
  const clients = new Set<ServerResponse>();
  let watchers: FSWatcher[] = [];

  const rebuild = (): Promise<void> =>
    new Promise((done) => {
      const started = performance.now();
      const child = spawn(process.execPath, [bin, 'build', ...inputs, '--out', out, '--allow-invalid', '--no-color', ...options.buildArgs], { cwd: options.cwd, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('close', async (code) => {
        io.err(code === 0 ? `Rebuilt in ${Math.round(performance.now() - started)} ms.` : `Build failed (exit ${code}); the previous site is still served.`);
        for (const client of clients) client.write('event: rebuilt\ndata: {}\n\n');
        await watchFiles();
        done();
      });
    });

  // Watch the documents and every file they reference (the set can change with each edit).
  const watchFiles = async (): Promise<void> => {
    const files = new Set<string>();
    for (const file of expandInputs(inputs, options.cwd).files) {
      files.add(file);
      const { doc } = await validateDocument(file, { cwd: options.cwd });
      for (const f of doc?.files ?? []) if (!/^https?:/.test(f.path)) files.add(f.path);
    }
    for (const w of watchers) w.close();
    let timer: NodeJS.Timeout | undefined;
    watchers = [...files].filter((f) => existsSync(f)).map((f) =>
      watch(f, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void rebuild(), 150);
      }),
    );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__apidesc/live.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(LIVE);
    if (url.pathname === '/__apidesc/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    // Resolve inside the output folder only: a crafted path never leaves it.
    let path = normalize(join(out, decodeURIComponent(url.pathname)));
    if (path !== out && !path.startsWith(out + sep)) return void res.writeHead(403).end();
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    let body: string | Buffer = readFileSync(path);
    // An external script, so the pages' Content-Security-Policy (no inline script) allows it.
    if (type.startsWith('text/html')) body = body.toString('utf8').replace('</body>', '<script src="/__apidesc/live.js"></script></body>');
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  });

  await rebuild();
  await new Promise<void>((ready) => server.listen(options.port, '127.0.0.1', ready));
  io.err(`Serving ${resolve(options.cwd, inputs.join(', '))} at http://127.0.0.1:${options.port}/ — edits rebuild the site. Stop with Ctrl-C.`);
  await new Promise<void>((stop) => {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  for (const w of watchers) w.close();
  for (const client of clients) client.end();
  server.close();
  return 0;
}
