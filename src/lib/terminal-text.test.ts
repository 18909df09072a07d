import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControls, escapeControlsInOutput, hasControls } from './terminal-text.ts';

describe('text of documents on a terminal', () => {
  it('shows every control character escaped: ESC sequences, carriage returns, line breaks, C1, DEL, line separators', () => {
    assert.equal(escapeControls('a\u001b]0;title\u0007b'), 'a\\u001b]0;title\\u0007b');
    assert.equal(escapeControls('\u001b[2J\r\n::error::forged\t'), '\\u001b[2J\\r\\n::error::forged\\t');
    assert.equal(escapeControls('\u0000\u007f\u009b2J\u2028\u2029'), '\\u0000\\u007f\\u009b2J\\u2028\\u2029');
    // Bidirectional embeddings, overrides and isolates ("Trojan Source"); the marks LRM and RLM of right-to-left text stay.
    assert.equal(
      escapeControls('a\u202ab\u202bc\u202cd\u202de\u202ef\u2066g\u2067h\u2068i\u2069'),
      'a\\u202ab\\u202bc\\u202cd\\u202de\\u202ef\\u2066g\\u2067h\\u2068i\\u2069',
    );
    assert.equal(escapeControls('עברית\u200f'), 'עברית\u200f');
    assert.equal(hasControls('x\u202e'), true);
    assert.equal(escapeControls('Orders & payments: naïve, 日本, 😀, C:\\path'), 'Orders & payments: naïve, 日本, 😀, C:\\path');
    assert.equal(hasControls('plain text'), false);
    assert.equal(hasControls('x\u001b'), true);
    assert.equal(hasControls('x\u001b'), true, 'the same answer twice (no regex state left behind)');
  });

  it('keeps the line breaks, tabs and colour codes of output, and escapes every other control character', () => {
    const own = '\u001b[31merror\u001b[0m\tline one\nline two \u001b[2mhint:\u001b[0m';
    assert.equal(escapeControlsInOutput(own), own);
    assert.equal(
      escapeControlsInOutput('x\u001b]0;title\u0007 \u001b[2J \rover \u009b31m \u001b'),
      'x\\u001b]0;title\\u0007 \\u001b[2J \\rover \\u009b31m \\u001b',
    );
  });
});
