import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MINIMAL, tempTree } from '../../../test/helpers.ts';
import { loadReference } from './load-reference.ts';

const ORDERS = readFileSync(join(import.meta.dirname, '..', '..', '..', 'content', 'orders.apidesc.yaml'), 'utf8');
const LIGHTS = readFileSync(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'code-samples', 'lights.yaml'), 'utf8');
const BROKEN = ORDERS.replace("$ref: '#/components/messages/OrderPlaced'", "$ref: '#/components/messages/NoSuchMessage'");

describe("a host's reference, loaded", () => {
  it('is the site data of the documents, with the count `validate` ends with', async () => {
    const root = tempTree({ 'api/orders.apidesc.yaml': ORDERS });
    const loaded = await loadReference({ documents: ['api/'], base: 'reference', allowInvalid: false, strict: false }, root);
    assert.equal(loaded.errors, false);
    assert.equal(loaded.site?.apis.length, 1);
    assert.equal(loaded.site?.apis[0]?.title, 'Order Fulfilment Events');
    assert.match(loaded.summary, /^1 document: 0 error\(s\)/);
  });

  it('stops at an error, with the located finding as `validate` writes it', async () => {
    assert.notEqual(BROKEN, ORDERS);
    const root = tempTree({ 'api/orders.apidesc.yaml': BROKEN });
    const loaded = await loadReference({ documents: ['api/'], base: 'reference', allowInvalid: false, strict: false }, root);
    assert.equal(loaded.site, undefined);
    assert.equal(loaded.errors, true);
    assert.match(loaded.report, /^api\/orders\.apidesc\.yaml:\d+:\d+ {2}error {2}ref-unresolved {2}/m);
    assert.match(loaded.report, /hint: /);
  });

  it('with allowInvalid, builds a preview whose pages show the errors', async () => {
    const root = tempTree({ 'api/orders.apidesc.yaml': BROKEN });
    const loaded = await loadReference({ documents: ['api/'], base: 'reference', allowInvalid: true, strict: false }, root);
    assert.equal(loaded.errors, true);
    assert.equal(loaded.site?.apis[0]?.errorCount, 1);
  });

  it('with strict, stops at schema content that contradicts itself, as `validate --strict`', async () => {
    const root = tempTree({ 'api/a.yaml': `${MINIMAL}components:\n  schemas:\n    Count:\n      type: integer\n      default: many\n` });
    const options = { documents: ['api/'], base: 'reference', allowInvalid: false, strict: false };
    const lenient = await loadReference(options, root);
    assert.match(lenient.report, /warning {2}schema-default-type/);
    assert.ok(lenient.site);
    const strict = await loadReference({ ...options, strict: true }, root);
    assert.match(strict.report, /error {2}schema-default-type/);
    assert.equal(strict.site, undefined);
  });

  it('stops when nothing can be read', async () => {
    const root = tempTree({ 'api/readme.txt': 'no documents' });
    const loaded = await loadReference({ documents: ['missing.yaml'], base: 'reference', allowInvalid: true, strict: false }, root);
    assert.equal(loaded.site, undefined);
    assert.match(loaded.report, /missing\.yaml/);
  });

  it('writes the code samples in the languages of its codeSamples option, as the configuration of `build` does', async () => {
    const root = tempTree({ 'api/lights.yaml': LIGHTS });
    const labels = async (languages?: ('javascript' | 'python')[]): Promise<string[]> => {
      const loaded = await loadReference(
        { documents: ['api/'], base: 'reference', allowInvalid: false, strict: false, ...(languages ? { sampleLanguages: languages } : {}) },
        root,
      );
      const page = loaded.site!.apis[0]!.pages.find((p) => p.url === 'operations/turnon/')!;
      await loaded.content!.fill(page);
      const samples = page.sections.find((s) => s.type === 'code-samples');
      loaded.content!.end();
      return samples?.type === 'code-samples' ? samples.groups[0]!.samples.map((s) => s.label) : [];
    };
    assert.deepEqual(await labels(), ['JavaScript', 'Python', 'Shell']);
    assert.deepEqual(await labels(['python']), ['Python']);
  });
});
