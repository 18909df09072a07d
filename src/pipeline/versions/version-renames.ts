/**
 * The channels, operations and messages renamed from one version to the next, as `diff` pairs
 * them (src/lib/diff/renames.ts: by what identifies them on the wire, only when that names one
 * object on each side): `<kind>\0<old id>` → new id, for the version switcher (version-map.ts).
 * Read from diff's own report of the two versions, its rename changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { quote } from '../../lib/diff/canonical.ts';
import { diffSides } from '../../lib/diff/compare-inputs.ts';
import { sideFiles } from '../../lib/diff/compare-sides.ts';
import { displayPath } from '../../lib/diagnostics/to-diagnostic.ts';
import { defaultLimits } from '../../lib/load/limits.ts';
import type { Change } from '../../lib/diff/types.ts';
import type { BuildOptions } from '../build-options.ts';

const RENAMES = new Set(['channel-renamed', 'operation-renamed', 'message-renamed']);

/** The renames in a list of changes: the old id is quoted first in the message, the new one is the object's. */
export function renamesOf(changes: readonly Change[]): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const change of changes) {
    if (!RENAMES.has(change.rule)) continue;
    const kind = change.rule.slice(0, change.rule.indexOf('-'));
    const named = change.object.slice(change.object.indexOf(' ') + 1);
    const id = kind === 'message' ? named.slice(named.lastIndexOf('/') + 1) : named;
    const prefix = `${kind} `;
    // `operation "old" renamed "new"`: the message quotes both ids as diff quotes them (canonical.ts).
    for (const old of oldIds(change.message, prefix)) {
      if (change.message.startsWith(`${prefix}${quote(old)} renamed ${quote(id)}`)) {
        renamed.set(`${kind}\0${old}`, id);
        break;
      }
    }
  }
  return renamed;
}

/** The quoted strings at the start of a message: the candidates for the old id. */
function oldIds(message: string, prefix: string): string[] {
  if (!message.startsWith(`${prefix}"`)) return [];
  const rest = message.slice(prefix.length);
  const found: string[] = [];
  for (let end = rest.indexOf('" renamed '); end > 0; end = rest.indexOf('" renamed ', end + 1)) {
    try {
      const value: unknown = JSON.parse(rest.slice(0, end + 1));
      if (typeof value === 'string') found.push(value);
    } catch {
      // Not the end of the quoted id: look further.
    }
  }
  return found;
}

/** The renames from the documents at `base` to those at `head` (each a document or a folder). */
export async function versionRenames(base: string, head: string, options: BuildOptions, cwd: string): Promise<Map<string, string>> {
  const display = (file: string): string => displayPath(file, cwd);
  const side = (path: string) => {
    const { files, folder } = sideFiles(path, cwd, display);
    return { files, ...(folder ? { folder } : {}), display };
  };
  const outcome = await diffSides(side(base), side(head), {
    limits: options.limits ?? defaultLimits,
    allowRemoteRefs: options.allowRemoteRefs ?? false,
    cwd,
    // Both versions were just built, and so validated: only the pairing is wanted here.
    validate: false,
  });
  return outcome.unreadable ? new Map() : renamesOf(outcome.report.changes);
}

/**
 * The renames a build's own comparison found (its `renamesFile`), when it compared the same two
 * versions: the comparison is not made a second time. Without that file (a preview of documents
 * with errors is not compared by the build), the two versions are compared here.
 */
export async function builtRenames(renamesFile: string, base: string, head: string, options: BuildOptions, cwd: string): Promise<Map<string, string>> {
  if (existsSync(renamesFile)) return renamesOf(JSON.parse(readFileSync(renamesFile, 'utf8')) as Change[]);
  return versionRenames(base, head, options, cwd);
}
