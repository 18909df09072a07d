/**
 * `apidesc-docs/starlight`: the reference of one or many APIs inside a Starlight site.
 *
 *   // astro.config.mjs
 *   starlight({
 *     sidebar: [{ label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] }, ...apidescSidebar],
 *     plugins: [apidescDocs({ documents: 'api/', base: 'reference' })],
 *   })
 *
 * The documents are validated when the site builds (errors stop it, with the text of
 * `apidesc-docs validate`), their pages are added under `/<base>/` in Starlight's layout, their
 * groups go where the user puts `apidescSidebar`, and Starlight's search indexes them.
 */
import { packageFile } from '../host/package-file.ts';
import { referenceHooks } from '../host/reference-integration.ts';
import type { ReferenceOptions } from '../host/reference-options.ts';
import { apidescSidebar, hasPlaceholder } from './sidebar.ts';
import type { StarlightPluginShape } from './starlight-shapes.ts';

export type { ReferenceOptions };
export { apidescSidebar };

export default function apidescDocs(options: ReferenceOptions): StarlightPluginShape {
  const reference = referenceHooks(options, { page: packageFile('src/integrations/starlight/StarlightReferencePage.astro'), look: 'starlight' });
  return {
    name: 'apidesc-docs',
    hooks: {
      'config:setup': async ({ addIntegration, addRouteMiddleware, astroConfig, command, config, logger }) => {
        // Each locale has the reference under its folder, as Starlight renders a page not yet
        // translated in every locale: the locale's interface around the document's own text.
        const locales = Object.keys(config.locales ?? {}).map((locale) => (locale === 'root' ? '' : locale));
        if (locales.length === 0) locales.push('');
        const { root, srcDir, base, site } = astroConfig;
        // `astro preview` and `astro sync` render nothing of the reference.
        if (!(await reference.setUp({ root, srcDir, command, base, site, locales }, logger))) return;
        if (!hasPlaceholder(config.sidebar))
          logger.warn(
            "The reference is not in the sidebar: add ...apidescSidebar (import { apidescSidebar } from 'apidesc-docs/starlight') to Starlight's sidebar.",
          );
        addRouteMiddleware({ entrypoint: packageFile('src/integrations/starlight/route-middleware.ts'), order: 'post' });
        addIntegration({ name: 'apidesc-docs/starlight', hooks: reference.hooks });
      },
    },
  };
}
