// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { guidesModule } from './src/site/guides-module.ts';

// The CLI (src/cli/build-command.ts) passes root and outDir; everything else lives here.
export default defineConfig({
  integrations: [mdx()],
  output: 'static',
  trailingSlash: 'always',
  // Four pages rendered at a time: rendering one page at a time, the renderer waited on the file
  // system for about a quarter of the time (100 channels: pages 2.35 → 1.75 s, median of six
  // pairs; bench/README.md). The pages are the same files either way.
  build: { format: 'directory', concurrency: 4 },
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
