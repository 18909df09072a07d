/**
 * The schema tables and generated examples say what the format's own validator says, checked
 * as a property over every schema of the corpus and of this project's fixtures (issue: schemas
 * and examples exactly right), not one fixture per bug:
 *
 * 1. Every instance the validator accepts is admitted by the table as a reader sees it (types,
 *    nullability, required fields, enums and consts, items, shapes): instances made by the
 *    validator's side (json-schema-faker, avsc, protobufjs), the document's own examples, this
 *    tool's generated example, and mutations of each (a field removed, set to null, set to
 *    another type) that the validator still accepts.
 * 2. The table leaves out no field the validator knows (a field of an accepted instance is listed).
 * 3. What the table marks is true: a required field's absence is refused by the validator, a
 *    nullable field's null accepted.
 * 4. Every generated example is accepted by the validator.
 *
 * The corpus is read from $APIDESC_CORPUS; $APIDESC_EXTRA_CORPUS names more folders of documents
 * (optional, for a local run on documents kept outside the repository).
 */
import './seeded-random.ts';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Location } from '../src/lib/diagnostics/diagnostic.ts';
import { viewRows } from '../src/lib/model/schema-rows.ts';
import { childPointer } from '../src/lib/json-pointer.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { generateExamples } from '../src/lib/model/generated-examples.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { schemaViewsOf } from '../src/lib/schema/schema-views.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { admits, type RowTree, rowTree } from './schema-admits.ts';
import { type Oracle, oracleFor } from './schema-oracle.ts';

const repo = resolve(import.meta.dirname, '..');
const FIXTURES = join(repo, 'test/fixtures/schemas');

interface Site {
  label: string;
  raw: unknown;
  at: Location;
  /** The document's own examples of this part. */
  examples: unknown[];
  /** For a message's part: the message (for its generated examples) and which part. */
  message?: { value: Record<string, unknown>; origin: Record<string, Location> };
  part?: 'headers' | 'payload';
}

interface Figures {
  documents: number;
  schemas: number;
  instances: number;
  mutations: number;
  generated: number;
  /** Message parts for which no example could be made (the page says why). */
  notGenerated: number;
  disagreements: string[];
}

