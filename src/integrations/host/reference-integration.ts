/**
 * What both hosts do when their configuration is set up: read the options, load and validate
 * the documents (the findings through the host's logger), keep the site data for the pages, and
 * inject the reference's route with its styles. referenceHooks() puts it together as the hosts
 * use it; a host adds only what is its own (the Astro host its layout, Starlight its sidebar
 * and locales).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger, InjectedRoute, ViteUserConfig } from 'astro';
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

type AstroHook<Name extends keyof AstroIntegration['hooks']> = NonNullable<AstroIntegration['hooks'][Name]>;
type VitePlugin = NonNullable<ViteUserConfig['plugins']>[number];

/** How a host shows the reference: the page that renders it, the look of its styles, and bundler plugins of its own. */
export interface HostKind {
  /** The file of this package that renders a page of the reference. */
  page: string;
  look: HostLook;
  /**
   * The host's own bundler plugins, made once the options are read and before the documents are
   * loaded (the Astro host's layout: a layout that is not there stops the build first).
   */
  plugins?: (options: ResolvedReferenceOptions, root: URL) => VitePlugin[];
}

/** The host's configuration the reference is set up from: its folders, command, base, site and locales. */
export type HostSetUp = Parameters<typeof prepareReference>[1];

/**
 * The reference of the options a host's user passed, as both hosts set it up. `setUp`, called
 * from the host's configuration hook, reads the options and loads the documents (or stops the
 * build), and returns the reference; it returns nothing for `astro preview` and `astro sync`,
 * which render nothing of it. `hooks` are the Astro hooks that then watch its documents
 * (`astro dev`), inject its route in each locale with its styles, return the memory of the
 * rendering, and publish its files once the build is done.
 */
export function referenceHooks(
  options: unknown,
  kind: HostKind,
): {
  setUp: (host: HostSetUp, logger: AstroIntegrationLogger) => Promise<HostReference | undefined>;
  hooks: {
    'astro:config:setup': AstroHook<'astro:config:setup'>;
    'astro:build:generated': AstroHook<'astro:build:generated'>;
    'astro:build:done': AstroHook<'astro:build:done'>;
  };
} {
  let current: { reference: HostReference; dev: boolean; plugins: VitePlugin[] } | undefined;
  return {
    setUp: async (host, logger) => {
      if (host.command !== 'build' && host.command !== 'dev') return undefined;
      const resolved = readOptions(options);
      const plugins = kind.plugins?.(resolved, host.root) ?? [];
      const reference = await prepareReference(resolved, host, logger);
      current = { reference, dev: host.command === 'dev', plugins };
      return reference;
    },
    hooks: {
      'astro:config:setup': ({ addWatchFile, injectRoute, updateConfig }) => {
        if (!current) return;
        const { reference, dev, plugins } = current;
        if (dev) watchDocuments(reference, addWatchFile);
        for (const locale of reference.locales) injectRoute(referenceRoute(reference.base, kind.page, locale));
        const vite = referenceVite(kind.look);
        updateConfig({ vite: { ...vite, plugins: [...vite.plugins, ...plugins] } });
      },
      'astro:build:generated': afterPagesWritten,
      'astro:build:done': ({ dir, logger }) => {
        if (current) publishReferenceFiles(current.reference, dir, logger);
      },
    },
  };
}
