/**
 * A receiving operation's own subscriptions, as its reader asks "which one is mine?": the
 * subscriptions to a queue its sqs binding defines come first, marked "This API's queue", the
 * topic's other subscribers after under a heading of their own; the line of queues names only
 * the operation's. Where the document does not say which is its own, nothing is marked. With
 * the small slips of the same page: one protocol name per card (no key pill beside its label),
 * "SNS" in sentences, the reason AWS refuses a policy said once (the publish commands and the
 * tester link to the card), and a schema's source folded under the table that shows it.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';
import { lowercaseSns, pageProse, twinProse } from './sns-words.ts';

const repo = resolve(import.meta.dirname, '..');
/** The subscriptions section of an operation page: from its heading to the next h2. */
const subscriptionsOf = (page: string): string => {
  const at = page.indexOf('<h2 id="h-sns"');
  assert.ok(at >= 0, 'the page has an SNS section');
  return page.slice(at, page.indexOf('<h2 ', at + 10));
};
/** The cards' titles, in the order of the page, with whether each is marked as this API's. */
const cards = (section: string): string[] =>
  [...section.matchAll(/<article class="card consumer"[^>]*>\s*<h[34][^>]*>([\s\S]*?)<\/h[34]>/g)].map((m) => visibleText(m[1]!).trim());
/** The names in the rows of the topic's other subscriptions, in the order of the page. */
const otherRows = (section: string): string[] =>
  [...section.matchAll(/<tr id="sns-consumer-\d+"[^>]*>\s*<td[^>]*>\s*<span class="subscription-head">([\s\S]*?)<\/span>/g)].map((m) =>
    visibleText(m[1]!).trim(),
  );
/** What a failed delivery means, as the page says it once (subscription-words.ts RETRIES_KEY). */
const RETRIES_MEANING = 'If a delivery fails, SNS retries it as its row says';

