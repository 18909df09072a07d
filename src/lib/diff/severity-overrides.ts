/**
 * A project's own severities for rules of `diff` (the configuration's `diffSeverity`, the
 * `--severity <rule>=<level>` flags): a team whose policy is stricter or looser than the rules'
 * verdicts (every security alternative added is reviewed as breaking; an `info.version` edit
 * must fail the job) sets it once. Each change reported under a changed severity says so, with
 * the rule's own verdict, so that a reviewer sees which is policy and which is analysis.
 */
import type { ChangeSeverity, FoundChange } from './types.ts';
import { DIFF_RULE_IDS } from './rule-ids.ts';

export type SeverityOverrides = Readonly<Record<string, ChangeSeverity>>;

const SEVERITIES: readonly ChangeSeverity[] = ['breaking', 'non-breaking', 'info'];

/** Why a rule name is not one `diff` reports, with the rules it may have meant; undefined when it is one. */
export function unknownRule(rule: string): string | undefined {
  if (DIFF_RULE_IDS.has(rule)) return undefined;
  const area = rule.split('-')[0] ?? '';
  const near = [...DIFF_RULE_IDS].filter((id) => id.startsWith(`${area}-`));
  return `"${rule}" is not a rule of diff${near.length > 0 ? `; rules about ${area}: ${near.join(', ')}` : ''}`;
}

/** `rule=level` of a --severity flag, or why it is not one. */
export function parseSeverityFlag(text: string): { rule: string; severity: ChangeSeverity } | string {
  const eq = text.indexOf('=');
  const rule = eq < 0 ? text : text.slice(0, eq);
  const severity = eq < 0 ? '' : text.slice(eq + 1);
  if (eq < 0 || !(SEVERITIES as string[]).includes(severity)) return `--severity takes <rule>=breaking|non-breaking|info, not "${text}"`;
  const unknown = unknownRule(rule);
  return unknown ? `--severity: ${unknown}` : { rule, severity: severity as ChangeSeverity };
}

/** The changes with the project's severities applied; a change whose severity changed says so. */
export function applySeverityOverrides<T extends Pick<FoundChange, 'rule' | 'severity' | 'message' | 'ruleSeverity'>>(
  changes: T[],
  overrides: SeverityOverrides | undefined,
): T[] {
  if (!overrides || Object.keys(overrides).length === 0) return changes;
  return changes.map((change) => {
    const severity = Object.hasOwn(overrides, change.rule) ? overrides[change.rule] : undefined;
    if (severity === undefined || severity === change.severity) return change;
    return {
      ...change,
      severity,
      ruleSeverity: change.severity,
      message: `${change.message} [${severity} by this project's setting for ${change.rule}; the rule says ${change.severity}]`,
    };
  });
}
