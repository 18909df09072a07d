/**
 * The publish and subscribe snippets of the sns documents (the corpus's and the default
 * content), built, read back from the pages and run: the shell commands through a POSIX shell
 * with a stand-in `aws` that prints its arguments, the JavaScript with stand-ins for the SDK's
 * client and command, the Python with a stand-in boto3. Every JSON argument parses, and the
 * message of each publish snippet passes the filter it is made for, by the matcher; every
 * subscription's snippet carries its filter, scope, raw delivery and dead-letter queue as the
 * document says. The tester is on exactly the pages with a filtered subscription, with its
 * loader, and without it on the others; it shows the results of its pre-filled example as the
 * matcher gives them, written at build time; its script is loaded on demand.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { unescapeText } from '../src/lib/html-text.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { cidrContains } from '../src/lib/sns/filter-cidr.ts';
import { matchPolicy } from '../src/lib/sns/filter-match.ts';
import { listedPolicy, type Scope } from '../src/lib/sns/filter-policy.ts';
import { readTesterInput } from '../src/lib/sns/tester-input.ts';
import { testerResult } from '../src/lib/sns/tester-result.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, tempDir } from './helpers.ts';
import { jsPublishInput, messageOption, offeredFiles, option, pythonPublishInput, shellArgs, subscriptionAttributes } from './snippet-runners.ts';

const repo = resolve(import.meta.dirname, '..');

/** Text of the code blocks in an HTML fragment. */
function codeBlocks(html: string): string[] {
  return [...html.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => unescapeText(m[1]!.replace(/<[^>]+>/g, '')));
}

/** The publish commands of an operation's page (SnsSnippets.astro), up to the end of its section, without the reader's own subscribe command folded after them. */
function publishSection(html: string): string | undefined {
  return /<h2 id="sns-publish"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1]?.replace(/<details class="fold receive-snippet"[\s\S]*?<\/details>/, '');
}

/** The folded `aws sns subscribe` of each subscription, in the page's order: one fold per card, one for the topic's other subscriptions together (their rows). */
function subscribeSnippets(html: string): string[] {
  return [...html.matchAll(/<details class="fold subscribe-snippet[^"]*"[\s\S]*?<\/details>/g)].flatMap((m) =>
    [...m[0].matchAll(/<pre[^>]*><code>[\s\S]*?<\/code><\/pre>/g)].map((p) => p[0]),
  );
}

/** SNS MessageAttributes as the matcher reads them. */
function attributesOf(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, a] of Object.entries((value ?? {}) as Record<string, { DataType: string; StringValue: string }>)) {
    out[name] = a.DataType === 'Number' ? Number(a.StringValue) : a.DataType === 'String.Array' ? JSON.parse(a.StringValue) : a.StringValue;
  }
  return out;
}

interface Consumer {
  protocol: string;
  filterPolicy?: Record<string, unknown>;
  filterPolicyScope?: string;
  rawMessageDelivery?: boolean;
  redrivePolicy?: unknown;
}

const documents = HAS_CORPUS
  ? readdirSync(join(CORPUS, 'valid'))
      .filter((f) => f.startsWith('bindings-sns-'))
      .map((f) => join(CORPUS, 'valid', f))
  : [];

