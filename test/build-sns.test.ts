/**
 * The sns documents of the corpus, built: every value of every sns binding is on the page as text
 * (outside code blocks), and lint findings sit in the card of the subscription they concern.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { buildSite, tempDir } from './helpers.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';

const corpus = CORPUS;
const out = join(tempDir('apidesc-sns-'), 'site');
const files = HAS_CORPUS
  ? readdirSync(join(corpus, 'valid'))
      .filter((f) => f.startsWith('bindings-sns-'))
      .sort()
  : [];

/** Visible text of a page: tags removed (<wbr> joins), code blocks (<pre>) left out, entities decoded. */
function text(html: string): string {
  return (
    html
      .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
      // A <wbr> (where a long ARN may wrap) is no word boundary.
      .replace(/<wbr>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
  );
}

function scalars(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) scalars(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k !== 'bindingVersion') scalars(v, out);
    }
  return out;
}

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('sns documents of the corpus, rendered', () => {
    let routes: RouteEntry[] = [];
    before(async () => {
      assert.ok(files.length >= 5, `the sns documents of the corpus are missing at ${corpus}`);
      // A preview (--allow-invalid): only previews show the lint findings on the pages.
      await buildSite([...files, '--allow-invalid'], join(corpus, 'valid'), { work: dirname(out), out });
      routes = (JSON.parse(readFileSync(join(out, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
    });

    for (const file of files) {
      it(`${file}: every sns value is on its channel or operation page as text`, async () => {
        const { validateDocument } = await import('../src/lib/validate/validate-document.ts');
        const { doc } = await validateDocument(join(corpus, 'valid', file));
        const root = doc!.root.value as Record<string, Record<string, Record<string, unknown>>>;
        const api = routes.find((r) => r.pointer.startsWith('/channels/') && file.startsWith(r.api.replace(/-[0-9a-f]{6}$/, '')))?.api ?? routes[0]!.api;
        for (const map of ['channels', 'operations'] as const) {
          for (const [id, object] of Object.entries(root[map] ?? {})) {
            const resolved = doc!.deref(object, { file: doc!.root.path, pointer: `/${map}/${id}` })?.value as Record<string, unknown>;
            const bindings = doc!.deref(resolved?.bindings, { file: doc!.root.path, pointer: `/${map}/${id}/bindings` })?.value as
              | Record<string, unknown>
              | undefined;
            if (!bindings?.sns) continue;
            const route = routes.find((r) => r.api === api && r.pointer === `/${map}/${id}`);
            assert.ok(route, `${file} /${map}/${id} has a page`);
            const page = text(readFileSync(join(out, route.url, 'index.html'), 'utf8'));
            for (const value of scalars(bindings.sns)) assert.ok(page.includes(value), `${file} /${map}/${id}: "${value}" is not on the page as text`);
          }
        }
      });
    }

    it('shows a delivery-policy lint in the card of the subscription it concerns', () => {
      const route = routes.find((r) => r.kind === 'operation' && r.api.startsWith('bindings-sns-filterpolicy'));
      assert.ok(route);
      const html = readFileSync(join(out, route.url, 'index.html'), 'utf8');
      const card = /<article class="card consumer" id="sns-consumer-1"[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
      assert.match(card, /sns-delivery-phases/);
      assert.match(card, /sns-dlq-arn/);
    });
  });
