/**
 * Long chains of references, built (hostile input): a chain of 1,500 schemas linked by `$ref`
 * (and chains of 1,000 through allOf, items, nested properties and references to references)
 * validate and build a whole site, ending with exit 0: no stack overflow in the model or the
 * renderer (HTTP 500 for a page), no build that never ends.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_ROW_DEPTH } from '../src/lib/model/schema-rows.ts';
import { deepChainDocument } from './deep-document.ts';
import { runIn, tempTree } from './helpers.ts';

const page = (dir: string, url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');

describe('hostile depth: long chains of schemas build', () => {
  it('validates and builds a chain of 1,500 schemas: every page, each table cut and continued on the page of a schema', async () => {
    const dir = tempTree({ 'chain.yaml': deepChainDocument('property', 1500) });
    const validated = await runIn(dir, ['validate', 'chain.yaml']);
    assert.equal(validated.code, 0, validated.out + validated.err);
    const built = await runIn(dir, ['build', 'chain.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    assert.match(built.err, /Built 1 API\(s\), \d+ pages \(1503 reference pages\), into /);
    for (const i of [0, 1, MAX_ROW_DEPTH, 750, 1499, 1500]) assert.ok(existsSync(join(dir, 'site/components/schemas', `s${i}`, 'index.html')), `s${i}`);
    const s0 = page(dir, 'components/schemas/s0');
    // The tree's root and a field per level below it, down to the limit.
    assert.equal((s0.match(/<li class="prop" id="schema[.\w]*"/g)?.length ?? 0) + 1, MAX_ROW_DEPTH + 1);
    assert.match(s0, new RegExp(`what it contains is shown on the page of <a href="/components/schemas/s${MAX_ROW_DEPTH}/">s${MAX_ROW_DEPTH}</a>`));
    assert.match(page(dir, 'channels/chain/messages/link'), /Generated example/);
  });

  it('builds chains of 1,000 schemas through allOf, items, nested properties and references to references', async () => {
    const dir = tempTree(
      Object.fromEntries((['allOf', 'items', 'nested', 'alias'] as const).map((kind) => [`${kind}.yaml`, deepChainDocument(kind, 1000, { example: {} })])),
    );
    const built = await runIn(dir, ['build', '.', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    assert.match(built.err, /Built 4 API\(s\), \d+ pages \(4012 reference pages\), into /);
    for (const api of ['allof', 'items', 'nested', 'alias']) assert.ok(existsSync(join(dir, 'site', api, 'components/schemas/s999/index.html')), api);
    // The example of the allOf chain is too deep for the validator to follow: said, not hidden.
    assert.match(built.out, /example-check-too-deep/);
  });
});