/** Every message's headers and payload, and every components schema, of a document. */
function schemaSites(doc: ResolvedDoc): Site[] {
  const root = doc.root.value;
  if (!isPlainObject(root)) return [];
  const file = doc.root.path;
  const out: Site[] = [];
  const components = isPlainObject(root.components) ? root.components : {};
  if (isPlainObject(components.schemas))
    for (const id of Object.keys(components.schemas))
      out.push({ label: `schema ${id}`, raw: components.schemas[id], at: { file, pointer: childPointer('/components/schemas', id) }, examples: [] });
  const messages: [string, unknown, Location][] = [];
  if (isPlainObject(components.messages))
    for (const id of Object.keys(components.messages))
      messages.push([id, components.messages[id], { file, pointer: childPointer('/components/messages', id) }]);
  if (isPlainObject(root.channels))
    for (const c of Object.keys(root.channels)) {
      const channel = doc.deref(root.channels[c], { file, pointer: childPointer('/channels', c) });
      if (!channel || !isPlainObject(channel.value) || !isPlainObject(channel.value.messages)) continue;
      for (const m of Object.keys(channel.value.messages))
        messages.push([
          `${c}/${m}`,
          channel.value.messages[m],
          { file: channel.at.file, pointer: childPointer(childPointer(channel.at.pointer, 'messages'), m) },
        ]);
    }
  const seen = new Set<string>();
  for (const [name, raw, at] of messages) {
    const message = doc.deref(raw, at);
    if (!message || !isPlainObject(message.value)) continue;
    const key = `${message.at.file}#${message.at.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const examples = Array.isArray(message.value.examples) ? message.value.examples.filter(isPlainObject) : [];
    for (const part of ['headers', 'payload'] as const) {
      if (message.value[part] === undefined) continue;
      out.push({
        label: `message ${name} ${part}`,
        raw: message.value[part],
        at: { file: message.at.file, pointer: childPointer(message.at.pointer, part) },
        examples: examples.filter((e) => part in e).map((e) => e[part]),
        message: { value: message.value, origin: { headers: message.at, payload: message.at } },
        part,
      });
    }
  }
  return out;
}

function documents(): string[] {
  const folders: string[] = [FIXTURES];
  if (HAS_CORPUS) folders.push(join(CORPUS, 'valid'), join(CORPUS, 'multi-file'));
  for (const extra of (process.env.APIDESC_EXTRA_CORPUS ?? '').split(':').filter(Boolean)) folders.push(extra);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ya?ml|json)$/.test(name)) out.push(path);
    }
  };
  for (const f of folders) walk(f);
  return out;
}

/** Paths (as key lists) of every value inside `value`, at most `limit`. */
function paths(value: unknown, limit = 40): string[][] {
  const out: string[][] = [];
  const walk = (v: unknown, at: string[]): void => {
    if (out.length >= limit) return;
    if (Array.isArray(v)) {
      for (const [i, x] of v.slice(0, 3).entries()) walk(x, [...at, String(i)]);
    } else if (isPlainObject(v))
      for (const k of Object.keys(v)) {
        out.push([...at, k]);
        walk(v[k], [...at, k]);
      }
  };
  walk(value, []);
  return out;
}

function mutate(value: unknown, path: string[], change: 'delete' | 'null' | unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let target: Record<string, unknown> | unknown[] = copy;
  for (const k of path.slice(0, -1)) target = (target as Record<string, unknown>)[k] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (change === 'delete') {
    if (Array.isArray(target)) target.splice(Number(last), 1);
    else delete target[last];
  } else (target as Record<string, unknown>)[last] = change === 'null' ? null : change;
  return copy;
}

/** The table's node for a data path (through object fields and array items), when it lists one without shapes on the way. */
function rowAt(tree: RowTree, path: string[]): RowTree | undefined {
  let node = tree;
  for (const key of path) {
    if (node.children.some((c) => c.row.alternative) || node.row.cut || node.row.repeatOf || node.row.backReference) return undefined;
    if (/^\d+$/.test(key) && node.row.type.startsWith('array')) continue;
    const next = node.children.find((c) => c.row.name === key && !c.row.alternative);
    if (!next) return undefined;
    node = next;
  }
  return node.children.some((c) => ['not', 'if'].includes(c.row.name)) ? undefined : node;
}

/** Fields of an accepted value that the table does not list (a table with shapes, patterns or other properties at that level lists all it knows). */
function unlisted(tree: RowTree, value: unknown, byAnchor: Map<string, RowTree>, at: string[] = [], depth = 0): string[] {
  let node = tree;
  const link = node.row.backReference ?? node.row.repeatOf;
  if (link) node = byAnchor.get(link.anchor) ?? node;
  if (depth > 30 || node.row.cut || node.children.some((c) => c.row.alternative || ['not', 'if'].includes(c.row.name))) return [];
  const out: string[] = [];
  const fields = node.children;
  if (Array.isArray(value)) {
    const items = fields.find((c) => c.row.name === '[items]');
    value.slice(0, 3).forEach((item, i) => {
      const position = fields.find((c) => c.row.name === `[${i}]`);
      const target = position ?? items;
      if (target) out.push(...unlisted(target, item, byAnchor, [...at, String(i)], depth + 1));
      else if (isPlainObject(item))
        out.push(...unlistedKeys({ row: node.row, children: fields.filter((c) => !c.row.name.startsWith('[')) }, item, byAnchor, [...at, String(i)], depth));
    });
    return out;
  }
  if (isPlainObject(value)) out.push(...unlistedKeys(node, value, byAnchor, at, depth));
  return out;
}

function unlistedKeys(node: RowTree, value: Record<string, unknown>, byAnchor: Map<string, RowTree>, at: string[], depth: number): string[] {
  const out: string[] = [];
  // A table row that says "any" (no keyword of its own) allows any field: nothing it could list.
  const open =
    node.children.some((c) => c.row.name === '{additional properties}' || /^\/.*\/$/.test(c.row.name)) ||
    node.row.booleanSchema === true ||
    (node.row.type === 'any' && !node.row.unresolvedHtml);
  for (const k of Object.keys(value)) {
    const child = node.children.find((c) => c.row.name === k);
    if (child) out.push(...unlisted(child, value[k], byAnchor, [...at, k], depth + 1));
    else if (!open) out.push([...at, k].join('/'));
  }
  return out;
}

function checkSite(doc: ResolvedDoc, site: Site, figures: Figures, where: string): void {
  const oracle: Oracle | undefined = oracleFor(doc, site.raw, site.at);
  if (!oracle) return;
  const views = schemaViewsOf(doc);
  const view = views.view(site.raw, site.at);
  if (!view.root) return;
  const table = viewRows(views, view.root, { anchorPrefix: 'x' });
  if (table.omitted) return;
  const { root, byAnchor } = rowTree(table.rows);
  figures.schemas++;
  const disagree = (text: string): void => {
    figures.disagreements.push(`${where} ${site.label} (${oracle.format}): ${text}`);
  };
  const generatorMisses: string[] = [];
  // 4. Generated examples, as a page shows them (checked in the build by its own validator), are accepted by this one too.
  const own: unknown[] = [];
  if (site.message) {
    const validator = new ExampleValidator(doc);
    const made = generateExamples(doc, validator, site.message.value, site.message.origin);
    validator.close();
    for (const example of made.examples) {
      const value = (example.value as Record<string, unknown>)[site.part!];
      if (value === undefined) continue;
      figures.generated++;
      own.push(value);
      if (oracle.accepts(value) === false) disagree(`the generated example is refused by the validator: ${JSON.stringify(value).slice(0, 200)}`);
    }
    const missing = made.missing.filter((m) => m.includes(`No ${site.part} example`));
    figures.notGenerated += missing.length;
    generatorMisses.push(...missing.filter((m) => m.includes('do not satisfy it')));
  }
  // 1. Accepted instances are admitted; their mutations too, when still accepted.
  const made = [1, 2, 3].flatMap((seed) => oracle.instances(seed));
  // 4b. The generator gives up only where no value can be made (the reason says which): where the validator's side made a value it accepts, so could the generator.
  if (generatorMisses.length > 0 && made.some((m) => oracle.accepts(m) === true))
    disagree(`no example was generated although the validator accepts values: ${generatorMisses[0]}`);
  const candidates = [...made, ...site.examples, ...own];
  for (const instance of candidates) {
    if (oracle.accepts(instance) !== true) continue;
    figures.instances++;
    const why: string[] = [];
    if (!admits(root, instance, byAnchor, '', why))
      disagree(`the validator accepts ${JSON.stringify(instance).slice(0, 200)}; the table refuses it: ${why[0]}`);
    // 2. Every field of an accepted instance of the validator's making is listed (the document's
    //    own examples may carry fields the schema only allows, not names).
    if (made.includes(instance))
      for (const field of unlisted(root, instance, byAnchor)) disagree(`the validator accepts a value with the field ${field}, which the table does not list`);
    for (const path of paths(instance)) {
      for (const change of ['delete', 'null', 'text', 7, true, {}] as const) {
        const mutant = mutate(instance, path, change);
        const verdict = oracle.accepts(mutant);
        if (verdict === undefined) continue;
        const accepted = verdict;
        figures.mutations++;
        const row = rowAt(root, path);
        if (accepted) {
          const reasons: string[] = [];
          if (!admits(root, mutant, byAnchor, '', reasons))
            disagree(
              `the validator accepts ${path.join('/')} ${change === 'delete' ? 'left out' : `as ${JSON.stringify(change)}`}; the table refuses it: ${reasons[0]}`,
            );
        } else if (row && !/^\d+$/.test(path[path.length - 1]!)) {
          // 3. What the table marks is true.
          if (change === 'null' && row.row.nullable && oracle.format !== 'protobuf')
            disagree(`the table marks ${path.join('/')} nullable; the validator refuses null`);
        }
        if (
          change === 'delete' &&
          !accepted &&
          row &&
          !row.row.required &&
          row.row.name !== '' &&
          !/^\d+$/.test(path[path.length - 1]!) &&
          isPlainObject(parentOf(instance, path))
        )
          disagree(`the validator requires ${path.join('/')}; the table says it is optional`);
      }
    }
  }
}

function parentOf(value: unknown, path: string[]): unknown {
  let v = value;
  for (const k of path.slice(0, -1)) v = isPlainObject(v) ? v[k] : Array.isArray(v) ? v[Number(k)] : undefined;
  return v;
}

describe('schema tables and generated examples agree with the format validators', () => {
  it('on every schema of the corpus and the fixtures', { timeout: 600_000 }, async () => {
    const figures: Figures = { documents: 0, schemas: 0, instances: 0, mutations: 0, generated: 0, notGenerated: 0, disagreements: [] };
    for (const file of documents()) {
      const result = await validateDocument(file, { root: resolve(file, '..', '..') });
      const doc = result.doc;
      if (!doc || !isPlainObject(doc.root.value) || !('apidesc' in doc.root.value)) continue;
      if (result.diagnostics.some((d) => d.severity === 'error')) continue;
      figures.documents++;
      if (process.env.APIDESC_TRACE) process.stderr.write(`${file}\n`);
      for (const site of schemaSites(doc)) checkSite(doc, site, figures, file.replace(`${repo}/`, '').replace(`${CORPUS}/`, 'corpus/'));
    }
    process.stdout.write(
      `schema property test: ${figures.documents} documents, ${figures.schemas} schemas, ${figures.instances} accepted instances, ${figures.mutations} mutations, ${figures.generated} generated examples (${figures.notGenerated} message parts without one), ${figures.disagreements.length} disagreements\n`,
    );
    assert.ok(figures.schemas > 50, `only ${figures.schemas} schemas checked`);
    assert.deepEqual(figures.disagreements.slice(0, 30), []);
  });
});
