/**
 * A schema's own `examples` as pages show them: over generated schemas with generated examples
 * (fast-check), every example a page shows as right is accepted by the format's own validator
 * (ajv, schema-oracle.ts), every one it marks wrong is rejected, and a right one leads the panel
 * where there is one; the findings (schema-example-invalid) are placed at each example, nested
 * properties' included, exactly where ajv rejects it; and no schema table row on any page shows
 * as "e.g." a value that ajv rejects at the row's level (a row whose every example is wrong says
 * so instead).
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
import { type Oracle, oracleFor } from './schema-oracle.ts';

type Examples = Extract<PageSection, { type: 'examples' }>;
type Schema = Record<string, unknown>;

/** A value of any of the shapes the schemas below take, so that some examples match and some do not. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: -3, max: 12 }),
    fc.constantFrom('a', 'b', 'zz', ''),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('n', 's', 'list'), tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** A schema of JSON Schema (draft 07) with examples of its own at some levels. */
const schema: fc.Arbitrary<Schema> = fc.letrec<{ s: Schema }>((tie) => ({
  s: fc
    .tuple(
      fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ type: fc.constant('integer'), minimum: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: ['type'] }),
        fc.record({ type: fc.constant('string'), maxLength: fc.integer({ min: 0, max: 2 }) }, { requiredKeys: ['type'] }),
        fc.record({ enum: fc.uniqueArray(fc.constantFrom('a', 'b', 1, null), { minLength: 1, maxLength: 3 }) }),
        fc.record({ type: fc.constant('array'), items: tie('s') }),
        fc
          .record({ n: tie('s'), s: tie('s'), required: fc.subarray(['n', 's']) })
          .map(({ n, s, required }) => ({ type: 'object', properties: { n, s }, ...(required.length > 0 ? { required } : {}) })),
      ),
      fc.option(fc.array(value, { minLength: 1, maxLength: 4 }), { nil: undefined }),
    )
    .map(([s, examples]) => (examples ? { ...s, examples } : s)),
})).s;

function document(component: Schema): string {
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Shapes', version: '1.0.0' },
    channels: { shapes: { address: 'shapes', messages: { drawn: { $ref: '#/components/messages/Drawn' } } } },
    operations: { draw: { action: 'send', channel: { $ref: '#/channels/shapes' }, messages: [{ $ref: '#/channels/shapes/messages/drawn' }] } },
    components: { schemas: { Shape: component }, messages: { Drawn: { payload: { $ref: '#/components/schemas/Shape' } } } },
  });
}

/** Every schema of the tree with its pointer, the root's first. */
function schemasIn(s: Schema, pointer: string): [string, Schema][] {
  const found: [string, Schema][] = [[pointer, s]];
  if (s.items && typeof s.items === 'object') found.push(...schemasIn(s.items as Schema, `${pointer}/items`));
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  for (const [name, sub] of Object.entries(properties)) found.push(...schemasIn(sub, `${pointer}/properties/${name}`));
  return found;
}

/** The schema a row stands for, by its data path: `.n`/`.s` a property, `[]` an array's items (undefined: another kind of row). */
function pointerOfRow(anchor: string, prefix: string, root: string): string | undefined {
  if (!anchor.startsWith(prefix)) return undefined;
  const steps = anchor.slice(prefix.length).match(/\.[ns]|\[\]|[^.[]+/g) ?? [];
  let pointer = root;
  for (const step of steps) {
    if (step === '[]') pointer += '/items';
    else if (step === '.n' || step === '.s') pointer += `/properties/${step.slice(1)}`;
    else return undefined;
  }
  return pointer;
}

const examplesOf = (page: Page): Examples | undefined => page.sections.find((s): s is Examples => s.type === 'examples');

describe("a schema's own examples, as pages show them", () => {
  const dir = tempDir('apidesc-schema-examples-');
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  /** Rows seen showing right examples, and rows saying every example is wrong, over all runs: the property is not vacuous. */
  const seen = { right: 0, wrong: 0 };
  after(() => {
    assert.ok(seen.right > 0, 'some rows show right examples');
    assert.ok(seen.wrong > 0, 'some rows say their examples are wrong');
  });

  it('are marked wrong exactly where the format’s validator rejects them, and a right one leads', async () => {
    await fc.assert(
      fc.asyncProperty(schema, async (component) => {
        const file = join(dir, `shapes-${n++}.json`);
        writeFileSync(file, document(component));
        const { doc, diagnostics } = await validateDocument(file, { root: dir });
        assert.ok(doc);
        // The findings: at each example of each level that ajv rejects, and nowhere else.
        const found = new Set(diagnostics.filter((d) => d.code === 'schema-example-invalid').map((d) => d.pointer));
        const expected = new Set<string>();
        for (const [pointer, s] of schemasIn(component, '/components/schemas/Shape')) {
          const oracle = oracleFor(doc, s, { file, pointer });
          assert.ok(oracle, pointer);
          for (const [i, example] of ((s.examples ?? []) as unknown[]).entries())
            if (oracle.accepts(example) === false) expected.add(`${pointer}/examples/${i}`);
        }
        assert.deepEqual([...found].sort(), [...expected].sort(), JSON.stringify(component));
        // The pages: the message's panel and the schema's own page.
        const model = buildApiModel(doc, 'shapes', dir);
        const findings = invalidExamples(diagnostics.map((d) => ({ ...d, file: relative(dir, d.file) })));
        for (const url of ['components/messages/drawn/', 'components/schemas/shape/']) {
          const page = model.pages.find((p) => p.url === url)!;
          markInvalidExamples(page, findings);
          const shown = examplesOf(page)?.examples ?? [];
          const own = shown.filter((e) => e.source?.pointer.startsWith('/components/schemas/Shape/examples/'));
          assert.equal(own.length, ((component.examples ?? []) as unknown[]).length, `${url} shows every example of the schema`);
          for (const e of own) {
            const wrong = expected.has(e.source!.pointer);
            assert.equal(e.warnings !== undefined, wrong, `${url}: ${e.title} (${e.source!.pointer}) is shown ${e.warnings ? 'wrong' : 'right'}`);
          }
          // A right one leads where the page has one (its own, or a made one that was checked).
          const right = (e: Examples['examples'][number]): boolean => e.warnings === undefined && e.note === undefined;
          if (shown.some(right)) assert.ok(right(shown[0]!), `${url} leads with a right example: ${shown.map((e) => e.title).join(' | ')}`);
        }
        // Every schema table row of every page: its "e.g." values are accepted at its level.
        const levels = new Map(schemasIn(component, '/components/schemas/Shape'));
        for (const page of model.pages) {
          for (const section of page.sections) {
            if (section.type !== 'schema' || section.rows.length === 0) continue;
            const prefix = section.rows[0]!.anchor;
            for (const row of section.rows) {
              const pointer = pointerOfRow(row.anchor, prefix, '/components/schemas/Shape');
              const level = pointer === undefined ? undefined : levels.get(pointer);
              if (!level || !pointer) continue;
              const levelOracle: Oracle = oracleFor(doc, level, { file, pointer })!;
              for (const v of row.examples ?? []) assert.notEqual(levelOracle.accepts(v), false, `${page.url} #${row.anchor} shows e.g. ${JSON.stringify(v)}`);
              for (const v of row.wrongExamples ?? [])
                assert.equal(levelOracle.accepts(v), false, `${page.url} #${row.anchor} says ${JSON.stringify(v)} is wrong`);
              if (row.examples) seen.right++;
              if (row.wrongExamples) seen.wrong++;
            }
          }
        }
      }),
      { numRuns: 60, seed: 2026 },
    );
  });
});
