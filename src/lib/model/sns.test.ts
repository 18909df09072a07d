import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import type { PageSection } from './page-types.ts';
import { backoffDelay, deliveryView, retriesSummary, subscriptionDelivery } from './sns-delivery.ts';
import { filterSummary, isOwnSubscription, operationView, queueRedrive, queueRedriveWords } from './sns.ts';

const repo = resolve(import.meta.dirname, '../../..');

async function orders() {
  const { doc } = await validateDocument(join(repo, 'content/orders.apidesc.yaml'));
  return buildApiModel(doc!, 'orders', repo);
}

function section<T extends PageSection['type']>(sections: PageSection[], type: T): Extract<PageSection, { type: T }> {
  const found = sections.find((s) => s.type === type);
  assert.ok(found, `no ${type} section`);
  return found as Extract<PageSection, { type: T }>;
}

describe('sns delivery policy in time', () => {
  it('takes each value from the subscription, else from the topic, and says which', () => {
    const view = deliveryView({ numRetries: 6, minDelayTarget: 2 }, { numRetries: 3, minDelayTarget: 10, maxDelayTarget: 20, backoffFunction: 'linear' })!;
    assert.deepEqual(
      view.effective.map((e) => [e.field, e.value, e.from]),
      [
        ['minDelayTarget', 2, 'subscription'],
        ['maxDelayTarget', 20, 'topic'],
        ['numRetries', 6, 'subscription'],
        ['backoffFunction', 'linear', 'topic'],
      ],
    );
  });

  it('lays out the phases: immediate, pre-backoff at the minimum, backoff between, post-backoff at the maximum', () => {
    const view = deliveryView(
      { numRetries: 8, numNoDelayRetries: 1, numMinDelayRetries: 2, numMaxDelayRetries: 2, minDelayTarget: 5, maxDelayTarget: 65, backoffFunction: 'linear' },
      undefined,
    )!;
    assert.deepEqual(
      view.schedule!.map((s) => [s.phase, s.delay]),
      [
        ['immediate', 0],
        ['pre-backoff', 5],
        ['pre-backoff', 5],
        ['backoff', 5],
        ['backoff', 35],
        ['backoff', 65],
        ['post-backoff', 65],
        ['post-backoff', 65],
      ],
    );
    assert.equal(view.totalSeconds, 245);
  });

  it('names the backoff curves and stays between the minimum and the maximum', () => {
    for (const fn of ['linear', 'arithmetic', 'geometric', 'exponential']) {
      const delays = [1, 2, 3, 4, 5].map((i) => backoffDelay(fn, i, 5, 2, 100));
      assert.equal(Math.round(delays[0]!), 2, fn);
      assert.equal(Math.round(delays[4]!), 100, fn);
      assert.ok(
        delays.every((d, i) => i === 0 || d >= delays[i - 1]!),
        `${fn} grows`,
      );
    }
  });

  it('gives each backoff curve its own shape, not only its ends', () => {
    const delays = (fn: string): number[] => [1, 2, 3, 4, 5, 6].map((i) => backoffDelay(fn, i, 6, 2, 64));
    const steps = (d: number[]): number[] => d.slice(1).map((v, i) => v - d[i]!);
    const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    // Linear: equal steps.
    const linear = steps(delays('linear'));
    assert.ok(
      linear.every((s) => close(s, linear[0]!)),
      `linear steps ${linear}`,
    );
    // Geometric: equal ratios (2 → 64 in five steps doubles each time).
    const geometric = delays('geometric');
    assert.deepEqual(
      geometric.map((d) => Math.round(d * 1e9) / 1e9),
      [2, 4, 8, 16, 32, 64],
    );
    // Arithmetic (quadratic here): steps that grow by an equal amount.
    const arithmetic = steps(steps(delays('arithmetic')));
    assert.ok(
      arithmetic.every((s) => s > 0 && close(s, arithmetic[0]!)),
      `arithmetic second steps ${arithmetic}`,
    );
    // Exponential: steps that grow by an equal factor, steeper than geometric at the end.
    const exponential = steps(delays('exponential'));
    const factors = exponential.slice(1).map((s, i) => s / exponential[i]!);
    assert.ok(
      factors.every((f) => f > 1 && close(f, factors[0]!)),
      `exponential step factors ${factors}`,
    );
    assert.ok(delays('exponential')[4]! < delays('geometric')[4]!, 'exponential starts slower and ends steeper');
  });

  it('gives each protocol the retries AWS applies: fixed for SQS, Lambda, Firehose, e-mail, SMS and push, the declared or default policy for HTTP(S)', () => {
    const declared = { numRetries: 5, minDelayTarget: 2, maxDelayTarget: 2 };
    const sqs = subscriptionDelivery('sqs', declared, undefined)!;
    assert.deepEqual([sqs.fixedBy, sqs.ignored, retriesSummary(sqs)], ['aws-managed', true, '100,015 retries over about 23 days']);
    assert.deepEqual(
      sqs.schedule!.slice(0, 6).map((s) => [s.phase, s.delay]),
      [
        ['immediate', 0],
        ['immediate', 0],
        ['immediate', 0],
        ['pre-backoff', 1],
        ['pre-backoff', 1],
        ['backoff', 1],
      ],
    );
    const email = subscriptionDelivery('email', undefined, undefined)!;
    assert.deepEqual([email.fixedBy, email.ignored, retriesSummary(email)], ['customer-managed', undefined, '50 retries over about 6.7 hours']);
    const bare = subscriptionDelivery('https', undefined, undefined)!;
    assert.deepEqual([bare.fixedBy, retriesSummary(bare), bare.schedule!.map((s) => s.delay)], ['http-default', '3 retries over about 60 s', [20, 20, 20]]);
    const own = subscriptionDelivery('http', declared, undefined)!;
    assert.deepEqual([own.fixedBy, retriesSummary(own)], [undefined, '5 retries over about 10 s']);
  });

  it('lists the first retries of a huge or absurd policy and counts the rest, without enumerating them (hostile input)', () => {
    const huge = deliveryView({ numRetries: 1e308, numNoDelayRetries: 2, minDelayTarget: 1, maxDelayTarget: 20, backoffFunction: 'exponential' }, undefined)!;
    assert.equal(huge.schedule!.length, 40);
    assert.deepEqual(
      huge.schedule!.slice(0, 3).map((s) => s.phase),
      ['immediate', 'immediate', 'backoff'],
    );
    assert.equal(huge.more, 1e308 - 40);
    assert.equal(huge.totalSeconds, undefined, 'a span beyond any number is not stated');
    assert.match(retriesSummary(huge), /^1e\+308 retries$/);
    const large = deliveryView({ numRetries: 50_000, minDelayTarget: 10, maxDelayTarget: 10 }, undefined)!;
    assert.equal(large.totalSeconds, 500_000);
    assert.equal(retriesSummary(large), '50,000 retries over about 5.8 days');
    for (const odd of [-3, Number.NaN, 2.7]) assert.ok(deliveryView({ numRetries: odd, minDelayTarget: 1 }, undefined)!.schedule!.length <= 2);
  });

  it('gives no schedule without numRetries', () => {
    assert.equal(deliveryView({ minDelayTarget: 1 }, undefined)!.schedule, undefined);
  });
});

