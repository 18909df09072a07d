/**
 * Renders a whole site into a folder: the site's renderer bundle (made first when these sources
 * have none, renderer-bundle.ts), every page it lists once the site data's summaries have come
 * (render-pages.ts), each page as its content arrives, and its client files (styles, scripts,
 * public/).
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteData } from '../site/site-data-types.ts';
import type { SiteSource } from '../site/site-source.ts';
import { renderPages, type PageRenderer } from './render-pages.ts';
import { routeProps } from '../site/site-routes.ts';
import { ensureRenderer, type RendererEvents, type RendererInput } from '../perf/renderer-bundle.ts';
import { Timings } from '../lib/timings.ts';
import { STAND_IN_BASE, withBase } from '../perf/stand-in-base.ts';

/** What src/site/renderer-entry.ts exports. */
interface RendererEntry {
  app: PageRenderer;
  pageUrls(site: SiteData): string[];
}

export interface RenderSiteOptions extends RendererInput {
  outDir: string;
  /**
   * Render through the bundle of the stand-in base (src/perf/stand-in-base.ts) and write `base` in
   * its place: `build --versions`, whose every version has a base path of its own, needs one bundle.
   */
  standInBase?: boolean;
  /** Where the parts of the work are measured (`build --timings`): start-up, client files, pages (and, inside them, what the pages measure). */
  timings?: Timings;
}

/** The parts of renderSite's work, as `build --timings` names them. */
export const RENDER_PARTS = {
  startUp: 'loading the renderer (bundling it for new sources)',
  client: 'client files',
  pages: 'rendering the pages',
} as const;

/**
 * Renders the site of `source` into `outDir`. The bundle is loaded while the site data is still
 * on its way (`source` is a promise): the two overlap.
 */
export async function renderSite(options: RenderSiteOptions, source: Promise<SiteSource>, events: RendererEvents = {}): Promise<void> {
  const timings = options.timings ?? new Timings();
  // The base written in place of the stand-in, when rendering through the stand-in's bundle.
  const rebaseTo = options.standInBase === true ? options.base : undefined;
  const bundleBase = rebaseTo !== undefined ? STAND_IN_BASE : options.base;
  const { dir, entry } = await timings.measureAsync(RENDER_PARTS.startUp, async () => {
    const { dir } = await ensureRenderer({ ...options, ...(bundleBase ? { base: bundleBase } : {}) }, events);
    return { dir, entry: (await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href)) as RendererEntry };
  });
  // The client files first: nothing is read from the bundle's folder after its modules are
  // loaded, should another build prune it meanwhile (renderer-bundle.ts keeps bundles used
  // in the last hour).
  await timings.measureAsync(RENDER_PARTS.client, async () => {
    await cp(join(dir, 'client'), options.outDir, { recursive: true });
    if (rebaseTo !== undefined) await rebaseClientFiles(join(dir, 'client'), options.outDir, rebaseTo);
  });
  const site = await source;
  // Everything the pages do that is not measured inside them (reading their content,
  // diagrams, writing) counts here: only this part awaits while the pages render.
  timings.mark('rendering');
  await timings.measureAsync(RENDER_PARTS.pages, () =>
    renderPages(entry.app, entry.pageUrls(site.site), {
      outDir: options.outDir,
      locals: { site, timings },
      timings,
      // An entity page's content is let go once its page is written: the renderer then holds a
      // few pages' content at a time, not the whole site's (guides may show part of any page:
      // with guides it is kept).
      ...(options.guides || !site.release
        ? {}
        : {
            onWritten: (url: string) => {
              const props = routeProps(site.site, url.replace(/\/$/, ''));
              if (props?.type === 'entity') site.release?.(props.page);
            },
          }),
      ...(bundleBase ? { base: bundleBase } : {}),
      ...(options.site ? { site: options.site } : {}),
      ...(rebaseTo !== undefined ? { rewrite: (html: Buffer) => withBase(html, rebaseTo) } : {}),
    }),
  );
  timings.mark('rendered');
}

/** The client files of a stand-in base's bundle that name it, written again into `outDir` with the real base in its place. */
async function rebaseClientFiles(clientDir: string, outDir: string, base: string): Promise<void> {
  for (const entry of await readdir(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const bytes = await readFile(join(entry.parentPath, entry.name));
    const rebased = withBase(bytes, base);
    if (rebased !== bytes) await writeFile(join(outDir, relative(clientDir, join(entry.parentPath, entry.name))), rebased);
  }
}
