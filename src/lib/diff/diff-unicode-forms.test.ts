/**
 * Names that differ only by Unicode normalisation (NFC `café`, U+00E9, against NFD `café`, e +
 * U+0301) read the same in every output of `diff`: each change that shows one says that the bytes
 * differ, with the code points of each form, in text, JSON, SARIF and Markdown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renameChannel, set } from '../../../test/diff-cases.ts';
import { api, diffPair } from '../../../test/diff-fixture.ts';
import { formatJson, formatMarkdown, formatSarif, formatText } from './format-diff.ts';
import type { DiffReport } from './types.ts';
import { codePoints, withUnicodeForms } from './unicode-forms.ts';

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

describe('diff: names written in two Unicode forms', () => {
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
    assert.equal(withUnicodeForms(plain.changes), plain.changes, 'the same changes, untouched');
  });

  it('shows code points outside printable ASCII, astral ones whole', () => {
    assert.equal(codePoints(`${NFD} 😀 \u1112\u1161\u11ab`), 'cafe\\u0301 \\u{1f600} \\u1112\\u1161\\u11ab');
  });
});
