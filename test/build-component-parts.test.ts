/**
 * The pages of the parts other objects are composed of (a reply, a correlation id, bindings,
 * traits) read as the pages that use them do: the reply's address in words, its channel and its
 * messages; a correlation id in words; an sns binding as its topic or its subscriptions; headers
 * as schema tables; never a tree of the format's keys (`bindingVersion`, `type object`).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** What a reader reads of a page: its main part up to the folded Source. */
function reading(html: string): string {
  const main = html.slice(html.indexOf('<main'));
  const source = main.indexOf('<div class="source"');
  assert.ok(source > 0, 'the page has a Source');
  return main.slice(0, source);
}

/** The page's headings, in order. */
const headings = (html: string): string[] => [...html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => visibleText(m[1]!).trim());

/** A page that shows its object as a tree of the format's keys (object-view.ts), or keyword rows of a schema. */
function assertNoRawTree(html: string, url: string): void {
  assert.doesNotMatch(html, /class="tree"|class="kv"/, `${url}: no tree of keys`);
  assert.doesNotMatch(visibleText(html), /bindingVersion|\btype object\b|\brequired \w+ properties\b|\bDefinition\b/, `${url}: no keyword rows`);
}

describe('component pages of parts (default content)', () => {
  let out = '';
  const read = (url: string): string => reading(readFileSync(join(out, url, 'index.html'), 'utf8'));
  before(async () => {
    out = await sharedSite(['content'], repo);
  });

  it('shows a reply as its operation’s Reply section does: address in words, its channel, its messages as schema tables', () => {
    const url = 'components/replies/stockcheckreply';
    const html = read(url);
    assertNoRawTree(html, url);
    const text = visibleText(html);
    assert.match(text, /Reply channel Stock check replies/);
    assert.match(text, /Which means the header replyTo of the request message/);
    assert.deepEqual(headings(html).slice(0, 1), ['Reply']);
    assert.match(html, /<a href="\/channels\/[^"]+\/">Stock check replies<\/a>/);
    assert.match(text, /Payload available boolean required missing array of string/);
  });

  it('says a correlation id’s location in words, then the expression', () => {
    const url = 'components/correlationids/requestid';
    const html = read(url);
    assertNoRawTree(html, url);
    assert.match(visibleText(html), /Location The header requestId of the message \$message\.header#\/requestId/);
  });

  it('shows an sns channel binding as its channel’s topic: fan-out and settings', () => {
    const url = 'components/channelbindings/ordertopic';
    const html = read(url);
    assertNoRawTree(html, url);
    assert.deepEqual(headings(html).slice(0, 1), ['Amazon SNS topic']);
    assert.match(visibleText(html), /Published by Publish order events/);
    assert.match(visibleText(html), /Topic name orders\.fifo Type FIFO Content-based deduplication on/);
  });

  it('shows an operation trait’s fields as an operation shows them, each once', () => {
    const orders = read('components/operationtraits/ordersteam');
    assertNoRawTree(orders, 'ordersteam');
    const text = visibleText(orders);
    assert.equal(text.match(/External docs/g)?.length, 1, text);
    assert.equal(text.match(/\bTags\b/g)?.length, 1, text);
    const shipping = read('components/operationtraits/shippingteam');
    assertNoRawTree(shipping, 'shippingteam');
    assert.match(visibleText(shipping), /Amazon SNS topic Publishes to the topic shipment-tracking/);
  });

  it('shows a message trait’s headers as a schema table', () => {
    const url = 'components/messagetraits/fifoattributes';
    const html = read(url);
    assertNoRawTree(html, url);
    assert.match(visibleText(html), /Content type application\/json Headers MessageGroupId string required The order id\./);
  });
});

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('component pages of parts (a corpus document with traits and kafka bindings)', () => {
    let out = '';
    before(async () => {
      out = await buildSite(['spec-streetlights-kafka.yaml'], join(CORPUS, 'valid'), { work: tempDir('apidesc-component-parts-') });
    });

    it('shows a trait’s kafka binding by protocol, its schema as a table, and a message trait’s headers as a table', () => {
      const trait = reading(readFileSync(join(out, 'components/operationtraits/kafka', 'index.html'), 'utf8'));
      assertNoRawTree(trait, 'operation trait kafka');
      assert.ok(headings(trait).includes('Bindings'), headings(trait).join(', '));
      assert.match(visibleText(trait), /Kafka/);
      const headers = reading(readFileSync(join(out, 'components/messagetraits/commonheaders', 'index.html'), 'utf8'));
      assertNoRawTree(headers, 'message trait commonHeaders');
      assert.ok(headings(headers).includes('Headers'), headings(headers).join(', '));
    });
  });

describe('an sns channel binding that several channels use', () => {
  let out = '';
  before(async () => {
    const work = tempDir('apidesc-component-parts-');
    writeFileSync(
      join(work, 'shared-topic.yaml'),
      `apidesc: 3.0.0
info: {title: Shared topic, version: 1.0.0}
channels:
  orders:
    address: orders
    bindings: {$ref: '#/components/channelBindings/sharedTopic'}
  refunds:
    address: refunds
    bindings: {$ref: '#/components/channelBindings/sharedTopic'}
operations:
  publishOrders:
    action: send
    channel: {$ref: '#/channels/orders'}
components:
  channelBindings:
    sharedTopic:
      sns:
        bindingVersion: 0.2.0
        name: shared-events
`,
    );
    out = await buildSite(['shared-topic.yaml', '--allow-invalid'], work, { work });
  });

  it('says each channel fans out its own way and names them, never that no operation publishes', () => {
    const html = reading(readFileSync(join(out, 'components/channelbindings/sharedtopic/index.html'), 'utf8'));
    const text = visibleText(html);
    assert.match(text, /Each channel that uses this binding has its own publishers and subscriptions, on its page: orders and refunds ?\./);
    assert.doesNotMatch(text, /No operation of this API publishes/);
    assert.match(html, /<a href="\/channels\/orders\/">orders<\/a>/);
  });
});
