/**
 * Names that read the same and are different bytes: Unicode normalisation (NFC `café`, U+00E9,
 * against NFD `café`, e + U+0301), an invisible character, a no-break space, a Cyrillic letter
 * among Latin ones. Each change that shows one says that the bytes differ, with the code points of
 * each spelling, in every output of `diff`: text, JSON, SARIF and Markdown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renameChannel, set } from '../../../test/diff-cases.ts';
import { api, diffPair } from '../../../test/diff-fixture.ts';
import { formatJson, formatMarkdown, formatSarif, formatText } from './format-diff.ts';
import type { DiffReport } from './types.ts';
import { codePoints, withLookAlikeNotes } from './look-alike-names.ts';

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';
const properties = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } } });

/** Every output of the report, as a reader sees it (Markdown's escapes taken out). */
function outputs(report: DiffReport): Record<string, string> {
  return {
    text: formatText(report),
    json: JSON.parse(formatJson(report))
      .changes.map((c: { message: string }) => c.message)
      .join('\n'),
    sarif: JSON.parse(formatSarif(report, '0.0.0'))
      .runs[0].results.map((r: { message: { text: string } }) => r.message.text)
      .join('\n'),
    markdown: formatMarkdown(report).replace(/\\(.)/g, '$1'),
  };
}

describe('diff: names that read the same and are different bytes', () => {
  it('a property renamed from its NFC to its NFD spelling: the removal and the addition each say which form they have, and that the other exists', async () => {
    const report = await diffPair(api({ payload: properties(NFC) }), api({ payload: properties(NFD) }));
    const removed = report.changes.find((c) => c.rule === 'schema-property-removed')!;
    const added = report.changes.find((c) => c.rule === 'schema-property-added')!;
    assert.match(
      removed.message,
      /\(Unicode: "café" is written here with another Unicode form than elsewhere in this review \(NFC vs NFD\): caf\\u00e9 \(NFC\) here, cafe\\u0301 \(NFD\) elsewhere; the bytes differ\)$/,
    );
    assert.match(
      added.message,
      /\(Unicode: "café" is written here with another Unicode form than elsewhere in this review \(NFD vs NFC\): cafe\\u0301 \(NFD\) here, caf\\u00e9 \(NFC\) elsewhere; the bytes differ\)$/,
    );
    for (const [format, text] of Object.entries(outputs(report))) {
      assert.match(text, /caf\\u00e9 \(NFC\) here, cafe\\u0301 \(NFD\) elsewhere; the bytes differ/, format);
      assert.match(text, /cafe\\u0301 \(NFD\) here, caf\\u00e9 \(NFC\) elsewhere; the bytes differ/, format);
    }
  });

  it('a value, an address and a channel id changed to another form of themselves: the change names both forms in the order it shows them', async () => {
    const value = await diffPair(
      api({ payload: { type: 'object', properties: { s: { enum: [NFC] } } } }),
      api({ payload: { type: 'object', properties: { s: { enum: [NFD] } } } }),
    );
    const address = await diffPair(api({ patch: set(['channels', 'orders', 'address'], NFC) }), api({ patch: set(['channels', 'orders', 'address'], NFD) }));
    const renamed = await diffPair(api({ patch: renameChannel(NFC) }), api({ patch: renameChannel(NFD) }));
    for (const report of [value, address, renamed]) {
      assert.equal(report.changes.length, 1, JSON.stringify(report.changes));
      for (const [format, text] of Object.entries(outputs(report))) {
        assert.match(text, /"café" is written with different Unicode forms \(NFC vs NFD\): caf\\u00e9 \(NFC\), cafe\\u0301 \(NFD\); the bytes differ/, format);
      }
    }
    assert.ok(renamed.changes[0]!.message.startsWith(`channel "${NFC}" renamed "${NFD}"`), 'the old id first, as the note has them');
  });

  it('a new name in NFD alone says so; text in NFC throughout (nearly every review) is left as it was', async () => {
    const added = await diffPair(
      api({ payload: properties('name') }),
      api({ payload: { type: 'object', properties: { name: { type: 'string' }, [NFD]: { type: 'string' } } } }),
    );
    const change = added.changes.find((c) => c.rule === 'schema-property-added')!;
    assert.match(change.message, /\(Unicode: "café" is written in the Unicode form NFD, cafe\\u0301, not NFC \(caf\\u00e9\)\)$/);
    const plain = await diffPair(api({ payload: properties(NFC) }), api({ payload: properties('tea') }));
    assert.ok(plain.changes.length > 0);
    for (const c of plain.changes) assert.doesNotMatch(c.message, /Unicode/);
    assert.equal(withLookAlikeNotes(plain.changes), plain.changes, 'the same changes, untouched');
  });

  it('an invisible character, a no-break space, a Cyrillic letter: the change says what the name holds (and, for the invisible character, that its twin reads the same)', async () => {
    const renamed = async (from: string, to: string) => (await diffPair(api({ patch: renameChannel(from) }), api({ patch: renameChannel(to) }))).changes;
    const [invisible] = await renamed('status', 'sta\u200btus');
    assert.match(
      invisible!.message,
      /\(Unicode: "status" is written in different ways that read the same \(as it reads vs an invisible character\): status \(as it reads\), sta\\u200btus \(an invisible character\); the bytes differ\)$/,
    );
    const [space] = await renamed('order placed', 'order\u00a0placed');
    assert.match(space!.message, /"order placed" is written order\\u00a0placed \(a space other than U\+0020\)/);
    const [cyrillic] = await renamed('paypal', 'p\u0430ypal');
    // Told by what it holds (a table of look-alike letters would be needed to pair it with its twin).
    assert.match(cyrillic!.message, /\(Unicode: "p\u0430ypal" is written p\\u0430ypal \(Latin and Cyrillic letters\)\)$/);
    for (const change of [invisible!, space!, cyrillic!]) {
      for (const [format, text] of Object.entries(outputs({ changes: [change], breaking: 0 }))) assert.match(text, /\(Unicode: /, format);
    }
    // Greek or Cyrillic names on their own hide nothing.
    const greek = await renamed('\u03b1\u03c1\u03c7\u03b5\u03af\u03bf', '\u03b1\u03c1\u03c7\u03b5\u03af\u03b1');
    assert.doesNotMatch(greek[0]!.message, /Unicode/);
  });

  it('shows code points outside printable ASCII, astral ones whole', () => {
    assert.equal(codePoints(`${NFD} 😀 \u1112\u1161\u11ab`), 'cafe\\u0301 \\u{1f600} \\u1112\\u1161\\u11ab');
  });
});
