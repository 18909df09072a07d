/**
 * Renders a whole site into a folder: the site's renderer bundle (made first when these sources
 * have none, renderer-bundle.ts), every page it lists once the site data's summaries have come
 * (render-pages.ts), each page as its content arrives, and its client files (styles, scripts,
 * public/).
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteData } from '../site/site-data-types.ts';
import type { SiteSource } from '../site/site-source.ts';
import { renderPages, type PageRenderer } from './render-pages.ts';
import { ensureRenderer, type RendererEvents, type RendererInput } from '../perf/renderer-bundle.ts';

/** What src/site/renderer-entry.ts exports. */
interface RendererEntry {
  app: PageRenderer;
  pageUrls(site: SiteData): string[];
}

export interface RenderSiteOptions extends RendererInput {
  outDir: string;
}

/**
 * Renders the site of `source` into `outDir`. The bundle is loaded while the site data is still
 * on its way (`source` is a promise): the two overlap.
 */
export async function renderSite(options: RenderSiteOptions, source: Promise<SiteSource>, events: RendererEvents = {}): Promise<void> {
  const { dir } = await ensureRenderer(options, events);
  const entry = (await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href)) as RendererEntry;
  // The client files first: nothing is read from the bundle's folder after its modules are
  // loaded, should another build prune it meanwhile (renderer-bundle.ts keeps bundles used
  // in the last hour).
  await cp(join(dir, 'client'), options.outDir, { recursive: true });
  const site = await source;
  await renderPages(entry.app, entry.pageUrls(site.site), {
    outDir: options.outDir,
    locals: { site },
    ...(options.base ? { base: options.base } : {}),
    ...(options.site ? { site: options.site } : {}),
  });
}
