/**
 * Renders pages from the site's renderer (renderer-bundle.ts) into the output folder: a request
 * for each URL, its HTML written to `<url>/index.html`, a few pages at a time so that one page's
 * wait for its content overlaps another's rendering.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Timings } from '../lib/timings.ts';

/** Astro's app, as the renderer bundle exports it: `locals` reach every page as Astro.locals. */
export interface PageRenderer {
  render(request: Request, options: { locals: App.Locals }): Promise<Response>;
}

export interface RenderPagesOptions {
  outDir: string;
  /** What every page reads its data from. */
  locals: App.Locals;
  /** Path the site is served from (Astro's `base`), e.g. `/docs/`; default `/`. */
  base?: string;
  /** Public origin (Astro's `site`): pages see it in their URL, as in a static build. */
  site?: string;
  /**
   * Pages rendered at a time (four): a page still waiting for its content does not hold up the
   * pages after it. With asynchronous writes four were faster than one (2.35 → 1.75 s at 100
   * channels); with synchronous writes the two are even (bench/README.md).
   */
  concurrency?: number;
  /** Where writing the pages is measured (`build --timings`). */
  timings?: Timings;
  /** What a page's bytes become before they are written (a stand-in base replaced, src/perf/stand-in-base.ts). */
  rewrite?: (html: Buffer) => Buffer;
  /** Told of each page once it is written. */
  onWritten?: (url: string) => void;
}

/** The name under which writing the pages' files is measured (`build --timings`). */
export const WRITING_PAGES = 'writing the pages';

/** The URL of src/pages/404.astro. */
export const NOT_FOUND_URL = '404/';

/** Renders every URL (relative to the base, ending in `/` or empty); rejects on the first page that fails. */
export async function renderPages(app: PageRenderer, urls: string[], options: RenderPagesOptions): Promise<void> {
  const outDir = resolve(options.outDir);
  const root = new URL((options.base ?? '/').replace(/^\/?/, '/').replace(/\/?$/, '/'), new URL(options.site ?? 'http://localhost/').origin);
  const timings = options.timings ?? new Timings();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const file = pageFile(outDir, url);
      const response = await app.render(new Request(new URL(url.split('/').map(encodeURIComponent).join('/'), root)), { locals: options.locals });
      // The not-found page answers 404, as it should when a host serves it.
      if (response.status !== (url === NOT_FOUND_URL ? 404 : 200))
        throw new Error(`the page /${url} could not be rendered (HTTP ${response.status}); the renderer's message is above`);
      // As the bytes the response holds: read as text, the page was decoded and encoded again to be written.
      const rendered = await responseBytes(response);
      const html = options.rewrite ? options.rewrite(rendered) : rendered;
      // Written synchronously: a page's folder and file take about 0.1 ms, less than handing
      // them to the thread pool and back (100 channels, in new folders: the renderer's CPU
      // 1.33–1.74 s → 1.18–1.31 s, 4 of 4 pairs; bench/README.md, "Build, eighth round").
      timings.measure(WRITING_PAGES, () => {
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, html);
      });
      options.onWritten?.(url);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
}

/**
 * `<outDir>/<url>/index.html`, and `404.html` for the not-found page, where static hosts look for
 * it; a URL that would lead outside the output folder is refused.
 */
export function pageFile(outDir: string, url: string): string {
  if (url === NOT_FOUND_URL) return join(outDir, '404.html');
  const segments = url.split('/').filter((s) => s !== '');
  const file = resolve(outDir, ...segments, 'index.html');
  if (segments.some((s) => s === '.' || s === '..' || s.includes('\\')) || !file.startsWith(outDir + sep))
    throw new Error(`the page URL ${JSON.stringify(url)} leads outside the output folder`);
  return file;
}

/**
 * The bytes of a response's body as its stream hands them over: one chunk for Astro's whole page,
 * taken as it is. `arrayBuffer()` would copy it twice more (joined into one buffer, then into an
 * ArrayBuffer of its own).
 */
async function responseBytes(response: Response): Promise<Buffer> {
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  return only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.concat(chunks);
}
