/**
 * Every rule `diff` reports a change by, and how its changes are judged: so that a project's
 * severity overrides (`--severity`, the configuration's `diffSeverity`) can be checked (a misspelt
 * rule is an error, not a setting that silently never applies), and so that the manual's table
 * of rules and severities is made from this list (scripts/manual-tables.ts). test/diff-fixture.ts
 * checks that every change of every pair of the rule tests is named here, with a severity this
 * list allows it, and rule-ids.test.ts that every rule named in src/lib/diff is.
 */
import type { ChangeSeverity } from './types.ts';

/**
 * How a rule's changes are judged, before a project's own severities: always one severity; by
 * direction (a message's content: breaking or non-breaking by who writes the message, or its
 * declared x-compatibility, as the manual's direction rule says); or one of `can`, as `when` says.
 */
export type RuleVerdict = ChangeSeverity | 'by direction' | { can: readonly ChangeSeverity[]; when: string };

export interface DiffRule {
  id: string;
  verdict: RuleVerdict;
}

const BY_DIRECTION = 'by direction';
const REQUIRED = 'breaking when a server or an operation requires the scheme';

const rule = (id: string, verdict: RuleVerdict): DiffRule => ({ id, verdict });
const depends = (can: ChangeSeverity[], when: string): RuleVerdict => ({ can, when });

const STRUCTURE: readonly DiffRule[] = [
  rule('api-added', 'non-breaking'),
  rule('api-removed', 'breaking'),
  rule('format-version-changed', 'non-breaking'),
  rule('info-changed', 'info'),
  rule('info-version-changed', 'info'),
  rule('default-content-type-changed', 'breaking'),
  rule('server-added', 'non-breaking'),
  rule('server-removed', 'breaking'),
  rule('server-host-changed', 'breaking'),
  rule('server-protocol-changed', 'breaking'),
  rule('server-protocol-version-changed', 'breaking'),
  rule('server-pathname-changed', 'breaking'),
  rule('server-variable-added', 'breaking'),
  rule('server-variable-removed', 'breaking'),
  rule('server-wording-changed', 'info'),
  rule('value-added', 'non-breaking'),
  rule('value-removed', 'breaking'),
  rule('value-restricted', 'breaking'),
  rule('value-unrestricted', 'non-breaking'),
  rule('default-changed', 'breaking'),
  rule('parameter-location-changed', 'breaking'),
  rule('channel-added', 'non-breaking'),
  rule('channel-removed', 'breaking'),
  rule('channel-renamed', 'non-breaking'),
  rule('channel-address-changed', 'breaking'),
  rule('channel-parameter-added', 'breaking'),
  rule('channel-parameter-removed', 'breaking'),
  rule('channel-server-added', 'non-breaking'),
  rule('channel-server-removed', 'breaking'),
  rule('channel-wording-changed', 'info'),
  rule('operation-added', 'non-breaking'),
  rule('operation-removed', 'breaking'),
  rule('operation-renamed', 'non-breaking'),
  rule('operation-action-changed', 'breaking'),
  rule('operation-channel-changed', 'breaking'),
  rule('operation-message-added', BY_DIRECTION),
  rule('operation-message-removed', 'breaking'),
  rule('operation-reply-added', 'non-breaking'),
  rule('operation-reply-removed', 'breaking'),
  rule('operation-reply-address-changed', 'breaking'),
  rule('operation-reply-channel-changed', 'breaking'),
  rule('operation-wording-changed', 'info'),
  rule('message-added', BY_DIRECTION),
  rule('message-removed', depends(['breaking', 'non-breaking'], 'breaking when an operation used it')),
  rule('message-renamed', 'non-breaking'),
  rule(
    'message-policy-changed',
    depends(['breaking', 'non-breaking'], 'breaking when it weakens the promise (FULL to BACKWARD or FORWARD, BACKWARD to FORWARD or back, anything to NONE)'),
  ),
  rule(
    'message-content-type-changed',
    depends(
      ['breaking', 'non-breaking', 'info'],
      'breaking when the type readers decode with changes; non-breaking when one is stated where none was; info when the same type is stated, or left to the default',
    ),
  ),
  rule('message-name-changed', depends(['breaking', 'non-breaking'], 'breaking when a name is changed or removed; non-breaking when one is added')),
  rule('message-correlation-id-added', 'non-breaking'),
  rule('message-correlation-id-changed', 'breaking'),
  rule('message-correlation-id-removed', 'breaking'),
  rule('message-title-changed', 'info'),
  rule('message-summary-changed', 'info'),
  rule('message-description-changed', 'info'),
  rule('message-examples-changed', 'info'),
  rule('message-tags-changed', 'info'),
  rule('message-external-docs-changed', 'info'),
  rule('security-added', 'breaking'),
  rule('security-removed', 'non-breaking'),
  rule('security-alternative-added', 'non-breaking'),
  rule('security-alternative-removed', 'breaking'),
  rule('security-scheme-added', 'non-breaking'),
  rule('security-scheme-removed', 'non-breaking'),
  rule('security-scheme-changed', depends(['breaking', 'non-breaking'], REQUIRED)),
  rule('security-scopes-added', depends(['breaking', 'non-breaking'], REQUIRED)),
  rule('security-scopes-removed', 'non-breaking'),
  rule('security-flows-changed', depends(['breaking', 'non-breaking'], REQUIRED)),
  rule('security-description-changed', 'info'),
  rule('binding-added', 'non-breaking'),
  rule('binding-removed', 'breaking'),
  rule('binding-changed', depends(['non-breaking', 'info'], 'info when only its bindingVersion changed')),
];

