/**
 * The dev server's data: pages are summarised up front and completed when first read, and a
 * completed page is exactly what a build renders; findings arrive after the pages, on them.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { LiveSite } from './live-site.ts';
import { buildSiteData, highlightSite } from '../site/site-model.ts';
import { tempDir } from '../../test/helpers.ts';

const quiet = { out: () => {}, err: () => {} };
const content = resolve(import.meta.dirname, '../../content');

describe('LiveSite (apidesc-docs dev)', () => {
  const dir = tempDir('apidesc-live-');
  cpSync(content, dir, { recursive: true });
  const file = join(dir, 'orders.apidesc.yaml');
  const live = new LiveSite([file], { cwd: dir }, quiet);
  after(() => live.close());

  it('completes each page when it asks for its content into exactly the page a build renders', async () => {
    const { ok, findings } = await live.refresh();
    assert.equal(ok, true);
    await findings;
    const result = await validateDocument(file, { cwd: dir });
    const built = buildSiteData([{ file, doc: result.doc!, diagnostics: result.diagnostics }], dir);
    await highlightSite(built.site);
    const expected = JSON.parse(JSON.stringify(built.site));
    const channel = live.source.site.apis[0]!.pages.find((p) => p.kind === 'channel')!;
    assert.deepEqual(channel.sections, [], 'only summaries until a page asks');
    await live.source.pageContent(channel);
    assert.ok(channel.sections.length > 0);
    await live.source.allPageContent();
    assert.deepEqual(JSON.parse(JSON.stringify(live.source.site)), expected);
  });

  it('reports findings after the pages: an edit that breaks a reference shows on the page it concerns', async () => {
    const text = readFileSync(file, 'utf8');
    const broken = text.replace("$ref: '#/components/messages/OrderPlaced'", "$ref: '#/components/messages/NoSuchMessage'");
    assert.notEqual(broken, text, 'the fixture references OrderPlaced');
    writeFileSync(file, broken);
    const { ok, findings } = await live.refresh();
    assert.equal(ok, true);
    assert.equal(await findings, true, 'the findings changed');
    const flagged = live.source.site.apis[0]!.pages.filter((p) => p.diagnostics?.some((d) => d.code === 'ref-unresolved'));
    assert.ok(flagged.length > 0, 'a page shows the broken reference');
    assert.ok((live.source.site.apis[0]!.errorCount ?? 0) > 0);
    writeFileSync(file, text);
    const fixed = await live.refresh();
    assert.equal(await fixed.findings, true);
    assert.equal(live.source.site.apis[0]!.errorCount, undefined);
  });

  it("starts validating once the reader's page has been sent, not while it is rendered", async () => {
    writeFileSync(file, readFileSync(file, 'utf8') + '\n');
    const { ok, findings } = await live.refresh();
    assert.equal(ok, true);
    let settled = false;
    void findings.then(() => (settled = true));
    // Well within the delay after which validation starts anyway when no page is open.
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(settled, false, 'validation waited for the page');
    live.pageServed();
    assert.equal(await findings, false, 'the same findings as before');
  });

  it('keeps the previous site when the document cannot be read, and says so', async () => {
    const before = live.source;
    writeFileSync(file, 'apidesc: 3.0.0\ninfo: [broken\n');
    const { ok, findings } = await live.refresh();
    assert.equal(ok, false);
    assert.equal(await findings, false);
    assert.equal(live.source, before);
  });

  it('shows where a duplicate key is, with a code frame, as for every other finding', async () => {
    const said: string[] = [];
    const own = tempDir('apidesc-live-');
    const broken = join(own, 'api.yaml');
    writeFileSync(broken, 'apidesc: 3.0.0\ninfo:\n  title: T\n  version: 1.0.0\n  title: again\n');
    const site = new LiveSite([broken], { cwd: own }, { out: () => {}, err: (text) => void said.push(text) });
    try {
      const { ok, findings } = await site.refresh();
      assert.equal(ok, false);
      await findings;
      assert.match(said.join('\n'), /^api\.yaml:5:3 {2}error {2}load-duplicate-key .*\n {2}4 \| {3}version: 1\.0\.0\n> 5 \| {3}title: again\n/m);
    } finally {
      await site.close();
    }
  });

  it('writes the code samples in the languages the configuration names (codeSamples.languages)', async () => {
    const lights = resolve(import.meta.dirname, '../../test/fixtures/code-samples/lights.yaml');
    const labels = async (model: { sampleLanguages?: ('javascript' | 'python')[] }): Promise<string[]> => {
      const site = new LiveSite([lights], { cwd: dir }, quiet, undefined, model);
      try {
        assert.equal((await site.refresh()).ok, true);
        const page = site.source.site.apis[0]!.pages.find((p) => p.url === 'operations/turnon/')!;
        await site.source.pageContent(page);
        const samples = page.sections.find((s) => s.type === 'code-samples');
        return samples?.type === 'code-samples' ? samples.groups[0]!.samples.map((s) => s.label) : [];
      } finally {
        await site.close();
      }
    };
    assert.deepEqual(await labels({}), ['JavaScript', 'Python', 'Shell']);
    assert.deepEqual(await labels({ sampleLanguages: ['python'] }), ['Python']);
  });
});
