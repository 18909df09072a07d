/**
 * Bindings objects (SPEC "Bindings objects") and the topic-notification binding `sns` 0.2.0
 * (SPEC "Topic-notification binding"). Other protocols' fields are not in the SPEC: their
 * bindings must be objects whose `bindingVersion`, when given, is a string.
 */
import { EXTENSION, bool, int, str, strList, type JsonSchema } from './helpers.ts';

export const PROTOCOL_KEYS = [
  'http',
  'ws',
  'kafka',
  'anypointmq',
  'amqp',
  'amqp1',
  'mqtt',
  'mqtt5',
  'nats',
  'jms',
  'sns',
  'solace',
  'sqs',
  'stomp',
  'redis',
  'mercure',
  'ibmmq',
  'googlepubsub',
  'pulsar',
] as const;

const otherBinding: JsonSchema = { title: 'binding', type: 'object', properties: { bindingVersion: str } };
const stringOrList: JsonSchema = { if: { type: 'array' }, then: strList, else: str };

function bindings(title: string, sns: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const key of PROTOCOL_KEYS) properties[key] = key === 'sns' ? sns : otherBinding;
  return { title, type: 'object', properties, patternProperties: { [EXTENSION]: true }, additionalProperties: false };
}

/** An object with exactly these fields (bindings accept `x-` fields too). */
function fields(title: string, properties: Record<string, JsonSchema>, required: string[] = [], extra: Record<string, unknown> = {}): JsonSchema {
  return {
    title,
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    patternProperties: { [EXTENSION]: true },
    additionalProperties: false,
    ...extra,
  };
}

const identifier = (title: string): JsonSchema => fields(title, { url: str, email: str, phone: str, arn: str, name: str });

const deliveryPolicy = fields('sns Delivery Policy', {
  minDelayTarget: int,
  maxDelayTarget: int,
  numRetries: int,
  numNoDelayRetries: int,
  numMinDelayRetries: int,
  numMaxDelayRetries: int,
  backoffFunction: { enum: ['arithmetic', 'exponential', 'geometric', 'linear'] },
  maxReceivesPerSecond: int,
});

export const bindingsDefinitions: Record<string, JsonSchema> = {
  ServerBindings: bindings('Server Bindings Object', { title: 'sns Server Binding Object (must be empty)', type: 'object', additionalProperties: false }),
  ChannelBindings: bindings('Channel Bindings Object', { $ref: '#/definitions/SnsChannelBinding' }),
  OperationBindings: bindings('Operation Bindings Object', { $ref: '#/definitions/SnsOperationBinding' }),
  MessageBindings: bindings('Message Bindings Object', { title: 'sns Message Binding Object (must be empty)', type: 'object', additionalProperties: false }),

  SnsChannelBinding: fields(
    'sns Channel Binding Object',
    {
      name: str,
      ordering: fields('sns Ordering', { type: { enum: ['standard', 'FIFO'] }, contentBasedDeduplication: bool }, ['type']),
      policy: fields(
        'sns Policy',
        {
          statements: { type: 'array', items: { $ref: '#/definitions/SnsStatement' } },
        },
        ['statements'],
      ),
      tags: { type: 'object', additionalProperties: str },
      bindingVersion: str,
    },
    [],
    {
      // `{}` means "this channel is an sns topic, all defaults"; anything else names the topic.
      if: { minProperties: 1 },
      then: { title: 'sns Channel Binding Object (not empty, so it names its topic)', required: ['name'] },
    },
  ),
  SnsStatement: fields(
    'sns Policy Statement',
    {
      effect: { enum: ['Allow', 'Deny'] },
      principal: { if: { type: 'object' }, then: { type: 'object', minProperties: 1, additionalProperties: stringOrList }, else: str },
      action: stringOrList,
      resource: stringOrList,
      condition: { if: { type: 'array' }, then: { type: 'array', items: { type: 'object' } }, else: { type: 'object' } },
    },
    ['effect', 'principal', 'action'],
  ),
  SnsOperationBinding: fields('sns Operation Binding Object', {
    topic: identifier('sns Identifier'),
    consumers: { type: 'array', items: { $ref: '#/definitions/SnsConsumer' } },
    deliveryPolicy,
    bindingVersion: str,
  }),
  SnsConsumer: fields(
    'sns Consumer',
    {
      protocol: { enum: ['http', 'https', 'email', 'email-json', 'sms', 'sqs', 'application', 'lambda', 'firehose'] },
      endpoint: identifier('sns Identifier'),
      filterPolicy: { type: 'object' },
      filterPolicyScope: { enum: ['MessageAttributes', 'MessageBody'] },
      rawMessageDelivery: bool,
      redrivePolicy: fields('sns Redrive Policy', { deadLetterQueue: identifier('sns Identifier'), maxReceiveCount: int }, ['deadLetterQueue']),
      deliveryPolicy,
      displayName: str,
    },
    ['protocol', 'endpoint', 'rawMessageDelivery'],
  ),
};
