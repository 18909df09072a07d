// @ts-check
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';

// The CLI (src/cli/build-command.ts) passes root and outDir; everything else lives here.
export default defineConfig({
  integrations: [mdx()],
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
});
