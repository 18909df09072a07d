/** The site's scripts as shipped: minified, the same bytes from the same source, and working as their sources do. */
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { tempDir } from '../../test/helpers.ts';
import { minifyPublicScripts } from './minify-client.ts';

const publicDir = resolve(import.meta.dirname, '../../public');

/** public/ copied as Astro copies it into a bundle's client folder, then minified there. */
async function shipped(): Promise<string> {
  const client = tempDir('apidesc-minify-');
  cpSync(publicDir, client, { recursive: true });
  await minifyPublicScripts(publicDir, client);
  return client;
}

const scripts = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();

describe('the public scripts as shipped', () => {
  it('are each smaller than their source, and the same bytes each time', async () => {
    const [one, two] = [await shipped(), await shipped()];
    assert.ok(scripts(publicDir).length >= 10);
    for (const file of scripts(publicDir)) {
      const [source, first, second] = [statSync(join(publicDir, file)).size, readFileSync(join(one, file)), readFileSync(join(two, file))];
      assert.ok(first.length < source * 0.75, `${file}: ${first.length} of ${source} bytes`);
      assert.deepEqual(first, second, file);
    }
    // Other files as they are.
    assert.deepEqual(readFileSync(join(one, 'favicon.svg')), readFileSync(join(publicDir, 'favicon.svg')));
  });

  it('keep their imports and exports: a shipped module answers as its source does', async () => {
    const client = await shipped();
    const source = await import(pathToFileURL(join(publicDir, 'search-query.js')).href);
    const minified = await import(pathToFileURL(join(client, 'search-query.js')).href);
    assert.deepEqual(Object.keys(minified).sort(), Object.keys(source).sort());
    for (const query of ['`{streetlightId}`', ' "OrderPlaced" ', 'stock-check']) assert.equal(minified.normaliseQuery(query), source.normaliseQuery(query));
    assert.match(readFileSync(join(client, 'search-rank.js'), 'utf8'), /from\s*"\.\/search-query\.js"/);
  });
});
