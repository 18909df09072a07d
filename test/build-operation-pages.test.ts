/**
 * Operation pages read alike and say each thing once, whatever the operation does (send or
 * receive, with or without a reply, over sns or not): the badge says what the API does and the
 * facts what the reader does, never the same verb for both; the parts common to every operation
 * (messages, examples, the sns section, its commands, security) come in one order; a retries row
 * names only the protocols the page's subscriptions use; a missing example is said once; the
 * topic's whole fan-out is linked once, not listed again. On the default content and the sns
 * documents of the corpus (different mixes of protocols), built as one portal.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { visibleText } from './visible-text.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** Every operation page of a built site (a portal's APIs included): its path and HTML. */
function operationPages(out: string): { path: string; html: string }[] {
  const pages: { path: string; html: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const inner = join(dir, entry.name);
      if (entry.name === 'operations') {
        for (const op of readdirSync(inner, { withFileTypes: true })) {
          const file = join(inner, op.name, 'index.html');
          if (op.isDirectory() && existsSync(file)) pages.push({ path: file.slice(out.length), html: readFileSync(file, 'utf8') });
        }
      } else if (!['_astro', 'pagefind', 'search', 'source', 'guides'].includes(entry.name)) walk(inner);
    }
  };
  walk(out);
  return pages;
}

/** The protocols named by a retries row's label ("SQS and Lambda"), as the document spells them. */
const ROW_WORDS: [RegExp, string[]][] = [
  [/\bSQS\b/, ['sqs']],
  [/\bLambda\b/, ['lambda']],
  [/\bFirehose\b/, ['firehose']],
  [/\be-mail\b/i, ['email', 'email-json']],
  [/\bSMS\b/, ['sms']],
  [/\bmobile push\b/, ['application']],
];

/** The ids of a page's h2 headings, in order (its sections, the panel's and the publish commands'). */
const sectionOrder = (html: string): string[] => [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]!);

