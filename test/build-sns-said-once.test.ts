/**
 * The sns pages say each thing once and the same way, on every page of a built site with sns
 * topics (the default content, and the shared corpus's sns documents built together): why a
 * topic's name is not its channel's address; what a fan-out's retry numbers mean (each row its own
 * numbers only); what AWS does with a subscription it refuses (the badge a label, the callout the
 * one explanation, never "never matches" beside "cannot be created"); the short names of a
 * subscription in the Markdown twin, as the page shows them; a channel's unknown address in words.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { RETRIES_KEY } from '../src/lib/sns/subscription-words.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';
import { pageProse, twinProse } from './sns-words.ts';

const repo = resolve(import.meta.dirname, '..');

/** The sentence that says why the topic's name is not the channel's address, however its apostrophes are written. */
const TOPIC_NAME_SENTENCE = /the topic['’]s ARN ends in it\), not the channel['’]s address/g;

/** Every page of a built site (HTML, and its Markdown twin), by its path in the site. */
function pages(out: string, ext: '.html' | '.md'): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(ext)) found.set(relative(out, path), readFileSync(path, 'utf8'));
    }
  };
  walk(out);
  return found;
}

/** A page's words as a reader reads them, the wrap points inside names no spaces. */
const prose = (html: string): string => pageProse(html.replaceAll('<wbr>', '')).replace(/\s+/g, ' ');
/** A fragment's visible text, its code too. */
const text = (html: string): string =>
  unescapeText(html.replaceAll('<wbr>', '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/ ([:.,;])/g, '$1')
    .trim();

/** The checks every sns site passes; `expect` names pages that must show each thing at least once (so the checks cannot pass on an empty site). */
function saidOnce(site: () => string, expect: { topicNote: string; fanOut: string; refused: string; twin: string }): void {
  it('says why the topic’s name is not the channel’s address at most once per page, and says it', () => {
    const html = pages(site(), '.html');
    const md = pages(site(), '.md');
    const counts = [...[...html].map(([p, t]) => [p, prose(t)] as const), ...[...md].map(([p, t]) => [p, twinProse(t)] as const)].map(
      ([path, words]) => [path, words.match(TOPIC_NAME_SENTENCE)?.length ?? 0] as const,
    );
    assert.deepEqual(
      counts.filter(([, n]) => n > 1),
      [],
      'said more than once on these pages',
    );
    assert.equal(counts.find(([p]) => p === expect.topicNote)?.[1], 1, `${expect.topicNote} says it`);
  });

  it('says what follows the retries of a fan-out once, each row its retries as its operation page says them', () => {
    let tables = 0;
    for (const [path, html] of pages(site(), '.html')) {
      const table = /<table class="subscription-lines">[\s\S]*?<\/table>/.exec(html)?.[0];
      if (!table) continue;
      tables++;
      const rows = [...table.matchAll(/<td data-label="If delivery fails">([\s\S]*?)<\/td>/g)].map((m) => text(m[1]!));
      for (const row of rows) {
        assert.doesNotMatch(row, /no dead-letter queue|, then SNS/, `${path}: a row says only its retries and where a message ends: ${row}`);
        // Its retries as its operation's page says them (sns-delivery.ts retryPolicyText), or AWS's fixed ones by their name
        // (their numbers once under the table): never a backoff's name alone.
        assert.match(
          row,
          /^(?:[\d,]+ retries(?: over about [^(→]+)?(?: \(.+\))?|AWS's (?:fixed|default) retries|retries: no number given) → \S|nothing is delivered/,
          `${path}: ${row}`,
        );
        assert.doesNotMatch(row, / · (?:exponential|linear|geometric|arithmetic)\b/, `${path}: ${row}`);
      }
      const key = prose(html).split(RETRIES_KEY).length - 1;
      assert.equal(key, rows.some((r) => r.includes('→')) ? 1 : 0, `${path}: the meaning of the numbers, once`);
    }
    assert.ok(tables > 0, 'the site has a fan-out table');
    assert.ok(prose(readFileSync(join(site(), expect.fanOut), 'utf8')).includes(RETRIES_KEY), `${expect.fanOut} says what the numbers mean`);
  });

  it('explains a subscription AWS refuses once, in one wording: the badge is a label linking to it', () => {
    let refused = 0;
    for (const [path, html] of pages(site(), '.html')) {
      for (const note of html.matchAll(/<div class="verdict-note" id="([^"]+)"[^>]*data-effect="([^"]+)">([\s\S]*?)<\/div>/g)) {
        const words = text(note[3]!);
        if (note[2] === 'refused') {
          refused++;
          assert.doesNotMatch(words, /never match/, `${path}#${note[1]}: what AWS refuses cannot be created, so it does not "never match": ${words}`);
          assert.match(words, /AWS refuses this (?:filter policy|subscription):? .*cannot be created/, `${path}#${note[1]}`);
        }
        assert.doesNotMatch(words, /Refused by AWS|AWS rejects/, `${path}#${note[1]}: the badge's label is not said again: ${words}`);
        // Each badge links to its callout: the explanation is there, and only there.
        assert.ok(html.includes(`href="#${note[1]}"`), `${path}: a badge links to #${note[1]}`);
      }
    }
    assert.ok(refused > 0 || expect.refused === '', 'the site has a refused subscription');
    if (expect.refused) assert.match(readFileSync(join(site(), expect.refused), 'utf8'), /<div class="verdict-note"[^>]*data-effect="refused"/);
  });

  it('names subscriptions and dead-letter queues in the channel’s twin by their short names, as the page does', () => {
    const twin = readFileSync(join(site(), expect.twin), 'utf8');
    const lines = /\*\*Subscriptions \(\d+\):\*\*\n\n((?:- .*\n)+)/.exec(twin)?.[1];
    assert.ok(lines, `${expect.twin} lists subscriptions`);
    assert.doesNotMatch(lines, /`arn:/, 'no full ARN in a subscription line');
  });
}

describe('sns facts said once (default content)', () => {
  let out = '';
  before(async () => {
    out = await sharedSite(['content'], repo);
  });
  saidOnce(() => out, {
    topicNote: 'channels/orderevents/index.html',
    fanOut: 'channels/orderevents/index.html',
    refused: '',
    twin: 'channels/orderevents/index.md',
  });

  it('names a reply’s channel whose address is unknown by its link, never its address as null', () => {
    const html = readFileSync(join(out, 'components/replies/stockcheckreply/index.html'), 'utf8');
    const main = html.slice(html.indexOf('<main'));
    assert.match(main, /<dt[^>]*>Reply channel<\/dt> <dd><a href="\/channels\/stockcheckreplies\/">Stock check replies<\/a><\/dd>/);
    assert.doesNotMatch(text(main), /\bnull\b|Reply channel address/);
    const twin = readFileSync(join(out, 'components/replies/stockcheckreply/index.md'), 'utf8');
    assert.match(twin, /- \*\*Reply channel:\*\* \[Stock check replies\]/);
    assert.doesNotMatch(twin, /\bnull\b/);
  });
});

// Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
if (HAS_CORPUS)
  describe('sns facts said once (the corpus’s sns documents)', () => {
    let out = '';
    before(async () => {
      const work = tempDir('apidesc-sns-once-corpus-');
      // A folder of its own: the documents are copied into the test's temp folder, never into the repository.
      const docs = join(work, 'docs');
      mkdirSync(docs);
      for (const set of ['valid', 'invalid'])
        for (const name of readdirSync(join(CORPUS, set))) if (/^bindings-sns-.*\.yaml$/.test(name)) copyFileSync(join(CORPUS, set, name), join(docs, name));
      out = await buildSite([docs, '--allow-invalid'], repo, { work });
    });
    saidOnce(() => out, {
      topicNote: 'bindings-sns-fifo-orders/channels/orderevents/index.html',
      fanOut: 'bindings-sns-fifo-orders/channels/orderevents/index.html',
      refused: 'bindings-sns-fifo-orders/channels/orderevents/index.html',
      twin: 'bindings-sns-fifo-orders/channels/orderevents/index.md',
    });
  });
