import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from './diagnostic.ts';
import { codeFrame, formatText } from './format-text.ts';

/** A key that would retitle and clear the terminal and start a line of its own in a CI log. */
const KEY = 'x\u001b]0;pwned\u0007\u001b[2J\r\n::error file=a.yaml::forged';
const SHOWN = 'x\\u001b]0;pwned\\u0007\\u001b[2J\\r\\n::error file=a.yaml::forged';

const diagnostic = (over: Partial<Diagnostic> = {}): Diagnostic => ({
  code: 'spec-unknown-field',
  severity: 'error',
  message: `unknown field \`${KEY}\` in Info Object`,
  hint: `custom data goes in an x- extension (e.g. x-${KEY})`,
  file: 'ev\u001b[2Jil\n.yaml',
  pointer: '/info',
  line: 2,
  column: 3,
  ...over,
});

describe('diagnostics as text', () => {
  it('shows the control characters of file names, messages and hints escaped', () => {
    const out = formatText([diagnostic()]);
    assert.equal(
      out,
      [
        `ev\\u001b[2Jil\\n.yaml:2:3  error  spec-unknown-field  unknown field \`${SHOWN}\` in Info Object`,
        `  hint: custom data goes in an x- extension (e.g. x-${SHOWN})`,
      ].join('\n'),
    );
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, 'no control character but the line breaks between lines');
    assert.doesNotMatch(out, /^::/m, "no line of the document's own");
  });

  it('keeps its own colour codes when colour is on', () => {
    const out = formatText([diagnostic()], { color: true });
    assert.ok(out.includes('  \u001b[31merror\u001b[0m  '), out);
    assert.ok(out.includes('  \u001b[2mhint:\u001b[0m '), out);
    assert.deepEqual(out.match(/\u001b[^[]|\u001b\[[0-9;]*[^0-9;m]/g), null, 'every ESC it writes starts a colour code');
    assert.ok(out.includes(SHOWN));
  });

  it('shows the lines of a code frame escaped, tabs as spaces, the caret under the column as shown', () => {
    const source = `info:\n  "${KEY.replace('\r\n', '\\r\\n')}": 1\n\tkey:\u001b[2J\u001b]0;t\u0007 value\r\nend\r\n`;
    const lines = source.split('\n');
    // Column 7 of line 3 is the "v" after the ESC sequences ("\tkey:" ESC[2J ESC]0;t BEL " ").
    const frame = codeFrame(lines, 3, lines[2]!.indexOf('value') + 1);
    assert.equal(
      frame,
      [
        `  2 |   "x\\u001b]0;pwned\\u0007\\u001b[2J\\r\\n::error file=a.yaml::forged": 1`,
        '> 3 |  key:\\u001b[2J\\u001b]0;t\\u0007 value',
        `    | ${' '.repeat(31)}^`,
        '  4 | end',
      ].join('\n'),
    );
    assert.equal(frame.split('\n')[2]!.indexOf('^'), frame.split('\n')[1]!.indexOf('value'));
  });

  it('cuts long lines at 160 characters as shown, the caret at most under the cut', () => {
    const long = '\u001b'.repeat(100);
    const frame = codeFrame([long], 1, 90).split('\n');
    assert.equal(frame[0], `> 1 | ${'\\u001b'.repeat(26)}…`);
    assert.equal(frame[1], `    | ${' '.repeat(156)}^`);
    const plain = codeFrame(['a'.repeat(200)], 1, 10).split('\n');
    assert.equal(plain[0], `> 1 | ${'a'.repeat(160)}…`);
    assert.equal(plain[1], `    | ${' '.repeat(9)}^`);
    assert.equal(codeFrame(['short'], 1, 9).split('\n')[1], `    | ${' '.repeat(8)}^`, 'a column after the end of the line');
  });
});
