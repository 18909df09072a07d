/**
 * An example the validator finds not to match its schema (example-invalid) carries a warning that
 * names the wrong fields wherever it is shown (issue 33): on the message's page, on the operation
 * page that shows the message, in the Markdown twins; examples brought by a trait too; and the
 * warnings follow the findings when they change (`apidesc-docs dev` attaches them later).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page, ShownExample } from '../src/lib/model/page-types.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { attachDiagnostics, buildSiteData } from '../src/site/site-model.ts';
import { pageTwin } from '../src/site/twins/page-twin.ts';
import { INVALID_EXAMPLES } from './broken-documents.ts';
import { tempTree } from './helpers.ts';

async function site(): Promise<{ page: (pointer: string) => Page; twin: (page: Page) => string; refresh: (yaml: string) => Promise<void> }> {
  const dir = tempTree({ 'api.yaml': INVALID_EXAMPLES });
  const file = join(dir, 'api.yaml');
  const { doc, diagnostics } = await validateDocument(file, { cwd: dir });
  assert.ok(doc);
  const model = buildSiteData([{ file, doc, diagnostics }], dir, { deferPages: true });
  const api = model.site.apis[0]!;
  return {
    page: (pointer) => model.complete(api.pages.find((p) => p.pointer === pointer)!),
    twin: (page) => pageTwin(page, { apiTitle: api.title, root: '/', siteRoot: '/' }),
    // As `apidesc-docs dev` does: the findings of a new validation replace the old ones on pages already completed.
    refresh: async (yaml) => {
      writeFileSync(file, yaml);
      const found = await validateDocument(file, { cwd: dir });
      for (const p of api.pages) delete p.diagnostics;
      attachDiagnostics(api, found.diagnostics, doc, dir);
    },
  };
}

function examplesOf(page: Page): ShownExample[] {
  return page.sections.flatMap((s) =>
    s.type === 'examples'
      ? s.examples
      : s.type === 'messages'
        ? s.messages.flatMap((m) => m.sections.flatMap((x) => (x.type === 'examples' ? x.examples : [])))
        : [],
  );
}

const TOTAL = "the payload does not match the message's payload schema: `total` is -5, below the minimum of 0";
const REASON = 'the payload does not match the message\'s payload schema: `reason` is not one of the values the schema lists (["customer","stock"])';

describe('an example its schema rejects', () => {
  it("is marked on the message's page, with the field that is wrong, and the right one is not", async () => {
    const { page } = await site();
    // The right one leads (it is the one a reader copies); the wrong one follows with its fault.
    const [right, wrong] = examplesOf(page('/components/messages/Placed'));
    assert.equal(right?.title, 'right');
    assert.equal(right?.warnings, undefined);
    assert.equal(wrong?.title, 'wrong total');
    assert.deepEqual(wrong?.warnings, [TOTAL]);
  });

  it('is marked on the operation page that shows the message, and so is an example a trait brings', async () => {
    const { page } = await site();
    const shown = examplesOf(page('/operations/placeOrder'));
    assert.deepEqual(
      shown.map((e) => [e.title, e.warnings]),
      [
        ['right', undefined],
        ['wrong total', [TOTAL]],
        ['Example 1', [REASON]],
      ],
    );
    assert.deepEqual(examplesOf(page('/components/messages/Cancelled'))[0]?.warnings, [REASON]);
  });

  it('is noted in the Markdown twins after the example, as the page says it, and the right one is not', async () => {
    const { page, twin } = await site();
    const text = twin(page('/operations/placeOrder'));
    assert.match(
      text,
      /##### wrong total\n\nPayload:\n\n```json\n\{\n {2}"id": "a1",\n {2}"total": -5\n\}\n```\n\nThis example does not satisfy its schema \(1 problem\):\n\n- the payload does not match the message's payload schema: \\`total\\` is -5, below the minimum of 0\n/,
    );
    assert.doesNotMatch(text, /Warning/);
    assert.ok(text.indexOf('##### right') < text.indexOf('##### wrong total'), 'the right one first, as the page shows it');
    assert.doesNotMatch(text.slice(text.indexOf('##### right'), text.indexOf('##### wrong total')), /does not satisfy/);
    // A valid document's warnings are findings, not errors of the document.
    assert.match(twin(page('/components/messages/Placed')), /^\*\*Findings of the validator\*\*:$/m);
  });

  it('keeps its warning up to date when the findings change', async () => {
    const { page, refresh } = await site();
    const placed = page('/components/messages/Placed');
    await refresh(INVALID_EXAMPLES.replace('total: -5', 'total: 7'));
    const titled = (title: string) => examplesOf(placed).find((e) => e.title === title);
    assert.equal(titled('wrong total')?.warnings, undefined, 'the corrected example no longer warns');
    // The order is the model's, made with the document (`dev` models an edited document again): a right example leads there.
    assert.deepEqual(
      examplesOf(placed).map((e) => e.title),
      ['right', 'wrong total'],
      'the order the model made',
    );
    await refresh(INVALID_EXAMPLES);
    assert.deepEqual(titled('wrong total')?.warnings, [TOTAL]);
    assert.deepEqual(
      examplesOf(placed).map((e) => e.title),
      ['right', 'wrong total'],
      'wrong again: the right one still leads',
    );
  });
});
