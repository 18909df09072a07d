/**
 * The reference inside a real Starlight site (test/fixtures/starlight-site, Starlight and Astro
 * from the registry at the versions package.json pins): its pages are in Starlight's layout, its
 * groups in Starlight's sidebar where the placeholder is, its pages in Starlight's search index
 * with the reference's filters; a document with an error stops `astro build` with the findings
 * `apidesc-docs validate` prints, never a stack.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { parseDocument } from 'yaml';
import { astroBuild, brokenLinks, type HostSite, hostSite, nodeRun, REPO } from './host-site.ts';
import { runIn } from './helpers.ts';

const ORDERS = readFileSync(join(REPO, 'content', 'orders.apidesc.yaml'), 'utf8');

/** A page of the built site. */
const page = (site: HostSite, path: string): string => readFileSync(join(site.dir, 'dist', path, 'index.html'), 'utf8');

/** Pagefind's record of each indexed page (its fragments: URL, title, filters), as the index holds them. */
function indexedPages(dist: string): { url: string; meta: Record<string, string>; filters: Record<string, string[]> }[] {
  const folder = join(dist, 'pagefind', 'fragment');
  return readdirSync(folder).map((name) => {
    const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8');
    return JSON.parse(text.slice(text.indexOf('{')));
  });
}

