/**
 * `diff` judges a schema change by what the schema admits, checked as a property over the schemas
 * of the corpus and of this project's fixtures rather than one case per bug: each JSON Schema /
 * OpenAPI schema a message's payload reaches is mutated (a type changed, a property required or
 * no longer, the object closed, a string bounded or limited to one value, OpenAPI's `nullable`
 * taken away, a part added to its allOf), and the format's own
 * validator (ajv, test/schema-oracle.ts) decides on instances of its own making whether the set
 * of accepted payloads shrank (an instance accepted before is refused after) or grew. When it
 * shrank, diff must report a change that narrows (breaking for the document's receivers); when
 * it grew, one that widens (breaking for its senders' readers). Never "no change" or "wording".
 *
 * The corpus is read from $APIDESC_CORPUS (its single-file valid documents).
 */
import './seeded-random.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import type { ContentFinding } from '../src/lib/diff/classify.ts';
import { child } from '../src/lib/diff/diff-context.ts';
import { compareSchemaField } from '../src/lib/diff/schema-compat.ts';
import { childPointer } from '../src/lib/json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { openDocument } from '../src/lib/validate/validate-document.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { tempDir } from './helpers.ts';
import { oracleFor } from './schema-oracle.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures/schemas');
/** Schemas mutated per document at most, and mutations of each (the test stays a few seconds long). */
const TARGETS_PER_DOCUMENT = 6;
const SEEDS = [1, 2, 3];

type Mutation = { name: string; apply: (s: Record<string, unknown>) => boolean };

const OTHER_TYPE: Record<string, string> = { string: 'integer', integer: 'string', number: 'string', boolean: 'string', object: 'string', array: 'string' };

/** Sets `key` of schema `s` (a mutation that applies). */
function set(s: Record<string, unknown>, key: string, value: unknown): true {
  s[key] = value;
  return true;
}

/** Each changes a schema in place, when it applies (returns whether it did). */
const MUTATIONS: Mutation[] = [
  { name: 'type changed', apply: (s) => typeof s.type === 'string' && s.type in OTHER_TYPE && set(s, 'type', OTHER_TYPE[s.type]) },
  {
    name: 'a property required',
    apply: (s) => {
      if (!isPlainObject(s.properties)) return false;
      const required = Array.isArray(s.required) ? s.required : [];
      const name = Object.keys(s.properties).find((p) => !required.includes(p));
      return name !== undefined && set(s, 'required', [...required, name]);
    },
  },
  { name: 'a property no longer required', apply: (s) => Array.isArray(s.required) && s.required.length > 0 && set(s, 'required', s.required.slice(1)) },
  { name: 'the object closed', apply: (s) => isPlainObject(s.properties) && s.additionalProperties === undefined && set(s, 'additionalProperties', false) },
  { name: 'a string bounded', apply: (s) => s.type === 'string' && s.maxLength === undefined && s.enum === undefined && set(s, 'maxLength', 1) },
  // Through allOf: the view merges the part into the schema, as the page shows it.
  {
    name: 'a property required by an allOf part added',
    apply: (s) => {
      if (!isPlainObject(s.properties)) return false;
      const required = Array.isArray(s.required) ? s.required : [];
      const name = Object.keys(s.properties).find((p) => !required.includes(p));
      return name !== undefined && set(s, 'allOf', [...(Array.isArray(s.allOf) ? s.allOf : []), { required: [name] }]);
    },
  },
  {
    name: 'another type required by an allOf part added',
    apply: (s) =>
      typeof s.type === 'string' && s.type in OTHER_TYPE && set(s, 'allOf', [...(Array.isArray(s.allOf) ? s.allOf : []), { type: OTHER_TYPE[s.type] }]),
  },
  { name: 'OpenAPI nullable taken away', apply: (s) => s.nullable === true && set(s, 'nullable', false) },
  { name: 'a string limited to one value', apply: (s) => s.type === 'string' && s.enum === undefined && set(s, 'enum', ['only-this']) },
];

function documents(): string[] {
  const out = readdirSync(FIXTURES)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .map((f) => join(FIXTURES, f));
  if (HAS_CORPUS)
    out.push(
      ...readdirSync(join(CORPUS, 'valid'))
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .map((f) => join(CORPUS, 'valid', f)),
    );
  return out.sort();
}

/** Key paths of the schemas written in a document's components and message payloads (objects with a `type`). */
function schemaPaths(doc: unknown): string[][] {
  const out: string[][] = [];
  const visit = (v: unknown, at: string[], depth: number): void => {
    if (depth > 12) return;
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) visit(x, [...at, String(i)], depth + 1);
    } else if (isPlainObject(v)) {
      if (typeof v.type === 'string' && at.some((k) => k === 'payload' || k === 'schemas')) out.push(at);
      for (const k of Object.keys(v)) if (k !== 'examples' && k !== 'bindings') visit(v[k], [...at, k], depth + 1);
    }
  };
  visit(doc, [], 0);
  return out;
}