describe('operation pages: one order, each thing said once (default content and the corpus sns documents)', () => {
  const sites: string[] = [];
  let pages: { path: string; html: string }[] = [];
  before(async () => {
    sites.push(await sharedSite(['content'], repo));
    if (HAS_CORPUS) {
      const files = readdirSync(join(CORPUS, 'valid')).filter((f) => f.startsWith('bindings-sns-'));
      assert.ok(files.length >= 5, 'the sns documents of the corpus');
      // And documents without sns: Kafka's sends and receives, and a request answered by a reply.
      files.push('spec-streetlights-kafka.yaml', 'spec-adeo-kafka-request-reply.yaml');
      sites.push(await buildSite([...files, '--allow-invalid'], join(CORPUS, 'valid'), { work: tempDir('apidesc-op-pages-corpus-') }));
    }
    pages = sites.flatMap(operationPages);
  });

  it("says the API's action on the badge and the reader's in the facts, never as one verb contradicting the other", () => {
    const seen = new Set<string>();
    for (const { path, html } of pages) {
      const badge = /<p class="badges"><span class="badge (send|receive)">([^<]*)<\/span>/.exec(html);
      if (!badge) continue;
      const [, action, text] = badge;
      const reply = html.includes('id="h-reply"');
      const sns = html.includes('id="h-sns"');
      seen.add(`${action}${reply ? '+reply' : ''}${sns ? '+sns' : ''}`);
      assert.equal(text, action === 'send' ? 'API sends' : 'API receives', path);
      // A receiving operation whose messages another operation of the site sends names that sender, linked, instead of the reader.
      const sentBy = /<dt[^>]*>Sent by<\/dt> <dd[^>]*>(<a href="[^"]*\/operations\/[^"]+">[^<]+<\/a>[^<]*)+<\/dd>/.exec(html);
      if (sentBy) {
        assert.equal(action, 'receive', `${path}: only what the API receives has a sender beside the reader`);
        seen.add(`${action}${reply ? '+reply' : ''}${sns ? '+sns' : ''}+sent-by`);
        continue;
      }
      const fact = /<dt[^>]*>([^<]*)<\/dt> <dd[^>]*>(You [^<]*)<\/dd>/.exec(html);
      assert.ok(fact, `${path}: the reader's side in the facts`);
      assert.equal(fact[1], 'For you', `${path}: labelled as the reader's, not as the operation's action`);
      // The reader does the other half of what the API does: receives what it sends, sends what it receives.
      assert.match(fact[2]!, action === 'send' ? /^You receive / : /^You send /, path);
      assert.doesNotMatch(visibleText(html), /\bAction (You|send|receive)\b/, path);
    }
    // Every combination the documents hold: send and receive, with and without a reply, over sns and not.
    for (const combination of ['send', 'receive', 'receive+reply', 'send+sns', 'receive+sns', 'send+reply+sns', 'receive+sns+sent-by'])
      assert.ok(seen.has(combination), `${combination} among ${[...seen].join(', ')}`);
  });

  it('lays out the parts every operation has in one order: messages, examples, the sns section, its commands, security', () => {
    const order = ['h-messages', 'h-examples', 'h-sns', 'sns-publish', 'h-security'];
    let publishing = 0;
    for (const { path, html } of pages) {
      const ids = sectionOrder(html).filter((id) => order.includes(id));
      const expected = order.filter((id) => ids.includes(id));
      assert.deepEqual(ids, expected, path);
      if (ids.includes('sns-publish') && ids.includes('h-sns')) publishing++;
    }
    assert.ok(publishing >= 3, `${publishing} publishing operations with commands`);
  });

  it('names in a retries row only the protocols the page subscribes, over documents of different mixes', () => {
    let rows = 0;
    for (const { path, html } of pages) {
      const list = /<dl class="facts retry-policies">([\s\S]*?)<\/dl>/.exec(html);
      if (!list) continue;
      const subscribed = new Set([...html.matchAll(/<article class="card consumer"[^>]*data-protocol="([^"]+)"/g)].map((m) => m[1]!));
      for (const [, label] of list[1]!.matchAll(/<dt id="sns-retries-[^"]*">([^<]*)<\/dt>/g)) {
        rows++;
        for (const [word, protocols] of ROW_WORDS) {
          if (word.test(label!))
            assert.ok(
              protocols.some((p) => subscribed.has(p)),
              `${path}: "${label}" names ${word} without such a subscription (${[...subscribed].join(', ')})`,
            );
        }
      }
      // Each card links to its row: the row does not list the subscriptions again.
      assert.doesNotMatch(visibleText(list[1]!), /Applies to/, path);
    }
    assert.ok(rows >= 3, `${rows} rows of fixed retries`);
  });

  it('says a missing example once per page, a request and its reply both generated included', () => {
    let generated = 0;
    for (const { path, html } of pages) {
      const said = visibleText(html).match(/The document gives no example/g)?.length ?? 0;
      assert.ok(said <= 1, `${path}: said ${said} times`);
      generated += said;
    }
    const reply = pages.find((p) => p.path.endsWith('/operations/requeststockcheck/index.html'))!;
    assert.match(visibleText(reply.html), /The document gives no example: those here are generated from the schemas\./);
    assert.ok(generated >= 3, `${generated} pages with generated examples`);
  });

  it("says why the topic's name is not the summary's address where the page first names the topic, in the channel page's words", () => {
    let explained = 0;
    let same = 0;
    for (const { path, html } of pages) {
      const name = /<code class="sns-topic-name">([^<]*)<\/code>/.exec(html)?.[1];
      const addressHtml = /<dt[^>]*>Address<\/dt> <dd[^>]*>([\s\S]*?)<\/dd>/.exec(html)?.[1];
      if (name === undefined || addressHtml === undefined) continue;
      const address = visibleText(addressHtml.replace(/<span hidden>[\s\S]*?<\/span>/g, '')).replace(/\s+/g, '');
      const side = html.indexOf('<p class="sns-side">');
      const after = html.slice(html.indexOf('</p>', side) + 4);
      if (address === name) {
        assert.doesNotMatch(html, /topic-name-note/, `${path}: no note where the address is the topic's name`);
        same++;
        continue;
      }
      // Where the page first names the topic: no word of the page before its sns section says the name.
      assert.ok(!visibleText(html.slice(html.indexOf('<main'), side)).includes(name), `${path}: ${name} named before the sns section`);
      const note = /^<p class="kind topic-name-note"[^>]*>([\s\S]*?)<\/p>/.exec(after);
      assert.ok(note, `${path}: the note right after "${visibleText(html.slice(side, side + 300)).slice(0, 80)}"`);
      assert.equal(
        visibleText(note[1]!.replace(/<\/?var>/g, '')).replace(/\s+\.$/, '.'),
        `The name clients use with AWS (the topic’s ARN ends in it), not the channel’s address ${address}.`,
        path,
      );
      explained++;
    }
    assert.ok(explained >= 2, `${explained} operations whose topic is not named as their address`);
    assert.ok(same >= 1, `${same} operations whose topic is named as their address`);
  });

  it('says whose schemes Security shows in one line before their cards, on every operation page, never as a heading', () => {
    let server = 0;
    let asServer = 0;
    for (const { path, html } of pages) {
      const at = html.indexOf('<h2 id="h-security"');
      if (at < 0) continue;
      const section = html.slice(at, html.indexOf('</section>', at));
      assert.doesNotMatch(section, /<h[3-6]/, `${path}: a heading inside Security`);
      const groups = section.split('<div class="security-group">').slice(1);
      assert.ok(groups.length > 0, path);
      for (const group of groups) {
        const lead = /^\s*<p class="security-lead"[^>]*>([\s\S]*?)<\/p>\s*<div class="card security-scheme">/.exec(group);
        assert.ok(lead, `${path}: a group without its line: ${visibleText(group).slice(0, 80)}`);
        const line = visibleText(lead[1]!).replace(/\s+([,:])/g, '$1');
        assert.match(line, /^(Server \S.* requires:|This operation requires(, as server \S.* does|, as servers \S.* do)?:)$/, path);
        if (line.startsWith('Server ')) server++;
        if (line.includes(', as server')) asServer++;
      }
    }
    assert.ok(server >= 4, `${server} server lines`);
    // The request with a reply declares the server's scheme again: the server is said with it, not dropped.
    assert.ok(asServer >= 1, `${asServer} operations whose own schemes are their server's`);
  });

  it("links the topic's whole fan-out once from an sns operation whose channel is the topic", () => {
    let linked = 0;
    for (const { path, html } of pages) {
      if (!html.includes('id="h-sns"')) continue;
      const links = html.match(/href="[^"]*#sns-fan-out"/g) ?? [];
      assert.ok(links.length <= 1, `${path}: ${links.length} links to the fan-out`);
      linked += links.length;
    }
    assert.ok(linked >= 4, `${linked} operations link their topic's fan-out`);
  });
});