describe('apidesc-docs/starlight in a Starlight site', { timeout: 600_000 }, () => {
  let site: HostSite;
  let build: { code: number | null; output: string };
  before(async () => {
    site = hostSite('starlight-site', { 'api/orders.apidesc.yaml': ORDERS });
    build = await astroBuild(site.dir);
  });
  after(() => site.remove());

  it('builds, with a page for every object under /reference/', () => {
    assert.equal(build.code, 0, build.output);
    for (const path of [
      'reference',
      'reference/channels/orderevents',
      'reference/operations/publishorderevents',
      'reference/components/schemas/order',
      'reference/channels',
    ])
      assert.ok(existsSync(join(site.dir, 'dist', path, 'index.html')), `${path} is built`);
  });

  it("renders a reference page in Starlight's layout: header, title, table of contents, theme", () => {
    const html = page(site, 'reference/components/schemas/order');
    assert.match(html, /<header class="header[^"]*"/, "Starlight's header");
    assert.match(html, /<h1 id="_top"[^>]*>Order<\/h1>/, "Starlight's title is the object's");
    assert.equal(html.match(/<h1\b/g)?.length, 1, 'one title: the reference does not write its own inside Starlight');
    assert.match(html, /<starlight-theme-select/, "Starlight's theme switch");
    assert.match(html, /<starlight-toc[\s\S]*?href="#h-schema"/, "Starlight's table of contents lists the reference's sections");
    assert.match(html, /<div class="apidesc-ref not-content">[\s\S]*class="schema-tree"/, "the reference's schema table, inside the reference's scope");
  });

  it('puts the groups of the API where the placeholder is in the sidebar of every page', () => {
    for (const path of ['reference/components/schemas/order', 'guides/start']) {
      const sidebar = /<nav aria-label="Main"[\s\S]*?<\/nav>|<sl-sidebar-state-persist[\s\S]*?<\/sl-sidebar-state-persist>/.exec(page(site, path))?.[0] ?? '';
      const guides = sidebar.indexOf('Guides');
      const api = sidebar.indexOf('Order Fulfilment Events');
      assert.ok(guides >= 0 && api > guides, `${path}: the user's group, then the API's where the placeholder is`);
      assert.match(sidebar, /href="\/reference\/operations\/"/, `${path}: the API's sections`);
    }
    const schemaPage = page(site, 'reference/components/schemas/order');
    assert.match(schemaPage, /<a href="\/reference\/components\/schemas\/order\/" aria-current="page"/, 'the page is current in the sidebar');
  });

  it("is in Starlight's search index, with the reference's filters", () => {
    const pages = indexedPages(join(site.dir, 'dist'));
    const channel = pages.find((p) => p.url === '/reference/channels/orderevents/');
    assert.ok(channel, 'the channel is indexed');
    assert.equal(channel.meta.title, 'Order events');
    assert.deepEqual(channel.filters.kind, ['Channel']);
    assert.deepEqual(channel.filters.protocol, ['Amazon SNS']);
    assert.ok(
      pages.some((p) => p.url === '/guides/start/'),
      "the host's own pages too",
    );
  });

  it("shows the reference's parts in the host's own MDX pages, linked to the reference", () => {
    const html = page(site, 'guides/orders');
    assert.match(html, /<a href="\/reference\/operations\/publishorderevents\/">the publishing operation<\/a>/, 'ApiLink');
    const parts = html.match(/<div class="apidesc-ref not-content">/g) ?? [];
    assert.equal(parts.length, 4, 'the operation card, the schema table, the example and the sns topic, each in the scope of the styles');
    assert.match(html, /<a href="\/reference\/operations\/publishorderevents\/"><strong>Publish order events<\/strong><\/a>/, 'OperationCard');
    assert.match(html, /<figcaption><a href="\/reference\/components\/schemas\/money\/">Money<\/a>/, 'SchemaTable');
    assert.match(html, /class="schema-tree"/);
    assert.match(html, /<figcaption><a href="\/reference\/components\/messages\/orderplaced\/">Order placed<\/a>/, 'MessageExample');
    assert.match(
      html,
      /<a href="\/reference\/channels\/orderevents\/#h-sns"><strong>Order events<\/strong><\/a> <span class="kind">SNS topic<\/span>/,
      'SnsTopic',
    );
  });

  it('publishes beside the pages what the standalone build does: the Markdown twins, llms.txt and the downloads of the document', () => {
    const dist = join(site.dir, 'dist');
    const html = page(site, 'reference/channels/orderevents');
    assert.match(html, /<a class="page-markdown" href="\/reference\/channels\/orderevents\/index\.md" type="text\/markdown"/, 'the page links its twin');
    const twin = readFileSync(join(dist, 'reference/channels/orderevents/index.md'), 'utf8');
    assert.match(twin, /^# Order events\n/);
    assert.match(twin, /- \[Order placed\]\(\/reference\/components\/messages\/orderplaced\/index\.md\)/, 'linked to the other twins below the base');
    const llms = readFileSync(join(dist, 'reference/llms.txt'), 'utf8');
    assert.match(llms, /^# Order Fulfilment Events\n/);
    assert.match(llms, /- \[Order events\]\(\/reference\/channels\/orderevents\/index\.md\)/);
    assert.equal(readFileSync(join(dist, 'llms.txt'), 'utf8'), llms, "the site has no llms.txt of its own: the reference's is at its root too");
    assert.match(readFileSync(join(dist, 'reference/llms-full.txt'), 'utf8'), /^# Order events\n/m);
    assert.equal(readFileSync(join(dist, 'reference/source/orders.apidesc.yaml'), 'utf8'), ORDERS, 'the document as written, to download');
    assert.match(page(site, 'reference'), /<a href="\/reference\/source\/orders\.apidesc\.yaml" download>/, 'linked from the overview');
    // Every entity page has its twin, as in the standalone site.
    const entities = readdirSync(join(dist, 'reference'), { recursive: true, encoding: 'utf8' }).filter(
      (path) => /(^|\/)index\.html$/.test(path) && page(site, join('reference', path, '..')).includes('class="page-markdown"'),
    );
    assert.ok(entities.length > 20, `${entities.length} entity pages`);
    for (const path of entities) assert.ok(existsSync(join(dist, 'reference', path, '..', 'index.md')), `${path} has its twin`);
    assert.ok(!existsSync(join(dist, '_headers')) && !existsSync(join(dist, '.well-known')), "the standalone site's own root files stay with it");
  });

  it("links nothing on the reference's pages that the build did not write", () => {
    assert.deepEqual(brokenLinks(join(site.dir, 'dist'), 'reference'), []);
  });

  it("type-checks the site's configuration against Starlight's and Astro's types (the plugin's options, and the plugin itself)", async () => {
    const tsc = await nodeRun([join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', site.dir], site.dir);
    assert.equal(tsc.code, 0, tsc.output);
  });
});

describe('several APIs in a Starlight site', { timeout: 600_000 }, () => {
  it('lists them at the base, each under its own path and group, linked to each other across the reference', async () => {
    const site = hostSite('starlight-site', {
      'api/orders.apidesc.yaml': ORDERS,
      'api/warehouse.apidesc.yaml': ORDERS,
      // In a reference of several APIs a component says which it means.
      'src/content/docs/guides/orders.mdx':
        '---\ntitle: Placing orders\n---\n\nimport { ApiLink } from \'apidesc-docs/components\';\n\nThe warehouse <ApiLink ref="#/operations/receiveOrderEventsInWarehouse" api="warehouse">receives them</ApiLink>.\n',
    });
    try {
      const build = await astroBuild(site.dir);
      assert.equal(build.code, 0, build.output);
      const root = page(site, 'reference');
      assert.match(root, /<a href="\/reference\/orders\/">Order Fulfilment Events \(api\/orders\.apidesc\.yaml\)<\/a>/);
      assert.match(root, /<a href="\/reference\/warehouse\/">Order Fulfilment Events \(api\/warehouse\.apidesc\.yaml\)<\/a>/);
      const operation = page(site, 'reference/orders/operations/publishorderevents');
      // The other API receives what this one sends: its operation is linked below the reference's base, not the host's.
      assert.match(operation, /href="\/reference\/warehouse\/operations\/receiveordereventsinwarehouse\/"/);
      assert.doesNotMatch(operation, /href="\/warehouse\//);
      const channel = indexedPages(join(site.dir, 'dist')).find((p) => p.url === '/reference/warehouse/channels/orderevents/');
      assert.deepEqual(channel?.filters.API, ['Order Fulfilment Events (api/warehouse.apidesc.yaml)'], 'the API is a search filter');
      assert.match(page(site, 'guides/orders'), /<a href="\/reference\/warehouse\/operations\/receiveordereventsinwarehouse\/">receives them<\/a>/);
      // The files of each API under its path, as in a portal; the list of the APIs' llms.txt at the base.
      assert.match(readFileSync(join(site.dir, 'dist/reference/llms.txt'), 'utf8'), /\(\/reference\/warehouse\/llms\.txt\)/);
      assert.ok(existsSync(join(site.dir, 'dist/reference/warehouse/source/warehouse.apidesc.yaml')));
      assert.deepEqual(brokenLinks(join(site.dir, 'dist'), 'reference'), []);
    } finally {
      site.remove();
    }
  });
});

describe('a document with an error in a Starlight site', { timeout: 600_000 }, () => {
  it('stops `astro build` with the findings of `apidesc-docs validate`, and no stack', async () => {
    const doc = parseDocument(ORDERS);
    doc.setIn(['channels', 'orderEvents', 'messages', 'orderPlaced', '$ref'], '#/components/messages/NoSuchMessage');
    const broken = doc.toString();
    const site = hostSite('starlight-site', { 'api/orders.apidesc.yaml': broken });
    try {
      const build = await astroBuild(site.dir);
      assert.notEqual(build.code, 0, 'the build stops');
      assert.ok(!existsSync(join(site.dir, 'dist', 'reference')), 'no reference is built');
      const validate = await runIn(site.dir, ['validate', 'api/orders.apidesc.yaml']);
      const findings = validate.out.split('\n').filter((line) => /^\S+:\d+:\d+ {2}error {2}/.test(line));
      assert.ok(findings.length > 0, validate.out);
      for (const line of findings) assert.ok(build.output.includes(line), `the build says ${line}\n${build.output}`);
      assert.match(build.output, /hint: /, 'with the hints');
      assert.match(build.output, /The API documents have errors \(above\): the reference was not built/, 'and why it stopped');
      assert.match(build.output, /Fix them, or set allowInvalid: true/, 'and what to do');
      assert.doesNotMatch(build.output, /Browser APIs|Stack trace/, 'nothing that is not about the documents');
      assert.doesNotMatch(build.output, /^\s+at .+:\d+:\d+\)?$/m, 'without a stack');
    } finally {
      site.remove();
    }
  });
});

describe("a wrong ref in a host's MDX page", { timeout: 600_000 }, () => {
  it('stops `astro build` with the place of the use, as the guides of the standalone site', async () => {
    const site = hostSite('starlight-site', {
      'api/orders.apidesc.yaml': ORDERS,
      'src/content/docs/guides/wrong.mdx':
        '---\ntitle: Wrong\n---\n\nimport { SchemaTable as Table } from \'apidesc-docs/components\';\n\nText.\n\n<Table ref="#/components/schemas/Nothing" />\n',
    });
    try {
      const build = await astroBuild(site.dir);
      assert.notEqual(build.code, 0, 'the build stops');
      assert.match(
        build.output,
        /src\/content\/docs\/guides\/wrong\.mdx:9:1 {2}error {2}guide-ref-unresolved {2}ref="#\/components\/schemas\/Nothing" does not resolve/,
        build.output,
      );
      assert.match(build.output, />\s+9 \| <Table ref=/, 'with the line quoted');
      assert.match(build.output, /A page shows part of the reference by a ref that shows nothing \(above\)/);
      assert.doesNotMatch(build.output, /Browser APIs|Stack trace/);
    } finally {
      site.remove();
    }
  });
});

describe('a Starlight site in two languages', { timeout: 600_000 }, () => {
  it("has the reference in each locale: the locale's interface around the document's text, its links and sidebar in that locale", async () => {
    const site = hostSite('starlight-site', {
      'api/orders.apidesc.yaml': ORDERS,
      'src/content/docs/fr/index.md': '---\ntitle: Documentation\n---\n\nLisez [la référence](reference/).\n',
    });
    try {
      const config = join(site.dir, 'astro.config.mjs');
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace(
          "title: 'Team docs',",
          "title: 'Team docs',\n      locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },",
        ),
      );
      const build = await astroBuild(site.dir);
      assert.equal(build.code, 0, build.output);
      const english = page(site, 'reference/channels/orderevents');
      const french = page(site, 'fr/reference/channels/orderevents');
      assert.match(english, /<html lang="en"/);
      assert.match(french, /<html lang="fr"/);
      assert.match(french, /Sur cette page/, "Starlight's own words in the locale");
      assert.match(english, /On this page/);
      assert.match(french, /<h1 id="_top"[^>]*>Order events<\/h1>/, "the document's own text, as written");
      // The reference's links, and its sidebar groups, stay in the page's locale.
      assert.match(french, /<div class="apidesc-ref not-content">[\s\S]*href="\/fr\/reference\/operations\/publishorderevents\/"/);
      assert.doesNotMatch(french, /href="\/reference\//, 'no link of the French page leads to the English reference');
      assert.match(english, /href="\/reference\/operations\/publishorderevents\/"/);
      assert.match(page(site, 'fr'), /<a href="\/fr\/reference\/channels\/"[^>]*>[\s\S]*?Channels/, "the French home page's sidebar");
      // Starlight's language switch leads from a page of the reference to the same page in the other locale.
      assert.match(english, /<option value="\/fr\/reference\/channels\/orderevents\/"/);
      assert.ok(existsSync(join(site.dir, 'dist/fr/reference/components/schemas/order/index.html')));
      // Each locale's pages are found by the search in that locale.
      const indexed = indexedPages(join(site.dir, 'dist')).map((p) => p.url);
      assert.ok(indexed.includes('/fr/reference/channels/orderevents/') && indexed.includes('/reference/channels/orderevents/'));
      // The twins and downloads are in each locale's reference too: no link of a page leads nowhere.
      assert.match(french, /href="\/fr\/reference\/channels\/orderevents\/index\.md"/);
      assert.deepEqual(brokenLinks(join(site.dir, 'dist'), 'fr/reference'), []);
    } finally {
      site.remove();
    }
  });
});

describe('a Starlight site whose reference is compared with a base (compare)', { timeout: 600_000 }, () => {
  /** Sets the reference's `compare` option in the site's configuration (a path under the site, or a git ref) and builds the site. */
  async function buildComparedWith(site: HostSite, compare: string): Promise<void> {
    const config = join(site.dir, 'astro.config.mjs');
    writeFileSync(config, readFileSync(config, 'utf8').replace("base: 'reference' }", `base: 'reference', compare: ${JSON.stringify(compare)} }`));
    const build = await astroBuild(site.dir);
    assert.equal(build.code, 0, build.output);
  }

  it('has the Changes page under the base, and the badge of each changed page linked to it', async () => {
    const site = hostSite('starlight-site', {
      'api/orders.apidesc.yaml': ORDERS,
      // The base: the channel had another title.
      'api-base/orders.apidesc.yaml': ORDERS.replace('    title: Order events\n', '    title: Order stream\n'),
    });
    try {
      await buildComparedWith(site, 'api-base/');
      const changes = page(site, 'reference/changes');
      assert.match(changes, /<h1 id="_top"[^>]*>Changes<\/h1>/, "in Starlight's layout");
      assert.equal(changes.match(/<h1\b/g)?.length, 1, "one title: Starlight's");
      assert.match(changes, /Order stream|Order events/, 'the change');
      const channel = page(site, 'reference/channels/orderevents');
      assert.match(channel, /<a class="badge change-badge change-changed" href="\/reference\/changes\/#[^"]+"/, 'the badge of the changed page');
      assert.match(page(site, 'reference'), /<p class="changes-link"[^>]*>\s*<a href="\/reference\/changes\/">/, "the overview's link");
      assert.ok(existsSync(join(site.dir, 'dist/reference/changes/index.md')), "the Changes page's Markdown version");
      assert.deepEqual(brokenLinks(join(site.dir, 'dist'), 'reference'), []);
    } finally {
      site.remove();
    }
  });

  it('compares with a git ref, as build --compare-ref', async () => {
    const site = hostSite('starlight-site', { 'api/orders.apidesc.yaml': ORDERS.replace('    title: Order events\n', '    title: Order stream\n') });
    try {
      const git = (...args: string[]) =>
        nodeRun(['-e', `require('node:child_process').execFileSync('git', ${JSON.stringify(args)}, { stdio: 'inherit' })`], site.dir, 30_000);
      for (const args of [
        ['init', '-q'],
        ['add', 'api'],
        ['-c', 'user.name=T', '-c', 'user.email=t@example.org', 'commit', '-qm', 'base'],
      ])
        assert.equal((await git(...args)).code, 0);
      writeFileSync(join(site.dir, 'api/orders.apidesc.yaml'), ORDERS);
      await buildComparedWith(site, 'HEAD');
      assert.match(page(site, 'reference/channels/orderevents'), /<a class="badge change-badge change-changed" href="\/reference\/changes\/#/);
      assert.match(page(site, 'reference/changes'), /HEAD \([0-9a-f]{12}\)/, 'against the commit');
    } finally {
      site.remove();
    }
  });
});
