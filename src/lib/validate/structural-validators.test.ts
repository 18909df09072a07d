/**
 * The compiled validators report the `$ref`s they meet with the definition each target must
 * satisfy (structural.ts then checks the targets), both when compiled in this run and when
 * loaded from the file an earlier run wrote, whose code calls back through a parameter of the
 * function it runs in (code-cache.ts), not through a global.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../../test/helpers.ts';
import { collectRefSites, compileAll, compiledValidatorsModule, createAjv, writeCompiledValidators } from './structural-validators.ts';

const doc = {
  apidesc: '3.0.0',
  info: { title: 'T', version: '1' },
  channels: { orders: { $ref: 'other.yaml#/orders' } },
  operations: { send: { action: 'send', channel: { $ref: '#/channels/orders' } } },
};

describe('structural validators', () => {
  it('collect the $ref sites of a document, compiled here and loaded from their file', () => {
    const ajv = createAjv();
    const compiled = compileAll(ajv).Root;
    const file = join(tempDir('apidesc-validators-'), 'structural.cjs');
    writeCompiledValidators(ajv, file);
    const loaded = compiledValidatorsModule(file).load();
    const expected = [
      { target: 'Channel', ref: 'other.yaml#/orders', instancePath: '/channels/orders' },
      { target: 'Channel', ref: '#/channels/orders', instancePath: '/operations/send/channel' },
    ];
    for (const [how, validate] of [
      ['compiled', compiled],
      ['loaded', loaded.Root],
    ] as const) {
      assert.ok(validate, how);
      const sites = collectRefSites(validate, doc);
      for (const site of expected)
        assert.ok(
          sites.some((s) => s.ref === site.ref && s.instancePath === site.instancePath && /Channel/.test(s.target)),
          `${how}: ${JSON.stringify(sites)}`,
        );
    }
  });
});
