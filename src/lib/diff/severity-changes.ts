/**
 * A change of the project's own severities (the configuration's `diffSeverity`) between the base
 * and the head, as a change of its own. The review of a pull request applies the severities the
 * base has: a pull request that lowers one (`schema-enum-value-added: info`) would otherwise turn
 * its own breaking change into wording. The new setting applies once merged, so the review says
 * so, at the top when it may hide a break from later reviews.
 */
import { severityOrder, type Change, type ChangeSeverity } from './types.ts';
import type { SeverityOverrides } from './severity-overrides.ts';
import { escapeToken } from '../json-pointer.ts';

/** One version of the configuration, as far as `diff` reads it. */
export interface SeveritySettings {
  overrides: SeverityOverrides;
  /** The file, as shown (its path in the repository); absent when this version has none. */
  file?: string;
  /** The line of a JSON pointer in the file (0 when it is not known, e.g. in an ES module). */
  lineOf(pointer: string): number;
}

const rank = (s: ChangeSeverity): number => 2 - severityOrder[s];

/**
 * Whether going from `before` to `after` (a level, or the rule's own verdict when undefined) may
 * report something as less severe than before: a rule's own verdicts go up to breaking, and down
 * to info.
 */
function mayLower(before: ChangeSeverity | undefined, after: ChangeSeverity | undefined): boolean {
  if (after === undefined) return before !== 'info';
  if (before === undefined) return after !== 'breaking';
  return rank(after) < rank(before);
}

const pointerOf = (rule: string): string => `/diffSeverity/${escapeToken(rule)}`;

export function severityChanges(base: SeveritySettings, head: SeveritySettings): Change[] {
  const rules = [...new Set([...Object.keys(base.overrides), ...Object.keys(head.overrides)])].sort();
  const changes: Change[] = [];
  for (const rule of rules) {
    const before = Object.hasOwn(base.overrides, rule) ? base.overrides[rule] : undefined;
    const after = Object.hasOwn(head.overrides, rule) ? head.overrides[rule] : undefined;
    if (before === after) continue;
    const lowers = mayLower(before, after);
    const what =
      before === undefined
        ? `this project's severity for ${rule} set to ${after} (the base has none: the rule's own verdicts)`
        : after === undefined
          ? `this project's severity for ${rule} (${before}) removed: the rule's own verdicts would apply`
          : `this project's severity for ${rule} changed from ${before} to ${after}`;
    const effect = lowers
      ? 'it may report as less severe what later changes break, so it is reviewed as breaking'
      : 'it reports nothing as less severe than before';
    const side = after === undefined ? 'base' : 'head';
    const settings = side === 'base' ? base : head;
    const pointer = pointerOf(rule);
    const file = settings.file ?? '(configuration)';
    const line = settings.lineOf(pointer);
    changes.push({
      severity: lowers ? 'breaking' : 'non-breaking',
      rule: 'config-severity-changed',
      api: file,
      object: 'configuration diffSeverity',
      pointer,
      file,
      line,
      side,
      direction: null,
      message: `${what}; this review applies the base's severities, and this setting only once merged: ${effect}`,
      // Annotated in head: where the setting is, or the head's configuration (its first line) for one removed.
      ...(head.file ? { annotation: { file: head.file, line: side === 'head' ? Math.max(1, line) : 1 } } : {}),
    });
  }
  return changes;
}
