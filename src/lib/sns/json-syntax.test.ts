/**
 * Where JSON is wrong: the line and column of the first error and what was expected there, for
 * every kind of mistake a reader makes in the tester; nothing for JSON that parses (checked
 * against JSON.parse on generated values); deep nesting never exhausts the stack.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonSyntaxError, jsonSyntaxMessage } from './json-syntax.ts';

const where = (text: string): string => {
  const e = jsonSyntaxError(text);
  return e ? `${e.line}:${e.column} ${e.problem}` : 'none';
};

describe('JSON syntax errors', () => {
  it('says where each kind of mistake is, and what is expected there', () => {
    assert.equal(where('{"a": 1,}'), '1:9 a } right after a comma: JSON allows no comma after the last property');
    assert.equal(where('[1, 2,]'), '1:7 a ] right after a comma: JSON allows no comma after the last item');
    assert.equal(where('{"a" 1}'), '1:6 a colon is expected after the property name, not "1"');
    assert.equal(where("{'a': 1}"), '1:2 a property name in double quotes is expected, not "\'"');
    assert.equal(where("['a']"), "1:2 a value is expected, not ': JSON strings are in double quotes");
    assert.equal(where('{"a": 1}}'), '1:9 "}" after the end of the JSON value');
    assert.equal(where('[1, 2'), '1:6 a comma or ] is expected, not the end of the text');
    assert.equal(where('{\n  "a": 1\n  "b": 2\n}'), '3:3 a comma or } is expected, not "\\""');
    assert.equal(where('{"a": "x\ny"}'), '1:9 a line break or control character inside a string: write it as an escape such as \\n');
    assert.equal(where('{"a": "x'), '1:9 the text ends inside a string: a closing " is missing');
    assert.equal(where('"\\x"'), '1:2 \\x is not an escape of JSON (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
    assert.equal(where('"\\u12G4"'), '1:2 \\u is followed by four hexadecimal digits');
    assert.equal(where('{"a": 01}'), '1:8 a number of JSON does not start with 0 (unless it is 0 or 0.…)');
    assert.equal(where('{"a": 1.}'), '1:9 a digit is expected after the decimal point');
    assert.equal(where('{"a": -}'), '1:8 a digit is expected after the minus sign');
    assert.equal(where('{"a": 1e}'), '1:9 a digit is expected in the exponent');
    assert.equal(where('{"a": tru}'), '1:7 a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, not "t"');
    assert.equal(where(''), '1:1 a value (an object, a list, a string in double quotes, a number, true, false or null) is expected, not the end of the text');
    assert.equal(jsonSyntaxMessage('[1 2]'), 'line 1, column 4: a comma or ] is expected, not "2"');
  });

  it('finds nothing in JSON that parses, whatever its shape', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, '\t'), (value, indent) => {
        assert.equal(jsonSyntaxError(JSON.stringify(value, null, indent)), undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('finds an error in every text JSON.parse refuses', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]",: 0123456789.-eEtrufalsn\\x\n'), maxLength: 24 }), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        assert.equal(jsonSyntaxError(text) === undefined, parses, text);
      }),
      { numRuns: 2000 },
    );
  });

  it('scans deep nesting without exhausting the stack', () => {
    assert.equal(jsonSyntaxError(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), undefined);
    assert.match(where(`{"a": ${'['.repeat(200_000)}`), /^1:200007 /);
  });
});
