/**
 * A page whose object is a reference that leads to no value (issue 33: 47 pages said `undefined`
 * under "Definition") says what is wrong, in its own words, and where the validator's finding is:
 * a loop is named hop by hop ("P2 → P1 → P2"), a missing target by the reference that names it.
 * Every kind of page, and a schema shown on a message page, across files too.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BrokenReference, Page } from '../src/lib/model/page-types.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { pageTwin } from '../src/site/twins/page-twin.ts';
import { BROKEN_FILES } from './broken-documents.ts';
import { tempTree } from './helpers.ts';

async function site(): Promise<{ pages: Page[]; twin: (page: Page) => string; complete: (page: Page) => Page }> {
  const dir = tempTree(BROKEN_FILES);
  const file = join(dir, 'api.yaml');
  const { doc, diagnostics } = await validateDocument(file, { cwd: dir });
  assert.ok(doc);
  const model = buildSiteData([{ file, doc, diagnostics }], dir, { deferPages: true });
  const api = model.site.apis[0]!;
  return {
    pages: api.pages,
    complete: model.complete,
    twin: (page) => pageTwin(model.complete(page), { apiTitle: api.title, root: '/', siteRoot: '/' }),
  };
}

const brokenOf = (page: Page): BrokenReference[] => page.sections.flatMap((s) => (s.type === 'broken-reference' ? [s.broken] : []));
const words = (b: BrokenReference): string => b.text.map((p) => p.text).join('');

describe('a page whose reference leads to no value', () => {
  it('names the loop hop by hop, or the reference that names nothing, on every kind of page', async () => {
    const { pages, complete } = await site();
    const byPointer = new Map(pages.map((p) => [p.pointer, p]));
    const said = (pointer: string): string => {
      const page = byPointer.get(pointer);
      assert.ok(page, pointer);
      const broken = brokenOf(complete(page));
      assert.equal(broken.length, 1, `${pointer}: one section says what is wrong`);
      return words(broken[0]!);
    };
    for (const map of ['servers', 'channels', 'operations', 'messages', 'securitySchemes', 'parameters', 'correlationIds', 'tags', 'messageBindings']) {
      assert.equal(said(`/components/${map}/L1`), 'This reference loops: L1 → L2 → L1. It never reaches a definition, so there is nothing to show.');
      assert.equal(said(`/components/${map}/L2`), 'This reference loops: L2 → L1 → L2. It never reaches a definition, so there is nothing to show.');
      assert.equal(said(`/components/${map}/Self`), 'This reference loops: Self → Self. It never reaches a definition, so there is nothing to show.');
      assert.equal(said(`/components/${map}/M`), `This reference points at #/components/${map}/Missing, which does not exist.`);
    }
    assert.equal(said('/components/schemas/E'), 'This reference points at #/components/schemas/X, which does not exist (reached through C).');
    assert.equal(said('/components/schemas/A'), 'This reference loops: A → B → A. It never reaches a definition, so there is nothing to show.');
    assert.equal(said('/servers/s1'), 'This reference points at #/components/servers/Nowhere, which does not exist.');
    assert.equal(said('/channels/c2'), 'This reference loops: c2 → c3 → c2. It never reaches a definition, so there is nothing to show.');
    assert.equal(said('/operations/o1'), 'This reference points at #/components/operations/O9, which does not exist.');
  });

  it('says so where a message shows its payload, in this file or another, instead of "any value"', async () => {
    const { pages, complete } = await site();
    const payload = (id: string): string => {
      const page = complete(pages.find((p) => p.pointer === `/channels/c1/messages/${id}`)!);
      const section = page.sections.find((s) => s.anchor === 'payload');
      assert.equal(section?.type, 'broken-reference', id);
      return section.type === 'broken-reference' ? words(section.broken) : '';
    };
    assert.equal(payload('looping'), 'This reference leads into a loop: A → B → A. It never reaches a definition, so there is nothing to show.');
    assert.equal(payload('missingFile'), 'This reference points at ./schemas/none.yaml#/X, in a file that could not be read.');
    assert.equal(payload('missingInFile'), 'This reference points at ./schemas/user.yaml#/User, which does not exist.');
    assert.equal(payload('loopInFile'), 'This reference leads into a loop: A → B → A. It never reaches a definition, so there is nothing to show.');
    assert.equal(payload('format'), 'This reference points at #/components/schemas/Gone, which does not exist.');
  });

  it("links to the validator's finding: on the page itself, on the page that holds it, or on the overview", async () => {
    const { pages, complete } = await site();
    const byUrl = new Map(pages.map((p) => [p.url, p]));
    let elsewhere = 0;
    let overview = 0;
    for (const page of pages) {
      for (const broken of brokenOf(complete(page))) {
        const finding = broken.finding;
        assert.ok(finding, `${page.url}: ${words(broken)}`);
        if (finding.url === '') {
          overview++;
          continue;
        }
        const holder = byUrl.get(finding.url);
        assert.ok(
          holder?.diagnostics?.some((d) => d.code.startsWith('ref-')),
          `${page.url}: the finding is on ${finding.url}`,
        );
        if (holder !== page) elsewhere++;
      }
    }
    // The second page of each loop and the second reference to one missing target: the finding is elsewhere.
    assert.ok(elsewhere >= 19, `${elsewhere}`);
    // The loop inside schemas/loop.yaml concerns no page.
    assert.equal(overview, 1);
  });

  it('writes no "undefined" and the same words in the Markdown twin', async () => {
    const { pages, twin } = await site();
    const p2 = twin(pages.find((p) => p.pointer === '/components/parameters/L2')!);
    assert.match(
      p2,
      /## Definition\n\nThis reference loops: \[L2\]\(\/components\/parameters\/l2\/index\.md\) → \[L1\]\(\/components\/parameters\/l1\/index\.md\) → \[L2\]\(\/components\/parameters\/l2\/index\.md\)\. It never reaches a definition, so there is nothing to show\.\n\nThe validator's finding: on the page of \[L1\]\(\/components\/parameters\/l1\/index\.md\)\./,
    );
    assert.match(p2, /- \*\*Reference:\*\* `#\/components\/parameters\/L1`/);
    for (const page of pages) assert.doesNotMatch(twin(page), /undefined|\[object Object\]|NaN/, page.url);
  });
});
