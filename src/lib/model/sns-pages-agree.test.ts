/**
 * An sns subscription is told the same on the channel's and the operation's page: the channel's
 * fan-out (its picture and its table) names an operation as the one that receives a subscription
 * exactly when that operation's page marks the subscription as its own, and says "received
 * outside this API" otherwise; and it gives the subscription's retries in the words the
 * operation's page gives them. Over the default content and every corpus document with an sns
 * binding.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import { retryPolicyText } from './sns-delivery.ts';
import { isRefused } from './sns.ts';
import { holderText, RECEIVED_OUTSIDE, subscriptionHolder } from './flow-fan-out.ts';
import type { PageSection } from './page-types.ts';

const repo = resolve(import.meta.dirname, '../../..');

function snsDocuments(): string[] {
  const files = [join(repo, 'content/orders.apidesc.yaml')];
  if (!HAS_CORPUS) return files;
  for (const dir of ['valid', 'invalid']) {
    for (const name of readdirSync(join(CORPUS, dir)).sort()) {
      const file = join(CORPUS, dir, name);
      if (/\.(ya?ml|json)$/.test(name) && /\bsns\b/.test(readFileSync(file, 'utf8'))) files.push(file);
    }
  }
  return files;
}

type Sections<T extends PageSection['type']> = Extract<PageSection, { type: T }>;
const endpointKey = (values: readonly string[]) => [...values].sort().join(', ');

describe('an sns subscription on the channel and the operation page', () => {
  for (const file of snsDocuments()) {
    it(`has one receiver and one retry policy: ${file.slice(file.lastIndexOf('/') + 1)}`, async () => {
      const { doc } = await validateDocument(file);
      if (!doc) return;
      const model = buildApiModel(doc, 'sns', repo);
      const byUrl = new Map(model.pages.map((p) => [p.url, p]));
      for (const page of model.pages) {
        for (const topic of page.sections.filter((s): s is Sections<'sns-topic'> => s.type === 'sns-topic')) {
          // A binding's page used by several channels has no fan-out of its own.
          const fanOut = topic.fanOut;
          if (!fanOut) continue;
          const publishers = new Set(fanOut.producers.map((p) => p.url));
          const seen = new Map<string, number>();
          for (const c of fanOut.consumers) {
            const opPage = byUrl.get(c.operation.url);
            const view = opPage?.sections.find((s): s is Sections<'sns-operation'> => s.type === 'sns-operation')?.view;
            assert.ok(view, `${c.operation.url} has an sns section`);
            // The nth subscription of this endpoint on the operation's page (an operation may list one endpoint twice).
            const key = `${c.operation.url} ${endpointKey(c.endpoint.split(', ').filter(Boolean))}`;
            const nth = seen.get(key) ?? 0;
            seen.set(key, nth + 1);
            const card = view.consumers.filter((v) => endpointKey(v.endpoints.map((e) => e.value)) === endpointKey(c.endpoint.split(', ').filter(Boolean)))[
              nth
            ];
            assert.ok(card, `${key} is a card on its operation's page`);
            const said = holderText(publishers, c);
            if (card.own) assert.equal(said, `received by ${c.operation.title}`, `${key}: the operation's page marks it as its own`);
            else assert.notEqual(said, `received by ${c.operation.title}`, `${key}: the operation's page lists it among the topic's other subscriptions`);
            if (!card.own && !publishers.has(c.operation.url)) assert.equal(said, RECEIVED_OUTSIDE, key);
            // The operation's card and Retries section say its retries with retryPolicyText of its delivery view.
            // Nothing is delivered to a refused subscription: neither page gives it retries.
            const retries = card.delivery?.schedule && !isRefused(card.verdict) ? retryPolicyText(card.delivery) : undefined;
            assert.equal(c.retries, retries, `${key}: its retries`);
          }
        }
      }
    });
  }

  it('names the warehouse only for its own queue in the default content', async () => {
    const { doc } = await validateDocument(join(repo, 'content/orders.apidesc.yaml'));
    const model = buildApiModel(doc!, 'orders', repo);
    const topic = model.pages.find((p) => p.title === 'Order events')!.sections.find((s): s is Sections<'sns-topic'> => s.type === 'sns-topic')!;
    const publishers = new Set(topic.fanOut!.producers.map((p) => p.url));
    const said = Object.fromEntries(topic.fanOut!.consumers.map((c) => [c.endpoint.split(':').pop(), subscriptionHolder(publishers, c).words]));
    assert.deepEqual(said, {
      'warehouse-picking.fifo': 'received by',
      'fraud-screening.fifo': RECEIVED_OUTSIDE,
      'billing-orders.fifo': RECEIVED_OUTSIDE,
    });
  });
});
