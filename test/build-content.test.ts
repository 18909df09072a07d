/** `apidesc-docs build` of the default document, served from a sub-path: pages, links, route manifest. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { before, describe, it } from 'node:test';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { unescapeText } from '../src/lib/html-text.ts';
import { runIn, tempDir } from './helpers.ts';
import Ajv from 'ajv';
import { parse } from 'yaml';

const repo = resolve(import.meta.dirname, '..');
const out = join(tempDir('apidesc-build-'), 'site');
let code = -1;
let routes: RouteEntry[] = [];
let said = '';

describe('build of content/ with --base /docs/ and --site', () => {
  before(async () => {
    ({ code, err: said } = await runIn(repo, ['build', 'content', '--out', out, '--base', '/docs/', '--site', 'https://api.example.com']));
    routes = (JSON.parse(readFileSync(join(out, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
  });

  it('exits 0 and writes a page for every route of the manifest', () => {
    assert.equal(code, 0);
    assert.ok(routes.length > 30);
    for (const r of routes) assert.ok(existsSync(join(out, r.url, 'index.html')), `no page for ${r.url}`);
  });

  it('counts pages the same way in every line it prints: reference pages, the pages indexed, all the pages written', () => {
    const htmlFiles = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => join(e.parentPath, e.name))
      .filter((file) => !/[/\\](pagefind|_astro|source)[/\\]/.test(file.slice(out.length)));
    const inIndex = htmlFiles.filter((file) => readFileSync(file, 'utf8').includes('data-pagefind-body')).length;
    const objects = new Set(routes.filter((r) => r.kind !== 'guide').map((r) => r.url)).size;
    const model = /^Model: 1 API\(s\), (\d+) reference pages\. Rendering…$/m.exec(said);
    const search = /^Search index: (\d+) of the site's (\d+) pages \(lists, the search page and the 404 page are not indexed\)\.$/m.exec(said);
    const built = /^Built 1 API\(s\), (\d+) pages \((\d+) reference pages\), into /m.exec(said);
    assert.ok(model && search && built, said);
    assert.equal(Number(model[1]), objects, 'a reference page per object of the route manifest');
    assert.equal(Number(built[2]), objects);
    assert.equal(Number(search[2]), htmlFiles.length, 'the site has as many pages as HTML files');
    assert.equal(Number(built[1]), htmlFiles.length);
    assert.equal(Number(search[1]), inIndex, 'the pages in the index are those marked for it');
    assert.ok(inIndex < htmlFiles.length && objects < inIndex);
  });

  it('lists a channel message that references a components message under both pointers', () => {
    const urls = routes
      .filter((r) => r.url === 'components/messages/orderplaced/')
      .map((r) => r.pointer)
      .sort();
    assert.deepEqual(urls, ['/channels/orderEvents/messages/orderPlaced', '/components/messages/OrderPlaced']);
  });

  it('renders the operation page with its channel, messages, traits and where-used links under the base path', () => {
    const html = readFileSync(join(out, 'operations/publishorderevents/index.html'), 'utf8');
    assert.match(html, /<h1>Publish order events<\/h1>/);
    assert.match(html, /<span class="badge send">API sends<\/span>/);
    assert.match(html, /href="\/docs\/channels\/orderevents\/">Order events<\/a>/);
    assert.match(html, /<dt data-pagefind-ignore="all">For you<\/dt> <dd data-pagefind-ignore="all">You receive these messages\.<\/dd>/);
    // Its parameter also by name, for the search index only (the address is one word to it).
    assert.match(
      html,
      /<dt data-pagefind-ignore="true">Address<\/dt> <dd[^>]*><code class="template">orders-<var>\{region\}<\/var>\.fifo<\/code><span hidden> region<\/span><\/dd>/,
    );
    // Each message with its payload, the first open, each card saying what it is and that it opens; its own page a link away.
    assert.match(
      html,
      /<details class="message-card" id="messages-orderplaced" open><summary><h3 id="h-messages-orderplaced"><span>Order placed<\/span><\/h3><span class="message-summary" data-pagefind-ignore>A customer completed checkout\.<\/span><span class="message-toggle" aria-hidden="true"><\/span><\/summary><p class="message-page" data-pagefind-ignore><a class="kind" href="\/docs\/components\/messages\/orderplaced\/">message page<span class="visually-hidden">: Order placed<\/span><\/a><\/p>/,
    );
    assert.match(html, /<h4 id="h-messages-orderplaced\.payload">Payload/);
    // The examples in the page's panel, a tab for each message.
    assert.match(html, /<aside class="ref-panel" aria-label="Examples of Publish order events">/);
    assert.match(
      html,
      /<input type="radio" class="panel-tab-input" name="panel-request" id="panel-request-2"[^>]*><label for="panel-request-2">Order cancelled<\/label>/,
    );
    assert.match(html, /<details class="message-card" id="messages-ordercancelled"><summary>/);
    // What a trait gave is for the authors: in the folded Source, not a fact of the operation nor a section of its own.
    const source = html.slice(html.indexOf('<div class="source"'));
    assert.match(
      source,
      /<dt data-pagefind-ignore="true">Operation trait<\/dt> <dd><a href="\/docs\/components\/operationtraits\/[a-z]+\/">[^<]+<\/a><div class="fact-note">gives <code>/,
    );
    assert.doesNotMatch(html.slice(0, html.indexOf('<div class="source"')), /<dt[^>]*>(From )?[Tt]rait<\/dt>/);
    assert.doesNotMatch(html, /Traits applied/);
  });

  it("speaks the reader's words: the kind above a title, the source folded at the end, each scheme and security card once", () => {
    const read = (url: string) => readFileSync(join(out, url, 'index.html'), 'utf8');
    const message = read('components/messages/orderplaced');
    assert.match(message, /<p class="kind page-kind">.*<span data-pagefind-ignore>Message · <\/span><code[^>]*>OrderPlaced<\/code>/);
    assert.doesNotMatch(message, /component · /);
    // Where the object is written: folded under "Source" at the page's end, the file without its lines (a published page).
    assert.match(
      read('servers/production'),
      /<div class="source" data-pagefind-ignore><details><summary>Source<\/summary><p>Defined in <code>content\/orders\.apidesc\.yaml<\/code> at <code>\/<wbr>servers\/<wbr>production<\/code><\/p><\/details>/,
    );
    // The request's own Security shows sigv4; its server's, the same scheme, is not shown again.
    const request = read('operations/requeststockcheck');
    assert.equal(request.match(/class="card security-scheme"/g)?.length, 1, 'one security card');
    assert.doesNotMatch(request, /Server security that also applies/);
    // One name for the scheme everywhere: the card's link says what the sidebar and the scheme's page say.
    const schemeName = /<title>([^<·]+) · /.exec(read('components/securityschemes/sigv4'))?.[1];
    assert.equal(schemeName, 'sigv4: key in the HTTP header Authorization');
    assert.match(request, /<a href="\/docs\/components\/securityschemes\/sigv4\/"><strong>sigv4: key in the HTTP header Authorization<\/strong><\/a><\/p>/);
    assert.match(
      read('components/securityschemes/sigv4'),
      /<a href="\/docs\/components\/securityschemes\/sigv4\/" title="sigv4: key in the HTTP header Authorization" aria-current="page">sigv4: key in the HTTP header Authorization<\/a>/,
      'the sidebar',
    );
    // A scheme's page: its name and what it needs once, as the title (its card has no head to say it again); its description once.
    const scheme = read('components/securityschemes/sigv4');
    assert.doesNotMatch(scheme, /class="scheme-head"/);
    // Nothing is left for a card to say: no empty card under a "Scheme" heading.
    assert.doesNotMatch(scheme, /class="card security-scheme"|id="h-scheme"/);
    assert.doesNotMatch(scheme, /HTTP API key/);
    assert.doesNotMatch(scheme, /<strong>sigv4<\/strong>/);
    assert.equal(scheme.match(/<p>AWS Signature Version 4 signed requests\.<\/p>/g)?.length, 1, 'the description once');
    // A channel without an address, on its server: said to be set at run time.
    assert.match(
      read('servers/production'),
      /Stock check replies<\/a><span class="kind"> <a href="\/docs\/operations\/requeststockcheck\/#h-reply">\(address set at run time\)<\/a><\/span>/,
    );
    // Every channel page in one order: how messages move (as the overview opens), what it carries, then how an sns topic delivers it and what it is.
    for (const channel of ['orderevents', 'stockcheck', 'stockcheckreplies', 'shipmenttracking']) {
      const order = [...read(`channels/${channel}`).matchAll(/<h2 id="h-([a-z-]+)"/g)].map((m) => m[1]!);
      const known = ['flow', 'messages', 'sns', 'parameters', 'servers', 'operations', 'used-by'].filter((a) => order.includes(a));
      assert.deepEqual(
        order.filter((a) => known.includes(a)),
        known,
        `${channel}: ${order.join(', ')}`,
      );
    }
    // Components under their kind in the sidebar, named as references name them (round 8).
    const sidebar = read('components/securityschemes/sigv4');
    assert.match(sidebar, /<div class="group" title="Security schemes">Security schemes<\/div>/);
    assert.match(sidebar, /<div class="group" title="Correlation IDs">Correlation IDs<\/div>/);
    assert.match(sidebar, /<div class="group" title="Operation traits">Operation traits<\/div>/);
    assert.doesNotMatch(sidebar, /address part|Tracking id|settings<\/div>|Other components/);
    // The parts other objects share are folded under a reader's words, not the format's jargon.
    assert.match(sidebar, /<details class="nav-parts"[^>]*><summary>More <span class="count">\(\d+\)<\/span><\/summary>/);
    assert.doesNotMatch(sidebar, /Reusable parts/);
  });

  it("renders a request's reply: where it goes, in words, its channel and its message inline", () => {
    const html = readFileSync(join(out, 'operations/requeststockcheck/index.html'), 'utf8');
    // The picture links the reply channel; the Reply section says where the reply goes in one sentence.
    assert.match(html, /<a class="dg-node dg-channel" href="\/docs\/channels\/stockcheckreplies\/">/);
    assert.match(html, /<h2 id="h-reply">.*?<\/h2><p class="kind">The reply comes back to the address in the header replyTo of the request message\.<\/p>/);
    const reply = html.slice(html.indexOf('id="h-reply"'));
    assert.match(
      reply,
      /<div class="message-card" id="reply-stockcheckanswered"><h3 id="h-reply-stockcheckanswered"><a href="[^"]+">Stock check answered<\/a><\/h3>/,
    );
    assert.match(reply, /<h4 id="h-reply-stockcheckanswered\.payload">Payload/);
  });

  it("says where a correlation id's and a reply address's value is, in words, on their own pages: the runtime expression kept in code after them", () => {
    const page = (url: string) => readFileSync(join(out, url, 'index.html'), 'utf8').replaceAll('<wbr>', '');
    const twin = (url: string) => readFileSync(join(out, url, 'index.md'), 'utf8');
    assert.match(
      page('components/correlationids/requestid'),
      /<dt[^>]*>Location<\/dt> <dd>The header requestId of the message<div class="fact-note"><code>\$message\.header#\/requestId<\/code><\/div><\/dd>/,
    );
    assert.match(page('components/replies/stockcheckreply'), /<dt[^>]*>Which means<\/dt> <dd>the header replyTo of the request message<\/dd>/);
    assert.match(
      twin('components/correlationids/orderid'),
      /- \*\*Location:\*\* The header MessageGroupId of the message — `\$message\.header#\/MessageGroupId`/,
    );
    // Nowhere an expression alone, as the value to read.
    for (const url of ['components/correlationids/requestid', 'components/correlationids/orderid']) assert.doesNotMatch(page(url), /<dd><code>\$message/, url);
  });

  it("shows a subscription's filter policy as JSON in the guide's command and on the operation's page, not escaped inside a string", () => {
    const words = (url: string) =>
      readFileSync(join(out, url, 'index.html'), 'utf8')
        .replaceAll('<wbr>', '')
        .replace(/<[^>]*>/g, '')
        .replaceAll('&gt;', '>')
        .replaceAll('&lt;', '<')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&');
    for (const url of ['guides/getting-started', 'operations/receiveordereventsinwarehouse']) {
      const text = words(url);
      assert.match(
        text,
        /--notification-endpoint arn:aws:sqs:eu-west-1:123456789012:warehouse-picking\.fifo \\\n {2}--cli-input-yaml 'Attributes:\n {4}FilterPolicy: \|-\n {6}\{\n {8}"total": \{ "amount": \[\{ "numeric": \[">", 0\] \}\] \}\n {6}\}\n {4}FilterPolicyScope: "MessageBody"/,
        url,
      );
      assert.doesNotMatch(text, /\\"/, `${url}: no escaped quote in a command`);
    }
  });

  it('renders message payloads as schema trees with data-path anchors, components linked, recursion as a back-reference', () => {
    // The payload is the schema Order: its fields are search records on Order's page, not here.
    const html = readFileSync(join(out, 'components/messages/orderplaced/index.html'), 'utf8');
    assert.match(html, /<div class="schema-tree" data-schema-tree role="group" aria-label="Payload">/);
    assert.match(
      html,
      /<li class="prop" id="payload\.lines\[\]\.sku" data-pagefind-ignore><p class="prop-head"><a class="prop-name" href="#payload\.lines\[\]\.sku"><code>sku<\/code><\/a>/,
    );
    assert.match(
      html,
      /<span class="kind"> · extends <a href="\/docs\/components\/schemas\/orderref\/">OrderRef<\/a><\/span><\/p><\/div><p class="props-from">Inherited fields<\/p><ul class="props"><li class="prop" id="payload\.orderId"[^>]*><p class="prop-head"><a class="prop-name" href="#payload\.orderId"><code>orderId<\/code><\/a> <span class="prop-type">string<\/span> <span class="req">required<\/span><\/p>/,
    );
    assert.match(html, /href="\/docs\/components\/schemas\/money\/">Money<\/a>/);
    assert.match(html, /↻ the same schema as <a href="#payload\.lines\[\]\.category">category<\/a> above/);
    // Alternatives are shapes named by their discriminator value; oneOf reads "exactly one", anyOf "one or more".
    assert.match(
      html,
      /<p class="shapes-intro">\s*<code>payment<\/code> is exactly one of 2 shapes, by the value of <code>method<\/code>:\s*<\/p>\s*<details class="shape" id="payload\.payment\(card\)" data-pagefind-ignore open><summary><strong>card<\/strong>[\s\S]*?<\/summary><p class="schema-note">When <code>method<\/code> is <code>&quot;card&quot;<\/code><\/p>/,
    );
    // The discriminator is said once, in the shapes: not also as a list of values above them.
    assert.doesNotMatch(html, /says which kind it is|class="discriminator-map"/);
    assert.match(html, /Content type<\/dt> <dd><code>application\/<wbr>json<\/code>/);
  });

  it('lays out a publishing and a receiving sns operation alike: messages, examples, the topic or its subscriptions, then the commands', () => {
    for (const operation of ['publishorderevents', 'receiveordereventsinwarehouse']) {
      const html = readFileSync(join(out, `operations/${operation}/index.html`), 'utf8');
      const at = (id: string): number => html.indexOf(`id="${id}"`);
      const [messages, examples, sns] = [at('h-messages'), at('h-examples'), at('h-sns')];
      assert.ok(messages > 0 && messages < examples && examples < sns, `${operation}: ${messages} < ${examples} < ${sns}`);
      // The publish commands after the sns section (out of the panel, at the column's whole width), as a receiving operation's commands are in its sns section; security after both.
      if (operation === 'publishorderevents')
        assert.ok(at('sns-publish') > sns && at('sns-publish') < at('h-security'), 'the commands after the topic, before security');
    }
  });

  it('gives every component schema page an example that its schema accepts', () => {
    const document = parse(readFileSync(join(repo, 'content/orders.apidesc.yaml'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, logger: false });
    ajv.addSchema({ components: document.components }, 'doc');
    const names = Object.keys(document.components.schemas);
    assert.ok(names.length >= 5);
    for (const name of names) {
      const twin = readFileSync(join(out, `components/schemas/${name.toLowerCase()}/index.md`), 'utf8');
      const section = /## Examples?\n([\s\S]*?)(?=\n## |$)/.exec(twin)?.[1] ?? '';
      const examples = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!) as unknown);
      assert.ok(examples.length > 0, `${name}: no example on its page`);
      const validate = ajv.getSchema(`doc#/components/schemas/${name}`)!;
      for (const example of examples) assert.ok(validate(example), `${name}: ${JSON.stringify(validate.errors)}`);
      // A schema of shapes picked by a discriminator: an example of each shape, holding the value that picks it.
      if (name === 'Payment')
        assert.deepEqual(
          examples.map((e) => (e as { method?: unknown }).method),
          ['card', 'invoice'],
        );
    }
  });

  it('indexes text for search as the pages show it: no label, header or badge joined to the next word', () => {
    // Pagefind ends a paragraph, list item, div or table cell with a full stop, but joins what
    // dt, dd, th, caption and inline siblings hold to what follows: "Access policyEffectPrincipal…".
    const glued: string[] = [];
    for (const name of readdirSync(join(out, 'pagefind/fragment'))) {
      const fragment = JSON.parse(
        gunzipSync(readFileSync(join(out, 'pagefind/fragment', name)))
          .toString('utf8')
          .replace(/^pagefind_dcd/, ''),
      ) as {
        url: string;
        content: string;
      };
      const html = readFileSync(join(out, fragment.url.replace(/^\/docs\//, ''), 'index.html'), 'utf8');
      // The page's words: every tag a word boundary, except those inside one (a template's variables, break points).
      const text = unescapeText(html.replace(/<\/?(var|wbr)>/g, '').replace(/<[^>]+>/g, ' '));
      for (const word of fragment.content.split(/\s+/)) {
        const core = word.replace(/^["'(]+|[.,;:!?)"']+$/g, '');
        if (core.length > 2 && !text.includes(core)) glued.push(`${fragment.url}: ${core}`);
      }
    }
    assert.deepEqual(glued, []);
  });

  it("indexes each field once, on the schema that defines it, and no filter's or badge's word as the text of a page's last section", () => {
    const fragments = readdirSync(join(out, 'pagefind/fragment')).map(
      (name) =>
        JSON.parse(
          gunzipSync(readFileSync(join(out, 'pagefind/fragment', name)))
            .toString('utf8')
            .replace(/^pagefind_dcd/, ''),
        ) as { url: string; content: string; filters: Record<string, string[]>; anchors: { title?: string }[] },
    );
    // A field's record ("Order › lines › unitPrice") on one page: not again on each message or schema that shows Order.
    const pagesOf = new Map<string, string[]>();
    for (const fragment of fragments)
      for (const anchor of fragment.anchors) if (anchor.title) pagesOf.set(anchor.title, [...(pagesOf.get(anchor.title) ?? []), fragment.url]);
    // (Fields written in place in two messages, "headers › requestId", are two fields. An sns subscription, titled by its
    // endpoint, is a place on both the channel's fan-out and the receiving operation's page: no field.)
    assert.deepEqual(
      [...pagesOf].filter(([title, pages]) => pages.length > 1 && title.includes(' › ') && !/^(payload|headers) › /.test(title)),
      [],
    );
    const onPage = (url: string) =>
      (fragments.find((f) => f.url === url) ?? assert.fail(`${url} of ${fragments.map((f) => f.url).join(', ')}`)).anchors.flatMap((a) =>
        a.title ? [a.title] : [],
      );
    assert.ok(onPage('/components/schemas/cardpayment/').includes('CardPayment › last4'));
    assert.ok(!onPage('/components/schemas/order/').some((title) => title.endsWith('› last4')), 'Order shows CardPayment: its fields are not records of Order');
    assert.deepEqual(onPage('/components/messages/orderplaced/'), [], "the message's payload is Order: its fields are Order's");
    for (const fragment of fragments) {
      // The filters' values (kind, protocols, tags) were the page's last words: its last section's, to the search.
      const values = ['kind', 'protocol', 'tag'].flatMap((name) => fragment.filters[name] ?? []);
      if (values.length > 0) assert.ok(!fragment.content.endsWith(values.join(' ')), `${fragment.url}: …${fragment.content.slice(-80)}`);
      // A binding's badge and its label's first word: "sqs sqs (message queue)".
      assert.doesNotMatch(fragment.content, /\b(\w+) \1 \(/, fragment.url);
    }
  });

  it('writes the names "Did you mean" offers beside the index, and the edit distance it uses', () => {
    const names = JSON.parse(readFileSync(join(out, 'pagefind/names.json'), 'utf8')) as string[];
    for (const name of ['publishOrderEvents', 'Order placed', 'OrderPlaced', 'CardPayment', 'unitPrice', 'last4']) assert.ok(names.includes(name), name);
    assert.equal(new Set(names).size, names.length);
    assert.match(readFileSync(join(out, 'pagefind/leven.js'), 'utf8'), /export default function leven/);
  });

  it('shows a parameter once, with its values on one line, its default and its description', () => {
    const html = readFileSync(join(out, 'channels/orderevents/index.html'), 'utf8');
    assert.match(
      html,
      /<dt data-pagefind-ignore="true">region<\/dt> <dd>string, one of eu-west-1, eu-central-1, us-east-1; default eu-west-1<div class="fact-note"><p>Region of the topic\.<\/p><\/div><\/dd>/,
    );
  });

  it('renders the overview with the API title and the servers, channels and operations', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(html, /<h1>Order Fulfilment Events<\/h1>/);
    assert.match(html, /href="\/docs\/servers\/production\/">Production topics<\/a>/);
    assert.match(html, /href="\/docs\/operations\/requeststockcheck\/">Request a stock check<\/a>/);
    // The messages carried (written under components here), and "On this page" beside a page of several screens.
    assert.match(html, /<h2 id="h-message">Messages<\/h2>[\s\S]*href="\/docs\/components\/messages\/orderplaced\/">Order placed<\/a>/);
    assert.match(html, /<nav[^>]*class="toc[^"]*"[^>]*>[\s\S]*href="#h-message"/);
  });

  it('writes canonical URLs and a sitemap of every page under the base path', () => {
    const html = readFileSync(join(out, 'channels/orderevents/index.html'), 'utf8');
    assert.match(html, /<link rel="canonical" href="https:\/\/api\.example\.com\/docs\/channels\/orderevents\/">/);
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    assert.match(sitemap, /<loc>https:\/\/api\.example\.com\/docs\/<\/loc>/);
    assert.match(sitemap, /<loc>https:\/\/api\.example\.com\/docs\/components\/schemas\/order\/<\/loc>/);
    assert.match(sitemap, /<loc>https:\/\/api\.example\.com\/docs\/guides\/getting-started\/<\/loc>/);
    // Every route, the root, and the list of guides.
    assert.match(sitemap, /<loc>https:\/\/api\.example\.com\/docs\/guides\/<\/loc>/);
    assert.equal((sitemap.match(/<url>/g) ?? []).length, new Set(routes.map((r) => r.url)).size + 2);
  });

  it('offers the source document as written and as JSON, linked from the overview', () => {
    const source = readFileSync(join(out, 'source/orders.apidesc.yaml'), 'utf8');
    assert.equal(source, readFileSync(join(repo, 'content/orders.apidesc.yaml'), 'utf8'));
    const json = JSON.parse(readFileSync(join(out, 'source/orders.apidesc.json'), 'utf8')) as { info: { title: string } };
    assert.equal(json.info.title, 'Order Fulfilment Events');
    const overview = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(overview, /href="\/docs\/source\/orders\.apidesc\.yaml" download>/);
    assert.match(overview, /href="\/docs\/source\/orders\.apidesc\.json" download>/);
  });

  it('highlights fenced code in descriptions, its colours as classes that both themes colour, a long word wrapping only between its words', () => {
    const html = readFileSync(join(out, 'channels/orderevents/index.html'), 'utf8');
    assert.match(
      html,
      /<pre data-pagefind-ignore class="hl" tabindex="0"><code><span class="line">\{ <span class="hl-keyword">"Message<wbr>Group<wbr>Id"<\/span>: <span class="hl-string">"ord-1042"<\/span>/,
    );
    const css = readdirSync(join(out, '_astro'))
      .filter((f) => f.endsWith('.css'))
      .map((f) => readFileSync(join(out, '_astro', f), 'utf8'))
      .join('');
    assert.match(css, /\.hl-keyword\{color:var\(--hl-token-keyword\)\}/);
  });
});
