// `apidesc-docs/starlight` (package.json "exports"). In the repository the integration is
// TypeScript run by Node's type stripping; an installed package runs the JavaScript compiled at
// packing time (node-dist/, scripts/compile-node.ts), because Node does not strip types inside
// node_modules. Types: src/integrations/starlight/index.ts.
import { existsSync } from 'node:fs';

const compiled = new URL('../node-dist/integrations/starlight/index.js', import.meta.url);
const installed = import.meta.url.includes('/node_modules/') && existsSync(compiled);
const integration = await import(installed ? compiled.href : new URL('../src/integrations/starlight/index.ts', import.meta.url).href);

export default integration.default;
export const apidescSidebar = integration.apidescSidebar;
