/**
 * A portal of several APIs reads as a catalog (issue: portals and search): the root a card per API
 * with its owner, summary, counts, protocols and tags, and the APIs by protocol and by tag without
 * script; every page of an API leads back to the list of APIs and can switch to another.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');
const LIGHTS = `apidesc: 3.0.0
info:
  title: Street lights
  version: 2.0.0
  x-team: City lighting
  description: |
    Lights report what they *measure*, every five minutes, to the city's broker: the lux level, the
    lamp's temperature and its **power draw in watts**, which the maintenance team reads to plan repairs.

    ## More
    Details nobody needs on the catalog.
  tags:
    - name: iot
    - name: kafka
servers:
  broker: {host: broker.example.com, protocol: kafka}
channels:
  measured:
    address: lights.{id}.measured
    parameters: {id: {}}
    messages:
      measured: {payload: {type: object, properties: {lux: {type: number}}}}
operations:
  readMeasured:
    action: receive
    channel: {$ref: '#/channels/measured'}
`;

describe('a portal of two APIs', () => {
  let dir = '';
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  before(async () => {
    dir = tempTree({ 'apis/orders.yaml': ORDERS, 'apis/lights.yaml': LIGHTS });
    const r = await runIn(dir, ['build', 'apis', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('has a catalog for a root: a card per API, with owner, summary, counts, protocols and tags, not its whole description', () => {
    const root = page('');
    const card = root.slice(root.indexOf('<a href="/lights/">', root.indexOf('<ul class="cards api-cards">')));
    assert.match(
      card,
      /^<a href="\/lights\/">Street lights<\/a><span class="entry-meta entry-version"><span>version 2\.0\.0<\/span><span>owner City lighting<\/span><\/span><p class="entry-summary"[^>]*>Lights report what they <em>measure<\/em>, every five minutes/,
    );
    // A long summary without a sentence's end within the limit is cut at its last clause's end, its
    // open elements closed, "…" after it (a CSS line clamp cut inside a word: "build rea…"); the
    // overview the card links to has it whole.
    const summary = /<p class="entry-summary"[^>]*>(.*?)<\/p>/.exec(card)?.[1] ?? '';
    // The cut summary's whole text in its tooltip.
    assert.match(card, /<p class="entry-summary" title="[^"]*, which the maintenance team reads to plan repairs\.">/);
    assert.equal(
      summary,
      "Lights report what they <em>measure</em>, every five minutes, to the city's broker: the lux level, the lamp's temperature and its <strong>power draw in watts</strong>…",
    );
    assert.match(page('lights'), /its <strong>power draw in watts<\/strong>, which the maintenance team reads to plan repairs\./);
    // Tags said as tags, spelled as their filter chips are ("tag" said to assistive technology only);
    // one that repeats the protocol beside it ("kafka") is said once, as the protocol: on the card and
    // among the tag filters.
    assert.match(
      card,
      /<dl class="entry-facets"><div><dt>Protocol<\/dt><dd><a class="facet protocol" href="#protocol-kafka">Kafka<\/a><\/dd><\/div><div><dt>Tag<\/dt><dd><a class="facet tag" href="#tag-iot">iot<\/a><\/dd><\/div><\/dl>/,
    );
    assert.match(root, /<a class="chip tag" href="#tag-iot">iot <span class="count">1<\/span><\/a>/);
    assert.doesNotMatch(root, /href="#tag-kafka"/);
    // The cards by title.
    const titles = [...root.slice(root.indexOf('<ul class="cards api-cards"')).matchAll(/<li[^>]*><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]!);
    assert.ok(titles.length === 2, titles.join(', '));
    assert.deepEqual(
      titles,
      [...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      'cards in the order of their titles',
    );
    assert.doesNotMatch(root, /Details nobody needs/);
    // The filters as chips with their counts (links: they work without script).
    assert.match(
      root,
      // Known protocols by their readers' names, in the order of those names.
      /Protocol<\/span> <span class="chips"><a class="chip protocol" href="#protocol-sns">Amazon SNS <span class="count">1<\/span><\/a><a class="chip protocol" href="#protocol-sqs">Amazon SQS <span class="count">1<\/span><\/a><a class="chip protocol" href="#protocol-https">HTTPS <span class="count">1<\/span><\/a><a class="chip protocol" href="#protocol-kafka">Kafka <span class="count">1<\/span>/,
    );
    // Which messages each API sends or receives, by name, on its card (a name read from a key has the key in its tooltip).
    assert.match(
      card.slice(0, card.indexOf('</li>')),
      /<p class="entry-actions (send|receive)"><span class="badge (send|receive)">(Sends|Receives)<\/span> (?:[^<]+|<span class="message-name" title="key [^"]+">[^<]+<\/span>)+<\/p>/,
    );
    // The files for tools at the foot of the page, after the cards, not above them.
    assert.ok(root.indexOf('For coding assistants') > root.indexOf('</ul>', root.indexOf('<ul class="cards api-cards">')), 'machine links after the cards');
    // The filters show the cards of their value in place (no list of the same links again below).
    assert.match(root, /<li data-filters="protocol-kafka tag-iot"><a href="\/lights\/">Street lights<\/a>/);
    assert.match(root, /#protocol-kafka:target ~ \.api-cards > li:not\(\[data-filters~="protocol-kafka"\]\) \{ display: none; \}/);
    assert.doesNotMatch(root, /id="by-protocol"|id="by-tag"/);
  });

  it('leads back to the list of APIs from every page, and switches to another API', () => {
    const channel = page('lights/channels/measured');
    assert.match(
      channel,
      /<a class="api" href="\/" title="APIs"><span class="header-name">APIs<\/span><\/a><a class="api-title" href="\/lights\/" title="Street lights"><span class="header-name">Street lights<\/span><\/a>/,
    );
    assert.match(channel, /<ol><li><a href="\/">APIs<\/a><\/li><li><a href="\/lights\/">Street lights<\/a><\/li>/);
    assert.match(
      channel,
      /<details class="api-switcher"><summary>Switch API<\/summary><ul><li><a href="\/lights\/" aria-current="true">Street lights<\/a><\/li><li><a href="\/orders\/">Order Fulfilment Events<\/a><\/li><li><a href="\/">All APIs<\/a><\/li><\/ul><\/details>/,
    );
    assert.match(page('orders'), /<ol><li><a href="\/">APIs<\/a><\/li><li><span aria-current="page">Order Fulfilment Events<\/span><\/li><\/ol>/);
  });

  it('shows no list twice and no "Used by" on objects nothing references by design', () => {
    // The channel lists its operation under Operations: Used by would list it again.
    const channel = page('lights/channels/measured');
    assert.match(channel, /id="h-operations"/);
    assert.doesNotMatch(channel, /id="h-used-by"/);
    assert.doesNotMatch(page('lights/operations/readmeasured'), /id="h-used-by"|Nothing in this API references it/);
    // A component nothing uses says so.
    assert.match(page('orders/components/securityschemes/partneroauth'), /id="h-used-by"/);
  });
});
