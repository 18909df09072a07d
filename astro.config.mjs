// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { guidesModule } from './src/site/guides-module.ts';

// The CLI (src/cli/build-command.ts) passes root and outDir; everything else lives here.
export default defineConfig({
  integrations: [mdx()],
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  vite: {
    plugins: [guidesModule()],
    build: {
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