describe("a receiving operation's own subscriptions (default content)", () => {
  let warehouse = '';
  let notify = '';
  /** The Markdown twins of the two pages. */
  const twins: Record<'warehouse' | 'notify', string> = { warehouse: '', notify: '' };
  let out = '';
  before(async () => {
    out = await sharedSite(['content'], repo);
    warehouse = readFileSync(join(out, 'operations', 'receiveordereventsinwarehouse', 'index.html'), 'utf8');
    notify = readFileSync(join(out, 'operations', 'notifycustomersofscans', 'index.html'), 'utf8');
    twins.warehouse = readFileSync(join(out, 'operations', 'receiveordereventsinwarehouse', 'index.md'), 'utf8');
    twins.notify = readFileSync(join(out, 'operations', 'notifycustomersofscans', 'index.md'), 'utf8');
  });

  it('marks the same subscription in the Markdown twin as on the page, the others after under the same heading', () => {
    const titles = [...twins.warehouse.matchAll(/^(#{3,4} |- \*\*)(Subscription \d+:.*?(?:\*\*|$)|Other subscriptions of the topic.*)/gm)].map(
      (m) => `${m[1]}${m[2]}`,
    );
    assert.deepEqual(titles, [
      "#### Subscription 1: SQS queue (This API's queue)",
      '### Other subscriptions of the topic (2)',
      '- **Subscription 2:**',
      '- **Subscription 3:**',
    ]);
    // Each card's endpoint, in the page's order: the own queue first.
    const endpoints = [...twins.warehouse.matchAll(/^- \*\*Endpoint:\*\* (.*)$/gm)].map((m) => m[1]);
    assert.match(endpoints[0]!, /`warehouse-picking\.fifo`/);
    assert.doesNotMatch(twins.notify, /This API's queue|Other subscriptions of the topic/);
  });

  it('says SNS in the Markdown twins’ sentences, as on the page; keys and values stay as written', () => {
    for (const twin of Object.values(twins)) {
      const prose = twin.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      assert.doesNotMatch(prose, /\bsns (JSON )?envelope\b|\bsns (moves|drops)\b/);
    }
    assert.match(twins.notify, /the message arrives inside the SNS JSON envelope/);
    assert.match(twins.warehouse, /- \*\*Protocol:\*\* `sqs`/);
  });

  it('says SNS, never sns, in the sentences of every page and twin of the site; keys, protocol values and code stay as written', () => {
    const found: string[] = [];
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => !f.startsWith('pagefind'));
    for (const file of files) {
      if (file.endsWith('.html')) found.push(...lowercaseSns(pageProse(readFileSync(join(out, file), 'utf8'))).map((w) => `${file}: ${w}`));
      else if (file.endsWith('.md')) found.push(...lowercaseSns(twinProse(readFileSync(join(out, file), 'utf8'))).map((w) => `${file}: ${w}`));
    }
    assert.ok(files.filter((f) => f.endsWith('.md')).length > 10, 'the twins were read');
    assert.deepEqual(found, []);
  });

  it("shows the warehouse's own queue first and marked, the other teams' queues after under a heading of their own", () => {
    const section = subscriptionsOf(warehouse);
    assert.deepEqual(cards(section), ["SQS queue warehouse-picking.fifo This API's queue"]);
    assert.deepEqual(otherRows(section), ['SQS queue fraud-screening.fifo', 'SQS queue billing-orders.fifo']);
    const heading = section.indexOf('<h3 id="sns-other-subscriptions">Other subscriptions of the topic (2)</h3>');
    assert.ok(
      heading > section.indexOf('id="sns-consumer-1"') && heading < section.indexOf('id="sns-consumer-2"'),
      'the heading is between the own card and the others',
    );
    // The rows keep the anchors the cards had (the tester links to them, a search lands on them).
    assert.match(
      section,
      /<tr id="sns-consumer-2"[^>]*>\s*<td data-label="Subscription" id="sns-consumer-2-title" data-pagefind-title="SQS queue fraud-screening\.fifo">/,
    );
  });

  it("folds the operation's own queues' settings in its own subscription's card, which names them (review 18)", () => {
    const own = /<article class="card consumer" id="sns-consumer-1"[\s\S]*?<\/article>/.exec(warehouse)![0];
    const line = visibleText(/<details class="fold sns-queues"><summary>([\s\S]*?)<\/summary>/.exec(own)![1]!);
    assert.equal(line.trim(), 'Settings of its 2 queues (SQS)');
    assert.equal(warehouse.match(/class="fold sns-queues"/g)?.length, 1, 'once on the page');
  });

  it('marks nothing where the document does not say which subscription is its own', () => {
    const section = subscriptionsOf(notify);
    assert.equal(cards(section).length, 5);
    assert.doesNotMatch(section, /This API's queue|Other subscriptions of the topic/);
  });

  it('names the protocol once per card (its label, no key pill) and says SNS in sentences', () => {
    for (const page of [warehouse, notify]) {
      const section = subscriptionsOf(page);
      assert.doesNotMatch(section, /<article class="card consumer"[^>]*>\s*<h[34][^>]*><span class="badge protocol">/);
      const words = visibleText(section.replace(/<details class="fold subscribe-snippet"[\s\S]*?<\/details>/g, ''));
      assert.doesNotMatch(words, /\bsns (envelope|moves|drops)\b/);
    }
    assert.match(visibleText(subscriptionsOf(notify)), /in the SNS envelope: JSON with Type/);
    assert.match(visibleText(subscriptionsOf(warehouse)), /AWS's fixed retries → dead-letter queue warehouse-picking-dlq\.fifo/);
  });

  it("says once what the retries mean, shows the topic's other subscriptions a row each, and the tester under this API's own (review 21)", () => {
    const section = subscriptionsOf(warehouse);
    const words = visibleText(section);
    // The meaning once for the page, after the subscriptions; each row only its retries and where a message ends.
    assert.equal(words.split(RETRIES_MEANING).length - 1, 1, words);
    assert.doesNotMatch(words, /then SNS (drops|moves) the message/);
    assert.match(words, /AWS's fixed retries → dropped/);
    // The other teams' queues: no card as large as the operation's own, a row each with what it receives and how.
    assert.equal(section.match(/<article class="card consumer"/g)?.length, 1);
    const rows = /<table class="subscription-lines other-subscriptions">([\s\S]*?)<\/table>/.exec(section)?.[1] ?? '';
    assert.match(
      visibleText(rows),
      /SQS queue fraud-screening\.fifo arn:aws:sqs:eu-west-1:123456789012:fraud-screening\.fifo delivered in the SNS envelope only messages where eventType is "OrderPlaced"/,
    );
    assert.match(visibleText(rows), /SQS queue billing-orders\.fifo arn:aws:sqs:\S+ delivered raw every message AWS's fixed retries → dropped/);
    // Their commands, folded once under the table.
    assert.equal(section.match(/<details class="fold subscribe-snippet/g)?.length, 2, 'the own card’s and the others’ one fold');
    // The tester right under this API's own subscription, before the others.
    const tester = section.indexOf('id="sns-tester-fold"');
    assert.ok(tester > section.indexOf('</article>') && tester < section.indexOf('id="sns-other-subscriptions"'), 'the tester under the own card');
    // The Markdown twin says the same, the meaning once.
    assert.equal(twins.warehouse.split(RETRIES_MEANING).length - 1, 1);
    assert.match(
      twins.warehouse,
      /^- \*\*Subscription 2:\*\* SQS queue arn:\S+fraud-screening\.fifo · only where eventType is "OrderPlaced" · AWS's fixed retries, then dropped · delivered in the SNS envelope$/m,
    );
    // A page whose document does not say which subscriptions are its own: cards, the meaning once too.
    assert.equal(visibleText(subscriptionsOf(notify)).split(RETRIES_MEANING).length - 1, 1);
    assert.doesNotMatch(visibleText(subscriptionsOf(notify)), /then SNS (drops|moves) the message/);
  });

  it('says in the own card which of its messages the operation never receives, and the condition that excludes it (review 13)', () => {
    const section = subscriptionsOf(warehouse);
    const own = /<article class="card consumer" id="sns-consumer-1"[\s\S]*?<\/article>/.exec(section)![0];
    // Order cancelled is a closed schema without total: the filter on total.amount never passes it, whatever the example.
    const never = /<dt>Never receives<\/dt>\s*<dd class="never-receives">([\s\S]*?)<\/dd>/.exec(own)?.[1] ?? '';
    assert.equal(
      visibleText(never).trim(),
      // Why, from its schema; the filter's condition is said once, in Receives above (review 18).
      'Order cancelled : it never has total.',
    );
    assert.match(never, /<a href="[^"]*messages\/ordercancelled\/">Order cancelled<\/a>/);
    // Order placed requires a total: it may pass, so nothing is said of it; the other teams' cards say nothing either.
    assert.doesNotMatch(visibleText(never), /Order placed/);
    assert.equal(section.match(/Never receives/g)?.length, 1);
    assert.doesNotMatch(notify, /Never receives/);
  });

  it('offers the folded tester from the top of the section, and names its examples by their titles in reader words (review 13)', () => {
    const section = subscriptionsOf(warehouse);
    const link = section.indexOf('<a href="#sns-tester-fold" data-tester-link>Try the filters with a message of your own</a>');
    assert.ok(link >= 0 && link < section.indexOf('<article class="card consumer"'), 'the link comes before the first card');
    assert.match(section, /<details class="fold tester-fold" id="sns-tester-fold" data-tester-fold>/);
    const options = [...section.matchAll(/<option [^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    assert.deepEqual(options, ['Order placed: An order of two items paid by card', 'Order cancelled: Generated example']);
    assert.match(visibleText(section), /Filters on the message body \( FilterPolicyScope: MessageBody \) read it\./);
    assert.doesNotMatch(visibleText(section), /MessageBody scope|filter on MessageBody/);
  });

  it("folds an Avro payload's source under the table that shows its fields, on the operation's page", () => {
    const fold = /<details class="fold" id="h-messages-parcelscanned\.payload-source"><summary>([\s\S]*?)<\/summary>/.exec(notify);
    assert.ok(fold, 'the source is a fold');
    assert.match(visibleText(fold[1]!), /^Payload source \(the schema as written, \d+ lines\)\s*$/);
    assert.doesNotMatch(notify, /<h4 id="h-messages-parcelscanned\.payload-source">/);
  });
});

// The corpus's sqs consumer: one queue its sqs binding defines, one subscribed by the ARN of a queue it does not define.
if (HAS_CORPUS)
  describe("a receiving operation's own subscriptions (the corpus's sqs consumer)", () => {
    let consumer = '';
    before(async () => {
      const work = tempDir('apidesc-sns-own-corpus-');
      // Copied into the test's own folder: a folder argument reads only what is inside it.
      const docs = join(work, 'docs');
      mkdirSync(docs);
      copyFileSync(join(CORPUS, 'valid', 'bindings-sns-sqs-consumer.yaml'), join(docs, 'bindings-sns-sqs-consumer.yaml'));
      const out = await buildSite([docs, '--allow-invalid'], repo, { work });
      consumer = readFileSync(join(out, 'operations', 'receiveusersignedup', 'index.html'), 'utf8');
    });

    it('marks the queue an sqs binding defines, not the one subscribed by the ARN of another account’s queue (corpus)', () => {
      assert.deepEqual(cards(subscriptionsOf(consumer)), ["SQS queue user-signedup-queue This API's queue"]);
      assert.deepEqual(otherRows(subscriptionsOf(consumer)), ['SQS queue UserSignedUpQueue']);
      assert.match(consumer, /<h3 id="sns-other-subscriptions">Other subscriptions of the topic \(1\)<\/h3>/);
    });
  });
