/**
 * $ref fan-outs (issue: bounded on every input): a document of a few kilobytes whose schemas
 * reference the next level ten times each, from depth 3 to 12, builds quickly into a site of a
 * size proportional to the document: every table shows each shared schema once and links to it
 * where it repeats (saying so), the generated example keeps to the required fields, no page passes
 * 1 MB, and the Markdown twins and llms-full.txt stay as small.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fanOutDocument } from './fan-out-document.ts';
import { runIn, tempTree } from './helpers.ts';

function files(dir: string): { path: string; size: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path, size: statSync(path).size };
    });
}

describe('hostile fan-out: schemas that reference the next level ten times each', () => {
  for (const depth of [3, 6, 12]) {
    it(`builds the fan-out of depth ${depth} into a site that grows with the document, saying what it links instead of repeating`, {
      timeout: 120_000,
    }, async () => {
      const source = fanOutDocument(depth);
      const dir = tempTree({ 'fan.yaml': source });
      const built = await runIn(dir, ['build', 'fan.yaml', '--out', 'site']);
      assert.equal(built.code, 0, built.out + built.err);
      const site = files(join(dir, 'site'));
      const largest = site.reduce((a, b) => (b.size > a.size ? b : a));
      assert.ok(largest.size < 1_000_000, `${largest.path}: ${largest.size} bytes`);
      // The site's own pages, twins and llms files (not the search index or assets): in proportion to the document.
      const written = site.filter((f) => /\.(html|md|txt)$/.test(f.path)).reduce((sum, f) => sum + f.size, 0);
      assert.ok(written < 400 * source.length + 2_000_000, `${written} bytes of pages for a ${source.length}-byte document`);
      const message = readFileSync(join(dir, 'site/channels/fan/messages/generated/index.html'), 'utf8');
      assert.match(message, /the same schema as <a href="#[^"]+">p0<\/a> above, where its fields are listed/);
      const twin = readFileSync(join(dir, 'site/channels/fan/messages/generated/index.md'), 'utf8');
      assert.match(twin, /the same schema as `p0` above \(its fields are listed there\)/);
      // An example with every field would hold 10^depth values: it is made with the fields of the first levels.
      const example = /## Examples[\s\S]*?```json\n([\s\S]*?)\n```/.exec(twin)?.[1];
      assert.ok(example && JSON.stringify(JSON.parse(example)).length < 20_000, example);
      assert.ok(Object.keys(JSON.parse(example) as object).length === 10);
    });
  }
});

describe('hostile sharing: one large schema as the payload of hundreds of messages', () => {
  it('writes the schema whole on its own page, and on each message page its fields with a link, not the whole again', { timeout: 120_000 }, async () => {
    const big = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 35 }, (_, i) => [
          `f${i}`,
          { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`g${j}`, { type: 'string' }])) },
        ]),
      ),
    };
    const messages = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`m${i}`, { payload: { $ref: '#/components/schemas/Big' } }]));
    const source = JSON.stringify({
      apidesc: '3.0.0',
      info: { title: 'Shared', version: '1.0.0' },
      channels: { c: { address: 'c', messages } },
      operations: { o: { action: 'send', channel: { $ref: '#/channels/c' } } },
      components: { schemas: { Big: big } },
    });
    const dir = tempTree({ 'shared.json': source });
    const built = await runIn(dir, ['build', 'shared.json', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    const own = readFileSync(join(dir, 'site/components/schemas/big/index.html'), 'utf8');
    const message = readFileSync(join(dir, 'site/channels/c/messages/m7/index.html'), 'utf8');
    // Its own page lists every field; a message's page its first 30 fields, each linking there for the rest.
    assert.equal(own.match(/<li class="prop"/g)?.length, 35 * 11);
    assert.equal(message.match(/<li class="prop"/g)?.length, 30);
    assert.match(message, /what it contains is shown on the page of <a href="\/components\/schemas\/big\/">Big<\/a>/);
    assert.match(message, /5 more fields are not listed here/);
    assert.ok(message.length < own.length * 0.6, `${message.length} bytes of a message page, ${own.length} of the schema's`);
  });
});
