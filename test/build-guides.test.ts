/**
 * Guides and the configuration file through a real build: guide pages in the site's layout with
 * the reference components resolved, the configuration applied, broken references stopping the
 * build at the guide's file:line (or shown in a preview), flags over the configuration.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { runIn, tempTree } from './helpers.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

const GUIDE = `---
title: Tour of the order events
order: 1
description: From the shop to the warehouse.
---

Intro with a unique word: zanzibarquartz.

<OperationCard ref="#/operations/publishOrderEvents" />

<SchemaTable ref="#/components/schemas/Money" />

<SchemaTable ref="#/components/messages/OrderPlaced" />

<MessageExample ref="#/components/messages/OrderPlaced" />

<SnsTopic ref="#/channels/shipmentTracking" />

Amounts are <ApiLink ref="#/components/schemas/Money">money</ApiLink>; the order id is <ApiLink ref="#/components/schemas/OrderRef/properties/orderId" />.
`;

const page = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

/** The pages in the Pagefind index (its fragments: gzip, a signature, then JSON). */
function searchFragments(site: string): { url: string; content: string; filters: Record<string, string[]> }[] {
  const folder = join(site, 'pagefind/fragment');
  return readdirSync(folder).map((name) =>
    JSON.parse(
      gunzipSync(readFileSync(join(folder, name)))
        .toString('utf8')
        .replace(/^pagefind_dcd/, ''),
    ),
  );
}

