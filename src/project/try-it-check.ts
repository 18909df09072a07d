/**
 * The configuration's `tryIt` checked against the documents (src/lib/try-it/try-it-config.ts),
 * its problems located in the configuration file. The locations of its server ids are taken
 * when the file is read, so that the build's preparing process (which has the documents but not
 * the file's position index) can place them.
 */
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { escapeToken } from '../lib/json-pointer.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { checkTryIt, type TryItConfig } from '../lib/try-it/try-it-config.ts';
import type { LoadedConfig } from './config-file.ts';

/** Where the configuration is, as diagnostics name it, and the line and column of each server id of `tryIt`. */
export interface TryItLocations {
  file: string;
  ids: Record<string, { line: number; column: number }>;
}

export function tryItLocations(loaded: LoadedConfig, cwd: string): TryItLocations | undefined {
  const servers = loaded.config.tryIt?.servers;
  if (!servers || !loaded.file) return undefined;
  const ids: TryItLocations['ids'] = {};
  for (const id of Object.keys(servers)) {
    const position = loaded.index?.find(`/tryIt/servers/${escapeToken(id)}`, true) ?? { line: 0, column: 0 };
    Object.defineProperty(ids, id, { value: { line: position.line, column: position.column }, enumerable: true });
  }
  return { file: displayPath(loaded.file, cwd), ids };
}

/**
 * The problems of `tryIt` against the documents read, as diagnostics of the configuration file;
 * `siteUrl` (the configuration's `site`) is where the site is published, to warn of servers that
 * a page served over HTTPS cannot reach.
 */
export function tryItDiagnostics(
  config: TryItConfig | undefined,
  docs: readonly ResolvedDoc[],
  where: TryItLocations | undefined,
  siteUrl?: string,
): Diagnostic[] {
  if (!config || !where) return [];
  return checkTryIt(config, docs, where.file, siteUrl).map((p) => {
    const id = Object.keys(config.servers).find((key) => p.at.pointer === `/tryIt/servers/${escapeToken(key)}`);
    const position = id !== undefined && Object.hasOwn(where.ids, id) ? where.ids[id]! : { line: 0, column: 0 };
    return {
      code: p.code,
      severity: p.severity,
      message: p.message,
      ...(p.hint ? { hint: p.hint } : {}),
      file: where.file,
      pointer: p.at.pointer,
      line: position.line,
      column: position.column,
    };
  });
}
