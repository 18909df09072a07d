/** What the dev server lets Vite watch: the site's own source only, never what else lies in the package folder. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isSiteSource } from './dev-server.ts';

describe('isSiteSource', () => {
  const root = '/pkg';
  it('watches the package folder itself, src/ and public/', () => {
    for (const path of ['/pkg', '/pkg/src', '/pkg/src/pages/index.astro', '/pkg/public/search.js']) assert.equal(isSiteSource(root, path), true, path);
  });
  it('ignores everything else in the package folder (bench output, test results, the cache)', () => {
    for (const path of [
      '/pkg/bench/.out/site/channels/a/index.html',
      '/pkg/test-results',
      '/pkg/node_modules/astro/index.js',
      '/pkg/srcfoo/x',
      '/pkg/content/orders.apidesc.yaml',
    ])
      assert.equal(isSiteSource(root, path), false, path);
  });
});
