/**
 * The Markdown twins of the corpus documents (issue 26): every twin holds the facts of its page
 * (the page data it was written from: addresses, message names, schema field names), reads back
 * as CommonMark without raw HTML, and every link in it leads to a twin or page of the site.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import type { Page, PageSection } from '../src/lib/model/page-types.ts';
import type { SchemaRow } from '../src/lib/model/types.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { pageTwin } from '../src/site/twins/page-twin.ts';
import { apiRoot } from '../src/site/twins/twin-links.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { readBack } from './twin-check.ts';

const repo = resolve(import.meta.dirname, '..');
const BASE = '/docs/';

interface Twin {
  api: string;
  page: Page;
  markdown: string;
}

/** Every schema row a page shows, in its sections and in the messages it shows inline. */
function rowsOf(sections: PageSection[]): SchemaRow[] {
  return sections.flatMap((s) =>
    s.type === 'schema'
      ? s.rows
      : s.type === 'messages'
        ? s.messages.flatMap((m) => rowsOf(m.sections))
        : s.type === 'bindings'
          ? s.protocols.flatMap((p) => p.schemas.flatMap((x) => x.rows))
          : [],
  );
}

if (HAS_CORPUS)
  describe('Markdown twins of the corpus documents', () => {
    const twins: Twin[] = [];
    /** Paths (from the origin) of every twin and page of the portal. */
    const targets = new Set<string>();
    before(async () => {
      const files = readdirSync(join(CORPUS, 'valid'))
        .sort()
        .filter((name) => name !== 'spec-adeo-kafka-request-reply.yaml')
        .map((name) => join(CORPUS, 'valid', name));
      const docs = [];
      for (const file of files) {
        const { doc } = await validateDocument(file, {});
        assert.ok(doc, file);
        docs.push({ file, doc });
      }
      const model = buildSiteData(docs, repo, { deferPages: true });
      for (const api of model.site.apis) {
        const root = apiRoot(BASE, api.prefix);
        targets.add(`${root}llms.txt`);
        for (const page of api.pages) {
          targets.add(`${root}${page.url}index.md`);
          targets.add(`${root}${page.url}`);
          if (page.usedBy.length > 0) targets.add(`${root}${page.url}used-by/`);
        }
        for (const page of api.pages)
          twins.push({ api: api.slug, page, markdown: pageTwin(model.complete(page), { apiTitle: api.title, root, siteRoot: apiRoot(BASE, '') }) });
      }
    });

    it('writes one twin per entity page of every document', () => {
      assert.ok(twins.length > 300, `${twins.length} twins`);
      for (const { page, markdown } of twins) assert.ok(markdown.startsWith('# '), page.url);
    });

    it('holds the facts of its page: addresses and other literal facts, message names, every schema field name', () => {
      let fields = 0;
      let addresses = 0;
      for (const { page, markdown } of twins) {
        const spans = new Set(readBack(markdown).codeSpans);
        assert.ok(spans.has(page.id), `${page.url}: the id ${page.id}`);
        for (const fact of page.facts)
          if (fact.code && fact.text !== undefined && !fact.link) {
            assert.ok(spans.has(fact.text.replace(/\s+/g, ' ')), `${page.url}: ${fact.label} ${fact.text}`);
            if (fact.label === 'Address') addresses++;
          }
        for (const section of page.sections)
          if (section.type === 'messages') for (const m of section.messages) assert.ok(markdown.includes(m.link.url), `${page.url}: message ${m.link.id}`);
        for (const row of rowsOf(page.sections))
          if (row.name !== '' && !row.alternative) {
            assert.ok(spans.has(row.name), `${page.url}: field ${row.anchor}`);
            fields++;
          }
      }
      assert.ok(addresses > 20 && fields > 500, `${addresses} addresses, ${fields} fields`);
    });

    it('reads back as CommonMark without raw HTML, with its headings as written', () => {
      for (const { page, markdown } of twins) {
        const back = readBack(markdown);
        assert.deepEqual(back.html, [], page.url);
        assert.equal(back.headings.filter((h) => h.depth === 1).length, 1, `${page.url}: one title`);
      }
    });

    it('links only to twins and pages of the site, or out with http(s) and mailto', () => {
      let internal = 0;
      for (const { page, markdown } of twins)
        for (const href of readBack(markdown).links) {
          if (/^(https?:|mailto:)/i.test(href)) continue;
          assert.ok(targets.has(href), `${page.url} links to ${href}`);
          internal++;
        }
      assert.ok(internal > 1000, `${internal} links`);
    });
  });