describe('sns filter policies, readable', () => {
  it('summarises exact values, numeric ranges, prefixes, anything-but, exists and nested attributes', () => {
    assert.deepEqual(filterSummary({ total: { numeric: ['>', 0] } }), [{ attribute: 'total', condition: 'is a number > 0' }]);
    assert.deepEqual(
      filterSummary({
        eventType: ['A', 'B'],
        total: [{ numeric: ['>', 0, '<=', 100] }],
        sku: [{ prefix: 'BOOK-' }],
        region: [{ 'anything-but': ['us-east-1'] }],
        vip: [{ exists: true }],
        customer: { tier: ['gold'] },
      }),
      [
        { attribute: 'eventType', condition: 'is one of "A", "B"' },
        { attribute: 'total', condition: 'is a number > 0 and <= 100' },
        { attribute: 'sku', condition: 'starts with "BOOK-"' },
        { attribute: 'region', condition: 'is anything but ["us-east-1"]' },
        { attribute: 'vip', condition: 'is present' },
        { attribute: 'customer.tier', condition: 'is "gold"' },
      ],
    );
  });
});

describe('sns on the pages of the default document', () => {
  it('shows the topic of a channel: name, FIFO, deduplication, tags, policy, from which components entry', async () => {
    const m = await orders();
    const topic = section(m.pages.find((p) => p.pointer === '/channels/orderEvents')!.sections, 'sns-topic');
    assert.equal(topic.topic.name, 'orders.fifo');
    assert.equal(topic.topic.nameDiffers, true);
    assert.equal(topic.topic.ordering, 'FIFO');
    assert.equal(topic.topic.contentBasedDeduplication, true);
    assert.deepEqual(topic.topic.tags, [
      ['domain', 'orders'],
      ['data-classification', 'internal'],
    ]);
    assert.deepEqual(
      topic.topic.statements.map((s) => s.effect),
      ['Allow', 'Allow', 'Deny'],
    );
    assert.deepEqual(topic.topic.statements[1]!.principals, [{ kind: 'Service', values: ['sqs.amazonaws.com', 'lambda.amazonaws.com'] }]);
    assert.deepEqual(topic.topic.statements[2]!.conditions, [{ operator: 'Bool', key: 'aws:SecureTransport', values: ['false'] }]);
    assert.equal(topic.origin?.id, 'orderTopic');
  });

  it('shows the fan-out of a topic across operations: producers, and every consumer with its dead letters', async () => {
    const m = await orders();
    const fanOut = section(m.pages.find((p) => p.pointer === '/channels/orderEvents')!.sections, 'sns-topic').fanOut!;
    assert.deepEqual(
      fanOut.producers.map((l) => l.id),
      ['publishOrderEvents'],
    );
    assert.deepEqual(
      fanOut.consumers.map((c) => [c.protocolLabel, c.endpoint, c.deadLetter]),
      // In the order the fan-out picture draws them (left to right), which the table under it follows.
      // A FIFO topic: SQS queues only (the fraud screening function reads its own queue).
      [
        // The other teams' queues, subscribed by ARN: the warehouse's sqs binding defines only its own.
        ['SQS queue', 'arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo', undefined],
        ['SQS queue', 'arn:aws:sqs:eu-west-1:123456789012:fraud-screening.fifo', undefined],
        ['SQS queue', 'warehouse-picking.fifo', 'warehouse-picking-dlq.fifo'],
      ],
    );
    const shipments = section(m.pages.find((p) => p.pointer === '/channels/shipmentTracking')!.sections, 'sns-topic').fanOut!;
    assert.deepEqual(
      shipments.producers.map((l) => l.id),
      ['publishParcelScans'],
    );
    assert.deepEqual(
      shipments.consumers.map((c) => [c.protocolLabel, c.endpoint, c.deadLetter]),
      [
        ['HTTPS endpoint', 'https://hooks.example.com/commerce/v2/shipments', 'arn:aws:sqs:eu-west-1:123456789012:partner-shipments-dlq'],
        ['Lambda function', 'arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts', undefined],
        ['Firehose stream', 'arn:aws:firehose:eu-west-1:123456789012:deliverystream/parcel-scans', undefined],
        ['SMS', '+15555550100', undefined],
        ['E-mail (JSON)', 'tracking-audit@example.com', undefined],
      ],
    );
  });

  it('shows each subscription: endpoint by kind linked to its sqs queue, raw delivery, filter and scope, redrive with its default', async () => {
    const m = await orders();
    const { view } = section(m.pages.find((p) => p.pointer === '/operations/receiveOrderEventsInWarehouse')!.sections, 'sns-operation');
    assert.equal(view.side, 'consumer');
    const [sqs, fraud] = view.consumers;
    assert.deepEqual(sqs!.endpoints, [{ kind: 'name', value: 'warehouse-picking.fifo', queueAnchor: 'sns-queue-warehouse-picking-fifo' }]);
    assert.equal(sqs!.rawMessageDelivery, true);
    assert.equal(sqs!.filterPolicyScope, 'MessageBody');
    assert.equal(sqs!.scopeDefault, false);
    // Another team's queue: by ARN, and no queue of this operation's sqs binding to link to.
    assert.deepEqual(fraud!.endpoints, [{ kind: 'arn', value: 'arn:aws:sqs:eu-west-1:123456789012:fraud-screening.fifo' }]);
    assert.equal(fraud!.rawMessageDelivery, false);
    assert.equal(fraud!.filterPolicyScope, 'MessageAttributes');
    assert.equal(fraud!.scopeDefault, true);
    // The standard shipment tracking topic has the function and the webhook.
    const shipments = section(m.pages.find((p) => p.pointer === '/operations/notifyCustomersOfScans')!.sections, 'sns-operation').view;
    const [, , , lambda, https] = shipments.consumers;
    assert.equal(lambda!.protocol, 'lambda');
    assert.equal(lambda!.filterPolicyScope, 'MessageBody');
    assert.equal(lambda!.scopeDefault, false);
    assert.equal(https!.protocol, 'https');
    assert.deepEqual(https!.redrive, {
      deadLetterQueue: [{ kind: 'arn', value: 'arn:aws:sqs:eu-west-1:123456789012:partner-shipments-dlq' }],
      maxReceiveCount: 10,
      countDefault: true,
    });
  });

  it('reads each subscription first as one line: endpoint, what it receives, its retries and where failures go', async () => {
    const m = await orders();
    const { view } = section(m.pages.find((p) => p.pointer === '/operations/receiveOrderEventsInWarehouse')!.sections, 'sns-operation');
    assert.deepEqual(
      view.consumers.map((c) => c.line),
      [
        'SQS queue warehouse-picking.fifo · only where total.amount is a number > 0 · 100,015 retries over about 23 days, then warehouse-picking-dlq.fifo',
        'SQS queue arn:aws:sqs:eu-west-1:123456789012:fraud-screening.fifo · only where eventType is "OrderPlaced" · 100,015 retries over about 23 days, then dropped',
        'SQS queue arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo · every message · 100,015 retries over about 23 days, then dropped',
      ],
    );
    const shipments = section(m.pages.find((p) => p.pointer === '/operations/notifyCustomersOfScans')!.sections, 'sns-operation').view;
    assert.deepEqual(
      shipments.consumers.slice(3).map((c) => c.line),
      [
        'Lambda function arn:aws:lambda:eu-west-1:123456789012:function:parcel-alerts · only where scanType is one of "OUT_FOR_DELIVERY", "DELIVERED" · 100,015 retries over about 23 days, then dropped',
        'HTTPS endpoint https://hooks.example.com/commerce/v2/shipments · every message · 20 retries over about 51 minutes, then arn:aws:sqs:eu-west-1:123456789012:partner-shipments-dlq',
      ],
    );
  });

  it("uses the producer's topic-level delivery policy for a consumer's HTTP(S) subscription, the consumer's own values winning, and AWS's fixed policy for the others", async () => {
    const m = await orders();
    const { view } = section(m.pages.find((p) => p.pointer === '/operations/receiveOrderEventsInWarehouse')!.sections, 'sns-operation');
    const sqs = view.consumers[0]!;
    assert.equal(sqs.protocol, 'sqs');
    // The topic's policy (numRetries 12) is for HTTP(S) subscribers: an SQS subscription keeps AWS's.
    assert.deepEqual(
      sqs.delivery!.effective.find((e) => e.field === 'numRetries'),
      { field: 'numRetries', value: 100_015, from: 'aws' },
    );
    assert.equal(sqs.delivery!.fixedBy, 'aws-managed');
    assert.equal(sqs.delivery!.ignored, undefined, 'the topic policy says itself that it is for HTTP(S) subscribers');
    // The webhook is on the standard shipment tracking topic, whose producer (by its trait) declares the topic's policy.
    const shipments = section(m.pages.find((p) => p.pointer === '/operations/notifyCustomersOfScans')!.sections, 'sns-operation').view;
    const https = shipments.consumers[4]!;
    assert.equal(https.protocol, 'https');
    assert.deepEqual(
      https.delivery!.effective.find((e) => e.field === 'numRetries'),
      { field: 'numRetries', value: 20, from: 'subscription' },
    );
    assert.deepEqual(
      https.delivery!.effective.find((e) => e.field === 'maxReceivesPerSecond'),
      { field: 'maxReceivesPerSecond', value: 50, from: 'topic' },
    );
    assert.equal(https.delivery!.schedule!.length, 20);
    const lambda = shipments.consumers[3]!;
    assert.equal(lambda.protocol, 'lambda');
    assert.equal(lambda.delivery!.fixedBy, 'aws-managed');
  });

  it('names the trait an sns binding came from', async () => {
    const m = await orders();
    const { origin } = section(m.pages.find((p) => p.pointer === '/operations/publishParcelScans')!.sections, 'sns-operation');
    assert.equal(origin?.id, 'shippingTeam');
  });
});

