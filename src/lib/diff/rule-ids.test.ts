/**
 * The catalogue of rules (rule-ids.ts) names every rule the code can report: each rule name
 * written in src/lib/diff (and its sub-folders), literally or built from a list of keys, is in it, and it names no rule
 * the code never reports.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DIFF_RULE_IDS } from './rule-ids.ts';

const folder = import.meta.dirname;
// The folder and its sub-folders (the schema comparison is schema/, one module per concern).
const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'rule-ids.ts')
  .map((f) => readFileSync(join(folder, f), 'utf8'))
  .join('\n');
/** A rule name: lower-case words joined by `-`, starting with the kind of object it is about. */
const RULE_NAME =
  /'((?:api|format|info|default|server|value|parameter|channel|operation|message|security|binding|schema|avro|protobuf|sns|config)-[a-z0-9-]+)'/g;
/** Names built from a key: `message-${key}-changed` over the keys compared, `server-${key}-changed`. */
const BUILT = [
  ...['contentType', 'name', 'title', 'summary', 'description', 'examples', 'tags', 'externalDocs'].map(
    (key) => `message-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-changed`,
  ),
  ...['host', 'protocol', 'protocol-version', 'pathname'].map((key) => `server-${key}-changed`),
];

describe('diff: the catalogue of rules', () => {
  const written = new Set([...sources.matchAll(RULE_NAME)].map((m) => m[1]!));

  it('names every rule written in the code', () => {
    const missing = [...written, ...BUILT].filter((rule) => !DIFF_RULE_IDS.has(rule));
    assert.deepEqual(missing, []);
  });

  it('names no rule the code never reports', () => {
    const built = new Set(BUILT);
    assert.deepEqual(
      [...DIFF_RULE_IDS].filter((rule) => !written.has(rule) && !built.has(rule)),
      [],
    );
  });
});
