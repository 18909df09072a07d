/**
 * Examples against long chains of schemas (hostile input): every schema of the chain is
 * registered without recursion, so the example is checked; where the validator itself would
 * recurse too deep (a long chain of allOf), the example is reported as not checked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deepChainDocument } from '../../../test/deep-document.ts';
import { codes, validateYaml, where } from '../../../test/helpers.ts';

describe('example checks against long chains of schemas (hostile input)', () => {
  it('checks an example against a chain of 5,000 schemas (properties, references to references)', async () => {
    for (const kind of ['property', 'nested', 'items', 'alias'] as const) {
      const wrong = await validateYaml(deepChainDocument(kind, 5000, { example: 5 }));
      assert.deepEqual(codes(wrong), ['example-invalid'], kind);
      assert.equal(wrong[0]!.severity, 'warning');
      assert.match(wrong[0]!.message, /the payload is a number, where the schema wants an (object|array)$/);
      const right = kind === 'items' ? [[[]]] : kind === 'property' ? { next: { next: {} } } : {};
      assert.deepEqual(codes(await validateYaml(deepChainDocument(kind, 5000, { example: right }))), [], kind);
    }
  });

  it('says that an example was not checked when its schema nests allOf deeper than the validator can follow', async () => {
    const d = await validateYaml(deepChainDocument('allOf', 5000, { example: 5 }));
    assert.deepEqual(codes(d), ['example-check-too-deep']);
    assert.equal(d[0]!.severity, 'warning');
    assert.equal(where(d[0]).replace(/^.*main\.yaml/, 'main.yaml'), 'main.yaml:12:30');
    assert.equal(d[0]!.pointer, '/channels/chain/messages/link/examples/0/payload');
    // A short chain is checked as usual.
    assert.deepEqual(codes(await validateYaml(deepChainDocument('allOf', 20, { example: 5 }))), ['example-invalid']);
  });
});

describe('example checks against an Avro schema named like an Object property (hostile input)', () => {
  it('says what is wrong with the schema, and checks nothing against it, never stopping the check', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const d = await validateYaml(`apidesc: 3.0.0
info: { title: Names, version: 1.0.0 }
channels:
  c:
    messages:
      m:
        payload:
          schemaFormat: application/vnd.apache.avro;version=1.9.0
          schema: ${name}
        examples:
          - payload: 5
`);
      assert.deepEqual(codes(d), ['schema-format-invalid'], name);
    }
  });
});
