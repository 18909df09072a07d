/**
 * A portal's catalog accounts for every API (issue 34, a reader's review of the portal root): each
 * API's protocol from its servers, else from its bindings (said on the card), and an API that
 * names none found by the protocol filter; the card's protocols and tags in named rows, each a link
 * to its filter; a summary cut after a sentence; the system map places every API, those without a
 * flow apart in its box; the 404 page leads back to the catalog.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';
import { CATALOG_PORTAL, LIGHTS_SUMMARY_FIRST } from './portal-catalog-fixture.ts';

describe("a portal's catalog of APIs with and without servers", () => {
  let dir = '';
  let root = '';
  /** The card of the API at `href`, from its `<li` to its `</li>`. */
  const card = (href: string): string => {
    const at = root.lastIndexOf('<li', root.indexOf(`<a href="${href}">`, root.indexOf('<ul class="cards api-cards"')));
    return root.slice(at, root.indexOf('</li>', at) + 5);
  };
  before(async () => {
    dir = tempTree(CATALOG_PORTAL);
    const r = await runIn(dir, ['build', 'apis', '--out', 'site', '--cache', 'cache']);
    assert.equal(r.code, 0, r.out + r.err);
    root = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('opens with a sentence saying what the portal holds: its APIs, the messages they carry and over what, the flows that join them', () => {
    const lead = /<h1>APIs<\/h1>\s*<p class="lead">([^<]*)<\/p>/.exec(root)?.[1];
    assert.ok(lead, 'a lead right under the heading');
    // As many messages as the cards count, and each protocol by the name its chip gives it.
    const messages = [...root.matchAll(/<p class="entry-meta entry-counts">([^<]*)<\/p>/g)].reduce(
      (sum, m) => sum + Number(/(\d+) messages?\b/.exec(m[1]!)?.[1] ?? 0),
      0,
    );
    assert.ok(messages > 0, 'the cards count messages');
    assert.match(lead, new RegExp(`^5 APIs that send and receive ${messages} messages over AMQP, Kafka and WebSockets[;.]`));
  });

  it("names an API's protocol from its bindings where no server names one, says so on its card, and the filter finds it", () => {
    // A server's protocol: said plainly.
    assert.match(card('/lights/'), /<dt>Protocol<\/dt><dd><a class="facet protocol" href="#protocol-kafka">Kafka<\/a><\/dd>/);
    assert.doesNotMatch(card('/lights/'), /from bindings/);
    // A channel's `ws` binding, no server: the protocol, and where it comes from (seen, and in its title).
    const ticker = card('/ticker/');
    assert.match(ticker, /^<li data-filters="protocol-ws">/);
    assert.match(
      ticker,
      /<a class="facet protocol" href="#protocol-ws">WebSockets<\/a><span class="facet-source" title="No server of this API names a protocol: the bindings of its channels, operations or messages do\.">from bindings/,
    );
    // Only a message's `amqp` binding names it.
    assert.match(card('/accounts/'), /^<li data-filters="protocol-amqp tag-billing">/);
    assert.match(card('/accounts/'), /<a class="facet protocol" href="#protocol-amqp">AMQP<\/a><span class="facet-source"/);
    assert.match(root, /<a class="chip protocol" href="#protocol-ws">WebSockets <span class="count">1<\/span><\/a>/);
    assert.match(root, /<a class="chip protocol" href="#protocol-amqp">AMQP <span class="count">1<\/span><\/a>/);
    assert.match(root, /#protocol-ws:target ~ \.api-cards > li:not\(\[data-filters~="protocol-ws"\]\) \{ display: none; \}/);
    // Nothing names one: no protocol row on its card, and a last protocol filter, "not stated", finds it.
    assert.match(card('/notes/'), /^<li data-filters="protocol-not-stated">/);
    assert.doesNotMatch(card('/notes/'), /entry-facets/);
    assert.match(root, /<a class="chip not-stated" href="#protocol-not-stated">not stated <span class="count">1<\/span><\/a><\/span><\/p>/);
    assert.match(root, /#protocol-not-stated:target ~ \.api-cards > li:not\(\[data-filters~="protocol-not-stated"\]\) \{ display: none; \}/);
    // Every API answers to one protocol chip.
    const cards = [...root.matchAll(/<li data-filters="([^"]*)"/g)].map((m) => m[1]!);
    assert.equal(cards.length, 5);
    for (const words of cards) assert.match(words, /(^| )protocol-/, words);
  });

  it('names the rows of a card\'s foot ("Protocol", "Tag"), each value a link to its filter, and keeps "All APIs" out of the facets\' rows', () => {
    assert.match(
      card('/meter/'),
      /<dl class="entry-facets"><div><dt>Protocol<\/dt><dd><a class="facet protocol" href="#protocol-kafka">Kafka<\/a><\/dd><\/div><div><dt>Tag<\/dt><dd><a class="facet tag" href="#tag-iot">iot<\/a><\/dd><\/div><\/dl><\/li>$/,
    );
    // The tag's link does what it looks like it does: its filter exists.
    assert.match(root, /#tag-iot:target ~ \.api-cards > li:not\(\[data-filters~="tag-iot"\]\) \{ display: none; \}/);
    assert.doesNotMatch(root, /class="badge (protocol|tag)"/, 'no unlabelled pills');
    const filters = /<nav class="catalog-filters"[^>]*>([\s\S]*?)<\/nav>/.exec(root)?.[1] ?? '';
    // The facets' rows in a fold a phone closes (site.css shows them at once wider), "All APIs" out of it, beside it.
    assert.match(
      filters,
      /^<details class="catalog-fold"><summary>Filter by protocol or tag<\/summary><div class="catalog-facets"><p class="catalog-facet"><span class="kind">Protocol<\/span> <span class="chips">/,
    );
    assert.match(
      filters,
      /<\/p><p class="catalog-facet"><span class="kind">Tag<\/span> <span class="chips">.*<\/span><\/p><\/div><\/details><p class="catalog-all"><a class="chip" href="#all-apis">All APIs <span class="count">5<\/span><\/a><\/p>$/,
    );
  });

  it("names a card's messages readably: a message without a title by its key in words, the key in its tooltip", () => {
    assert.match(card('/accounts/'), /<span class="badge send">Sends<\/span> <span class="message-name" title="key signedUp">Signed up<\/span><\/p>/);
    assert.match(card('/ticker/'), /<span class="badge send">Sends<\/span> <span class="message-name" title="key price">Price<\/span><\/p>/);
    assert.doesNotMatch(root, /Sends<\/span> signedUp/);
  });

  it("cuts a card's summary after its last whole sentence within the limit, not mid-phrase", () => {
    assert.match(card('/lights/'), new RegExp(`<p class="entry-summary"[^>]*>${LIGHTS_SUMMARY_FIRST.replace(/[.]/g, '\\.')}</p>`));
    // The whole summary in its tooltip.
    assert.match(card('/lights/'), /<p class="entry-summary" title="[^"]*Each report names[^"]*">/);
    assert.doesNotMatch(card('/lights/').replace(/ title="[^"]*"/g, ''), /Each report names/, 'cut from the card, kept in its tooltip');
  });

  it('places every API on the system map: those with a flow drawn, the others as boxes apart in its box', () => {
    const map = root.slice(root.indexOf('id="h-system-map"'), root.indexOf('<h2 id="flows">'));
    const figure = /<figure class="diagram-box[^"]*"[^>]*>([\s\S]*?)<\/figure>/.exec(map)?.[1] ?? '';
    const drawn = [...(/<svg[\s\S]*?<\/svg>/.exec(figure)?.[0] ?? '').matchAll(/<a class="dg-node dg-app" href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(drawn.sort(), ['/lights/', '/meter/']);
    const apart = /<div class="map-apart" role="group" aria-labelledby="h-map-apart"[^>]*>([\s\S]*?)<\/div>/.exec(figure)?.[1] ?? '';
    assert.match(apart, /^<p id="h-map-apart" class="map-apart-caption">No flows found with other APIs \(3\)<\/p><ul>/);
    assert.deepEqual(
      [...apart.matchAll(/<li><a href="([^"]+)"><span class="map-apart-kind">API<\/span> ([^<]+)<\/a><\/li>/g)].map((m) => [m[1], m[2]]),
      [
        ['/accounts/', 'Accounts'],
        ['/notes/', 'Notes'],
        ['/ticker/', 'Price ticker'],
      ],
    );
  });

  it('leads back to the catalog from the 404 page', () => {
    const notFound = readFileSync(join(dir, 'site', '404.html'), 'utf8');
    assert.match(notFound, /<ul class="links"><li><a href="\/">All APIs<\/a><\/li><li><a href="\/accounts\/">Accounts<\/a><\/li>/);
  });
});
