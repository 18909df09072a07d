/**
 * The document's examples before generated ones, at every level a page uses: a message's own
 * examples, its payload schema's `examples`, a field's example. Over documents with and without
 * each (fast-check), the message page and the schema page show the author's first (a wrong one
 * too, its finding beside it, after a right one), never
 * say the document gives no example when it gives one, and make their generated value with the
 * field's example the table shows as "e.g.". Where the document's are wrong and a right one is
 * there, the right one leads (in the model, so that every reader of the page sees one order).
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildApiModel } from '../src/lib/model/build-model.ts';
import { invalidExamples, markInvalidExamples } from '../src/lib/model/example-findings.ts';
import type { Page, PageSection } from '../src/lib/model/page-types.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { tempDir } from './helpers.ts';

type Examples = Extract<PageSection, { type: 'examples' }>;

interface Levels {
  message?: { label: string };
  /** The payload schema's example: a right one, or one whose `label` is a number (its type is string). */
  schema?: { valid: boolean; label: string };
  /** The example of the field `power` (its schema Power's `examples`), zeros included: springwolf writes `{"hp":0,"torque":0}`. */
  field?: { hp: number; torque: number };
}

function document(levels: Levels): string {
  const power: Record<string, unknown> = {
    type: 'object',
    properties: { hp: { type: 'integer', minimum: 0 }, torque: { type: 'integer', minimum: 0 } },
    required: ['hp', 'torque'],
  };
  if (levels.field) power.examples = [levels.field];
  const engine: Record<string, unknown> = {
    type: 'object',
    properties: { label: { type: 'string' }, power: { $ref: '#/components/schemas/Power' } },
    required: ['label', 'power'],
  };
  if (levels.schema) engine.examples = [{ label: levels.schema.valid ? levels.schema.label : 42, power: { hp: 7, torque: 9 } }];
  const message: Record<string, unknown> = { name: 'EngineTuned', payload: { $ref: '#/components/schemas/Engine' } };
  if (levels.message) message.examples = [{ payload: { label: levels.message.label, power: { hp: 1, torque: 2 } } }];
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Engines', version: '1.0.0' },
    channels: { engines: { address: 'engines', messages: { tuned: { $ref: '#/components/messages/EngineTuned' } } } },
    operations: { tune: { action: 'send', channel: { $ref: '#/channels/engines' }, messages: [{ $ref: '#/channels/engines/messages/tuned' }] } },
    components: { schemas: { Engine: engine, Power: power }, messages: { EngineTuned: message } },
  });
}

const examplesOf = (page: Page): Examples => {
  const section = page.sections.find((s): s is Examples => s.type === 'examples');
  assert.ok(section, `${page.url} has examples`);
  return section;
};
const payloadOf = (e: Examples['examples'][number]): Record<string, unknown> =>
  JSON.parse(e.blocks.find((b) => b.part === 'payload' || b.part === 'value')!.code) as Record<string, unknown>;