/** Every message payload of a resolved document, by where the message is written (its pointer: the same in both versions). */
function payloads(doc: ResolvedDoc): Map<string, { value: unknown; at: { file: string; pointer: string } }> {
  const out = new Map<string, { value: unknown; at: { file: string; pointer: string } }>();
  const root = doc.root.value;
  if (!isPlainObject(root)) return out;
  const file = doc.root.path;
  const add = (raw: unknown, pointer: string): void => {
    const message = doc.deref(raw, { file, pointer });
    if (!message || !isPlainObject(message.value) || message.value.payload === undefined) return;
    out.set(message.at.pointer, { value: message.value.payload, at: child(message.at, 'payload') });
  };
  const components = isPlainObject(root.components) ? root.components : {};
  if (isPlainObject(components.messages))
    for (const m of Object.keys(components.messages)) add(components.messages[m], childPointer('/components/messages', m));
  if (isPlainObject(root.channels))
    for (const c of Object.keys(root.channels)) {
      const channel = root.channels[c];
      if (isPlainObject(channel) && isPlainObject(channel.messages))
        for (const m of Object.keys(channel.messages)) add(channel.messages[m], childPointer(childPointer(childPointer('/channels', c), 'messages'), m));
    }
  return out;
}

async function open(dir: string, name: string, value: unknown): Promise<ResolvedDoc | undefined> {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return (await openDocument(path, { cwd: dir, root: dir })).doc;
}

interface Tally {
  mutations: number;
  shrank: number;
  grew: number;
  misjudged: string[];
}

async function checkDocument(file: string, tally: Tally): Promise<void> {
  const text = readFileSync(file, 'utf8');
  // Single-file documents only: a mutated copy is written alone.
  if (/\$ref"?\s*:\s*['"]?[^'"#\s]/.test(text)) return;
  const value = parse(text) as unknown;
  const targets = schemaPaths(value);
  const step = Math.max(1, Math.floor(targets.length / TARGETS_PER_DOCUMENT));
  const dir = tempDir('apidesc-diff-property-');
  const base = await open(dir, 'base.json', value);
  if (!base) return;
  const basePayloads = payloads(base);
  for (let t = 0; t < targets.length && t / step < TARGETS_PER_DOCUMENT; t += step) {
    for (const mutation of MUTATIONS) {
      const copy = structuredClone(value) as Record<string, unknown>;
      const target = targets[t]!.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], copy) as Record<string, unknown>;
      if (!mutation.apply(target)) continue;
      const head = await open(dir, 'head.json', copy);
      if (!head) continue;
      tally.mutations++;
      const headPayloads = payloads(head);
      for (const [key, b] of basePayloads) {
        const h = headPayloads.get(key);
        const before = oracleFor(base, b.value, b.at);
        const after = h && oracleFor(head, h.value, h.at);
        if (!h || !before || !after || before.format === 'avro' || before.format === 'protobuf') continue;
        const instances = SEEDS.flatMap((seed) => [...before.instances(seed), ...after.instances(seed)]);
        const shrank = instances.some((i) => before.accepts(i) === true && after.accepts(i) === false);
        const grew = instances.some((i) => before.accepts(i) === false && after.accepts(i) === true);
        if (!shrank && !grew) continue;
        const findings: ContentFinding[] = [];
        compareSchemaField(base, head, b, h, 'payload', findings);
        const says = (effect: 'narrow' | 'widen'): boolean => findings.some((f) => f.effect === effect || f.effect === 'both' || f.judge === 'unfinished');
        const where = `${file.split('/').pop()} ${key} (${mutation.name} at /${targets[t]!.join('/')})`;
        if (shrank) {
          tally.shrank++;
          if (!says('narrow'))
            tally.misjudged.push(`${where}: accepted payloads shrank, diff says ${findings.map((f) => `${f.rule} ${f.effect}`).join(', ') || 'nothing'}`);
        }
        if (grew) {
          tally.grew++;
          if (!says('widen'))
            tally.misjudged.push(`${where}: accepted payloads grew, diff says ${findings.map((f) => `${f.rule} ${f.effect}`).join(', ') || 'nothing'}`);
        }
      }
    }
  }
}

describe('diff: a schema change is judged by what the validator accepts', () => {
  it('when the accepted payloads shrink diff reports a narrowing, when they grow a widening (mutations of corpus and fixture schemas)', {
    timeout: 300_000,
  }, async (t) => {
    const tally: Tally = { mutations: 0, shrank: 0, grew: 0, misjudged: [] };
    for (const file of documents()) await checkDocument(file, tally);
    assert.deepEqual(tally.misjudged, []);
    // The property was put to the test: mutations whose effect the validator saw, both ways.
    assert.ok(tally.shrank >= 20 && tally.grew >= 5, `too few decided cases: ${JSON.stringify({ ...tally, misjudged: tally.misjudged.length })}`);
    t.diagnostic(`diff property: ${tally.mutations} mutations, ${tally.shrank} shrank and ${tally.grew} grew an accepted set, each judged`);
  });
});
