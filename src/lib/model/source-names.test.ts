/** The names under which a document's files are published: data only, never a page a browser runs. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bundledName, publishedSourceNames, sourceUrl } from './source-names.ts';

describe('published source names', () => {
  it("keep YAML and JSON names, and give every other file its format's extension", () => {
    const names = publishedSourceNames([
      { rel: 'api.yaml', format: 'yaml' },
      { rel: 'schemas/order.JSON', format: 'json' },
      { rel: 'schemas/evil.html', format: 'yaml' },
      { rel: 'x.svg', format: 'json' },
      { rel: 'noext', format: 'yaml' },
      { rel: 'a.yml', format: 'yaml' },
    ]);
    assert.deepEqual(names, ['api.yaml', 'schemas/order.JSON', 'schemas/evil.html.yaml', 'x.svg.json', 'noext.yaml', 'a.yml']);
    assert.ok(names.every((n) => /\.(ya?ml|json)$/i.test(n)));
  });

  it('never give two files one name, whatever their case', () => {
    const names = publishedSourceNames([
      { rel: 'a.html.yaml', format: 'yaml' },
      { rel: 'a.html', format: 'yaml' },
      { rel: 'A.HTML', format: 'yaml' },
    ]);
    assert.deepEqual(names, ['a.html.yaml', 'a.html-2.yaml', 'A.HTML-3.yaml']);
    assert.equal(bundledName('api.yaml', true, ['api.yaml', 'api.json']), 'api-2.json');
    assert.equal(bundledName('api.json', false, ['api.json']), 'api.bundled.json');
  });

  it('link to each name with its characters percent-encoded', () => {
    assert.equal(sourceUrl('my folder/a#b?.yaml'), 'source/my%20folder/a%23b%3F.yaml');
  });
});
