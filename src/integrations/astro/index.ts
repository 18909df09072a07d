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
import { referenceHooks } from '../host/reference-integration.ts';
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
  const reference = referenceHooks(options, {
    page: packageFile('src/integrations/astro/AstroReferencePage.astro'),
    look: 'own',
    plugins: (_, root) => [layoutPlugin(layoutFile(options.layout, fileURLToPath(root)))],
  });
  return {
    name: 'apidesc-docs/astro',
    hooks: {
      ...reference.hooks,
      'astro:config:setup': async (setup) => {
        const { root, srcDir, base, site } = setup.config;
        await reference.setUp({ root, srcDir, command: setup.command, base, site }, setup.logger);
        reference.hooks['astro:config:setup'](setup);
      },
    },
  };
}
