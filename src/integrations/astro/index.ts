/**
 * `apidesc-docs/astro`: the reference of one or many APIs inside an Astro site that is not
 * Starlight, in the site's own layout.
 *
 *   // astro.config.mjs
 *   integrations: [apidescDocs({ documents: 'api/', base: 'reference', layout: './src/layouts/Docs.astro' })]
 *
 * The documents are validated when the site builds (errors stop it, with the text of
 * `apidesc-docs validate`); the pages are added under `/<base>/`, each rendered inside `layout`,
 * which receives `title` and `headings` as props and the page in its default slot.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { packageFile } from '../host/package-file.ts';
import {
  afterPagesWritten,
  prepareReference,
  publishReferenceFiles,
  readOptions,
  referenceRoute,
  referenceVite,
  watchDocuments,
} from '../host/reference-integration.ts';
import type { HostReference } from '../host/reference-store.ts';
import type { ReferenceOptions } from '../host/reference-options.ts';
import { layoutFile, layoutPlugin } from './layout-module.ts';

/** The options of the Astro integration: the reference's, and the site's layout. */
export interface AstroReferenceOptions extends ReferenceOptions {
  /**
   * The site's layout for the reference's pages, relative to the site's root folder: an Astro
   * component that receives `title` and `headings` ({ depth, slug, text }[]) as props and the
   * page's content in its default slot. Without it, a plain page.
   * @example './src/layouts/Docs.astro'
   */
  layout?: string;
}

export type { ReferenceOptions };

export default function apidescDocs(options: AstroReferenceOptions): AstroIntegration {
  let reference: HostReference | undefined;
  return {
    name: 'apidesc-docs/astro',
    hooks: {
      'astro:config:setup': async ({ addWatchFile, command, config, injectRoute, logger, updateConfig }) => {
        // `astro preview` and `astro sync` render nothing of the reference.
        if (command !== 'build' && command !== 'dev') return;
        const resolved = readOptions(options);
        const layout = layoutFile(options.layout, fileURLToPath(config.root));
        const { root, srcDir, base, site } = config;
        reference = await prepareReference(resolved, { root, srcDir, command, base, site }, logger);
        if (command === 'dev') watchDocuments(reference, addWatchFile);
        injectRoute(referenceRoute(resolved.base, packageFile('src/integrations/astro/AstroReferencePage.astro')));
        const vite = referenceVite('own');
        updateConfig({ vite: { ...vite, plugins: [...vite.plugins, layoutPlugin(layout)] } });
      },
      'astro:build:generated': afterPagesWritten,
      'astro:build:done': ({ dir, logger }) => {
        if (reference) publishReferenceFiles(reference, dir, logger);
      },
    },
  };
}
