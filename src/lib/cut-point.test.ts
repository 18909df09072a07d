/**
 * The cut point of every output that cuts a document's text (cut-point.ts): never past the limit,
 * never between the halves of a surrogate pair, for any text and any limit; and the outputs that
 * use it (a bounded message, a schema row's value) keep whole characters.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { boundedText } from './bounded-text.ts';
import { cutPoint } from './cut-point.ts';
import { shownJson, VALUE_CHARS } from './model/shown-values.ts';

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Texts dense in characters past U+FFFF (two code units each), so that a limit often falls inside one; any code point too. */
const texts = fc.string({
  unit: fc.oneof(fc.constantFrom('a', '😀', '\u{10ffff}', 'é'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 60,
});
/** A text and a limit within it (the cut is asked for only where the text is longer). */
const textAndLimit = texts.chain((text) => fc.tuple(fc.constant(text), fc.nat({ max: text.length })));

describe('the cut point of a text', () => {
  it('never passes the limit, and gives up at most the one code unit of a split character', () => {
    fc.assert(
      fc.property(textAndLimit, ([text, max]) => {
        const end = cutPoint(text, max);
        assert.ok(end <= max, `${end} is past ${max}`);
        assert.ok(end >= max - 1, `${end} gives up more than one code unit of ${max}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('never falls between the halves of a surrogate pair', () => {
    fc.assert(
      fc.property(textAndLimit, ([text, max]) => {
        const end = cutPoint(text, max);
        assert.ok(!(isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end))), `cut at ${end} splits a pair in ${JSON.stringify(text)}`);
        assert.ok(text.slice(0, end).isWellFormed(), 'the text before the cut keeps whole characters');
      }),
      { numRuns: 2000 },
    );
  });

  it('cuts "a😀" at 2 before the emoji, and a text of letters at the limit', () => {
    assert.equal(cutPoint('a😀', 2), 1);
    assert.equal(cutPoint('a😀', 3), 3);
    assert.equal(cutPoint('abcdef', 4), 4);
  });
});

describe('the outputs that cut with it', () => {
  it('a bounded message keeps whole characters within its limit and counts the rest', () => {
    fc.assert(
      fc.property(textAndLimit, ([text, max]) => {
        fc.pre(text.length > max);
        const out = boundedText(text, max, 'the log has it whole');
        const kept = out.slice(0, out.indexOf('… ('));
        assert.ok(kept.length <= max && kept.isWellFormed());
        assert.ok(out.endsWith(`(${text.length - kept.length} more characters; the log has it whole)`));
        assert.ok(text.startsWith(kept));
      }),
      { numRuns: 1000 },
    );
  });

  it("a schema row's long string value keeps whole characters within VALUE_CHARS and counts the rest", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '😀'), minLength: VALUE_CHARS, maxLength: VALUE_CHARS + 10 }), (value) => {
        const json = JSON.stringify(value);
        fc.pre(json.length > VALUE_CHARS);
        const { json: shown, cut } = shownJson(value);
        const kept = shown.slice(0, -1);
        assert.ok(shown.endsWith('…') && kept.length <= VALUE_CHARS && kept.isWellFormed());
        assert.equal(kept.length + cut, json.length);
      }),
      { numRuns: 500 },
    );
  });
});
