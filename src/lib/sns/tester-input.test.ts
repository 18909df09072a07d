/**
 * What a reader types into the tester: a readable error for anything that is not a JSON object
 * of strings, numbers and lists of strings, saying where JSON that does not parse is wrong and
 * in which box (`field`): a body that is not JSON is an input error too; hostile and deep input
 * never throws.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readTesterInput } from './tester-input.ts';

const error = (attributes: string, body = '{}'): string => {
  const read = readTesterInput(attributes, body);
  assert.ok('error' in read, attributes);
  return read.error;
};

describe('tester input', () => {
  it('reads attributes and body', () => {
    assert.deepEqual(readTesterInput('{"a": "x", "n": 2.5, "l": ["p", "q"]}', '{"b": 1}'), {
      message: { attributes: { a: 'x', n: 2.5, l: ['p', 'q'] }, body: { b: 1 } },
    });
    assert.deepEqual(readTesterInput('  ', 'plain text'), {
      field: 'body',
      error: 'Not JSON: line 1, column 1: a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, not "p".',
    });
  });

  it('says what is wrong with the attributes', () => {
    assert.equal(
      error('{"a": '),
      'Not JSON: line 1, column 7: a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, not the end of the text.',
    );
    assert.equal(error('{\n  "a": "x"\n  "b": "y"\n}'), 'Not JSON: line 3, column 3: a comma or } is expected, not "\\"".');
    assert.match(error('["a"]'), /Expected a JSON object/);
    assert.match(error('null'), /Expected a JSON object/);
    assert.match(error('{"a": {"b": 1}}'), /"a" must be a string, a number or a list of strings, not \{"b":1\}/);
    assert.match(error('{"a": true}'), /"a" must be/);
  });

  it('keeps keys named like Object properties as keys, and does not throw on deep input', () => {
    const read = readTesterInput('{"__proto__": "x", "constructor": "y"}', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    assert.ok('message' in read);
    assert.ok(Object.hasOwn(read.message.attributes, '__proto__'));
    assert.equal(Object.getPrototypeOf(read.message.attributes), Object.prototype);
    assert.doesNotThrow(() => readTesterInput(`{"a": ${'['.repeat(100_000)}`, '{}'));
  });
});
