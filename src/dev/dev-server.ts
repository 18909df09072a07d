/**
 * `apidesc-docs dev`: serves the site from Astro's development server on 127.0.0.1, rendering each
 * page when it is requested from data kept in this process (live-site.ts), and refreshes that data
 * when the document or any file it references changes. Open pages reload by themselves (a small
 * script listening to server-sent events, added to pages only in development).
 *
 * Nothing is written for a whole site after an edit: the document is read again and only the
 * summaries of its pages are computed, the page being looked at is built when it is requested,
 * and validation follows in a worker thread (an edit of a 1,000-channel document shows in about
 * 1.5 s, where a full build takes about 30 s). The search index exists only in built sites.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { hasErrors } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import type { ValidateOptions } from '../lib/validate/validate-document.ts';
import { guidesEnvironment } from '../site/guide-files.ts';
import { expandInputs } from '../lib/inputs/expand-inputs.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import { containFailures, isLocalHost, pathSegments, refuseForeignHost } from './local-requests.ts';
import { FileWatcher } from './file-watcher.ts';
import { LiveSite } from './live-site.ts';
import { readGuides } from '../pipeline/read-guides.ts';
import { rendererAdapter } from '../perf/renderer-bundle.ts';
import { resolveSiteOptions, type SiteFlags } from '../project/site-options.ts';
import { configuredModelOptions } from '../site/site-model.ts';
import { type TryItFile, tryItFiles } from '../pipeline/try-it-assets.ts';
import { TRY_IT_MQTT, TRY_IT_SCRIPT, TRY_IT_STYLESHEET } from '../site/try-it-files.ts';

export interface DevOptions extends ValidateOptions {
  port: number;
  cwd: string;
  siteFlags?: SiteFlags;
}

/**
 * Whether `path` is the package folder, or inside its src/ or public/, or the guides folder
 * (what Vite needs to watch).
 */
export function isSiteSource(root: string, path: string, guides?: string): boolean {
  if (guides !== undefined && (path === guides || path.startsWith(guides + sep))) return true;
  const rel = relative(root, path);
  if (rel === '') return true;
  if (rel.startsWith('..') || isAbsolute(rel)) return true;
  const top = rel.split(sep)[0];
  return top === 'src' || top === 'public';
}

const ASSET_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

/**
 * Where Astro's development server looks for the locals of a request (the same key its Node
 * adapter documents for middleware mode).
 */
const ASTRO_LOCALS = Symbol.for('astro.locals');

/** Reload on the "rebuilt" event; an external file, so the pages' Content-Security-Policy (no inline script) allows it. */
const TRY_IT_PATHS = new Set([TRY_IT_SCRIPT, TRY_IT_STYLESHEET, TRY_IT_MQTT]);
const LIVE = "new EventSource('/__apidesc/events').addEventListener('rebuilt', () => location.reload());";

