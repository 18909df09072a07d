/**
 * URL of a sibling module to spawn or run in a worker. In the repository the modules are
 * TypeScript (Node strips the types); in the published package they are compiled to `.js`
 * (scripts/compile-node.ts), because Node does not strip types inside node_modules.
 */
export function moduleFile(relativeTsPath: string, importerUrl: string): URL {
  const compiled = importerUrl.endsWith('.js');
  return new URL(compiled ? relativeTsPath.replace(/\.ts$/, '.js') : relativeTsPath, importerUrl);
}