describe('bindings of other protocols', () => {
  // A corpus document: defined only when the corpus is there (test/corpus-location.ts).
  if (HAS_CORPUS)
    it('show the protocol, its version (latest by default) and schema fields as schema tables, also when a trait brings them', async () => {
      const { doc } = await validateDocument(join(CORPUS, 'valid/spec-streetlights-kafka.yaml'));
      const m = buildApiModel(doc!, 'k');
      const page = m.pages.find((p) => p.kind === 'operation' && p.sections.some((s) => s.type === 'bindings'))!;
      const bindings = section(page.sections, 'bindings');
      const kafka = bindings.protocols.find((p) => p.key === 'kafka')!;
      assert.equal(kafka.label, 'Kafka');
      assert.deepEqual([kafka.version, kafka.versionDefault], ['latest', true]);
      assert.deepEqual(
        kafka.schemas.map((s) => s.field),
        ['clientId'],
      );
      assert.equal(kafka.schemas[0]!.rows[0]!.const, 'my-app-id', 'a single allowed value reads as always that value');
    });
});

describe('protocols on pages', () => {
  it('knows the protocols of servers, channels (bindings and servers) and operations (bindings and channel)', async () => {
    const m = await orders();
    const protocols = (pointer: string) => m.pages.find((p) => p.pointer === pointer)!.protocols;
    assert.deepEqual(protocols('/servers/partnerWebhooks'), ['https']);
    assert.deepEqual(protocols('/channels/orderEvents'), ['sns']);
    assert.deepEqual(protocols('/operations/receiveOrderEventsInWarehouse'), ['sns', 'sqs']);
    assert.ok(m.pages.find((p) => p.pointer === '/operations/receiveOrderEventsInWarehouse')!.badges.includes('sqs'));
  });
});

