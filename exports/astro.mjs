// `apidesc-docs/astro` (package.json "exports"): as exports/starlight.mjs, for the plain Astro
// integration. Types: src/integrations/astro/index.ts.
import { existsSync } from 'node:fs';

const compiled = new URL('../node-dist/integrations/astro/index.js', import.meta.url);
const installed = import.meta.url.includes('/node_modules/') && existsSync(compiled);
const integration = await import(installed ? compiled.href : new URL('../src/integrations/astro/index.ts', import.meta.url).href);

export default integration.default;
