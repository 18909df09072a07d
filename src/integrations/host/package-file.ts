/**
 * A file of this package's sources, from a module of src/integrations. The integrations run as
 * TypeScript in the repository and as the JavaScript of node-dist/ in an installed package
 * (scripts/compile-node.ts); node-dist/ mirrors src/, so the package's root is as many folders
 * up from either. The host's bundler compiles the pages and components from src/ itself.
 */
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = new URL('../../../', import.meta.url);

/** The absolute path of `path` (relative to the package's folder, e.g. `src/styles/site.css`). */
export function packageFile(path: string): string {
  return fileURLToPath(new URL(path, PACKAGE_ROOT));
}
