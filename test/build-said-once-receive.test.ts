/**
 * A receiving operation's own subscription said once (review 18, defect 2): its card is the home
 * of its facts (what it receives and on which part of the message, how it is delivered, what
 * happens when delivery or processing fails, its queues' settings); "Never receives" says only
 * why a message never passes, the tester's rows name the subscription and link to its card, and
 * the Retries section says AWS's fixed numbers once, in its sentence. The Markdown twin the same:
 * no summary line over the card's list, the other subscriptions' retries by name, the numbers
 * under Retries. Every fact is still said: each is counted, and must be there once.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { sharedSite } from './helpers.ts';
import { visibleText } from './visible-text.ts';

const repo = resolve(import.meta.dirname, '..');

/** A page's reading part, from <main> to its folded Source. */
const reading = (html: string): string => html.slice(html.indexOf('<main'), html.indexOf('<div class="source"'));
/** Its words without code boxes: a command or a policy as written is code to copy, not the page saying a fact again. */
const prose = (html: string): string => visibleText(html.replace(/<pre\b[\s\S]*?<\/pre>/g, ' '));
/** A twin's words outside its fenced code. */
const twinProse = (md: string): string => md.replace(/```[\s\S]*?```/g, ' ');
const count = (text: string, fact: RegExp): number => text.match(new RegExp(fact.source, 'g'))?.length ?? 0;

/** The warehouse queue's facts, as the page and the twin say them. */
const FACTS: { fact: string; page: RegExp; twin?: RegExp }[] = [
  { fact: 'the filter', page: /total\.amount is a number > 0/, twin: /total\.amount is a number \\?> 0/ },
  { fact: 'the part of the message it reads', page: /filter on the message body/ },
  { fact: 'how it is delivered', page: /raw: the body as published/, twin: /Raw message delivery:\*\* on/ },
  { fact: 'the receive count', page: /\b5 times\b|\(5\)/, twin: /\b5 times\b|\(5\)/ },
  { fact: "AWS's number of retries", page: /100,?015/, twin: /100,?015/ },
  { fact: "AWS's retries' duration", page: /23 days/, twin: /23 days/ },
  { fact: "AWS's retries at the maximum delay", page: /\b100,?000\b/, twin: /\b100,?000\b/ },
  { fact: "AWS's maximum delay", page: /to 20 s|maxDelayTarget/, twin: /to 20 s|maxDelayTarget/ },
];

describe("a receiving operation's own subscription, said once (default content)", () => {
  let html = '';
  let twin = '';
  before(async () => {
    const out = await sharedSite(['content'], repo);
    html = reading(readFileSync(join(out, 'operations/receiveordereventsinwarehouse/index.html'), 'utf8'));
    twin = readFileSync(join(out, 'operations/receiveordereventsinwarehouse/index.md'), 'utf8');
  });

  it('says each fact of its subscription once on the page, and says it', () => {
    const text = prose(html);
    const counts = FACTS.map(({ fact, page }) => [fact, count(text, page)] as const);
    assert.deepEqual(
      counts.filter(([, n]) => n !== 1),
      [],
      'each fact once',
    );
  });

  it('keeps the facts in the card, which the other parts of the section point to', () => {
    const card = /<article class="card consumer" id="sns-consumer-1"[\s\S]*?<\/article>/.exec(html)![0];
    const words = prose(card);
    for (const { fact, page } of FACTS.slice(0, 4)) assert.match(words, page, `${fact} in the card`);
    // "Never receives" says why the message never passes, not the filter again.
    const never = visibleText(/<dd class="never-receives">([\s\S]*?)<\/dd>/.exec(card)![1]!);
    assert.equal(never, 'Order cancelled : it never has total.');
    // The queues' settings in the card, their summary naming no queue again (the card's title and dead-letter queue link to them).
    const queues = /<details class="fold sns-queues"><summary>([\s\S]*?)<\/summary>([\s\S]*?)<\/details>/.exec(card);
    assert.ok(queues, 'the queues’ settings are folded in the card');
    assert.equal(visibleText(queues[1]!), 'Settings of its 2 queues (SQS)');
    assert.match(visibleText(queues[2]!), /name warehouse-picking\.fifo fifoQueue true deduplicationScope messageGroup fifoThroughputLimit perMessageGroupId/);
    assert.match(card, /<a href="#sns-queue-warehouse-picking-fifo">/);
    assert.match(queues[1]!, /<span id="sns-queue-warehouse-picking-fifo"><\/span>/);
    // The tester's rows name each subscription, linked to where it is said, and give the example's result only.
    const tester = /<ul class="tester-results">[\s\S]*?<\/ul>\s*<\/form>/.exec(html)![0];
    assert.match(tester, /<p class="tester-name"><a href="#sns-consumer-1" title="[^"]+">SQS queue warehouse-picking\.fifo<\/a><\/p>/);
    // AWS's fixed retries: the card names them and links to their numbers, said in the Retries sentence.
    assert.match(card, /<a href="#sns-retries-aws-managed">AWS(&#39;|')s fixed retries<\/a>/);
    const retries = html.slice(html.indexOf('<h2 id="sns-retries"'));
    assert.match(
      prose(retries),
      /SQS 100,015 retries over about 23 days \(3 immediately, 2 every 1 s, 10 backing off \(exponential\) to 20 s, then 100,000 every 20 s\), fixed by AWS/,
    );
    // Its fold adds when each retry comes, not the values again.
    assert.match(retries, /<summary data-pagefind-ignore>The retry schedule<\/summary>/);
    assert.doesNotMatch(retries, /<dl class="policy-values"/);
  });

  it('says each fact once in the Markdown twin too, and says it', () => {
    const words = twinProse(twin);
    const counts = FACTS.filter((f) => f.twin).map(({ fact, twin: said }) => [fact, count(words, said!)] as const);
    assert.deepEqual(
      counts.filter(([, n]) => n !== 1),
      [],
      `each fact once:\n${twin}`,
    );
    // The numbers under Retries, as on the page; the card and the other subscriptions name them.
    assert.match(twin, /^## Retries\n\n- \*\*SQS:\*\* 100,015 retries over about 23 days \(/m);
    assert.match(twin, /^- \*\*Delivery retries:\*\* AWS's fixed retries \(under Retries\)$/m);
    assert.match(twin, /^- \*\*Subscription 2:\*\* .* · AWS's fixed retries, then dropped · delivered in the SNS envelope$/m);
    // The queue named by the card, not by a list of queues again (the commands that create the subscriptions follow, under Subscribe).
    const subscriptions = twin.slice(twin.indexOf('### Subscriptions'), twin.indexOf('### Subscribe\n'));
    assert.equal(count(subscriptions, /warehouse-picking\.fifo/), 1, 'the queue named once, by its card');
  });
});