describe('bindings of every other protocol and x- bindings', () => {
  it('shows each under its name with its version, settings as a nested table, and schema fields as tables', async () => {
    const { tempTree } = await import('../../../test/helpers.ts');
    const dir = tempTree({
      'api.yaml': `apidesc: 3.0.0
info: {title: T, version: '1'}
channels:
  c:
    address: a
    bindings:
      amqp: {is: routingKey, exchange: {name: orders, type: topic, durable: true}, bindingVersion: 0.3.0}
      ws: {query: {type: object, properties: {token: {type: string}}}}
      x-custom: {mode: fast, limits: [1, 2]}
`,
    });
    const { doc } = await validateDocument(join(dir, 'api.yaml'));
    const bindings = section(buildApiModel(doc!, 'x').pages.find((p) => p.pointer === '/channels/c')!.sections, 'bindings');
    assert.deepEqual(
      bindings.protocols.map((p) => [p.key, p.label, p.version, p.versionDefault]),
      [
        ['amqp', 'AMQP 0-9-1', '0.3.0', false],
        ['ws', 'WebSockets', 'latest', true],
        ['x-custom', 'x-custom', 'latest', true],
      ],
    );
    const amqp = bindings.protocols[0]!.view;
    assert.ok(amqp.type === 'map' && amqp.entries.some(([k, v]) => k === 'exchange' && v.type === 'map'));
    assert.deepEqual(
      bindings.protocols[1]!.schemas[0]!.rows.map((r) => r.name),
      ['', 'token'],
    );
  });
});

