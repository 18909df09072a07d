// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { CODE_THEME } from './src/lib/highlight/code-html.ts';
import { guidesModule } from './src/site/guides-module.ts';

// The CLI (src/cli/build-command.ts) passes root and outDir; everything else lives here.
export default defineConfig({
  integrations: [mdx()],
  output: 'static',
  trailingSlash: 'always',
  // Pages as <route>/index.html. A build renders them from the site's renderer bundle, four at a
  // time (src/perf/renderer-bundle.ts, src/pipeline/render-pages.ts).
  build: { format: 'directory' },
  // Code in guides in the same colours as the pages' code (src/lib/highlight/code-html.ts).
  markdown: { shikiConfig: { theme: CODE_THEME } },
  vite: {
    plugins: [guidesModule()],
    build: {
      // Scripts are files of the site, never written into a page: the pages' Content-Security-Policy
      // refuses inline scripts, and the bundler would put a small script without imports inline.
      // Other assets keep the bundler's default (undefined: inlined below 4 KB).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      rollupOptions: {
        // Astro's MDX modules start with its own "use astro:head-inject" marker, which the bundler
        // warns about on every guide; Astro handles it, the warning only hides real ones.
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /astro:head-inject/.test(warning.message)) return;
          warn(warning);
        },
      },
    },
  },
});