describe("the document's examples first, at every level", () => {
  const dir = tempDir('apidesc-author-examples-');
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  it('holds for documents with and without a message, schema and field example', async () => {
    const label = fc.constantFrom('turbo', 'eco', 'track day');
    const levels = fc.record(
      {
        message: fc.record({ label }),
        schema: fc.record({ valid: fc.boolean(), label }),
        field: fc.record({ hp: fc.constantFrom(0, 90, 250), torque: fc.constantFrom(0, 120, 400) }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(levels, async (levels) => {
        const file = join(dir, `engines-${n++}.json`);
        writeFileSync(file, document(levels));
        const { doc, diagnostics } = await validateDocument(file, { root: dir });
        assert.ok(doc);
        const model = buildApiModel(doc, 'engines', dir);
        const page = (url: string): Page => model.pages.find((p) => p.url === url)!;
        const message = examplesOf(page('components/messages/enginetuned/'));
        const titles = message.examples.map((e) => e.title);
        const isMade = (t: string): boolean => t.startsWith('Generated example');
        // A right example leads (example-order.ts): the document's wrong one follows the first right made one.
        const wrongLeadsNot = !levels.message && levels.schema?.valid === false && message.examples.some((e) => isMade(e.title) && e.note === undefined);
        const inOrder = wrongLeadsNot ? titles.slice(1) : titles;
        if (wrongLeadsNot) assert.ok(isMade(titles[0]!) && message.examples[0]!.note === undefined, `a right example leads: ${titles.join(' | ')}`);
        const generated = inOrder.findIndex(isMade);
        const authored = generated === -1 ? inOrder : inOrder.slice(0, generated);
        // Generated ones come last, after every one of the document's.
        assert.ok(generated === -1 || inOrder.slice(generated).every(isMade), titles.join(' | '));
        if (levels.message) assert.deepEqual(authored, ['Example 1']);
        else if (levels.schema) {
          assert.deepEqual(authored, ["The document's example"]);
          const shown = message.examples.find((e) => e.title === "The document's example")!;
          assert.equal(shown.source?.pointer, '/components/schemas/Engine/examples/0', 'where its finding meets it');
          const found = diagnostics.some((d) => d.code === 'schema-example-invalid' && d.pointer.startsWith('/components/schemas/Engine/examples/0'));
          assert.equal(found, !levels.schema.valid, 'a wrong one is shown all the same, its fault found');
        } else assert.deepEqual(authored, []);
        // "The document gives no example" only where it gives none at any level.
        const saysNone = message.generated === true && message.fieldValues !== true;
        assert.equal(saysNone, !levels.message && !levels.schema && !levels.field, JSON.stringify(levels));
        // A made value holds the field's example, the "e.g." its row shows.
        if (levels.field && !levels.message)
          for (const e of message.examples.filter((e) => isMade(e.title))) assert.deepEqual(payloadOf(e).power, { ...levels.field }, JSON.stringify(levels));
        // The schema's own page: its example first, made ones after; a made one first where the document's is wrong.
        const schema = examplesOf(page('components/schemas/engine/'));
        const documents = /^(Example 1|The document's example)$/;
        if (levels.schema?.valid || (levels.schema && schema.examples.length === 1)) assert.match(schema.examples[0]!.title, documents);
        else if (levels.schema)
          assert.ok(!documents.test(schema.examples[0]!.title) && documents.test(schema.examples[1]!.title), schema.examples.map((e) => e.title).join(' | '));
        if (levels.field && !levels.schema && schema.generated)
          for (const e of schema.examples) assert.deepEqual(payloadOf(e).power, { ...levels.field }, JSON.stringify(levels));
      }),
      { numRuns: 24, seed: 1613 },
    );
  });

  it("leads with a right example on the site where the document's first is wrong, the wrong one after it with its fault", async () => {
    const file = join(dir, 'engines-wrong.json');
    const api = JSON.parse(document({ message: { label: 'eco' } })) as { components: { messages: { EngineTuned: { examples: unknown[] } } } };
    // Its first example's label is a number where the schema asks for a string.
    api.components.messages.EngineTuned.examples.unshift({ payload: { label: 42, power: { hp: 1, torque: 2 } } });
    writeFileSync(file, JSON.stringify(api));
    const { doc, diagnostics } = await validateDocument(file, { root: dir });
    assert.ok(doc);
    const page = buildApiModel(doc, 'engines', dir).pages.find((p) => p.url === 'components/messages/enginetuned/')!;
    // The model decides the order (every reader of the page sees it); the findings only mark the wrong one.
    assert.deepEqual(
      examplesOf(page).examples.map((e) => e.title),
      ['Example 2', 'Example 1'],
      'the model leads with the right example',
    );
    markInvalidExamples(page, invalidExamples(diagnostics.map((d) => ({ ...d, file: relative(dir, d.file) }))));
    const [first, second] = examplesOf(page).examples;
    assert.equal(first!.title, 'Example 2', 'a right example leads');
    assert.equal(first!.warnings, undefined);
    assert.equal(second!.title, 'Example 1', 'the wrong one follows, its number kept');
    assert.ok(second!.warnings?.length, 'its fault said');
  });
});
