/**
 * Property-based fuzzing (fast-check): corpus documents mutated (delete, duplicate, retype, swap
 * nodes, break references) must validate and build their pages without an uncaught exception,
 * each in a few seconds. A failure prints its seed and path: add them to REGRESSIONS so the case
 * is replayed on every run.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { buildSiteData } from '../src/site/site-model.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { runCli, tempTree } from './helpers.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { OBJECT_PROPERTY_NAMES, objectKeysDocument } from './object-keys-document.ts';

const corpus = CORPUS;
const sources = [
  join(import.meta.dirname, '../content/orders.apidesc.yaml'),
  ...(HAS_CORPUS
    ? readdirSync(join(corpus, 'valid'))
        .sort()
        .map((f) => join(corpus, 'valid', f))
    : []),
];
const documents = sources.map((file) => jsyaml.load(readFileSync(file, 'utf8'), { schema: jsyaml.CORE_SCHEMA }) as Record<string, unknown>);

/** Seeds (and paths) of past failures, replayed first. */
const REGRESSIONS: { seed: number; path?: string }[] = [];

const WEIRD: unknown[] = [
  null,
  0,
  -1,
  1e308,
  '',
  'x',
  true,
  [],
  {},
  [[]],
  { $ref: '#/nope' },
  { $ref: '#' },
  { $ref: '../outside.yaml#/x' },
  { $ref: 5 },
  { $ref: '#/components' },
  '{a}',
  '$message.payload#/a',
  { type: 'nope' },
  { oneOf: [] },
  '<script>alert(1)</script>',
  'javascript:alert(1)',
];

type Mutation = { kind: 'delete' | 'replace' | 'swap' | 'duplicate'; at: number; other: number; value: number };

const mutation = fc.record({
  kind: fc.constantFrom('delete', 'replace', 'swap', 'duplicate') as fc.Arbitrary<Mutation['kind']>,
  at: fc.nat(),
  other: fc.nat(),
  value: fc.nat({ max: WEIRD.length - 1 }),
});

/** Every (container, key) of a value, in a stable order. */
function slots(value: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []): [Record<string, unknown> | unknown[], string | number][] {
  if (typeof value !== 'object' || value === null) return out;
  for (const key of Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)) {
    out.push([value as Record<string, unknown>, key]);
    slots((value as Record<string | number, unknown>)[key], out);
  }
  return out;
}

function mutate(document: unknown, mutations: Mutation[]): unknown {
  const doc = structuredClone(document);
  for (const m of mutations) {
    const all = slots(doc);
    if (all.length === 0) break;
    const [holder, key] = all[m.at % all.length]!;
    const [otherHolder, otherKey] = all[m.other % all.length]!;
    const h = holder as Record<string | number, unknown>;
    const o = otherHolder as Record<string | number, unknown>;
    if (m.kind === 'delete') {
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete h[key];
    } else if (m.kind === 'replace') h[key] = structuredClone(WEIRD[m.value]);
    else if (m.kind === 'swap') [h[key], o[otherKey]] = [o[otherKey], h[key]];
    else h[key] = structuredClone(o[otherKey] ?? null);
  }
  return doc;
}

