/**
 * The build cache of a portal (issue 37, src/pipeline/cache/): an unchanged API is copied from the
 * cache, and the site is the same, byte for byte, as a build from nothing of the same documents;
 * an edited API, one whose pages show something new of another API, and one whose entry was
 * damaged are built again; a change of the configuration, base path or site URL builds them all;
 * a cache folder of someone else's files is refused and left as it was.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';
import { BILLING, ORDERS, SHIPPING } from './portal-pair.ts';
import { assertSameSite } from './same-site.ts';

/** Shipping as a new consumer of the orders Orders sends: a fact of Orders' pages ("Received by"). */
const SHIPPING_CONSUMES_ORDERS = `${SHIPPING}  packOrder:
    action: receive
    channel: {$ref: '#/channels/orders'}
`.replace(
  'channels:\n',
  `channels:
  orders:
    address: orders.created
    messages:
      OrderCreated:
        name: OrderCreated
        payload: {type: object, properties: {orderId: {type: string}}}
`,
);

/** The build's line about the cache: `Build cache …: 2 of 3 APIs reused; built: orders (changed).` */
function cacheLine(err: string): string {
  const line = err.split('\n').find((l) => l.startsWith('Build cache '));
  assert.ok(line, `no line about the build cache in:\n${err}`);
  return line;
}

/** The build's line about the search index's parts: `Search index parts: 2 of 3 reused from the build cache.` */
function partsLine(err: string): string {
  const line = err.split('\n').find((l) => l.startsWith('Search index parts: '));
  assert.ok(line, `no line about the search index's parts in:\n${err}`);
  return line.replace('Search index parts: ', '').replace(' reused from the build cache.', '');
}