export async function devCommand(inputs: string[], options: DevOptions, io: Reporter): Promise<number> {
  // Something to serve at the start: a server that waits for a document that was never there
  // (a mistyped path) would look like a site that does not work.
  const nothing = nothingToServe(inputs, options.cwd);
  if (nothing) {
    io.err(`apidesc-docs: dev: nothing to serve: ${nothing}\n  Name a document or a folder that holds one: apidesc-docs dev api/apidesc.yaml`);
    return EXIT.usage;
  }
  const siteOptions = await resolveSiteOptions(inputs, options.siteFlags ?? {}, options.cwd, options.limits ?? defaultLimits, options.root);
  if (siteOptions.diagnostics.length > 0) io.err(formatText(siteOptions.diagnostics, { sources: siteOptions.sources }));
  if (hasErrors(siteOptions.diagnostics)) return EXIT.usage;
  const { guidesDir } = siteOptions;
  // The guides are read again with every refresh; their pages render from the folder as it is.
  const live = new LiveSite(
    inputs,
    options,
    io,
    () => {
      const guides = guidesDir ? readGuides(guidesDir, options.cwd) : undefined;
      if (guides && guides.diagnostics.length > 0) io.err(formatText(guides.diagnostics));
      return { settings: { ...siteOptions.settings, guides: guides?.guides ?? [] }, refs: guides?.refs ?? [] };
    },
    configuredModelOptions(siteOptions.settings),
  );
  Object.assign(process.env, guidesEnvironment(guidesDir ? { dir: guidesDir } : undefined));
  const clients = new Set<ServerResponse>();
  const watcher = new FileWatcher(() => void refresh());
  let vite: ViteDevServer | undefined;

  const reload = (): void => {
    // Astro keeps the routes and their data until told that content changed.
    for (const environment of Object.values(vite?.environments ?? {})) if (environment.name !== 'client') environment.hot.send('astro:content-changed', {});
    for (const client of clients) client.write('event: rebuilt\ndata: {}\n\n');
  };

  const first = await live.refresh();
  if (!first.ok) io.err('The document could not be read: the site stays empty until it can (edits are watched).');
  // Serving starts without waiting for validation: the findings appear (and open pages reload)
  // when it ends, as after every edit.
  void first.findings.then((changed) => {
    // The validation has resolved every reference: the files it read are watched from now on.
    watchFiles();
    if (changed) reload();
  });

  // One refresh at a time; edits made meanwhile cause one more.
  let running: Promise<void> | undefined;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const started = performance.now();
        const { ok, pages, findings } = await live.refresh();
        // The findings of this version follow when the validation in the worker ends; the page
        // reloads once more only if they changed.
        void findings.then((changed) => {
          watchFiles();
          io.err(`Validated in ${Math.round(performance.now() - started)} ms${changed ? '; the findings changed' : ''}.`);
          if (changed) reload();
        });
        watchFiles();
        if (!ok) {
          io.err('The document could not be read: the previous version is still shown.');
          continue;
        }
        reload();
        io.err(`Updated in ${Math.round(performance.now() - started)} ms (${pages} pages, each built when opened).`);
      } while (again);
    })();
    await running;
    running = undefined;
  };

  // Watch the documents, every file they reference (the set can change with each edit), folder
  // arguments (a document added or removed) and the guides (their titles and references are in
  // the sidebar and checked). Through their folders: a document deleted and written again (a
  // branch switch) or replaced by an editor's atomic save is still seen (file-watcher.ts).
  const folders = [
    ...inputs
      .map((i) => resolve(options.cwd, i))
      .filter(isFolder)
      .map((path) => ({ path, recursive: false })),
    ...(guidesDir ? [{ path: guidesDir, recursive: true }] : []),
  ];
  const watchFiles = (): void => watcher.watch(live.files, folders);
  watchFiles();

  // In front of every other middleware (Astro's and Vite's included): the same checks as
  // preview's. Vite refuses foreign names too, but lets any IP address and a missing Host
  // through, and Astro's middleware runs before Vite's check.
  const guard = containFailures((req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const port = req.socket.localPort ?? 0;
    if (!isLocalHost(req.headers.host, port)) return refuseForeignHost(res, port);
    // Broken percent-encoding or a target that is not a path: answered here, before Astro's
    // routing fails on it with a 500 and a stack trace in the terminal. A path that could only
    // lead out of the site (`..`, `\`, `//`) is not one of its pages: Astro would otherwise
    // redirect `/%5Chost//` to `/\host/`, which a browser reads as another site.
    const segments = pathSegments(req.url);
    if (segments === 'malformed' || segments === 'refused')
      return void res
        .writeHead(segments === 'malformed' ? 400 : 404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(segments === 'malformed' ? 'Bad request\n' : 'Not found\n');
    next();
  }, io.err);

  let tryIt: Promise<TryItFile[]> | undefined;
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/__apidesc/live.js') return void res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(LIVE);
    if (path === '/__apidesc/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    // The documents as written (and bundled), from memory: only files of the model are served.
    const source = /^\/(.*\/)?source\//.test(path) ? live.copy(decodedPath(path.slice(1))) : undefined;
    if (source !== undefined)
      return void res
        .writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
        .end(source);
    // The logo and favicon of the configuration, from where they are.
    const asset = siteOptions.assets.find((a) => path === `/${a.to}`);
    if (asset)
      return void res
        .writeHead(200, { 'content-type': ASSET_TYPES[extname(asset.to)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
        .end(asset.content);
    // "Try it" (configuration `tryIt`): its script, stylesheet and MQTT client, made once when first asked for.
    if (siteOptions.settings.tryIt && TRY_IT_PATHS.has(path.slice(1))) {
      tryIt ??= tryItFiles();
      return void tryIt.then(
        (files) => {
          const file = files.find((f) => `/${f.path}` === path)!;
          res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.content);
        },
        () => res.writeHead(500).end(),
      );
    }
    // A page (its URL has no file extension) sent: the validation of a new version may start.
    if (req.method === 'GET' && extname(path) === '') res.once('finish', () => live.pageServed());
    // The page's data, handed to Astro with the request: it becomes the page's Astro.locals.
    const locals: App.Locals = { site: live.source };
    Reflect.set(req, ASTRO_LOCALS, locals);
    next();
  };

  const { dev } = await import('astro');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const server = await dev({
    root,
    // Pages rendered on request, as in a build's renderer (renderer-bundle.ts): no static paths to list.
    output: 'server',
    adapter: rendererAdapter(join(root, 'src', 'site', 'renderer-entry.ts')),
    logLevel: 'warn',
    server: { port: options.port, host: '127.0.0.1' },
    devToolbar: { enabled: false },
    vite: {
      // Vite watches its project folder for changes of the site's own source; only src/ and
      // public/ are that. Anything else there (a checkout's bench output of 25,000 pages, say)
      // made the first page wait 15 s while the watcher crawled it.
      server: { watch: { ignored: (path: string) => !isSiteSource(root, path, guidesDir) } },
      plugins: [
        {
          name: 'apidesc-live',
          configureServer(viteServer: ViteDevServer) {
            vite = viteServer;
            viteServer.middlewares.use(containFailures(middleware, io.err));
            // Astro puts its middleware in front of the others once every plugin is configured;
            // the guard goes in front of it then (and is kept first below).
            return () => void viteServer.middlewares.stack.unshift({ route: '', handle: guard });
          },
        },
      ],
    },
  });
  const stack = vite?.middlewares.stack ?? [];
  const at = stack.findIndex((layer) => layer.handle === guard);
  if (at > 0) stack.unshift(...stack.splice(at, 1));
  io.err(
    `Serving ${inputs.map((i) => resolve(options.cwd, i)).join(', ')} at http://127.0.0.1:${server.address.port}/ — edits show on the open page. Stop with Ctrl-C.`,
  );
  await new Promise<void>((stop) => {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  watcher.close();
  for (const client of clients) client.end();
  await server.stop();
  await live.close();
  return 0;
}

/** Why no input names a document that exists (each named), or undefined when one does. */
function nothingToServe(inputs: string[], cwd: string): string | undefined {
  const { files, missing } = expandInputs(inputs, cwd);
  if (files.some((file) => existsSync(file))) return undefined;
  return [
    ...files.map((file) => `${displayPath(file, cwd)} does not exist`),
    ...missing.map((folder) => `the folder ${folder} holds no document with an \`apidesc\` root key`),
  ].join('; ');
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A URL path decoded, or as it is when its percent-encoding is broken (a request must not stop the server). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
