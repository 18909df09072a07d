/**
 * A portal's first pass one document at a time (src/pipeline/first-pass.ts, issue 37): each
 * document's summary is the one a build that loads every document at once makes of it, and no
 * summary keeps its document alive, so that a shard of a large portal holds one document of
 * its first pass at a time.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, describe, it } from 'node:test';
import { apiSlugs } from '../src/lib/model/api-slugs.ts';
import type { ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { type ApiSummary, summaryToKeep } from '../src/pipeline/cache/api-summary.ts';
import { firstPassOneByOne } from '../src/pipeline/first-pass.ts';
import { apiCacheKey, sharedKeyPart } from '../src/pipeline/cache/api-cache-key.ts';
import { SummarySpill } from '../src/pipeline/shards/summary-spill.ts';
import { makeWhole, thinSummary } from '../src/pipeline/shards/thin-summary.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildSiteData, type DocToModel } from '../src/site/site-model.ts';
import { formatText } from '../src/lib/diagnostics/format-text.ts';
import { displayPath } from '../src/lib/diagnostics/to-diagnostic.ts';
import { tempTree } from './helpers.ts';
import { buildSite } from '../src/pipeline/pipeline.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BILLING, ORDERS, SHIPPING } from './portal-pair.ts';

const dir = tempTree({
  'apis/orders.yaml': ORDERS,
  'apis/billing.yaml': BILLING,
  'apis/shipping.yaml': SHIPPING,
  'broken/not-yaml.yaml': 'apidesc: 3.0.0\ninfo: [unclosed\n',
  // Two examples that do not match their schema: findings with code frames.
  'findings/orders.yaml': ORDERS,
  'findings/wrong-examples.yaml': `${SHIPPING}components:
  messages:
    Parcel:
      payload: {type: object, properties: {weight: {type: number}}}
      examples:
        - name: first
          payload: {weight: heavy}
          summary: A parcel.
        - name: second
          summary: Another parcel.
          payload: {weight: light}
          headers: {}
      description: Parcels.
`,
});
after(() => rmSync(dir, { recursive: true, force: true }));
const files = ['orders', 'billing', 'shipping'].map((name) => join(dir, 'apis', `${name}.yaml`));
const slugs = apiSlugs(files);
const toModel = (file: string, doc: ResolvedDoc): DocToModel => ({ file, doc, exampleFindings: [] });

/**
 * A full collection, so that what nothing holds any longer is gone (V8's `gc`, made callable for
 * this test), after the current job: a WeakRef's target is kept alive until the job that made it ends.
 */
