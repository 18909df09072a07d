/**
 * What both hosts do when their configuration is set up: read the options, load and validate
 * the documents (the findings through the host's logger), keep the site data for the pages, and
 * inject the reference's route with its styles.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger, InjectedRoute } from 'astro';
import { logFindings, ReferenceStopped, stopError } from './host-diagnostics.ts';
import { HostFiles } from './host-files.ts';
import { hostStylesheetPlugin, type HostLook } from './host-stylesheet.ts';
import { loadReference } from './load-reference.ts';
import { hostComponentUses } from './mdx-refs.ts';
import { resolveReferenceOptions, type ResolvedReferenceOptions } from './reference-options.ts';
import { referencePattern, referenceRoot } from './reference-routes.ts';
import { hostReferences, keepReference, type HostReference } from './reference-store.ts';
import { returnUnusedMemory } from './return-memory.ts';
import { writtenInEachLocale } from './page-content.ts';

/** The options read, or the build stopped with what is wrong with them. */
export function readOptions(options: unknown): ResolvedReferenceOptions {
  const resolved = resolveReferenceOptions(options);
  if ('problem' in resolved) throw new ReferenceStopped(resolved.problem, "For example apidescDocs({ documents: 'api/', base: 'reference' }).");
  return resolved;
}

/**
 * Loads the reference of `options` for the host whose root folder is `root`, and checks the uses
 * of its components in the host's MDX pages under `srcDir`; stops the build when it cannot be made.
 */
export async function prepareReference(
  options: ResolvedReferenceOptions,
  host: { root: URL; srcDir: URL; command: string; base: string; site?: string | undefined; locales?: string[] },
  logger: AstroIntegrationLogger,
): Promise<HostReference> {
  const { root, srcDir } = host;
  const rootPath = fileURLToPath(root);
  const locales = host.locales ?? [''];
  // A build publishes what the standalone build does beside the pages (host-files.ts); `astro dev` none of it.
  const made = host.command === 'build' ? new HostFiles(referenceRoot(host.base, options, locales[0]), host.site) : undefined;
  const loaded = await loadReference(options, rootPath, hostComponentUses(fileURLToPath(srcDir), rootPath), made?.completedPages);
  logFindings(logger, loaded);
  if (!loaded.site || !loaded.content) {
    made?.remove();
    throw stopError(loaded);
  }
  // `astro dev` renders a page at each request: its content stays (only the pages opened are made).
  const content = host.command === 'build' ? writtenInEachLocale(loaded.content, locales.length) : { ...loaded.content, release: () => {} };
  const reference: HostReference = {
    site: loaded.site,
    base: options.base,
    content,
    locales,
    readFiles: loaded.readFiles,
    ...(made ? { files: { made, copies: loaded.copies ?? [] } } : {}),
  };
  keepReference(options.base, reference);
  return reference;
}

/** The route of every page of the reference in a locale: `/<locale>/<base>/[...route]`, rendered by `page` (a file of this package). */
export function referenceRoute(base: string, page: string, locale = ''): InjectedRoute {
  return { pattern: referencePattern(base, locale), entrypoint: page, prerender: true };
}

/** The host's bundler settings: the reference's styles, and this package compiled with the host's pages. */
export function referenceVite(look: HostLook) {
  return {
    plugins: [hostStylesheetPlugin(look)],
    // The pages and components are TypeScript and Astro files: the bundler compiles them, never Node.
    ssr: { noExternal: ['apidesc-docs'] },
  };
}

/**
 * Once every page is written, the memory the rendering grew to goes back to the system, before
 * the hooks of the build's end run (Starlight's Pagefind, in a process of its own: return-memory.ts).
 */
export function afterPagesWritten(): void {
  for (const reference of hostReferences()) reference.content.end();
  returnUnusedMemory();
}

/**
 * Once the host's build is done (its output in `outDir`): the Markdown twins, the llms files and
 * the documents' source copies of `reference`, beside its pages in each locale (host-files.ts).
 */
export function publishReferenceFiles(reference: HostReference, outDir: URL, logger: AstroIntegrationLogger): void {
  const { files } = reference;
  if (!files) return;
  try {
    const folders = reference.locales.map((locale) => join(locale, reference.base));
    const published = files.made.publish(fileURLToPath(outDir), folders, files.copies);
    if (!published.rootLlms)
      logger.info(`The site has its own llms.txt, kept as it is: the reference's is at ${referenceRoot('/', reference, reference.locales[0])}llms.txt.`);
    for (const file of published.kept) logger.warn(`${file} was written by the site itself: kept, in place of the reference's.`);
  } finally {
    files.made.remove();
  }
}

/** `astro dev`: Astro restarts when a document of `reference` changes (its configuration is set up again, and the documents read again). */
export function watchDocuments(reference: HostReference, addWatchFile: (path: string) => void): void {
  for (const file of reference.readFiles) addWatchFile(file);
}