if (HAS_CORPUS)
  describe('sns snippets and tester, built', () => {
    const sites: { file: string; out: string; routes: RouteEntry[] }[] = [];
    before(async () => {
      for (const file of [join(repo, 'content', 'orders.apidesc.yaml'), ...documents]) {
        const out = await buildSite([file], repo, { work: tempDir('apidesc-sns-hands-on-') });
        sites.push({ file, out, routes: (JSON.parse(readFileSync(join(out, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes });
      }
    });

    /** Every operation page of each site, with its operation's sns consumers. */
    const operations = (): { name: string; html: string; action: string; consumers: Consumer[] }[] =>
      sites.flatMap(({ file, out, routes }) => {
        const doc = parse(readFileSync(file, 'utf8')) as { operations: Record<string, { action: string; bindings?: { sns?: { consumers?: Consumer[] } } }> };
        return routes
          .filter((r) => r.kind === 'operation')
          .map((r) => {
            const op = doc.operations[r.id]!;
            return {
              name: `${file.split('/').pop()} ${r.id}`,
              html: readFileSync(join(out, r.url, 'index.html'), 'utf8'),
              action: op.action,
              consumers: op.bindings?.sns?.consumers ?? [],
            };
          });
      });

    it('publish snippets: every form runs, its JSON parses, and its message passes the filters it is made for; no two alike', async () => {
      let checked = 0;
      for (const page of operations()) {
        const seen: string[] = [];
        const publish = publishSection(page.html);
        assert.equal(
          publish !== undefined,
          page.action === 'send' && page.html.includes('<h2 id="h-sns"'),
          `${page.name}: publish snippets on sns send operations`,
        );
        if (!publish) continue;
        for (const variant of publish.split('<div class="snippet" data-pagefind-ignore>').slice(1)) {
          const [cli, js, python] = codeBlocks(variant);
          // A message whose own schema does not let it pass a filter (a cancelled order has no total) gets no command: the page says why.
          if (!cli && /No [^<]+ message passes this filter: passing it takes a value its schema does not allow\./.test(variant)) continue;
          assert.ok(cli && js && python, `${page.name}: three forms`);
          const args = shellArgs(cli);
          assert.deepEqual(args.slice(0, 2), ['sns', 'publish']);
          // A body that is an example's payload is read from the file the page offers beside the command (not written twice).
          const files = offeredFiles(variant);
          const jsInput = await jsPublishInput(js, files);
          const pyInput = pythonPublishInput(python, files);
          const fromCli = {
            TopicArn: option(args, '--topic-arn'),
            Message: messageOption(args, files),
            ...(option(args, '--message-attributes') ? { MessageAttributes: JSON.parse(option(args, '--message-attributes')!) } : {}),
            ...(option(args, '--message-group-id') ? { MessageGroupId: option(args, '--message-group-id') } : {}),
            ...(option(args, '--message-deduplication-id') ? { MessageDeduplicationId: option(args, '--message-deduplication-id') } : {}),
          };
          // The three forms send the same thing.
          assert.deepEqual(jsInput, fromCli, `${page.name}: JavaScript as the CLI`);
          assert.deepEqual(pyInput, fromCli, `${page.name}: Python as the CLI`);
          const body = JSON.parse(fromCli.Message!) as unknown;
          // One message for every subscription it reaches: it passes the filter of each.
          for (const filter of variant.matchAll(/<code data-filter-scope="(\w+)">([\s\S]*?)<\/code>/g)) {
            const policy = JSON.parse(unescapeText(filter[2]!)) as unknown;
            const result = matchPolicy(policy, filter[1] as Scope, { attributes: attributesOf(fromCli.MessageAttributes), body }, { cidr: cidrContains });
            assert.ok(result.matches, `${page.name}: ${JSON.stringify(result.keys)}`);
            checked++;
          }
          seen.push(cli);
          // A FIFO topic takes a group id, and a deduplication id unless it deduplicates by content (the page then says so).
          if (/\.fifo/.test(fromCli.TopicArn!)) {
            const byContent = publish.includes('class="kind sns-deduplication"');
            assert.ok(fromCli.MessageGroupId && (byContent ? !fromCli.MessageDeduplicationId : fromCli.MessageDeduplicationId), `${page.name}: FIFO ids`);
          }
        }
        assert.equal(new Set(seen).size, seen.length, `${page.name}: a message reaching several subscriptions is shown once`);
      }
      assert.ok(checked >= 4, `filtered publish snippets checked: ${checked}`);
    });

    it('a subscription whose filter policy AWS rejects is listed as unreachable, with why, and gets no command', () => {
      const site = sites.find((x) => x.file.endsWith('bindings-sns-sqs-pubsub-producer.yaml'))!;
      const html = readFileSync(join(site.out, 'operations', 'sendusersignedup', 'index.html'), 'utf8');
      const publish = publishSection(html)!;
      // {"anything-but": …} outside a list in the MessageAttributes scope: the validator's finding, in the same words.
      // The subscription's card on this page says why: the list names it and links there, the reasons not said again.
      assert.match(
        unescapeText(publish.replace(/<[^>]+>/g, '')),
        /Unreachablesqs user-signedup-welcome-email: refused by AWS, so no message reaches it \(why\)\./,
      );
      assert.match(publish, /<a href="#sns-consumer-1-verdict">why<\/a>/);
      assert.match(html, /<div class="verdict-note" id="sns-consumer-1-verdict"/);
      // The reasons once on the page as a reader reads it: in the card (the authors' findings, folded, and the tester's data aside).
      const reading = unescapeText(html.replace(/<details class="diagnostics[\s\S]*?<\/details>/g, '').replace(/<[^>]+>/g, ' '));
      assert.equal(reading.split('AWS reads it as a nested policy').length - 1, 1, 'the reasons said once');
      const commands = publish.slice(0, publish.indexOf('class="snippet sns-unreachable"'));
      assert.ok(commands.includes('<div class="snippet" data-pagefind-ignore>'), 'the other subscriptions still get commands');
      assert.ok(!commands.includes('<code>sqs user-signedup-welcome-email</code>'));
    });

    it('names a publishing operation that lists its topic\'s subscriptions as the one that sets them up (words for a reader, not "listed by"), not as their receiver', () => {
      const site = sites.find((x) => x.file.endsWith('bindings-sns-sqs-pubsub-producer.yaml'))!;
      const html = readFileSync(join(site.out, 'channels', 'usersignedup', 'index.html'), 'utf8');
      const fanOut = unescapeText(
        html
          .slice(html.indexOf('<p class="fanout-producers">'))
          .replace(/<[^>]+>/g, '')
          .replace(/\s+/g, ' '),
      );
      assert.match(fanOut, /Published by [^.]+\. Delivered to \d+ subscriptions, all set up by [A-Z][^:]*:/);
      assert.doesNotMatch(fanOut, /received by|all of/);
    });

    it('builds the topic ARN and endpoints from what the document gives, and leaves out what AWS would refuse', () => {
      const subscribeArgs = (file: string, url: string): string[][] => {
        const site = sites.find((x) => x.file.endsWith(file))!;
        const html = readFileSync(join(site.out, url, 'index.html'), 'utf8');
        return subscribeSnippets(html).map((b) => shellArgs(codeBlocks(b)[0]!));
      };
      // The account the document's ARNs name (only one), the region from the server's {region} variable (a reference to components), the name from the channel binding.
      const warehouse = subscribeArgs('orders.apidesc.yaml', 'operations/receiveordereventsinwarehouse/');
      assert.equal(option(warehouse[0]!, '--topic-arn'), 'arn:aws:sns:eu-west-1:123456789012:orders.fifo');
      assert.equal(option(warehouse[0]!, '--notification-endpoint'), 'arn:aws:sqs:eu-west-1:123456789012:warehouse-picking.fifo');
      // The ARN as the binding gives it; an sqs queue by name in the topic's region and account.
      const producer = subscribeArgs('bindings-sns-sqs-pubsub-producer.yaml', 'operations/sendusersignedup/');
      assert.equal(option(producer[0]!, '--topic-arn'), 'arn:aws:sns:eu-west-1:123456789012:user-signedup');
      assert.equal(option(producer[0]!, '--notification-endpoint'), 'arn:aws:sqs:eu-west-1:123456789012:user-signedup-welcome-email');
      const byProtocol = (args: string[][], protocol: string) => subscriptionAttributes(args.find((a) => option(a, '--protocol') === protocol)!);
      // Raw delivery only where AWS offers it; the delivery policy only for HTTP(S), in the attribute's shape.
      assert.equal(byProtocol(producer, 'email').RawMessageDelivery, undefined);
      assert.equal(byProtocol(producer, 'sms').RawMessageDelivery, undefined);
      assert.deepEqual(JSON.parse(byProtocol(producer, 'https').DeliveryPolicy!), {
        healthyRetryPolicy: {
          minDelayTarget: 10,
          maxDelayTarget: 100,
          numRetries: 5,
          numNoDelayRetries: 2,
          numMinDelayRetries: 3,
          numMaxDelayRetries: 5,
          backoffFunction: 'linear',
        },
        throttlePolicy: { maxReceivesPerSecond: 2 },
      });
      // Firehose needs a role.
      const analytics = subscribeArgs('bindings-sns-fifo-orders.yaml', 'operations/publishorderanalytics/');
      assert.match(byProtocol(analytics, 'firehose').SubscriptionRoleArn!, /^arn:aws:iam::<account-id>:role\//);
    });

    it('subscribe snippets: one per subscription, with its filter, scope, raw delivery and dead-letter queue', () => {
      let checked = 0;
      for (const page of operations()) {
        const blocks = subscribeSnippets(page.html);
        assert.equal(blocks.length, page.consumers.length, `${page.name}: a snippet per subscription`);
        page.consumers.forEach((consumer, i) => {
          const args = shellArgs(codeBlocks(blocks[i]!)[0]!);
          assert.deepEqual(args.slice(0, 2), ['sns', 'subscribe']);
          assert.equal(option(args, '--protocol'), consumer.protocol);
          const attributes = subscriptionAttributes(args);
          for (const value of Object.values(attributes)) assert.equal(typeof value, 'string', 'attribute values are strings');
          if (consumer.filterPolicy) assert.deepEqual(JSON.parse(attributes.FilterPolicy!), listedPolicy(consumer.filterPolicy));
          else assert.equal(attributes.FilterPolicy, undefined);
          assert.equal(attributes.FilterPolicyScope, consumer.filterPolicyScope);
          if (['sqs', 'http', 'https', 'firehose'].includes(consumer.protocol))
            assert.equal(attributes.RawMessageDelivery, consumer.rawMessageDelivery === undefined ? undefined : String(consumer.rawMessageDelivery));
          const deadLetter = (consumer.redrivePolicy as { deadLetterQueue?: { arn?: string; name?: string } } | undefined)?.deadLetterQueue;
          if (deadLetter) {
            const arn = (JSON.parse(attributes.RedrivePolicy!) as { deadLetterTargetArn: string }).deadLetterTargetArn;
            // The document's ARN as written (the lint sns-dlq-arn says when it is not an sqs queue's), or one built from the queue's name.
            if (deadLetter.arn) assert.equal(arn, deadLetter.arn);
            else assert.match(arn, new RegExp(`^arn:aws:sqs:[^:]+:[^:]+:${deadLetter.name!.replace(/\./g, '\\.')}$`));
          }
          if (attributes.DeliveryPolicy) assert.ok((JSON.parse(attributes.DeliveryPolicy) as { healthyRetryPolicy: unknown }).healthyRetryPolicy);
          checked++;
        });
      }
      assert.ok(checked >= 15, `subscriptions checked: ${checked}`);
    });

    it('the tester is on the pages with a filtered subscription, with its script; the others load none', () => {
      for (const { out } of sites) {
        const scripts = readdirSync(join(out, '_astro')).filter((f) => f.endsWith('.js'));
        for (const page of operations()) {
          const filtered = page.consumers.filter((c) => c.filterPolicy).length;
          // Once one subscription has a filter, every subscription is in the tester: those without one receive every message.
          assert.equal((page.html.match(/role="status" class="tester-result"/g) ?? []).length, filtered > 0 ? page.consumers.length : 0, page.name);
          assert.equal(/<script type="module" src="[^"]*SnsTester[^"]*\.js"><\/script>/.test(page.html), filtered > 0, `${page.name}: the tester's script`);
        }
        for (const script of scripts) assert.ok(!script.includes('..'));
      }
    });

    it('the guide component SnsTopic names every subscription of the topic in one line, and leaves the policy, retries and tester to the pages', () => {
      const { out } = sites[0]!;
      const html = readFileSync(join(out, 'guides', 'getting-started', 'index.html'), 'utf8');
      const doc = parse(readFileSync(join(repo, 'content', 'orders.apidesc.yaml'), 'utf8')) as {
        operations: Record<string, { channel: { $ref: string }; bindings?: { sns?: { consumers?: Consumer[] } } }>;
      };
      const consumersOf = (channel: string): Consumer[] =>
        Object.values(doc.operations)
          .filter((op) => op.channel.$ref === `#/channels/${channel}`)
          .flatMap((op) => op.bindings?.sns?.consumers ?? []);
      // The FIFO topic (SQS queues only), then the standard one (a webhook among its subscriptions).
      const lists = [...html.matchAll(/<ul class="guide-subscriptions">([\s\S]*?)<\/ul>/g)].map((m) => m[1]!);
      assert.equal(lists.length, 2);
      const [orders, shipments] = lists as [string, string];
      const fifo = consumersOf('orderEvents');
      assert.ok(fifo.length >= 3);
      assert.equal((orders.match(/<li>/g) ?? []).length, fifo.length, orders);
      assert.match(
        orders,
        /<li><span class="kind">SQS queue<\/span> <code>warehouse-picking\.fifo<\/code>: only messages where total\.amount is a number (?:&gt;|>) 0<\/li>/,
      );
      const standard = consumersOf('shipmentTracking');
      assert.ok(standard.length >= 3);
      assert.equal((shipments.match(/<li>/g) ?? []).length, standard.length, shipments);
      assert.match(shipments, /<li><span class="kind">HTTPS endpoint<\/span> <code>hooks\.example\.com<\/code>: every message<\/li>/);
      assert.doesNotMatch(html, /class="tester-result"|class="policy"/, 'the tester and the policy stay on their pages');
      assert.match(html, /<a href="\/channels\/orderevents\/#h-sns">on the channel's page<\/a>/);
      assert.match(html, /<a href="\/channels\/shipmenttracking\/#h-sns">on the channel's page<\/a>/);
    });

    it("puts the tester right under the subscriptions it tests, named as their cards name them, and folds each card's retry schedule", () => {
      const { out } = sites[0]!;
      const html = readFileSync(join(out, 'operations', 'receiveordereventsinwarehouse', 'index.html'), 'utf8');
      const at = (needle: string) => {
        const i = html.indexOf(needle);
        assert.ok(i >= 0, needle);
        return i;
      };
      // Under this API's own subscription, before the other teams' rows (review 21).
      assert.ok(at('id="sns-consumer-1-title"') < at('id="sns-tester-heading"'), 'the tester after the own card');
      assert.ok(at('id="sns-tester-heading"') < at('id="sns-consumer-2-title"'), 'the tester before the others');
      assert.ok(at('id="sns-tester-heading"') < at('id="sns-retries"'), 'the tester before the retries');
      const names = [...html.matchAll(/class="tester-name"><a href="#sns-consumer-\d" title="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
      assert.deepEqual(names, ['SQS queue warehouse-picking.fifo', 'SQS queue fraud-screening.fifo', 'SQS queue billing-orders.fifo']);
      // The tester keeps the binding's order; the cards put the warehouse's own queue first, the others' after.
      assert.ok(at('id="sns-consumer-1-title"') < at('id="sns-other-subscriptions"'));
      // On the standard topic, every kind of subscription, the function and the webhook among them.
      const notify = readFileSync(join(out, 'operations', 'notifycustomersofscans', 'index.html'), 'utf8');
      assert.ok(notify.indexOf('id="sns-consumer-5-title"') < notify.indexOf('id="sns-tester-heading"'), 'the tester after the cards');
      assert.ok(notify.indexOf('id="sns-tester-heading"') < notify.indexOf('id="sns-retries"'), 'the tester before the retries');
      const others = [...notify.matchAll(/class="tester-name"><a href="#sns-consumer-\d" title="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
      assert.deepEqual(others, [
        'E-mail (JSON) tracking-audit@example.com',
        'SMS +15555550100',
        'Firehose stream parcel-scans',
        'Lambda function parcel-alerts',
        'HTTPS endpoint hooks.example.com',
      ]);
      // The retry chart of the HTTPS subscription is in its card's fold, the row above says the retries in words.
      assert.match(
        notify,
        /<details class="fold"><summary data-pagefind-ignore>Delivery policy and retry schedule<\/summary><figure class="diagram-box has-narrow timeline-box"/,
      );
    });

    it('shows the results of the pre-filled example, written at build time by the matcher in the words of the page script', () => {
      let shown = 0;
      for (const { out, routes } of sites) {
        const urls = routes.filter((r) => r.kind === 'operation' || r.kind === 'guide').map((r) => r.url);
        for (const url of urls) {
          const html = readFileSync(join(out, url, 'index.html'), 'utf8');
          for (const [tester] of html.matchAll(/<div class="sns-tester card"[\s\S]*?<\/form>/g)) {
            const box = (name: string): string => unescapeText(new RegExp(`<textarea[^>]*data-tester-${name}[^>]*>([^<]*)</textarea>`).exec(tester)![1]!);
            const input = readTesterInput(box('attributes'), box('body'));
            for (const [, policy, invalid, scope, result, inner] of tester.matchAll(
              /<div role="status" class="tester-result"(?: data-policy="([^"]*)")?(?: data-no-filter)?(?: data-invalid="([^"]*)")? data-scope="(\w+)" data-result="([\w-]+)">([\s\S]*?)<\/div>/g,
            )) {
              const given = (text: string | undefined): string | undefined => (text === undefined ? undefined : unescapeText(text));
              const expected = testerResult(input, given(policy), scope as Scope, cidrContains, given(invalid));
              const verdict = unescapeText(/^<strong>(.*?)<\/strong>/.exec(inner!)![1]!);
              const rest = inner!.replace(/^<strong>.*?<\/strong>/, '');
              const written =
                result === 'error' || result === 'invalid'
                  ? { result, verdict, error: unescapeText(rest) }
                  : {
                      result,
                      verdict,
                      reasons: [...rest.matchAll(/<li data-ok="(true|false)">(.*?)<\/li>/g)].map((m) => ({ ok: m[1] === 'true', text: unescapeText(m[2]!) })),
                    };
              assert.deepEqual(written, expected, `${url}: ${policy}`);
              shown++;
            }
          }
        }
      }
      assert.ok(shown >= 10, `results shown: ${shown}`);
    });

    it("loads the tester on demand: a small loader, the tester's chunk under 16 KB, the IP library a chunk of its own loaded only for cidr", () => {
      const dir = join(sites[0]!.out, '_astro');
      const files = readdirSync(dir);
      const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
      const loader = files.find((f) => f.startsWith('SnsTester') && f.endsWith('.js'))!;
      const tester = files.find((f) => f.startsWith('sns-tester.') && f.endsWith('.js'));
      const cidr = files.find((f) => f.startsWith('filter-cidr') && f.endsWith('.js'));
      assert.ok(tester, 'the tester chunk');
      assert.ok(cidr, 'the cidr chunk');
      const bytes = (name: string): number => Buffer.byteLength(read(name));
      assert.ok(bytes(loader) < 4 * 1024, `the loader is ${bytes(loader)} bytes`);
      // 16 KB since the tester says a message that does not parse once, under its box, and counts the subscriptions that receive it (15 KB before).
      assert.ok(bytes(tester) < 16 * 1024, `the tester is ${bytes(tester)} bytes`);
      // The loader imports the tester with import() only, and nothing statically; the tester imports the IP library with import().
      assert.match(read(loader), new RegExp(`import\\(\\s*[\`'"]\\./${tester.replace(/\./g, '\\.')}[\`'"]\\s*\\)`));
      assert.doesNotMatch(read(loader), /\bimport\s*[\w$*{},\s]*(from\s*)?["'`]/);
      assert.match(read(tester), new RegExp(`import\\(\\s*[\`'"]\\./${cidr.replace(/\./g, '\\.')}[\`'"]\\s*\\)`));
      assert.ok(!read(loader).includes(cidr), 'the loader does not load the IP library');
      for (const file of [loader, tester]) assert.ok(!read(file).includes('isValidFourPartDecimal'), `the IP library is not in ${file}`);
      assert.ok(!read(loader).includes('anything-but'), 'the matcher is not in the loader');
    });
  });

describe('sns hands-on on a page with many subscriptions', () => {
  it('stays bounded: 20 tested, 10 publish and 20 subscribe snippets, each with a count of the rest', async () => {
    const consumers = Array.from(
      { length: 45 },
      (_, i) => `          - {protocol: sqs, endpoint: {name: q${i}}, rawMessageDelivery: true, filterPolicy: {kind: [k${i}]}}\n`,
    ).join('');
    const yaml = `apidesc: 3.0.0
info: {title: Many, version: 1.0.0}
channels:
  c:
    address: c
    messages: {m: {payload: {type: object}, headers: {type: object, properties: {kind: {type: string}}}}}
    bindings: {sns: {name: c}}
operations:
  send:
    action: send
    channel: {$ref: '#/channels/c'}
    bindings:
      sns:
        consumers:
${consumers}`;
    const dir = tempDir('apidesc-sns-many-');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'many.yaml'), yaml);
    await buildSite(['many.yaml'], dir, { work: dir });
    const html = readFileSync(join(dir, 'site', 'operations', 'send', 'index.html'), 'utf8');
    assert.equal((html.match(/role="status" class="tester-result"/g) ?? []).length, 20);
    assert.match(html, /25 more subscriptions are not tested here/);
    const publish = publishSection(html)!;
    assert.equal(publish.split('<div class="snippet" data-pagefind-ignore>').length - 1, 10);
    assert.match(publish, /35 more filters are not shown/);
    assert.equal(subscribeSnippets(html).length, 20);
    assert.match(html, /The commands that create the other 25 subscriptions are not shown/);
  });

  it("links each result to its subscription's card, numbered as the cards are (a broken entry in the list is not a card)", async () => {
    const yaml = `apidesc: 3.0.0
info: {title: Odd, version: 1.0.0}
channels:
  c: {address: c, bindings: {sns: {name: c}}}
operations:
  send:
    action: send
    channel: {$ref: '#/channels/c'}
    bindings:
      sns:
        consumers:
          - 42
          - {protocol: sqs, endpoint: {name: q}, rawMessageDelivery: true, filterPolicy: {kind: [k]}}
`;
    const dir = tempDir('apidesc-sns-odd-');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'odd.yaml'), yaml);
    await buildSite(['odd.yaml', '--allow-invalid'], dir, { work: dir });
    const html = readFileSync(join(dir, 'site', 'operations', 'send', 'index.html'), 'utf8');
    assert.match(html, /<article class="card consumer" id="sns-consumer-1"[^>]*>[\s\S]*?sqs/);
    assert.match(html, /class="tester-name"><a href="#sns-consumer-1" title="sqs q">SQS queue q<\/a>/);
    assert.doesNotMatch(html, /sns-consumer-2/);
  });
});
