/**
 * Structural changes (servers, channels, operations, messages, parameters, security, bindings)
 * and the sns binding's topics and subscriptions, one pair of documents per rule, in both
 * directions of the change (added and removed, widened and narrowed), with the pointer each is
 * reported at.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SNS, STRUCTURE } from '../../../test/diff-cases.ts';
import { api, diffPair, summaryOf } from '../../../test/diff-fixture.ts';
import { lowercaseSns } from '../../../test/sns-words.ts';

describe('diff: structural changes and the sns binding', () => {
  for (const c of [...STRUCTURE, ...SNS]) {
    it(`${c.name}: ${c.severity}`, async () => {
      const report = await diffPair(api(c.base), api(c.head));
      const found = report.changes.filter((x) => x.rule === c.rule && (c.pointer === undefined || x.pointer === c.pointer));
      assert.ok(found.length > 0, `${c.rule}${c.pointer ? ` at ${c.pointer}` : ''} expected; got:\n${summaryOf(report).join('\n')}`);
      assert.ok(
        found.some((x) => x.severity === c.severity),
        `${c.rule} should be ${c.severity}; got:\n${summaryOf(report).join('\n')}`,
      );
      if (c.side)
        assert.ok(
          found.some((x) => x.side === c.side),
          `reported in ${c.side}`,
        );
      if (c.words)
        assert.ok(
          found.some((x) => c.words!.test(x.message)),
          `message should say ${c.words}; got:\n${summaryOf(report).join('\n')}`,
        );
      // The Changes page's words say "SNS" for the service; keys and values keep their case.
      for (const x of found) assert.deepEqual(lowercaseSns(x.message), [], x.message);
      assert.ok(
        found.every((x) => x.line > 0),
        'every change has its line',
      );
      assert.equal(report.breaking, report.changes.filter((x) => x.severity === 'breaking').length);
    });
  }
});