describe('a subscription’s redrive in AWS’s terms', () => {
  const dlq = [{ kind: 'arn', value: 'arn:aws:sqs:eu-west-1:1:dlq' }];
  it('keeps the receive count for an sqs subscription only: the queue’s own redrive policy', () => {
    assert.deepEqual(queueRedrive({ protocol: 'sqs', redrive: { deadLetterQueue: dlq, maxReceiveCount: 5, countDefault: false } }), {
      count: 5,
      isDefault: false,
      deadLetterQueue: dlq,
    });
    assert.equal(queueRedrive({ protocol: 'lambda', redrive: { deadLetterQueue: dlq, maxReceiveCount: 5, countDefault: false } }), undefined);
    assert.equal(queueRedrive({ protocol: 'sqs' }), undefined);
  });

  it('says the count as receives that did not delete the message, and says when it is the default', () => {
    assert.deepEqual(queueRedriveWords({ count: 5, isDefault: false }), {
      before: 'once its consumers have received a message 5 times without deleting it, the queue moves it to ',
      after: " (the queue's redrive policy)",
    });
    assert.equal(queueRedriveWords({ count: 1, isDefault: false }).before.includes('1 time without'), true);
    assert.equal(queueRedriveWords({ count: 10, isDefault: true }).after, " (the queue's redrive policy, with the default count)");
  });
});

