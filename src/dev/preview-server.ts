/**
 * `apidesc-docs preview [--out dist] [--port 4322]`: serves a built site on 127.0.0.1 as a static
 * host would, so that a reader who just ran `build` can open it, search included (the search
 * index is fetched, which browsers refuse from the file system). Only GET and HEAD, only regular
 * files inside the site folder (links followed and checked), `index.html` for a folder, a
 * redirect to add the trailing slash, the site's `404.html` (or a plain 404) for anything else,
 * never a listing of a folder; under the base path the site was built for. Only requests for
 * this machine by a loopback name are answered, and no request can stop the server
 * (local-requests.ts).
 */
import { statSync, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, resolve } from 'node:path';
import { readRegularFile } from '../lib/load/regular-file.ts';
import { realPath, within } from '../lib/real-path.ts';
import { API_CATALOG_TYPE } from '../site/twins/api-catalog.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { containFailures, isLocalHost, pathSegments, refuseForeignHost, siteLocation } from './local-requests.ts';
import { isOurSite, siteBase } from '../lib/site-stamp.ts';

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
export async function startPreview(options: PreviewOptions, io: Reporter): Promise<Server | number> {
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
  const server = createServer(containFailures((req, res) => respond(root, base, req, res), io.err));
  const listening = await new Promise<boolean>((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      io.err(`apidesc-docs: cannot listen on 127.0.0.1:${options.port} (${error.code ?? error.message}); choose another with --port`);
      done(false);
    });
    server.listen(options.port, '127.0.0.1', () => done(true));
  });
  if (!listening) return EXIT.usage;
  const { port } = server.address() as AddressInfo;
  io.err(`Serving ${options.outDir} at http://127.0.0.1:${port}${siteLocation(base.split('/'), true)} (search included). Stop with Ctrl-C.`);
  return server;
}

/** `apidesc-docs preview`: serves until the process is stopped. */
export async function previewCommand(options: PreviewOptions, io: Reporter): Promise<number> {
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

type Send = (status: number, headers: Record<string, string>, body?: Buffer | string) => void;

function respond(root: string, base: string, req: IncomingMessage, res: ServerResponse): void {
  const send: Send = (status, headers, body) => {
    res.writeHead(status, { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  // A page of another origin that reached this server by a DNS name of its own is refused.
  const port = req.socket.localPort ?? 0;
  if (!isLocalHost(req.headers.host, port)) return refuseForeignHost(res, port);
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
  const segments = pathSegments(req.url);
  if (segments === 'malformed') return send(400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad request\n');
  if (segments === 'refused') return notFound(root, send);
  const baseSegments = base.split('/').filter(Boolean);
  const named = segments.filter(Boolean);
  // The site's root without its slash, or the server's root above the site's: to the site's root.
  if (baseSegments.length > 0 && (named.length === 0 || (sameSegments(named, baseSegments) && segments.at(-1) !== '')))
    return send(302, { location: siteLocation(baseSegments, true) });
  if (!sameSegments(named.slice(0, baseSegments.length), baseSegments)) return notFound(root, send);
  let path = join(root, ...named.slice(baseSegments.length));
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return notFound(root, send);
  }
  if (stat.isDirectory()) {
    if (segments.at(-1) !== '') return send(301, { location: siteLocation(named, true) });
    path = join(path, 'index.html');
  }
  const read = readSiteFile(root, path);
  if (!read) return notFound(root, send);
  send(200, { 'content-type': contentType(path), 'content-length': String(read.length) }, read);
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * A regular file of the site: nothing that, once every link on its way is followed (a linked
 * file, a linked folder), lies outside the site folder.
 */
function readSiteFile(root: string, path: string): Buffer | undefined {
  if (!within(root, realPath(path))) return undefined;
  const read = readRegularFile(path, MAX_FILE_BYTES);
  return 'data' in read ? read.data : undefined;
}

/** The catalog has no extension (RFC 9727 names it `api-catalog`): its media type comes from its name. */
function contentType(path: string): string {
  if (basename(path) === 'api-catalog') return API_CATALOG_TYPE;
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function notFound(root: string, send: Send): void {
  const page = readSiteFile(root, join(root, '404.html'));
  if (page) return send(404, { 'content-type': TYPES['.html']! }, page);
  send(404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not found\n');
}