const JSON_SCHEMA: readonly DiffRule[] = [
  rule('schema-added', BY_DIRECTION),
  rule('schema-removed', BY_DIRECTION),
  rule('schema-widened', BY_DIRECTION),
  rule('schema-narrowed', BY_DIRECTION),
  rule('schema-format-changed', BY_DIRECTION),
  rule('schema-not-compared', BY_DIRECTION),
  rule('schema-annotation-changed', 'info'),
  rule('schema-default-changed', BY_DIRECTION),
  rule('schema-type-changed', BY_DIRECTION),
  rule('schema-type-widened', BY_DIRECTION),
  rule('schema-type-narrowed', BY_DIRECTION),
  rule('schema-enum-added', BY_DIRECTION),
  rule('schema-enum-removed', BY_DIRECTION),
  rule('schema-enum-value-added', BY_DIRECTION),
  rule('schema-enum-value-removed', BY_DIRECTION),
  rule('schema-const-changed', BY_DIRECTION),
  rule('schema-constraint-relaxed', BY_DIRECTION),
  rule('schema-constraint-tightened', BY_DIRECTION),
  rule('schema-constraint-changed', BY_DIRECTION),
  rule('schema-required-added', BY_DIRECTION),
  rule('schema-required-removed', BY_DIRECTION),
  rule('schema-property-added', BY_DIRECTION),
  rule('schema-property-removed', BY_DIRECTION),
  rule('schema-additional-properties-allowed', BY_DIRECTION),
  rule('schema-additional-properties-forbidden', BY_DIRECTION),
  rule('schema-items-changed', BY_DIRECTION),
  rule('schema-items-constrained', BY_DIRECTION),
  rule('schema-items-relaxed', BY_DIRECTION),
  rule('schema-alternative-added', BY_DIRECTION),
  rule('schema-alternative-removed', BY_DIRECTION),
  rule('schema-alternatives-added', BY_DIRECTION),
  rule('schema-alternatives-removed', BY_DIRECTION),
];

