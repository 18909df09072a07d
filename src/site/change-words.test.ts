import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { breaksWhom, changeWords } from './change-words.ts';

describe("a change's words on the Changes page", () => {
  it('shows the value before and after apart, and the consequence as its own sentence', () => {
    assert.deepEqual(changeWords('address changed: "audit" → "audit-v2": clients still using "audit" stop sending and receiving its messages'), {
      what: [
        { kind: 'text', text: 'address changed: ' },
        { kind: 'old', text: '"audit"' },
        { kind: 'text', text: ' → ' },
        { kind: 'new', text: '"audit-v2"' },
      ],
      consequence: 'clients still using "audit" stop sending and receiving its messages',
    });
  });

  it('keeps a type with alternatives whole, and what follows the new value', () => {
    assert.deepEqual(changeWords('payload.amount: type integer | null → integer (old readers cannot read the new type)').what, [
      { kind: 'text', text: 'payload.amount: type ' },
      { kind: 'old', text: 'integer | null' },
      { kind: 'text', text: ' → ' },
      { kind: 'new', text: 'integer' },
      { kind: 'text', text: ' (old readers cannot read the new type)' },
    ]);
  });

  it('keeps a quoted value with spaces and escapes whole', () => {
    const words = changeWords('security scheme "key": name "X Key \\"1\\"" → "X-Api-Key": clients configured for the old scheme are refused');
    assert.deepEqual(
      words.what.filter((p) => p.kind !== 'text').map((p) => p.text),
      ['"X Key \\"1\\""', '"X-Api-Key"'],
    );
    assert.equal(words.consequence, 'clients configured for the old scheme are refused');
  });

  it('keeps a note in parentheses or brackets whole: its "; " starts no consequence', () => {
    const bounded = 'payload.kind: new values "a", "b" … (19990 more characters; `apidesc-docs diff --format json` has it whole)';
    assert.deepEqual(changeWords(bounded), { what: [{ kind: 'text', text: bounded }] });
    const overridden = 'server "staging" added [breaking by this project\'s setting for server-added; the rule says non-breaking]';
    assert.deepEqual(changeWords(overridden), { what: [{ kind: 'text', text: overridden }] });
  });

  it('finds the consequence of a change without an arrow', () => {
    assert.deepEqual(changeWords("SQS subscription audit-queue removed: it stops receiving the topic's messages"), {
      what: [{ kind: 'text', text: 'SQS subscription audit-queue removed' }],
      consequence: "it stops receiving the topic's messages",
    });
    assert.deepEqual(changeWords('payload.status: new value "x"; receivers built on the old schema reject status "x"'), {
      what: [{ kind: 'text', text: 'payload.status: new value "x"' }],
      consequence: 'receivers built on the old schema reject status "x"',
    });
    assert.deepEqual(changeWords('description changed (wording only)'), { what: [{ kind: 'text', text: 'description changed (wording only)' }] });
  });

  it('says whom a breaking change of a message breaks', () => {
    assert.equal(breaksWhom('send'), 'Breaks its receivers');
    assert.equal(breaksWhom('receive'), 'Breaks its senders');
    assert.equal(breaksWhom('both'), 'Breaks its senders and receivers');
    assert.equal(breaksWhom(null), undefined);
    // The side the change reaches, when the diff says: a message used both ways is not broken on both by a new enum value.
    assert.equal(breaksWhom('both', 'receivers'), 'Breaks its receivers');
    assert.equal(breaksWhom('both', 'senders'), 'Breaks its senders');
    assert.equal(breaksWhom('FULL', 'receivers'), undefined);
  });
});