describe('the build cache of a portal', { timeout: 600_000 }, () => {
  let dir = '';
  let builds = 0;
  /** Builds the portal into a new folder with the cache of `cache`; returns the folder and the line about the cache. */
  const build = async (cache: string, extra: string[] = []): Promise<{ site: string; line: string; parts: string }> => {
    const site = `site-${++builds}`;
    const r = await runIn(dir, ['build', 'apis', '--out', site, '--cache', cache, ...extra]);
    assert.equal(r.code, 0, r.out + r.err);
    return { site: join(dir, site), line: cacheLine(r.err), parts: partsLine(r.err) };
  };
  /** A build from nothing: a cache folder of its own, new. */
  const cold = (extra: string[] = []): Promise<{ site: string; line: string }> => build(`cold-${builds + 1}`, extra);

  before(() => {
    dir = tempTree({ 'apis/orders.yaml': ORDERS, 'apis/billing.yaml': BILLING, 'apis/shipping.yaml': SHIPPING });
    // The search index in parts of one API each, as a large portal's parts hold several
    // (src/pipeline/cache/search-groups.ts): a part is copied when its API is.
    process.env.APIDESC_SEARCH_PAGES_PER_INDEX = '1';
  });
  after(() => {
    delete process.env.APIDESC_SEARCH_PAGES_PER_INDEX;
    rmSync(dir, { recursive: true, force: true });
  });

  let first = '';
  it('keeps every API of the first build, and the next build of the same documents copies all of them: the same site', async () => {
    const made = await build('cache');
    assert.equal(
      made.line,
      'Build cache cache: 0 of 3 APIs reused; built: billing (not in the cache), orders (not in the cache), shipping (not in the cache).',
    );
    assert.deepEqual(readdirSync(join(dir, 'cache', 'apis')).sort(), ['billing', 'orders', 'shipping']);
    assert.equal(made.parts, '0 of 3');
    assert.deepEqual(JSON.parse(readFileSync(join(made.site, 'pagefind/parts.json'), 'utf8')), ['part-2/', 'part-3/']);
    const again = await build('cache');
    assert.equal(again.line, 'Build cache cache: 3 of 3 APIs reused.');
    assert.equal(again.parts, '3 of 3');
    assertSameSite(again.site, made.site);
    // Each part's names for "Did you mean" are kept with it and placed from the cache (the very
    // file, linked), not made again from the part's records.
    for (const part of ['', 'part-2/', 'part-3/']) {
      const kept = join(dir, 'cache/search', part.replace(/\/$/, '') || 'part-1', 'files/names.json');
      assert.equal(
        statSync(join(again.site, 'pagefind', part, 'names.json')).ino,
        statSync(kept).ino,
        `${part || 'the first part'}: names.json not placed from the cache`,
      );
    }
    first = made.site;
  });

  it('builds only the API whose document changed; the site is that of a build of the edited portal from nothing', async () => {
    writeFileSync(join(dir, 'apis/billing.yaml'), BILLING.replace('Bills orders.', 'Bills every order once.'));
    const edited = await build('cache');
    assert.equal(edited.line, 'Build cache cache: 2 of 3 APIs reused; built: billing (changed).');
    // Billing's part of the search index is made again, the other two copied.
    assert.equal(edited.parts, '2 of 3');
    assert.match(readFileSync(join(edited.site, 'billing/index.html'), 'utf8'), /Bills every order once\./);
    assertSameSite(edited.site, (await cold()).site);
  });

  it('builds again an API whose cache entry was damaged, and publishes none of it', async () => {
    const page = join(dir, 'cache/apis/orders/files/index.html');
    const size = statSync(page).size;
    truncateSync(page, size - 10);
    // And Shipping's part of the search index, which is otherwise unchanged.
    writeFileSync(join(dir, 'cache/search/part-3/files/pagefind-entry.json'), '{}');
    const repaired = await build('cache');
    assert.equal(repaired.line, 'Build cache cache: 2 of 3 APIs reused; built: orders (cache entry damaged).');
    assert.equal(repaired.parts, '2 of 3');
    assert.equal(readFileSync(join(repaired.site, 'orders/index.html')).length, size);
    assertSameSite(repaired.site, (await cold()).site);
    // The entry was written anew: the next build takes it.
    assert.equal((await build('cache')).line, 'Build cache cache: 3 of 3 APIs reused.');
  });

  it('rejects an entry whose manifest names a file outside it, or is not JSON', async () => {
    const manifest = join(dir, 'cache/apis/shipping/manifest.json');
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, text.replace('"index.html"', '"../orders/files/index.html"'));
    assert.equal((await build('cache')).line, 'Build cache cache: 2 of 3 APIs reused; built: shipping (cache entry damaged).');
    writeFileSync(manifest, '{"tool": "apidesc-docs", "lay');
    assert.equal((await build('cache')).line, 'Build cache cache: 2 of 3 APIs reused; built: shipping (cache entry damaged).');
  });

  it("rejects an entry whose pages' heads (what the 404 page's lists say of them) are not as this tool writes them, or of another layout", async () => {
    const manifest = join(dir, 'cache/apis/shipping/manifest.json');
    const text = readFileSync(manifest, 'utf8');
    const kept = JSON.parse(text) as { data: { heads: Record<string, { title?: string; apiTitle?: string }> } };
    // The overview's head: its title, and the API its header names.
    assert.equal(kept.data.heads['']?.apiTitle, 'Shipping');
    writeFileSync(manifest, text.replace('"heads":{', '"heads":{"x":{"title":7},'));
    const damaged = await build('cache');
    assert.equal(damaged.line, 'Build cache cache: 2 of 3 APIs reused; built: shipping (cache entry damaged).');
    assertSameSite(damaged.site, (await cold()).site);
    // An entry of the layout before heads were kept (its data the pages' fingerprints alone).
    const written = readFileSync(manifest, 'utf8');
    const data = JSON.parse(written) as { data: { pages: unknown } };
    writeFileSync(manifest, JSON.stringify({ ...data, layout: 2, data: data.data.pages }));
    const older = await build('cache');
    assert.equal(older.line, 'Build cache cache: 2 of 3 APIs reused; built: shipping (cache entry damaged).');
    assertSameSite(older.site, damaged.site);
  });

  it('builds again the APIs whose pages show a new consumer of a message of another API, and only those', async () => {
    writeFileSync(join(dir, 'apis/shipping.yaml'), SHIPPING_CONSUMES_ORDERS);
    const flows = await build('cache');
    // Orders' pages list Shipping under "Received by"; Billing's list only who sends, which did not change.
    assert.equal(flows.line, 'Build cache cache: 1 of 3 APIs reused; built: orders (changed), shipping (changed).');
    assert.match(readFileSync(join(flows.site, 'orders/operations/publishordercreated/index.html'), 'utf8'), /Shipping/);
    assertSameSite(flows.site, (await cold()).site);
  });

  it("builds every API again when an API's title changes: every page's API switcher shows it", async () => {
    writeFileSync(join(dir, 'apis/billing.yaml'), BILLING.replace('title: Billing', 'title: Invoicing'));
    const renamed = await build('cache');
    assert.equal(renamed.line, 'Build cache cache: 0 of 3 APIs reused; built: billing (changed), orders (changed), shipping (changed).');
    assert.match(readFileSync(join(renamed.site, 'shipping/index.html'), 'utf8'), /Invoicing/);
    assertSameSite(renamed.site, (await cold()).site);
  });

  for (const [what, flags] of [
    ['the configuration (the site title)', ['--title', 'Our services']],
    ['the base path', ['--base', '/docs/']],
    ['the site URL', ['--site', 'https://apis.example.com']],
  ] as const) {
    it(`builds every API again when ${what} changes, and the site is that of a build from nothing`, async () => {
      const changed = await build('cache', [...flags]);
      assert.equal(changed.line, 'Build cache cache: 0 of 3 APIs reused; built: billing (changed), orders (changed), shipping (changed).');
      assertSameSite(changed.site, (await cold([...flags])).site);
      // Back to the plain build: its entries were replaced, so it is built again too.
      assert.equal((await build('cache')).line, 'Build cache cache: 0 of 3 APIs reused; built: billing (changed), orders (changed), shipping (changed).');
    });
  }

  it('refuses a cache folder that holds files it did not write, in one line, and leaves them', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = await runIn(dir, ['build', 'apis', '--out', 'refused', '--cache', '.']);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim(), 'apidesc-docs: --cache . holds files this tool did not write; name an empty or new folder for the build cache');
    assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'mine');
    assert.equal(existsSync(join(dir, 'refused')), false);
    assert.ok(existsSync(first));
  });

  it('keeps no cache in a working folder without node_modules unless --cache names one, and in its node_modules when it has one', async () => {
    const bare = await runIn(dir, ['build', 'apis', '--out', 'bare-site']);
    assert.equal(bare.code, 0, bare.err);
    assert.doesNotMatch(bare.err, /Build cache/);
    assert.equal(existsSync(join(dir, 'node_modules')), false);
    // A project with its packages installed, where the tool also keeps its own bundles.
    mkdirSync(join(dir, 'node_modules/.cache/apidesc-docs/renderer-0123456789abcdef'), { recursive: true });
    const project = await runIn(dir, ['build', 'apis', '--out', 'project-site']);
    assert.equal(project.code, 0, project.err);
    assert.match(cacheLine(project.err), /^Build cache node_modules\/\.cache\/apidesc-docs: 0 of 3 APIs reused/);
    assert.ok(existsSync(join(dir, 'node_modules/.cache/apidesc-docs/apis/orders/manifest.json')));
    // The search index too: a portal's is in parts of whole APIs with the cache or without it
    // (src/pipeline/cache/search-group-plan.ts).
    assertSameSite(join(dir, 'project-site'), join(dir, 'bare-site'));
  });

  it('says that --cache belongs to build', async () => {
    const r = await runIn(dir, ['validate', 'apis', '--cache', 'cache']);
    assert.equal(r.code, 2);
    assert.match(r.err, /--cache belongs to build/);
  });
});