describe('fuzz: mutated documents never crash validate or the page model', () => {
  it(`holds for mutations of ${sources.length} documents`, async () => {
    const dir = tempTree({ 'keep.txt': '' });
    const property = fc.asyncProperty(fc.nat({ max: documents.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 5 }), async (index, mutations) => {
      const file = join(dir, 'doc.json');
      writeFileSync(file, JSON.stringify(mutate(documents[index], mutations)));
      const started = Date.now();
      const { doc, diagnostics } = await validateDocument(file);
      assert.ok(Array.isArray(diagnostics));
      assert.ok(!diagnostics.some((d) => d.code.startsWith('internal')), JSON.stringify(diagnostics.filter((d) => d.code.startsWith('internal'))));
      if (doc) buildSiteData([{ file, doc, diagnostics }], dir);
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    });
    for (const { seed, path } of REGRESSIONS) await fc.assert(property, { seed, ...(path ? { path } : {}), numRuns: 1 });
    await fc.assert(property, { numRuns: Number(process.env.APIDESC_FUZZ_RUNS ?? 150) });
  });

  it('renders a few mutated documents into whole sites (preview builds) without failing', async () => {
    const dir = tempTree({ 'keep.txt': '' });
    const property = fc.asyncProperty(fc.nat({ max: documents.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (index, mutations) => {
      writeFileSync(join(dir, 'doc.json'), JSON.stringify(mutate(documents[index], mutations)));
      const code = await runCli(['build', 'doc.json', '--out', 'site', '--allow-invalid'], dir);
      // 0: built; 1: not even a preview is possible (e.g. the root is no longer an object).
      assert.ok(code === 0 || code === 1, `exit ${code}`);
    });
    await fc.assert(property, { numRuns: Number(process.env.APIDESC_FUZZ_BUILDS ?? 4) });
  });
});

/**
 * Keys named like the properties every object has (`constructor`, `__proto__`, …) at any map
 * position of a corpus document, and as values that name a key (a protocol, an address
 * expression, a reference's last token): validation and the model look keys up as own
 * properties, so none of them may throw.
 */
type KeyMutation = { kind: 'rename' | 'add' | 'value' | 'expression' | 'retarget'; at: number; name: number };

const keyMutation = fc.record({
  kind: fc.constantFrom('rename', 'add', 'value', 'expression', 'retarget') as fc.Arbitrary<KeyMutation['kind']>,
  at: fc.nat(),
  name: fc.nat({ max: OBJECT_PROPERTY_NAMES.length - 1 }),
});

/** Every plain object of a value (the maps and objects a key can be added to or renamed in). */
function objectsOf(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null) return out;
  if (!Array.isArray(value)) out.push(value as Record<string, unknown>);
  for (const child of Object.values(value)) objectsOf(child, out);
  return out;
}

function withObjectKeys(document: unknown, mutations: KeyMutation[]): unknown {
  const doc = structuredClone(document);
  for (const m of mutations) {
    const name = OBJECT_PROPERTY_NAMES[m.name]!;
    const objects = objectsOf(doc);
    const target = objects[m.at % objects.length]!;
    const keys = Object.keys(target);
    const key = keys.length > 0 ? keys[m.at % keys.length]! : undefined;
    // Object.defineProperty: `target[name] = …` with `__proto__` would set the prototype, not a key.
    const put = (k: string, v: unknown): void => void Object.defineProperty(target, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (m.kind === 'rename' && key !== undefined) {
      const value = target[key];
      delete target[key];
      put(name, value);
    } else if (m.kind === 'add') put(name, structuredClone(key === undefined ? {} : target[key]));
    else if (key !== undefined && m.kind === 'value') put(key, name);
    else if (key !== undefined && m.kind === 'expression' && typeof target[key] === 'string') put(key, `${String(target[key])}/{${name}}`);
    else if (m.kind === 'retarget') {
      const refs = objects.filter((o) => typeof o.$ref === 'string');
      const ref = refs[m.at % Math.max(refs.length, 1)];
      if (ref) ref.$ref = String(ref.$ref).replace(/[^/#]*$/, name.replaceAll('~', '~0'));
    }
  }
  return doc;
}

describe('fuzz: keys named like Object properties never crash validate or the page model', () => {
  const check = async (file: string, dir: string): Promise<void> => {
    const { doc, diagnostics } = await validateDocument(file);
    assert.ok(!diagnostics.some((d) => d.code.startsWith('internal')), JSON.stringify(diagnostics.filter((d) => d.code.startsWith('internal'))));
    if (!doc) return;
    const { site } = buildSiteData([{ file, doc, diagnostics }], dir);
    // Every page is complete and can be written out (the renderer reads it as JSON).
    assert.doesNotThrow(() => JSON.stringify(site));
  };

  it('holds for a document with every such name at every kind of map position, or a few of them', async () => {
    const dir = tempTree({ 'keep.txt': '' });
    const property = fc.asyncProperty(fc.subarray(OBJECT_PROPERTY_NAMES, { minLength: 1 }), async (names) => {
      const file = join(dir, 'keys.json');
      writeFileSync(file, objectKeysDocument(names));
      await check(file, dir);
    });
    await check(join(tempTree({ 'keys.json': objectKeysDocument() }), 'keys.json'), dir);
    await fc.assert(property, { numRuns: Number(process.env.APIDESC_FUZZ_KEY_DOCUMENTS ?? 8) });
  });

  it(`holds for such keys and values anywhere in ${sources.length} documents`, async () => {
    const dir = tempTree({ 'keep.txt': '' });
    const property = fc.asyncProperty(
      fc.nat({ max: documents.length - 1 }),
      fc.array(keyMutation, { minLength: 1, maxLength: 6 }),
      async (index, mutations) => {
        const file = join(dir, 'doc.json');
        writeFileSync(file, JSON.stringify(withObjectKeys(documents[index], mutations)));
        await check(file, dir);
      },
    );
    await fc.assert(property, { numRuns: Number(process.env.APIDESC_FUZZ_RUNS ?? 150) });
  });
});
