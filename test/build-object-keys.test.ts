/**
 * Keys named like Object properties, built (hostile input): a preview of a document with
 * `constructor`, `__proto__`, `toString`, … at every kind of map position builds (exit 0; 1 would
 * be a finding that stops even a preview, never 3, an internal error), with a page for each.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';
import { OBJECT_PROPERTY_NAMES, objectKeysDocument } from './object-keys-document.ts';

describe('hostile keys: names of Object properties build a preview', () => {
  it('builds every page of a document with such names everywhere', async () => {
    const dir = tempTree({ 'keys.json': objectKeysDocument() });
    const built = await runIn(dir, ['build', 'keys.json', '--out', 'site', '--allow-invalid']);
    assert.ok(built.code === 0 || built.code === 1, `exit ${built.code}: ${built.err.slice(-2000)}`);
    assert.doesNotMatch(built.out + built.err, /internal/);
    const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
    for (const name of OBJECT_PROPERTY_NAMES) {
      const slug = name.toLowerCase();
      for (const url of [`channels/${slug}`, `servers/${slug}`, `operations/${slug}`, `components/schemas/${slug}`, `components/securityschemes/${slug}`]) {
        assert.ok(existsSync(join(dir, 'site', url, 'index.html')), url);
      }
    }
    const channel = page('channels/constructor');
    assert.match(channel, /<h1>constructor<\/h1>/);
    // Its parameters and bindings, each name shown as written.
    for (const name of OBJECT_PROPERTY_NAMES) assert.ok(channel.includes(`>${name}<`), name);
    assert.match(page('channels/constructor/messages/__proto__'), /__proto__/);
  });
});