const AVRO: readonly DiffRule[] = [
  rule('avro-field-added', BY_DIRECTION),
  rule('avro-field-removed', BY_DIRECTION),
  rule('avro-field-renamed', BY_DIRECTION),
  rule('avro-type-changed', BY_DIRECTION),
  rule('avro-type-promoted', BY_DIRECTION),
  rule('avro-name-changed', BY_DIRECTION),
  rule('avro-enum-symbol-added', BY_DIRECTION),
  rule('avro-enum-symbol-removed', BY_DIRECTION),
  rule('avro-union-branch-added', BY_DIRECTION),
  rule('avro-union-branch-removed', BY_DIRECTION),
  rule('avro-incompatible', BY_DIRECTION),
];

const PROTOBUF: readonly DiffRule[] = [
  rule('protobuf-message-added', BY_DIRECTION),
  rule('protobuf-message-removed', BY_DIRECTION),
  rule('protobuf-field-added', BY_DIRECTION),
  rule('protobuf-field-removed', BY_DIRECTION),
  rule('protobuf-field-renamed', BY_DIRECTION),
  rule('protobuf-field-type-changed', BY_DIRECTION),
  rule('protobuf-field-type-incompatible', BY_DIRECTION),
  rule('protobuf-field-cardinality-changed', BY_DIRECTION),
  rule('protobuf-field-optional', BY_DIRECTION),
  rule('protobuf-field-required', BY_DIRECTION),
  rule('protobuf-enum-value-added', BY_DIRECTION),
  rule('protobuf-enum-value-removed', BY_DIRECTION),
];

const SNS: readonly DiffRule[] = [
  rule('sns-topic-renamed', 'breaking'),
  rule('sns-fifo-switched', 'breaking'),
  rule('sns-deduplication-switched', 'non-breaking'),
  rule('sns-display-name-changed', 'info'),
  rule('sns-tags-changed', 'info'),
  rule('sns-policy-changed', depends(['breaking', 'non-breaking'], 'breaking when an Allow statement is removed or a Deny added')),
  rule('sns-delivery-policy-changed', 'non-breaking'),
  rule('sns-subscription-added', 'non-breaking'),
  rule('sns-subscription-removed', 'breaking'),
  rule('sns-filter-changed', 'breaking'),
  rule('sns-filter-narrowed', 'breaking'),
  rule('sns-filter-widened', 'non-breaking'),
  rule('sns-raw-delivery-switched', 'breaking'),
  rule('sns-dead-letter-queue-added', 'non-breaking'),
  rule('sns-dead-letter-queue-changed', 'non-breaking'),
  rule('sns-dead-letter-queue-removed', 'breaking'),
  rule('sns-redrive-changed', 'non-breaking'),
];

const CONFIGURATION: readonly DiffRule[] = [
  rule('config-severity-changed', depends(['breaking', 'non-breaking'], 'breaking when it may report a change as less severe than before')),
];

/** The rules by the area of the document they compare, in the order the manual lists them. */
export const DIFF_RULES: readonly { area: string; rules: readonly DiffRule[] }[] = [
  { area: 'structure', rules: STRUCTURE },
  { area: 'JSON Schema', rules: JSON_SCHEMA },
  { area: 'Avro', rules: AVRO },
  { area: 'Protobuf', rules: PROTOBUF },
  { area: 'sns', rules: SNS },
  // The project's own severities changed between base and head (severity-changes.ts).
  { area: 'configuration', rules: CONFIGURATION },
];

export const DIFF_RULE_IDS: ReadonlySet<string> = new Set(DIFF_RULES.flatMap(({ rules }) => rules.map((r) => r.id)));

const VERDICTS = new Map(DIFF_RULES.flatMap(({ rules }) => rules.map((r) => [r.id, r.verdict] as const)));

/** The severities a change of `rule` can have before a project's own (none for a rule diff does not have). */
export function severitiesOf(rule: string): readonly ChangeSeverity[] {
  const verdict = VERDICTS.get(rule);
  if (verdict === undefined) return [];
  if (typeof verdict === 'object') return verdict.can;
  return verdict === BY_DIRECTION ? ['breaking', 'non-breaking'] : [verdict];
}
