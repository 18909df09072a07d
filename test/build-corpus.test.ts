/**
 * Every valid and multi-file document of the shared corpus, built into one portal: each server,
 * channel, operation, message and component has its route and its page.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { renderSite } from '../src/pipeline/render-stage.ts';
import { completeSite } from '../src/site/site-source.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';
import type { ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const corpus = CORPUS;
const out = join(tempDir('apidesc-corpus-'), 'site');

function inputs(): { file: string; root?: string }[] {
  const list: { file: string; root?: string }[] = [];
  for (const name of readdirSync(join(corpus, 'valid')).sort()) {
    // Its Avro schemas are remote: it only builds with --allow-remote-refs (and a network).
    if (name !== 'spec-adeo-kafka-request-reply.yaml') list.push({ file: join(corpus, 'valid', name) });
  }
  for (const set of readdirSync(join(corpus, 'multi-file')).sort()) {
    const dir = join(corpus, 'multi-file', set);
    const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    for (const file of walk(dir).sort()) if (/^apidesc:/m.test(readFileSync(file, 'utf8'))) list.push({ file, root: dir });
  }
  return list;
}

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('build of the whole corpus as one portal', () => {
    let routes: RouteEntry[] = [];
    let apis = 0;
    before(async () => {
      const docs: { file: string; doc: ResolvedDoc }[] = [];
      for (const { file, root } of inputs()) {
        const { doc, diagnostics } = await validateDocument(file, root ? { root } : {});
        assert.ok(doc && !diagnostics.some((d) => d.severity === 'error'), `${file} is valid`);
        docs.push({ file, doc });
      }
      const data = buildSiteData(docs, repo);
      routes = data.routes;
      apis = data.site.apis.length;
      process.env.ASTRO_TELEMETRY_DISABLED = '1';
      // The build's own renderer (made once for these sources; other test files may share it).
      await renderSite({ root: fileURLToPath(new URL('../', import.meta.url)), outDir: out }, Promise.resolve(completeSite(data.site)));
    });

    it('has one API per root document, each linked from the portal page', () => {
      assert.equal(apis, inputs().length);
      const html = readFileSync(join(out, 'index.html'), 'utf8');
      assert.match(html, /<h1>APIs<\/h1>/);
      for (const api of new Set(routes.map((r) => r.api))) assert.match(html, new RegExp(`href="/${api.replaceAll('.', '\\.')}/"`), api);
    });

    it('writes a page for every route (every server, channel, operation, message and component)', () => {
      assert.ok(routes.length > 300, `${routes.length} routes`);
      const missing = routes.filter((r) => !existsSync(join(out, r.url, 'index.html')));
      assert.deepEqual(missing, []);
    });

    it('gives every API its overview under its slug, and no two routes the same object', () => {
      for (const api of new Set(routes.map((r) => r.api))) assert.ok(existsSync(join(out, api, 'index.html')), api);
      const keys = routes.map((r) => `${r.api}|${r.pointer}`);
      assert.equal(new Set(keys).size, keys.length);
    });
  });
