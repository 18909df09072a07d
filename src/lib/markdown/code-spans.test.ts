import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeSpans } from './code-spans.ts';

describe('code spans of a message', () => {
  it('reads single-backtick spans as code and the rest as text', () => {
    assert.deepEqual(codeSpans('the discriminator `type` is not in `required`.'), [
      { text: 'the discriminator ', code: false },
      { text: 'type', code: true },
      { text: ' is not in ', code: false },
      { text: 'required', code: true },
      { text: '.', code: false },
    ]);
    assert.deepEqual(codeSpans('an unmatched ` stays'), [{ text: 'an unmatched ` stays', code: false }]);
    assert.deepEqual(codeSpans('`<img src=x>`'), [{ text: '<img src=x>', code: true }]);
  });
});
