import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { tempTree } from '../../../test/helpers.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { bundleDocument } from './bundle.ts';
import { collectRefs } from './remote.ts';

async function bundleAndRevalidate(file: string, root?: string): Promise<{ bundle: unknown; errors: string[] }> {
  const { doc } = await validateDocument(file, root ? { root } : {});
  assert.ok(doc);
  const bundle = bundleDocument(doc);
  const dir = tempTree({ 'bundle.json': JSON.stringify(bundle) });
  const { diagnostics } = await validateDocument(join(dir, 'bundle.json'));
  return { bundle, errors: diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.pointer} ${d.message}`) };
}

describe('bundleDocument: a multi-file document as one self-contained JSON document', () => {
  it('inlines other files where first used, points later uses and recursion there, keeps local refs', async () => {
    const dir = tempTree({
      'main.yaml':
        "apidesc: 3.0.0\ninfo: {title: T, version: '1'}\nchannels:\n  a:\n    messages:\n      m: {$ref: './common.yaml#/M'}\n  b:\n    messages:\n      m: {$ref: './common.yaml#/M'}\n      n: {$ref: '#/components/messages/N'}\ncomponents:\n  messages:\n    N: {payload: {type: string}}\n",
      'common.yaml': "M:\n  payload: {$ref: '#/Node'}\nNode:\n  type: object\n  properties:\n    next: {$ref: '#/Node'}\n",
    });
    const { bundle, errors } = await bundleAndRevalidate(join(dir, 'main.yaml'));
    assert.deepEqual(errors, []);
    const b = bundle as { channels: Record<string, { messages: Record<string, unknown> }> };
    assert.deepEqual(b.channels.b!.messages.m, { $ref: '#/channels/a/messages/m' });
    assert.deepEqual(b.channels.b!.messages.n, { $ref: '#/components/messages/N' });
    assert.deepEqual(b.channels.a!.messages.m, { payload: { type: 'object', properties: { next: { $ref: '#/channels/a/messages/m/payload' } } } });
    assert.ok(
      collectRefs(bundle).every((r) => r.startsWith('#')),
      'no reference leaves the bundle',
    );
  });

  const corpus = CORPUS;
  // Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
  const sets = HAS_CORPUS ? readdirSync(join(corpus, 'multi-file')).sort() : [];
  for (const set of sets) {
    it(`bundles ${set} into documents that validate on their own`, async () => {
      const dir = join(corpus, 'multi-file', set);
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
      for (const file of walk(dir).filter((f) => /^apidesc:/m.test(readFileSync(f, 'utf8')))) {
        const { bundle, errors } = await bundleAndRevalidate(file, dir);
        assert.deepEqual(errors, [], file);
        assert.ok(
          collectRefs(bundle).every((r) => r.startsWith('#')),
          `${file}: no reference leaves the bundle`,
        );
      }
    });
  }

  it('keeps keys named like Object properties (__proto__, constructor) of another file as keys', async () => {
    const dir = tempTree({
      'main.yaml': "apidesc: 3.0.0\ninfo: {title: T, version: '1'}\nchannels:\n  c:\n    messages:\n      m: {$ref: './common.yaml#/M'}\n",
      'common.yaml': 'M:\n  payload:\n    type: object\n    properties:\n      __proto__: {type: string}\n      constructor: {type: integer}\n',
    });
    const { bundle, errors } = await bundleAndRevalidate(join(dir, 'main.yaml'));
    assert.deepEqual(errors, []);
    const properties = (bundle as { channels: { c: { messages: { m: { payload: { properties: object } } } } } }).channels.c.messages.m.payload.properties;
    assert.deepEqual(Object.keys(properties), ['__proto__', 'constructor']);
    assert.equal(Object.getPrototypeOf(properties), Object.prototype);
    assert.match(JSON.stringify(bundle), /"__proto__":\{"type":"string"\}/);
  });
});
