import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applySeverityOverrides, parseSeverityFlag, unknownRule } from './severity-overrides.ts';
import type { FoundChange } from './types.ts';

const change = (rule: string, severity: FoundChange['severity']): FoundChange => ({
  rule,
  severity,
  side: 'head',
  at: { file: 'a.yaml', pointer: '/info/version' },
  object: 'document',
  message: 'version "1.0.0" → "1.1.0"',
});

describe("diff: a project's own severities for rules", () => {
  it('reads --severity <rule>=<level>, refusing levels and rules diff does not have', () => {
    assert.deepEqual(parseSeverityFlag('info-version-changed=breaking'), { rule: 'info-version-changed', severity: 'breaking' });
    assert.match(parseSeverityFlag('info-version-changed') as string, /takes <rule>=breaking\|non-breaking\|info/);
    assert.match(parseSeverityFlag('info-version-changed=fatal') as string, /not "info-version-changed=fatal"/);
    // A misspelt rule would never apply: refused, with the rules of the same area.
    assert.match(
      parseSeverityFlag('security-alternate-added=breaking') as string,
      /"security-alternate-added" is not a rule of diff; rules about security: .*security-alternative-added/,
    );
    assert.equal(unknownRule('channel-removed'), undefined);
    assert.equal(unknownRule('__proto__'), '"__proto__" is not a rule of diff');
  });

  it("changes the severity of the rules named, and says so beside the rule's own verdict", () => {
    const [raised, kept, other] = applySeverityOverrides(
      [change('info-version-changed', 'info'), change('channel-removed', 'breaking'), change('server-added', 'non-breaking')],
      { 'info-version-changed': 'breaking', 'channel-removed': 'breaking' },
    );
    assert.equal(raised!.severity, 'breaking');
    assert.equal(raised!.message, 'version "1.0.0" → "1.1.0" [breaking by this project\'s setting for info-version-changed; the rule says info]');
    assert.equal(kept!.message, 'version "1.0.0" → "1.1.0"', 'the same severity: nothing to say');
    assert.equal(other!.severity, 'non-breaking');
  });
});
