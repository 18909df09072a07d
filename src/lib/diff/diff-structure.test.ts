/**
 * Structural changes (servers, channels, operations, messages, parameters, security, bindings)
 * and the sns binding's topics and subscriptions, one pair of documents per rule, in both
 * directions of the change (added and removed, widened and narrowed), with the pointer each is
 * reported at.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, diffPair, summaryOf, type ApiParts } from '../../../test/diff-fixture.ts';

interface Case {
  name: string;
  base: ApiParts;
  head: ApiParts;
  rule: string;
  severity: 'breaking' | 'non-breaking' | 'info';
  pointer?: string;
  side?: 'base' | 'head';
  words?: RegExp;
}

const set = (path: string[], value: unknown) => (doc: Record<string, unknown>) => {
  let at = doc as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = value;
};

const STRUCTURE: Case[] = [
  {
    name: 'a server removed',
    base: {},
    head: { patch: set(['servers', 'production'], undefined) },
    rule: 'server-removed',
    severity: 'breaking',
    pointer: '/servers/production',
    side: 'base',
  },
  {
    name: 'a server added',
    base: {},
    head: { patch: set(['servers', 'staging'], { host: 'staging.example.com', protocol: 'sns' }) },
    rule: 'server-added',
    severity: 'non-breaking',
    pointer: '/servers/staging',
  },
  {
    name: 'a host changed',
    base: {},
    head: { patch: set(['servers', 'production', 'host'], 'broker2.example.com') },
    rule: 'server-host-changed',
    severity: 'breaking',
    pointer: '/servers/production/host',
  },
  {
    name: 'a protocol changed',
    base: {},
    head: { patch: set(['servers', 'production', 'protocol'], 'kafka') },
    rule: 'server-protocol-changed',
    severity: 'breaking',
    pointer: '/servers/production/protocol',
  },
  {
    name: 'a channel removed',
    base: {},
    head: {
      patch: (d) => {
        d.channels = {};
        d.operations = {};
      },
    },
    rule: 'channel-removed',
    severity: 'breaking',
    pointer: '/channels/orders',
    side: 'base',
  },
  {
    name: 'a channel added',
    base: {},
    head: { patch: set(['channels', 'refunds'], { address: 'refunds' }) },
    rule: 'channel-added',
    severity: 'non-breaking',
    pointer: '/channels/refunds',
  },
  {
    name: 'an address changed',
    base: {},
    head: { patch: set(['channels', 'orders', 'address'], 'orders.v2') },
    rule: 'channel-address-changed',
    severity: 'breaking',
    pointer: '/channels/orders/address',
    words: /"orders" → "orders\.v2"/,
  },
  {
    name: 'a parameter value removed',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu', 'us'] } })(d);
      },
    },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu'] } })(d);
      },
    },
    rule: 'value-removed',
    severity: 'breaking',
    pointer: '/channels/orders/parameters/region/enum',
  },
  {
    name: 'a parameter value added',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu'] } })(d);
      },
    },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'address'], 'orders.{region}')(d);
        set(['channels', 'orders', 'parameters'], { region: { enum: ['eu', 'us'] } })(d);
      },
    },
    rule: 'value-added',
    severity: 'non-breaking',
  },
  {
    name: 'an operation removed',
    base: { direction: 'both' },
    head: { direction: 'send' },
    rule: 'operation-removed',
    severity: 'breaking',
    pointer: '/operations/consumeOrder',
    side: 'base',
  },
  {
    name: 'an operation added',
    base: { direction: 'send' },
    head: { direction: 'both' },
    rule: 'operation-added',
    severity: 'non-breaking',
    pointer: '/operations/consumeOrder',
  },
  {
    name: 'an action changed',
    base: {},
    head: { patch: set(['operations', 'publishOrder', 'action'], 'receive') },
    rule: 'operation-action-changed',
    severity: 'breaking',
    pointer: '/operations/publishOrder/action',
  },
  {
    name: 'a message added to a channel the application sends on (all its messages)',
    base: { patch: set(['operations', 'publishOrder', 'messages'], undefined) },
    head: {
      patch: (d) => {
        set(['operations', 'publishOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    rule: 'message-added',
    severity: 'breaking',
    pointer: '/channels/orders/messages/orderCancelled',
    words: /receivers built on the old schema reject message orderCancelled/,
  },
  {
    name: 'a message added to a channel the application receives from',
    base: { direction: 'receive', patch: set(['operations', 'consumeOrder', 'messages'], undefined) },
    head: {
      direction: 'receive',
      patch: (d) => {
        set(['operations', 'consumeOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    rule: 'message-added',
    severity: 'non-breaking',
  },
  {
    name: 'a received message removed',
    base: {
      direction: 'receive',
      patch: (d) => {
        set(['operations', 'consumeOrder', 'messages'], undefined)(d);
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
      },
    },
    head: { direction: 'receive', patch: set(['operations', 'consumeOrder', 'messages'], undefined) },
    rule: 'message-removed',
    severity: 'breaking',
    side: 'base',
    words: /senders built on the old version still send it/,
  },
  {
    name: 'a message dropped from what an operation sends',
    base: {
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'publishOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    head: { patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    rule: 'operation-message-removed',
    severity: 'breaking',
    pointer: '/operations/publishOrder/messages',
    words: /receivers that rely on it no longer get it/,
  },
  {
    name: 'a message added to what an operation sends',
    base: { patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    head: {
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'publishOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    rule: 'operation-message-added',
    severity: 'breaking',
  },
  {
    name: 'a message added to what an operation receives',
    base: { direction: 'receive', patch: set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } }) },
    head: {
      direction: 'receive',
      patch: (d) => {
        set(['channels', 'orders', 'messages', 'orderCancelled'], { payload: { type: 'object' } })(d);
        set(
          ['operations', 'consumeOrder', 'messages'],
          [{ $ref: '#/channels/orders/messages/orderPlaced' }, { $ref: '#/channels/orders/messages/orderCancelled' }],
        )(d);
      },
    },
    rule: 'operation-message-added',
    severity: 'non-breaking',
  },
  {
    name: 'a content type changed',
    base: { message: { contentType: 'application/json' } },
    head: { message: { contentType: 'application/avro' } },
    rule: 'message-content-type-changed',
    severity: 'breaking',
    pointer: '/channels/orders/messages/orderPlaced/contentType',
  },
  {
    name: 'a content type stated',
    base: {},
    head: { message: { contentType: 'application/json' } },
    rule: 'message-content-type-changed',
    severity: 'non-breaking',
  },
  {
    name: 'a correlation id moved',
    base: { message: { correlationId: { location: '$message.header#/id' } } },
    head: { message: { correlationId: { location: '$message.payload#/id' } } },
    rule: 'message-correlation-id-changed',
    severity: 'breaking',
  },
  {
    name: 'a description changed (wording only)',
    base: { message: { description: 'Old.' } },
    head: { message: { description: 'New.' } },
    rule: 'message-description-changed',
    severity: 'info',
  },
  {
    name: 'a security alternative removed',
    base: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/key' }, { $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    head: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    rule: 'security-alternative-removed',
    severity: 'breaking',
    side: 'base',
  },
  {
    name: 'a security alternative added',
    base: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    head: {
      patch: set(['operations', 'publishOrder', 'security'], [{ $ref: '#/components/securitySchemes/key' }, { $ref: '#/components/securitySchemes/token' }]),
      components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' }, token: { type: 'http', scheme: 'bearer' } } },
    },
    rule: 'security-alternative-added',
    severity: 'non-breaking',
  },
  {
    name: 'a scope now needed',
    base: { components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read'] } } } },
    head: { components: { securitySchemes: { oauth: { type: 'oauth2', flows: {}, scopes: ['orders:read', 'orders:write'] } } } },
    rule: 'security-scopes-added',
    severity: 'breaking',
    pointer: '/components/securitySchemes/oauth/scopes',
  },
  {
    name: 'an api key moved to another header',
    base: { components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Key' } } } },
    head: { components: { securitySchemes: { key: { type: 'httpApiKey', in: 'header', name: 'X-Api-Key' } } } },
    rule: 'security-scheme-changed',
    severity: 'breaking',
  },
  { name: 'a binding removed', base: { channelBindings: { kafka: { partitions: 3 } } }, head: {}, rule: 'binding-removed', severity: 'breaking', side: 'base' },
  {
    name: 'a binding field changed',
    base: { channelBindings: { kafka: { partitions: 3 } } },
    head: { channelBindings: { kafka: { partitions: 6 } } },
    rule: 'binding-changed',
    severity: 'non-breaking',
    pointer: '/channels/orders/bindings/kafka/partitions',
  },
  { name: 'the API version changed (wording)', base: {}, head: { patch: set(['info', 'version'], '1.1.0') }, rule: 'info-version-changed', severity: 'info' },
  {
    name: 'the default content type changed',
    base: { patch: set(['defaultContentType'], 'application/json') },
    head: { patch: set(['defaultContentType'], 'application/xml') },
    rule: 'default-content-type-changed',
    severity: 'breaking',
  },
];

const topic = (extra: Record<string, unknown> = {}) => ({ sns: { name: 'orders', ...extra } });
const queue = (extra: Record<string, unknown> = {}) => ({ protocol: 'sqs', endpoint: { name: 'billing-queue' }, rawMessageDelivery: false, ...extra });
const subscriptions = (...consumers: unknown[]) => ({ sns: { consumers } });

const SNS: Case[] = [
  {
    name: 'sns: a subscription removed',
    base: { direction: 'both', receiveBindings: subscriptions(queue(), queue({ endpoint: { name: 'audit' } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-subscription-removed',
    severity: 'breaking',
    side: 'base',
    words: /"audit"/,
  },
  {
    name: 'sns: a subscription added',
    base: { direction: 'both', receiveBindings: subscriptions(queue()) },
    head: { direction: 'both', receiveBindings: subscriptions(queue(), queue({ endpoint: { name: 'audit' } })) },
    rule: 'sns-subscription-added',
    severity: 'non-breaking',
  },
  {
    name: 'sns: a filter narrowed (a value no longer accepted)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed', 'paid'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    rule: 'sns-filter-narrowed',
    severity: 'breaking',
    words: /stops receiving messages it received/,
  },
  {
    name: 'sns: a filter narrowed (a new condition)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'], region: ['eu'] } })) },
    rule: 'sns-filter-narrowed',
    severity: 'breaking',
    pointer: '/operations/consumeOrder/bindings/sns/consumers/0/filterPolicy/region',
  },
  {
    name: 'sns: a filter widened',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed', 'paid'] } })) },
    rule: 'sns-filter-widened',
    severity: 'non-breaking',
    words: /now also receives/,
  },
  {
    name: 'sns: a filter removed (widened)',
    base: { direction: 'both', receiveBindings: subscriptions(queue({ filterPolicy: { type: ['placed'] } })) },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-filter-widened',
    severity: 'non-breaking',
  },
  {
    name: 'sns: a dead-letter queue removed',
    base: {
      direction: 'both',
      receiveBindings: subscriptions(queue({ redrivePolicy: { deadLetterQueue: { arn: 'arn:aws:sqs:eu-west-1:123456789012:dlq' } } })),
    },
    head: { direction: 'both', receiveBindings: subscriptions(queue()) },
    rule: 'sns-dead-letter-queue-removed',
    severity: 'breaking',
    words: /lost instead of kept/,
  },
  {
    name: 'sns: raw delivery switched on',
    base: { direction: 'both', receiveBindings: subscriptions(queue()) },
    head: { direction: 'both', receiveBindings: subscriptions(queue({ rawMessageDelivery: true })) },
    rule: 'sns-raw-delivery-switched',
    severity: 'breaking',
    pointer: '/operations/consumeOrder/bindings/sns/consumers/0/rawMessageDelivery',
  },
  {
    name: 'sns: FIFO switched on',
    base: { channelBindings: topic() },
    head: { channelBindings: topic({ ordering: { type: 'FIFO' } }) },
    rule: 'sns-fifo-switched',
    severity: 'breaking',
    words: /standard to FIFO/,
  },
  {
    name: 'sns: FIFO switched off',
    base: { channelBindings: topic({ ordering: { type: 'FIFO' } }) },
    head: { channelBindings: topic() },
    rule: 'sns-fifo-switched',
    severity: 'breaking',
    words: /FIFO to standard/,
  },
  {
    name: 'sns: the topic renamed',
    base: { channelBindings: topic() },
    head: { channelBindings: { sns: { name: 'orders-v2' } } },
    rule: 'sns-topic-renamed',
    severity: 'breaking',
    pointer: '/channels/orders/bindings/sns/name',
  },
  {
    name: 'sns: an Allow statement removed from the topic policy',
    base: { channelBindings: topic({ policy: { statements: [{ effect: 'Allow', principal: '*', action: 'SNS:Subscribe' }] } }) },
    head: { channelBindings: topic({ policy: { statements: [] } }) },
    rule: 'sns-policy-changed',
    severity: 'breaking',
  },
];

describe('diff: structural changes and the sns binding', () => {
  for (const c of [...STRUCTURE, ...SNS]) {
    it(`${c.name}: ${c.severity}`, async () => {
      const report = await diffPair(api(c.base), api(c.head));
      const found = report.changes.filter((x) => x.rule === c.rule && (c.pointer === undefined || x.pointer === c.pointer));
      assert.ok(found.length > 0, `${c.rule}${c.pointer ? ` at ${c.pointer}` : ''} expected; got:\n${summaryOf(report).join('\n')}`);
      assert.ok(
        found.some((x) => x.severity === c.severity),
        `${c.rule} should be ${c.severity}; got:\n${summaryOf(report).join('\n')}`,
      );
      if (c.side)
        assert.ok(
          found.some((x) => x.side === c.side),
          `reported in ${c.side}`,
        );
      if (c.words)
        assert.ok(
          found.some((x) => c.words!.test(x.message)),
          `message should say ${c.words}; got:\n${summaryOf(report).join('\n')}`,
        );
      assert.ok(
        found.every((x) => x.line > 0),
        'every change has its line',
      );
      assert.equal(report.breaking, report.changes.filter((x) => x.severity === 'breaking').length);
    });
  }
});