describe("a receiving operation's own subscriptions", () => {
  const queues = new Set(['warehouse-picking.fifo']);
  it('are the SQS subscriptions to a queue its sqs binding defines, by name or by the ARN that ends with that name', () => {
    assert.ok(isOwnSubscription({ protocol: 'sqs', endpoint: { name: 'warehouse-picking.fifo' } }, queues));
    assert.ok(isOwnSubscription({ protocol: 'sqs', endpoint: { arn: 'arn:aws:sqs:eu-west-1:123456789012:warehouse-picking.fifo' } }, queues));
    assert.ok(!isOwnSubscription({ protocol: 'sqs', endpoint: { arn: 'arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo' } }, queues));
    assert.ok(!isOwnSubscription({ protocol: 'sqs', endpoint: { name: 'billing-orders.fifo' } }, queues));
    // A Lambda function of the same name is no queue of the binding.
    assert.ok(!isOwnSubscription({ protocol: 'lambda', endpoint: { name: 'warehouse-picking.fifo' } }, queues));
    assert.ok(!isOwnSubscription({ protocol: 'lambda', endpoint: { arn: 'arn:aws:lambda:eu-west-1:123456789012:function:warehouse-picking.fifo' } }, queues));
    assert.ok(!isOwnSubscription({ protocol: 'sqs', endpoint: { name: 'warehouse-picking.fifo' } }, new Set()));
  });

  it('are marked on a receiving operation only: a publisher lists the topic’s subscribers, none of them its own', () => {
    const binding = {
      consumers: [
        { protocol: 'sqs', endpoint: { name: 'q' }, rawMessageDelivery: true },
        { protocol: 'sqs', endpoint: { arn: 'arn:aws:sqs:eu-west-1:1:other' }, rawMessageDelivery: true },
      ],
    };
    const sqs = { queues: [{ name: 'q' }] };
    assert.deepEqual(
      operationView(binding, 'receive', sqs, 'op').consumers.map((c) => [c.index, c.own ?? false]),
      [
        [0, true],
        [1, false],
      ],
    );
    assert.deepEqual(
      operationView(binding, 'send', sqs, 'op').consumers.map((c) => c.own ?? false),
      [false, false],
    );
  });
});
