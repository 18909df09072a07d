/**
 * Renders a whole site into a folder: the site's renderer bundle (made first when these sources
 * have none, renderer-bundle.ts), every page it lists once the site data has come
 * (render-pages.ts), and its client files (styles, scripts, public/).
 */
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderPages, type PageRenderer } from './render-pages.ts';
import { ensureRenderer, type RendererEvents, type RendererInput } from './renderer-bundle.ts';

/** What src/site/renderer-entry.ts exports. */
interface RendererEntry {
  app: PageRenderer;
  pageUrls(): Promise<string[]>;
}

export interface RenderSiteOptions extends RendererInput {
  outDir: string;
}

/** Renders the site whose data `APIDESC_SITE_DATA` names (src/site/site-data.ts) into `outDir`. */
export async function renderSite(options: RenderSiteOptions, events: RendererEvents = {}): Promise<void> {
  const { dir } = await ensureRenderer(options, events);
  const entry = (await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href)) as RendererEntry;
  // The client files first: nothing is read from the bundle's folder after its modules are
  // loaded, should another build prune it meanwhile (renderer-bundle.ts keeps bundles used
  // in the last hour).
  await cp(join(dir, 'client'), options.outDir, { recursive: true });
  const urls = await entry.pageUrls();
  await renderPages(entry.app, urls, {
    outDir: options.outDir,
    ...(options.base ? { base: options.base } : {}),
    ...(options.site ? { site: options.site } : {}),
  });
}