async function collectGarbage(): Promise<void> {
  await new Promise((done) => setImmediate(done));
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('the first pass one document at a time', () => {
  it("makes each document's summary as a build that loads them all at once makes it", async () => {
    const made = await firstPassOneByOne({ files, slugs, known: new Set(), options: {}, cwd: dir, modelOptions: {}, toModel });
    assert.ok(made);
    // The summaries a build of the three documents loaded together keeps (prepare-stage.ts).
    const loaded = await Promise.all(files.map((file) => validateDocument(file, {})));
    const together = new Map<string, string>();
    buildSiteData(
      loaded.map((r, i) => toModel(files[i]!, r.doc!)),
      dir,
      { deferPages: true, modelled: (i, modelled) => together.set(files[i]!, summaryToKeep(loaded[i]!.doc!, loaded[i]!.diagnostics, modelled, dir)!.json) },
    );
    assert.deepEqual([...made.keys()], files);
    for (const file of files) assert.deepEqual(made.get(file)!.summary, JSON.parse(together.get(file)!), file);
    assert.deepEqual(
      files.map((f) => made.get(f)!.summary.modelled.api.prefix),
      slugs.map((s) => `${s}/`),
    );
  });

  it("holds a shard's summaries thinned, each put aside whole and made whole again as it was, key and all", async () => {
    const work = mkdtempSync(join(tmpdir(), 'apidesc-thin-'));
    try {
      const spill = new SummarySpill(work);
      const whole = await firstPassOneByOne({ files, slugs, known: new Set(), options: {}, cwd: dir, modelOptions: {}, toModel });
      const thin = await firstPassOneByOne({ files, slugs, known: new Set(), options: {}, cwd: dir, modelOptions: {}, toModel, thinned: spill });
      assert.ok(whole && thin);
      const shared = sharedKeyPart({ settings: {} as never, preview: false }, 'tool');
      const keyOf = (summary: ApiSummary): string => apiCacheKey(shared, { api: summary.modelled.api, files: summary.files, apis: [summary.modelled.api] });
      for (const file of files) {
        const held: ApiSummary = thin.get(file)!.summary;
        const full: ApiSummary = whole.get(file)!.summary;
        // What the pages of the API's own lists and of each page read is gone; names and places stay.
        const pages = held.modelled.api.pages;
        assert.ok(
          full.modelled.api.pages.some((p) => p.usedBy.length > 0 || p.payload !== undefined),
          `${file} has lists to thin`,
        );
        assert.ok(
          pages.every((p) => p.usedBy.length === 0 && p.payload === undefined && p.carries === undefined && p.summaryHtml === undefined),
          file,
        );
        assert.deepEqual(
          pages.map((p) => [p.url, p.title, p.kind, p.badges]),
          full.modelled.api.pages.map((p) => [p.url, p.title, p.kind, p.badges]),
        );
        assert.ok(JSON.stringify(held).length < JSON.stringify(full).length, file);
        // The key reads the whole pages, thinned or not.
        assert.equal(keyOf(held), keyOf(full), file);
        // Made whole again: the same JSON, field order and all (the page fingerprints are of it).
        const samePages = held.modelled.api.pages.slice();
        makeWhole(held.modelled.api, spill.take(file));
        assert.equal(JSON.stringify(held), JSON.stringify(full), file);
        assert.ok(
          held.modelled.api.pages.every((p, i) => p === samePages[i]),
          'the same page objects',
        );
        assert.throws(() => spill.take(file), /no summary was put aside/);
      }
      assert.deepEqual(readdirSync(join(work, 'summaries')), [], 'each file removed once read');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('makes a thinned page whole in the order of its fields, wherever the thinned ones were', () => {
    const page = () => ({ kind: 'message', id: 'a', url: 'messages/a/', payload: { schema: 'A' }, title: 'A', usedBy: [{ id: 'x' }], badges: [] });
    const summary = { modelled: { api: { slug: 'one', pages: [page()] } } } as never as Parameters<typeof makeWhole>[1];
    const api = summary.modelled.api;
    thinSummary(summary);
    assert.deepEqual(Object.keys(api.pages[0]!), ['kind', 'id', 'url', 'title', 'usedBy', 'badges']);
    makeWhole(api, { modelled: { api: { slug: 'one', pages: [page()] } } } as never);
    assert.equal(JSON.stringify(api.pages[0]), JSON.stringify(page()));
    assert.throws(() => makeWhole(api, { modelled: { api: { slug: 'one', pages: [] } } } as never), /not that of its pages/);
  });

  it('keeps nothing of a document once its summary is made', async () => {
    const docs: WeakRef<ResolvedDoc>[] = [];
    const made = await firstPassOneByOne({
      files,
      slugs,
      known: new Set(),
      options: {},
      cwd: dir,
      modelOptions: {},
      toModel: (file, doc) => {
        docs.push(new WeakRef(doc));
        return toModel(file, doc);
      },
    });
    assert.equal(made?.size, 3);
    await collectGarbage();
    assert.deepEqual(
      docs.map((ref) => ref.deref() === undefined),
      [true, true, true],
      'every document is collected while the summaries are held',
    );
    // Held to here on purpose: the summaries must not be what keeps the documents.
    assert.equal(made?.size, 3);
  });

  it('reads no document whose summary is known, and gives up when a document cannot be loaded', async () => {
    const read: string[] = [];
    const made = await firstPassOneByOne({
      files,
      slugs,
      known: new Set([files[0]!, files[2]!]),
      options: {},
      cwd: dir,
      modelOptions: {},
      toModel: (file, doc) => {
        read.push(file);
        return toModel(file, doc);
      },
    });
    assert.deepEqual(read, [files[1]]);
    assert.deepEqual([...(made?.keys() ?? [])], [files[1]]);
    const withBroken = [...files, join(dir, 'broken/not-yaml.yaml')];
    const none = await firstPassOneByOne({
      files: withBroken,
      slugs: apiSlugs(withBroken),
      known: new Set(),
      options: {},
      cwd: dir,
      modelOptions: {},
      toModel,
    });
    assert.equal(none, undefined, 'the build then reads every document as before, to report what is wrong');
  });

  it("keeps of a document's text only the lines its findings' code frames show, which print as from the whole text", async () => {
    const both = ['orders', 'wrong-examples'].map((name) => join(dir, 'findings', `${name}.yaml`));
    const made = await firstPassOneByOne({ files: both, slugs: apiSlugs(both), known: new Set(), options: { cwd: dir }, cwd: dir, modelOptions: {}, toModel });
    const hit = made?.get(both[1]!);
    assert.ok(hit);
    const { diagnostics } = hit.summary;
    assert.ok(diagnostics.filter((d) => d.line > 0).length >= 2, 'the document has findings placed on lines');
    assert.equal(made?.get(both[0]!)?.texts.size, 0, 'a document without findings keeps no text');
    const whole = (await validateDocument(both[1]!, { cwd: dir })).doc!.files[0]!.text;
    const kept = hit.texts.get(both[1]!)!;
    assert.ok(kept.length < whole.length / 2, `kept ${kept.length} of ${whole.length} characters`);
    const shown = displayPath(both[1]!, dir);
    assert.equal(formatText(diagnostics, { sources: new Map([[shown, kept]]) }), formatText(diagnostics, { sources: new Map([[shown, whole]]) }));
  });

  it('builds a portal whole to the same site, byte for byte, with its first pass one document at a time', async () => {
    const said: string[] = [];
    const build = async (folder: string, firstPassOneByOne: boolean): Promise<Map<string, Buffer>> => {
      const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
      const code = await buildSite(['apis'], { outDir: folder, cwd: dir, color: false, format: 'text', version: '0', firstPassOneByOne }, io);
      assert.equal(code, 0, said.join('\n'));
      const out = join(dir, folder);
      const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      return new Map(files.map((e) => [relative(out, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name))]));
    };
    const together = await build('together', false);
    assert.ok(!said.some((line) => line.includes('one document at a time')), said.join('\n'));
    const oneByOne = await build('one-by-one', true);
    assert.ok(
      said.includes(
        'API summaries: 3 of 3 made one document at a time (each let go before the next is read); loaded again to make their pages: billing, orders, shipping.',
      ),
      said.join('\n'),
    );
    assert.deepEqual([...oneByOne.keys()].sort(), [...together.keys()].sort());
    for (const [path, bytes] of together) assert.ok(bytes.equals(oneByOne.get(path)!), `${path} differs`);
    // The source copies of an API loaded again are written when its pages are made.
    for (const name of ['orders', 'billing', 'shipping'])
      for (const ext of ['yaml', 'json']) assert.ok(oneByOne.has(join(name, 'source', `${name}.${ext}`)), `${name}'s ${ext} copy`);
  });
});
