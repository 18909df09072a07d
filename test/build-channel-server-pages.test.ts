/**
 * The channel, server and Changes pages as a reader meets them (issue 34, review 9): an sns
 * channel opens with its fan-out, whose boxes name each endpoint by its resource name (the whole
 * ARN in the box's title and the table), its access policy after it, folded; every channel opens
 * with how messages move, as the overview does, and says where its requests are answered; a
 * server shows how to connect; a breaking change says what a client must change, above its locator.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { compareDocument } from './compare-fixture.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { runIn, tempDir, tempTree } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const work = tempDir('apidesc-channel-server-');
const page = (site: string, url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
const at = (html: string, id: string): number => html.indexOf(`id="${id}"`);

describe('channel, server and Changes pages of the default content and of a comparison', () => {
  const content = join(work, 'content');
  const compared = join(work, 'compared');
  const kafka = join(work, 'kafka');
  before(async () => {
    if (HAS_CORPUS) {
      const streetlights = await runIn(join(CORPUS, 'valid'), ['build', 'spec-streetlights-kafka.yaml', '--out', kafka, '--cache', join(work, 'cache')]);
      assert.equal(streetlights.code, 0, streetlights.out + streetlights.err);
    }
    const built = await runIn(repo, ['build', 'content', '--out', content, '--cache', join(work, 'cache')]);
    assert.equal(built.code, 0, built.out + built.err);
    const dir = tempTree({ 'base.yaml': compareDocument('base'), 'head.yaml': compareDocument('head') });
    const diffed = await runIn(dir, ['build', 'head.yaml', '--out', compared, '--compare', 'base.yaml', '--cache', join(work, 'cache')]);
    assert.equal(diffed.code, 0, diffed.out + diffed.err);
  });

  it('names each fan-out box by its resource name, the whole ARN in its title only', () => {
    // The standard topic: its subscriptions named by ARN (a function, a stream) are there.
    const html = page(content, 'channels/shipmenttracking');
    const svg = /<figure class="diagram-box[\s\S]*?<\/figure>/.exec(html)![0];
    const drawn = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    assert.ok(drawn.includes('parcel-alerts'), drawn.join(' | '));
    assert.ok(drawn.includes('parcel-scans'), drawn.join(' | '));
    assert.deepEqual(
      drawn.filter((t) => /arn:|123456789012/.test(t)),
      [],
      'no ARN drawn in a box',
    );
    assert.match(svg, /<title>Lambda function subscription · parcel-alerts · [^<]* · arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts<\/title>/);
    // The table under the picture still gives it whole.
    const table = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(html)![0].replace(/<[^>]+>/g, '');
    assert.ok(table.includes('arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts'), 'the whole ARN in the table');
  });

  it('opens an sns channel with what it carries, then its fan-out, the topic settings and the access policy (folded) after it, the name caveat in one sentence', () => {
    const html = page(content, 'channels/orderevents');
    // What is carried before how it is delivered (review 15): the messages, then the topic's long detail.
    assert.ok(at(html, 'h-messages') > 0 && at(html, 'h-messages') < at(html, 'h-sns'), 'the messages before the topic section');
    assert.ok(at(html, 'h-sns') < at(html, 'h-parameters'), 'the topic section before the parameters');
    // "On this page" in the page's order.
    const toc = [.../<nav class="toc"[\s\S]*?<\/nav>/.exec(html)![0].matchAll(/href="#(h-[a-z-]+)"/g)].map((m) => m[1]!);
    assert.deepEqual(
      toc.filter((a) => ['h-messages', 'h-sns', 'h-parameters'].includes(a)),
      ['h-messages', 'h-sns', 'h-parameters'],
    );
    assert.ok(at(html, 'sns-fan-out') < at(html, 'sns-topic-settings') && at(html, 'sns-topic-settings') < at(html, 'sns-access-policy'));
    assert.match(
      html,
      /<details class="policy-fold"><summary><h3 id="sns-access-policy">Access policy<\/h3> <span class="kind">\(3 statements: 2 allow, 1 deny\)<\/span><\/summary>/,
    );
    // Said in the "SNS topic" fact, where the page first names the topic (not again in the topic's settings).
    const note = /<dt[^>]*>SNS topic<\/dt> <dd[^>]*>[\s\S]*?<div class="fact-note">([\s\S]*?)<\/div>/.exec(html)![1]!.replace(/<[^>]+>/g, '');
    assert.match(note, /ARN ends in it/);
    assert.doesNotMatch(html, /topic-name-note/);
    assert.ok(note.split(/[.;]\s/).length <= 2 && note.length < 200, note);
  });

  it('opens a plain channel with its message flow, as the overview does, and says where its requests are answered', () => {
    const request = page(content, 'channels/stockcheck');
    assert.ok(at(request, 'h-flow') > 0 && at(request, 'h-flow') < at(request, 'h-servers') && at(request, 'h-flow') < at(request, 'h-operations'));
    assert.match(
      request,
      /<dt[^>]*>Replies<\/dt> <dd[^>]*><a href="\/channels\/stockcheckreplies\/">Stock check replies<\/a><div class="fact-note">The answer to each request comes back on this channel\.<\/div>/,
    );
    const reply = page(content, 'channels/stockcheckreplies');
    assert.match(reply, /<dt[^>]*>Replies to<\/dt> <dd[^>]*><a href="\/channels\/stockcheck\/">Stock check requests<\/a>/);
  });

  it('draws both sides of a plain channel: a side no operation here takes says "not in this document"; names its sns topic as the operation page does', () => {
    const request = page(content, 'channels/stockcheck');
    const svg = /<figure class="diagram-box[\s\S]*?<\/figure>/.exec(request)![0];
    const drawn = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).join(' | ');
    // Its sender is this API's operation; no operation here receives: a box says the receivers are elsewhere.
    assert.match(drawn, /send operation \| Request a stock/);
    assert.match(drawn, /receivers \| the other side \| not in this document/);
    assert.doesNotMatch(drawn, /senders \| the other side/);
    // Its operation's reply comes back on a channel of its own (the "Replies" fact): that leg is drawn
    // too, as the operation page draws it, the reply from the other side to the channel and on to the requester.
    assert.match(drawn, /reply channel \| Stock check \| replies/);
    const wide = /<svg[\s\S]*?<\/svg>/.exec(svg)![0];
    assert.equal([...wide.matchAll(/<path class="dg-edge"[^>]*>/g)].length, 4, 'request out and in, reply out and in');
    assert.match(svg, /Stock check answered/, "the reply's message on its arrow");
    assert.match(svg, /<desc [^>]*>[^<]*The reply to Request a stock check \(Stock check answered\) comes back on Stock check replies\./);
    // The topic the operation page publishes to, named on the channel too.
    assert.match(
      request,
      /<dt[^>]*>SNS topic<\/dt> <dd[^>]*><code>inventory-<wbr>stock-<wbr>check<\/code><div class="fact-note">The channel’s address: no binding names the topic otherwise\.<\/div>/,
    );
    assert.match(
      page(content, 'operations/requeststockcheck'),
      /the topic <code class="sns-topic-name">inventory-stock-check<\/code> <span class="kind">\(the channel's address\)<\/span>/,
    );
  });

  it('says the version once on the overview, and leaves off a message card the key that only spells its title', () => {
    const overview = page(content, '');
    assert.equal(overview.split('version 2.4.0').length - 1, 1, 'the header says the version; the eyebrow does not repeat it');
    const messages = /<h2 id="h-message">[\s\S]*?<\/ul>/.exec(overview)![0];
    assert.match(messages, />Order placed</);
    assert.doesNotMatch(messages.replace(/<wbr>/g, ''), /<code>OrderPlaced<\/code>|<code>OrderCancelled<\/code>/);
    // An operation's id is no message key: its card keeps it.
    assert.match(/<h2 id="h-operation">[\s\S]*?<\/ul>/.exec(overview)![0].replace(/<wbr>/g, ''), /<code>publishOrderEvents<\/code>/);
  });

  it("shows a server's connection as a copyable block, and links a reply channel's run-time address to its explanation", () => {
    const sns = page(content, 'servers/production');
    const block = /<h2 id="h-connect">[\s\S]*?<div class="code"[^>]*>([\s\S]*?)<\/div>\s*<\/section>/.exec(sns)?.[1]?.replace(/<[^>]+>/g, '');
    assert.ok(block, 'a Connect section with a code block');
    assert.match(block, /host +sns\.eu-west-1\.amazonaws\.com/);
    assert.match(block, /protocol +sns/);
    // What an AWS client calls and addresses: the HTTPS endpoint, the topic ARN with the account the document's ARNs name.
    assert.match(block, /endpoint +https:\/\/sns\.eu-west-1\.amazonaws\.com\n/);
    assert.match(block, /topic ARN +arn:aws:sns:eu-west-1:123456789012:\{topic-name\}/);
    assert.match(block, /auth +sigv4/);
    // How the endpoint and the ARN are formed, said under the block that gives them.
    const notes = /<h2 id="h-connect">[\s\S]*?<\/section>/.exec(sns)![0].replace(/<[^>]+>/g, '');
    assert.match(notes, /endpoint: what the AWS CLI and SDKs call; sns:\/\/ names the protocol, not an address a client opens\./);
    assert.match(notes, /topic ARN: the endpoint’s region, account 123456789012 \(from the document’s ARNs\), and the topic’s name/);
    // The document's own URL stays in the facts, as a template with its variable; the addresses a client uses are said once, in the block (review 15).
    const facts = sns.replace(/<var>([^<]*)<\/var>/g, '$1');
    assert.match(facts, /<dt[^>]*>URL template<\/dt> <dd[^>]*><code class="template">sns:\/\/sns\.\{region\}\.amazonaws\.com<\/code>/);
    assert.doesNotMatch(facts, /<dt[^>]*>(Example URL|HTTPS endpoint|Topic ARN)<\/dt>/);
    const main = /<main[\s\S]*?<\/main>/.exec(sns)![0].replace(/<[^>]+>/g, '');
    for (const address of ['sns.eu-west-1.amazonaws.com', 'arn:aws:sns:'])
      assert.equal(main.split(address).length - 1, address.startsWith('arn') ? 1 : 2, `${address} said once (the host and the endpoint's)`);
    assert.match(
      sns,
      /<a href="\/channels\/stockcheckreplies\/">Stock check replies<\/a><span class="kind"> <a href="\/operations\/requeststockcheck\/#h-reply">\(address set at run time\)<\/a><\/span>/,
    );
    // A protocol the code samples are written for: TLS, and the variable the samples read the token from.
    const https = page(content, 'servers/partnerwebhooks');
    const httpsBlock = /<h2 id="h-connect">[\s\S]*?<\/section>/.exec(https)![0].replace(/<[^>]+>/g, '');
    assert.match(httpsBlock, /host +hooks\.example\.com/);
    assert.doesNotMatch(https, /HTTPS endpoint|Topic ARN/, 'not an AWS service');
    assert.match(httpsBlock, /protocol +https \(TLS\)/);
    assert.match(httpsBlock, /auth +partnerOAuth \(OAuth 2\.0 access token\) or partnerApiKey \(key in the HTTP header X-Partner-Key\)/);
    assert.match(httpsBlock, /credentials +token from \$HTTP_TOKEN/);
    // No operation of the API uses it: no code sample to match.
    assert.match(httpsBlock, /Where clients connect/);
  });

  it('says what a client must change for each breaking change whose kind names it, last (no locator on a site to be read)', () => {
    const html = page(compared, 'changes');
    const address = /<li data-rule="channel-address-changed">[\s\S]*?<\/li>/.exec(html)![0];
    assert.match(
      address,
      /<p class="change-action"><strong>What to change:<\/strong> Send to and receive from &quot;audit-v2&quot; instead of &quot;audit&quot;\.<\/p><\/li>/,
    );
    const value = /<li data-rule="schema-enum-value-added">[\s\S]*?<\/li>/.exec(html)![0];
    assert.match(value, /<p class="change-action"><strong>What to change:<\/strong> Handle <code>payload\.status<\/code> &quot;&lt;script&gt;/);
    // A change whose message names no new value (a subscription removed) gets its kind's advice; a non-breaking one none.
    assert.match(
      /<li data-rule="sns-subscription-removed">[\s\S]*?<\/li>/.exec(html)![0],
      /<p class="change-action"><strong>What to change:<\/strong> Subscribe your own queue/,
    );
    assert.doesNotMatch(/<section aria-labelledby="changes-non-breaking"[\s\S]*?<\/section>/.exec(html)![0], /change-action/);
  });

  if (HAS_CORPUS)
    it("connects on a server page as its operations' code samples do: the same host and port, the same variables for the credentials", () => {
      const server = page(kafka, 'servers/scram-connections');
      const block = /<h2 id="h-connect">[\s\S]*?<\/section>/.exec(server)![0].replace(/<[^>]+>/g, '');
      assert.match(block, /What the operations’ code samples connect to/);
      assert.match(block, /host +test\.mykafkacluster\.org:18092/);
      assert.match(block, /protocol +kafka-secure \(TLS\)/);
      assert.match(block, /credentials +user name and password from \$KAFKA_USERNAME and \$KAFKA_PASSWORD \(scramSha256\)/);
      const operation = page(kafka, 'operations/receivelightmeasurement').replace(/<[^>]+>/g, '');
      for (const word of ['test.mykafkacluster.org:18092', 'KAFKA_USERNAME', 'KAFKA_PASSWORD'])
        assert.ok(operation.includes(word), `the code samples use ${word}`);
    });
});