describe('guides and configuration in a build', () => {
  it('renders guides in the layout with reference components, and applies the configuration', async () => {
    const dir = tempTree({
      'api/orders.apidesc.yaml': ORDERS,
      'api/guides/tour.mdx': GUIDE,
      'api/guides/later.md':
        '---\norder: 5\n---\n# Later steps\n\nPlain Markdown.\n\n```yaml\nretries: 3\n```\n\n## Retry `orders`\n\n### Under it\n\n## Watch the queue\n\n## Clean up\n',
      'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'brand/icon.png': 'not really a png, copied as it is',
      'apidesc-docs.config.json': JSON.stringify({
        title: 'Acme developer hub',
        logo: 'brand/logo.svg',
        favicon: 'brand/icon.png',
        sidebar: 'channel',
        accentColor: { light: '#0b5394', dark: '#9fc5e8' },
        footerLinks: [{ label: 'Status page', href: 'https://status.acme.test/' }],
        editLink: 'https://git.acme.test/hub/edit/main/{path}#L{line}',
      }),
    });
    const { code, err } = await runIn(dir, ['build', 'api/orders.apidesc.yaml', '--out', 'site']);
    assert.equal(code, 0, err);
    const tour = page(dir, 'site/guides/tour/index.html');
    assert.match(tour, /<title>Tour of the order events · Acme developer hub<\/title>/);
    assert.match(tour, /<h1>Tour of the order events<\/h1>/, 'the title becomes the h1 when the guide has none');
    assert.match(tour, /<article class="guide" data-pagefind-body/);
    assert.match(tour, /<a href="\/operations\/publishorderevents\/"><strong>Publish order events<\/strong><\/a>/, 'operation card links to its page');
    assert.match(tour, /<li class="prop" id="ref-components-schemas-Money-schema\.amount"/, 'schema tree fields, anchors prefixed per tree');
    assert.match(tour, /<li class="prop" id="ref-components-messages-OrderPlaced-payload\.orderId"/, 'a message shows its payload');
    // The reference shown in a guide is left out of search: its own pages are found (a field's hit once, not once per guide that shows it).
    const cards = [...tour.matchAll(/<(?:figure|div) class="guide-card"([^>]*)>/g)];
    assert.ok(cards.length >= 3, `${cards.length} reference cards`);
    for (const card of cards) assert.match(card[1]!, /data-pagefind-ignore="all"/);
    // Order's fields, found on Order's page: no search record of the guide.
    assert.match(tour, /<li class="prop" id="ref-components-messages-OrderPlaced-payload\.customer\.id" data-pagefind-ignore>/);
    assert.match(tour, /&quot;ord-1042&quot;|"ord-1042"|ord-1042/, 'the message example');
    // Excerpts, not the reference again: fields of fields folded, the example folded, no boilerplate on a card.
    assert.match(tour, /<details class="prop-children"><summary data-pagefind-ignore>2 fields of <code>customer<\/code><\/summary>/, 'fields of fields folded');
    assert.doesNotMatch(tour, /<details class="prop-children" open>/);
    // A step is something to do: the example open, the schema's table folded under its fields' names,
    // and one runnable snippet under the operation's card (the command that publishes to its topic).
    assert.doesNotMatch(tour, /Show the example/, 'the example open');
    assert.match(
      tour,
      /<figcaption><a href="\/components\/messages\/orderplaced\/">[^<]+<\/a> · [^<]+<\/figcaption>\s*<p class="example-part" data-pagefind-ignore>Headers<\/p>/,
    );
    assert.match(tour, /<details class="guide-example">\s*<summary>The fields \(2\): amount, currency<\/summary>/, 'the schema folded under its fields');
    assert.match(
      tour,
      /<div class="guide-run"><p class="guide-run-title"><strong>Run it:<\/strong> Publish a message[^<]*<\/p>[\s\S]*?AWS CLI[\s\S]*?sns publish/,
      'a runnable step',
    );
    // A command that reads its body from a file (the example's payload, not written twice on the operation's page) runs from the guide too: the guide offers the file.
    // (A code block may wrap a long word after its separators: read without its <wbr>.)
    const files = [...tour.replace(/<wbr>/g, '').matchAll(/--message file:\/\/([\w.-]+)/g)];
    assert.ok(files.length > 0, 'the runnable step reads its body from a file');
    for (const [, name] of files) {
      const offered = new RegExp(
        `<a href="data:application/json;charset=utf-8,([^"]+)" download="${name!.replaceAll('.', '\\.')}">Download ${name!.replaceAll('.', '\\.')}</a>`,
      ).exec(tour);
      assert.ok(offered, `the guide offers ${name}`);
      assert.doesNotThrow(() => JSON.parse(decodeURIComponent(offered[1]!)), `${name} holds JSON`);
    }
    // The topic in short: its subscriptions one line each, the policy, retries and tester on its page.
    const topic = tour.slice(tour.indexOf('<span class="kind">SNS topic</span>'));
    assert.doesNotMatch(topic, /class="policy"|class="subscription-lines"|class="sns-tester/, 'no policy table, fan-out table or tester in the guide');
    assert.match(topic, /<a href="\/channels\/shipmenttracking\/#h-sns">on the channel's page<\/a>/);
    assert.doesNotMatch(tour, />Action<\/dt>|this application sends these messages/i, 'no action sentence on a card: its badge says it');
    assert.match(tour, /<div class="guide-card"[^>]*>[\s\S]*?<dt data-pagefind-ignore="true">Channel<\/dt>/, 'where the operation runs');
    assert.match(
      tour,
      /<strong>Shipment tracking<\/strong><\/a> <span class="kind">SNS topic<\/span>.*shipment-tracking/s,
      'the sns topic of the tracking channel',
    );
    assert.match(tour, /<a href="\/components\/schemas\/money\/">money<\/a>/);
    assert.match(
      tour,
      /<a href="\/components\/schemas\/orderref\/">Order reference<\/a>|<a href="\/components\/schemas\/orderref\/">[^<]+<\/a>/,
      'a pointer inside an object links to its page',
    );
    assert.match(tour, /<a href="https:\/\/git\.acme\.test\/hub\/edit\/main\/api\/guides\/tour\.mdx#L1">Edit this guide<\/a>/);
    // The configuration, on every page.
    const overview = page(dir, 'site/index.html');
    assert.match(overview, /<img class="logo" src="\/assets\/logo\.svg" alt=""\/?><span class="header-name">Acme developer hub<\/span><\/a>/);
    assert.match(overview, /--accent: light-dark\(#0b5394, #9fc5e8\)/);
    assert.match(overview, /<footer class="site"[^>]*>\s*<nav aria-label="Footer"><ul><li><a href="https:\/\/status\.acme\.test\/">Status page<\/a>/);
    assert.match(
      overview,
      /<a href="\/guides\/tour\/">Tour of the order events<\/a>.*<a href="\/guides\/later\/">Later steps<\/a>/s,
      'guides in the sidebar, by order',
    );
    assert.match(overview, /<h2 id="h-guides">Guides<\/h2>/);
    assert.ok(existsSync(join(dir, 'site/assets/logo.svg')));
    assert.match(overview, /<link rel="icon" href="\/assets\/favicon\.png" type="image\/png">/);
    assert.equal(readFileSync(join(dir, 'site/assets/favicon.png'), 'utf8'), 'not really a png, copied as it is');
    const operation = page(dir, 'site/operations/publishorderevents/index.html');
    assert.match(operation, /<a href="https:\/\/git\.acme\.test\/hub\/edit\/main\/api\/orders\.apidesc\.yaml#L\d+">Edit on the repository<\/a>/);
    assert.match(operation, /<div class="group" title="orderEvents">orderEvents<\/div>/, 'sidebar operations grouped by channel');
    const list = page(dir, 'site/guides/index.html');
    assert.match(
      list,
      /<h1>Guides<\/h1>\s*<ul class="cards"><li><a href="\/guides\/tour\/">Tour of the order events<\/a><p class="entry-summary">From the shop to the warehouse\.<\/p><\/li><li><a href="\/guides\/later\/">Later steps<\/a>/,
    );
    assert.match(
      tour,
      /<ol><li><a href="\/">[^<]+<\/a><\/li><li><a href="\/guides\/">Guides<\/a><\/li>/,
      'the breadcrumb starts at the API and leads to the list',
    );
    const later = page(dir, 'site/guides/later/index.html');
    assert.match(later, /<h1[^>]*>Later steps<\/h1>/);
    assert.equal((later.match(/<h1/g) ?? []).length, 1, 'a guide with its own heading gets no second h1');
    // "On this page" from the guide's ## and ### headings (their ids from Astro), beside it and folded above it; none for a guide without sections.
    const onThisPage =
      '<ul><li><a href="#retry-orders">Retry orders</a><ul><li><a href="#under-it">Under it</a></li></ul></li><li><a href="#watch-the-queue">Watch the queue</a></li><li><a href="#clean-up">Clean up</a></li></ul>';
    assert.match(later, /<h2 id="retry-orders">Retry <code>orders<\/code><\/h2>/);
    assert.ok(
      later.includes(
        `<nav class="toc" aria-labelledby="toc-title" data-pagefind-ignore data-toc><p class="toc-title" id="toc-title">On this page</p>${onThisPage}</nav>`,
      ),
      'beside the guide',
    );
    assert.ok(later.includes(`<details class="toc-top" data-pagefind-ignore><summary>On this page</summary>${onThisPage}</details>`), 'folded above it');
    assert.match(later, /<div class="with-toc"><article class="guide"/);
    assert.doesNotMatch(tour, /class="toc|with-toc/, 'a guide without ## sections has none');
    // Astro highlights guides' code with the pages' code theme: its colours are the same variables.
    assert.match(
      later,
      /<pre class="astro-code apidesc-code" style="background-color:var\(--hl-background\);color:var\(--hl-foreground\);[^"]*"[^>]*><code><span class="line"><span style="color:var\(--hl-token-keyword\)">retries/,
    );
    // Routes and search.
    const routes = (JSON.parse(page(dir, 'site/apidesc-routes.json')) as { routes: { kind: string; url: string }[] }).routes;
    assert.deepEqual(
      routes
        .filter((r) => r.kind === 'guide')
        .map((r) => r.url)
        .sort(),
      ['guides/later/', 'guides/tour/'],
    );
    const indexed = searchFragments(join(dir, 'site'));
    const guideFragment = indexed.find((f) => f.url === '/guides/tour/');
    assert.match(guideFragment?.content ?? '', /zanzibarquartz/, 'the guide is in the search index');
    assert.equal(guideFragment?.filters.kind?.[0], 'Guide');
  });

  it('stops on a reference that does not resolve, naming the guide file:line and the pointer', async () => {
    const dir = tempTree({
      'orders.yaml': ORDERS,
      'guides/broken.mdx': '# Broken\n\nText.\n\n<SchemaTable ref="#/components/schemas/Nope" />\n\n<OperationCard ref="#/channels/orderEvents" />\n',
    });
    const stopped = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(stopped.code, 1);
    assert.match(stopped.out, /guides\/broken\.mdx:5:1 {2}error {2}guide-ref-unresolved {2}ref="#\/components\/schemas\/Nope" does not resolve/);
    assert.match(
      stopped.out,
      /guides\/broken\.mdx:7:1 {2}error {2}guide-ref-unresolved {2}<OperationCard> shows an operation, but #\/channels\/orderEvents is a channel/,
    );
    assert.match(stopped.err, /Build stopped: fix the references of the guides/);
    assert.ok(!existsSync(join(dir, 'site')), 'nothing written');
    // A preview shows the broken reference on the guide instead.
    const preview = await runIn(dir, ['build', 'orders.yaml', '--out', 'preview', '--allow-invalid']);
    assert.equal(preview.code, 0, preview.err);
    assert.match(
      page(dir, 'preview/guides/broken/index.html'),
      /<span class="guide-error"><strong>Broken reference<\/strong> <code>&lt;SchemaTable ref="#\/components\/schemas\/Nope"&gt;<\/code>: ref=&quot;#\/components\/schemas\/Nope&quot; does not resolve/,
    );
  });

  it('stops on an MDX syntax error before any work, and leaves a broken guide out of a preview', async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS, 'guides/bad.mdx': '# Bad\n\n<Unclosed\n', 'guides/ok.md': '# OK\n' });
    const stopped = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(stopped.code, 1);
    assert.match(stopped.out, /guides\/bad\.mdx:3:1 {2}error {2}guide-syntax/);
    const preview = await runIn(dir, ['build', 'orders.yaml', '--out', 'preview', '--allow-invalid']);
    assert.equal(preview.code, 0, preview.err);
    assert.ok(existsSync(join(dir, 'preview/guides/ok/index.html')));
    assert.ok(!existsSync(join(dir, 'preview/guides/bad')));
  });

  it('stops with exit 2 on an invalid configuration, and flags override the file', async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS, 'apidesc-docs.config.yaml': 'title: From the file\nsidebar: sideways\n' });
    const bad = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(bad.code, 2);
    assert.match(bad.out, /apidesc-docs\.config\.yaml:2:10 {2}error {2}config-invalid {2}`sidebar` must be/);
    const fixed = tempTree({ 'orders.yaml': ORDERS, 'apidesc-docs.config.yaml': 'title: From the file\nbase: /file/\n' });
    const built = await runIn(fixed, ['build', 'orders.yaml', '--out', 'site', '--title', 'From the flag', '--base', '/flag/']);
    assert.equal(built.code, 0, built.err);
    const overview = page(fixed, 'site/index.html');
    assert.match(overview, /<title>Overview · From the flag<\/title>/);
    assert.match(overview, /href="\/flag\/channels\/"/);
  });

  it('validate reports the guides and the configuration too, in text and SARIF', async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS, 'guides/g.mdx': '# G\n\nSee <ApiLink ref="#/channels/nope" />.\n' });
    const text = await runIn(dir, ['validate', 'orders.yaml']);
    assert.equal(text.code, 1);
    assert.match(text.out, /guides\/g\.mdx:3:5 {2}error {2}guide-ref-unresolved/);
    const sarif = await runIn(dir, ['validate', 'orders.yaml', '--format', 'sarif']);
    const results = (
      JSON.parse(sarif.out) as {
        runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
      }
    ).runs[0]!.results;
    const guide = results.find((r) => r.ruleId === 'guide-ref-unresolved');
    assert.equal(guide?.locations[0]?.physicalLocation.artifactLocation.uri, 'guides/g.mdx');
    assert.equal(guide?.locations[0]?.physicalLocation.region.startLine, 3);
    const config = tempTree({ 'orders.yaml': ORDERS, 'apidesc-docs.config.json': '{"sidebar": "tags"}' });
    const bad = await runIn(config, ['validate', 'orders.yaml']);
    assert.equal(bad.code, 2, 'an unusable configuration is a usage error');
    assert.match(bad.out, /apidesc-docs\.config\.json:1:13 {2}error {2}config-invalid/);
  });

  it('builds two sites with different guides at the same time, each with its own', async () => {
    const bin = new URL('../bin/apidesc-docs.mjs', import.meta.url).pathname;
    const one = tempTree({ 'orders.yaml': ORDERS, 'guides/one.md': '# Only in one\n' });
    const two = tempTree({ 'orders.yaml': ORDERS, 'guides/two.mdx': '# Only in two\n\n<ApiLink ref="#/channels/orderEvents" />\n' });
    const build = (dir: string): Promise<number> =>
      new Promise((done) =>
        spawn(process.execPath, [bin, 'build', 'orders.yaml', '--out', 'site'], { cwd: dir, stdio: 'ignore' }).on('close', (code) => done(code ?? 1)),
      );
    assert.deepEqual(await Promise.all([build(one), build(two)]), [0, 0]);
    assert.deepEqual(readdirSync(join(one, 'site/guides')).sort(), ['index.html', 'one']);
    assert.deepEqual(readdirSync(join(two, 'site/guides')).sort(), ['index.html', 'two']);
    assert.match(page(two, 'site/guides/two/index.html'), /<a href="\/channels\/orderevents\/">Order events<\/a>/);
  });

  it('shows an edited guide, a new guide and a file a guide imports in the next build (the site renderer is made again)', async () => {
    const dir = tempTree({
      'orders.yaml': ORDERS,
      'guides/start.mdx': "import Note from './parts/note.mdx';\n\n# Start\n\nFirst words.\n\n<Note />\n",
      'guides/parts/note.mdx': 'Note: version one.\n',
    });
    const build = async (): Promise<void> => {
      const { code, err } = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
      assert.equal(code, 0, err);
      // Said through the command's output (which a caller collects), not written past it by the renderer's process.
      assert.match(err, /^Bundling the site renderer for these sources \(once; later builds reuse it\)…$/m);
    };
    await build();
    assert.match(page(dir, 'site/guides/start/index.html'), /First words\.[\s\S]*Note: version one\./);
    writeFileSync(join(dir, 'guides/start.mdx'), "import Note from './parts/note.mdx';\n\n# Start\n\nSecond words.\n\n<Note />\n");
    writeFileSync(join(dir, 'guides/parts/note.mdx'), 'Note: version two.\n');
    writeFileSync(join(dir, 'guides/more.md'), '# More\n\nA new guide.\n');
    await build();
    assert.match(page(dir, 'site/guides/start/index.html'), /Second words\.[\s\S]*Note: version two\./);
    assert.doesNotMatch(page(dir, 'site/guides/start/index.html'), /First words|version one/);
    assert.match(page(dir, 'site/guides/more/index.html'), /A new guide\./);
  });
});
