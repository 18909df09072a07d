/**
 * `apidesc-docs preview [--out dist] [--port 4322]`: serves a built site on 127.0.0.1 as a static
 * host would, so that a reader who just ran `build` can open it, search included (the search
 * index is fetched, which browsers refuse from the file system). Only GET and HEAD, only regular
 * files inside the site folder (links followed and checked), `index.html` for a folder, a
 * redirect to add the trailing slash, the site's `404.html` (or a plain 404) for anything else,
 * never a listing of a folder; under the base path the site was built for.
 */
import { statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, resolve } from 'node:path';
import { readRegularFile } from '../lib/load/regular-file.ts';
import { realPath, within } from '../lib/real-path.ts';
import { API_CATALOG_TYPE } from '../site/twins/api-catalog.ts';
import { EXIT, type CliIO } from './io.ts';
import { isOurSite, siteBase } from '../pipeline/output-folder.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Largest file served (a site's files are small; the search index's parts are a few hundred KB). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface PreviewOptions {
  outDir: string;
  port: number;
  cwd: string;
}

/** Starts the server; resolves to it once it listens (the command then runs until stopped). */
export async function startPreview(options: PreviewOptions, io: CliIO): Promise<Server | number> {
  const root = realPath(resolve(options.cwd, options.outDir));
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isFolder || !isOurSite(root)) {
    io.err(
      `apidesc-docs: ${options.outDir} is not a site built by apidesc-docs (no .apidesc-docs stamp). Build one first: npx apidesc-docs build --out ${options.outDir}`,
    );
    return EXIT.usage;
  }
  const base = siteBase(root);
  const server = createServer((req, res) => respond(root, base, req, res));
  const listening = await new Promise<boolean>((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      io.err(`apidesc-docs: cannot listen on 127.0.0.1:${options.port} (${error.code ?? error.message}); choose another with --port`);
      done(false);
    });
    server.listen(options.port, '127.0.0.1', () => done(true));
  });
  if (!listening) return EXIT.usage;
  const { port } = server.address() as AddressInfo;
  io.err(`Serving ${options.outDir} at http://127.0.0.1:${port}${base} (search included). Stop with Ctrl-C.`);
  return server;
}

/** `apidesc-docs preview`: serves until the process is stopped. */
export async function previewCommand(options: PreviewOptions, io: CliIO): Promise<number> {
  const started = await startPreview(options, io);
  if (typeof started === 'number') return started;
  return new Promise<number>((done) => {
    const stop = (): void => {
      started.close(() => done(EXIT.ok));
      started.closeAllConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function respond(root: string, base: string, req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, headers: Record<string, string>, body?: Buffer | string): void => {
    res.writeHead(status, { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    return send(400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad request\n');
  }
  if (pathname === base.slice(0, -1) || (base !== '/' && pathname === '/')) return send(302, { location: base });
  if (!pathname.startsWith(base) || pathname.includes('\0')) return notFound(root, send);
  const relative = pathname.slice(base.length);
  // Nothing outside the site: no `..` segment, and once links are followed, still inside.
  if (relative.split('/').some((segment) => segment === '..')) return notFound(root, send);
  let path = join(root, ...relative.split('/').filter(Boolean));
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return notFound(root, send);
  }
  if (stat.isDirectory()) {
    if (!pathname.endsWith('/')) return send(301, { location: `${pathname}/` });
    path = join(path, 'index.html');
  }
  if (!within(root, realPath(path))) return notFound(root, send);
  const read = readRegularFile(path, MAX_FILE_BYTES);
  if (!('data' in read)) return notFound(root, send);
  send(200, { 'content-type': contentType(path), 'content-length': String(read.data.length) }, read.data);
}

/** The catalog has no extension (RFC 9727 names it `api-catalog`): its media type comes from its name. */
function contentType(path: string): string {
  if (basename(path) === 'api-catalog') return API_CATALOG_TYPE;
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function notFound(root: string, send: (status: number, headers: Record<string, string>, body?: Buffer | string) => void): void {
  const page = readRegularFile(join(root, '404.html'), MAX_FILE_BYTES);
  if ('data' in page) return send(404, { 'content-type': TYPES['.html']! }, page.data);
  send(404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not found\n');
}
