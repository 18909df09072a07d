/**
 * The layout of a plain Astro host's reference pages, as a module the pages import
 * (`virtual:apidesc-docs/layout`): the site's own layout when apidescDocs() names one, else
 * DefaultLayout.astro. A layout receives `title` and `headings` (depth, slug, text) as props and
 * the page's content in its default slot.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ViteUserConfig } from 'astro';
import { ReferenceStopped } from '../host/host-diagnostics.ts';
import { packageFile } from '../host/package-file.ts';

export const LAYOUT_MODULE = 'virtual:apidesc-docs/layout';
const RESOLVED = `\0${LAYOUT_MODULE}`;

type VitePlugin = NonNullable<ViteUserConfig['plugins']>[number];

/** The layout's file: `layout` relative to the site's root folder, or the default one; the build stops on one that is not there. */
export function layoutFile(layout: string | undefined, root: string): string {
  if (layout === undefined) return packageFile('src/integrations/astro/DefaultLayout.astro');
  const file = isAbsolute(layout) ? layout : resolve(root, layout);
  if (!/\.astro$/.test(file) || !existsSync(file))
    throw new ReferenceStopped(
      `apidescDocs(): layout ${JSON.stringify(layout)} is not an .astro file of the site`,
      "For example layout: './src/layouts/Docs.astro'.",
    );
  return file;
}

/** The bundler's plugin that serves LAYOUT_MODULE as `file`. */
export function layoutPlugin(file: string): VitePlugin {
  return {
    name: 'apidesc-docs:layout',
    resolveId: (id: string) => (id === LAYOUT_MODULE ? RESOLVED : undefined),
    load: (id: string) => (id === RESOLVED ? `export { default } from ${JSON.stringify(file)};\n` : undefined),
  };
}
