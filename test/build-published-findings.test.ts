/**
 * Findings on the pages: a build of valid documents publishes none of them (its readers need no
 * lint warnings with file:line), neither on the pages nor in their Markdown twins, though it still
 * prints them; previews keep them, each on the page it concerns, folded out of the reading flow
 * and said to whoever reads the preview: `--allow-invalid` and `--compare`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

/** Valid, with two warnings: an sns dead-letter ARN that is not an sqs queue's, and a filter value outside a list. */
const DOCUMENT = `apidesc: 3.0.0
info: {title: Findings, version: 1.0.0}
channels:
  orders:
    address: orders
    messages:
      placed:
        headers: {type: object, properties: {eventType: {type: string}}}
        payload: {type: object}
    bindings:
      sns: {name: orders}
operations:
  receiveOrders:
    action: receive
    channel: {$ref: '#/channels/orders'}
    bindings:
      sns:
        consumers:
          - protocol: sqs
            endpoint: {name: picking}
            rawMessageDelivery: false
            filterPolicy: {eventType: OrderPlaced}
            redrivePolicy: {deadLetterQueue: {arn: 'arn:aws:sns:eu-west-1:123456789012:not-a-queue'}}
`;

const PAGE = 'operations/receiveorders/';
const shown = (html: string): boolean => html.includes('class="diagnostics"');

describe('findings on the pages: previews only', () => {
  const dir = tempTree({ 'api.yaml': DOCUMENT });
  const runs: Record<string, { code: number; out: string; err: string }> = {};
  before(async () => {
    runs.published = await runIn(dir, ['build', 'api.yaml', '--out', 'published']);
    runs.preview = await runIn(dir, ['build', 'api.yaml', '--out', 'preview', '--allow-invalid']);
    runs.compared = await runIn(dir, ['build', 'api.yaml', '--out', 'compared', '--compare', 'api.yaml']);
  });

  it('a build of valid documents prints its warnings and publishes none', () => {
    assert.equal(runs.published!.code, 0, runs.published!.err);
    assert.match(runs.published!.out, /sns-dlq-arn/, 'printed for the author');
    const page = readFileSync(join(dir, 'published', PAGE, 'index.html'), 'utf8');
    assert.ok(!shown(page), 'no findings on the page');
    assert.ok(!page.includes('sns-dlq-arn') && !page.includes('sns-filter-bare-value'), 'no rule names');
    assert.ok(!/api\.yaml:\d+:\d+/.test(page), 'no file:line:column of a finding');
    assert.ok(!shown(readFileSync(join(dir, 'published', 'index.html'), 'utf8')), 'none on the overview');
    assert.ok(!readFileSync(join(dir, 'published', PAGE, 'index.md'), 'utf8').includes('sns-dlq-arn'), 'none in the Markdown twin');
  });

  for (const [run, flag] of [
    ['preview', '--allow-invalid'],
    ['compared', '--compare'],
  ] as const)
    it(`${flag}: each finding in the card of the subscription it concerns`, () => {
      assert.equal(runs[run]!.code, 0, runs[run]!.err);
      const page = readFileSync(join(dir, run, PAGE, 'index.html'), 'utf8');
      const card = /<article class="card consumer" id="sns-consumer-1"[\s\S]*?<\/article>/.exec(page)?.[0] ?? '';
      assert.ok(shown(card), 'in the card');
      assert.match(card, /sns-dlq-arn/);
      assert.match(card, /sns-filter-bare-value/);
      assert.match(card, /api\.yaml:\d+:\d+/);
      // Out of the reading flow: folded (warnings only) at the card's end, after what it says; in
      // words for whoever reads the preview (its reviewers too), not a "Note for authors" that tells
      // a reader it is not for them: what the check found here, and that only the preview shows it.
      const note = card.indexOf('<details class="diagnostics"');
      assert.match(
        card.slice(note),
        /^<details class="diagnostics" data-pagefind-ignore><summary>The document check found 3 warnings here<\/summary>\s*<p class="kind">Shown in this preview only: the published site leaves them out\.<\/p>/,
      );
      assert.doesNotMatch(page, /for authors/i);
      assert.ok(note > card.indexOf('If delivery fails'), 'after the subscription’s facts');
    });
});
