/**
 * Keys named like the properties every JavaScript object has (hostile input): a document with
 * such names at every kind of map position (servers, channels, operations, messages,
 * parameters, server variables, schema properties, security schemes, flows and scopes,
 * bindings, every components map) and as values that name a key (protocols, address and host
 * expressions, `required`, discriminators, references). A lookup that is not by own property
 * finds a function, or Object.prototype, where the document has nothing.
 */

export const OBJECT_PROPERTY_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
];

/** An object with exactly these own keys (`{__proto__: …}` written in code would set the prototype instead). */
const map = (names: string[], value: (name: string, i: number) => unknown): Record<string, unknown> =>
  Object.fromEntries(names.map((n, i) => [n, value(n, i)]));

const esc = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** The document as JSON (the `names` default to all of OBJECT_PROPERTY_NAMES). */
export function objectKeysDocument(names: string[] = OBJECT_PROPERTY_NAMES): string {
  const first = names[0]!;
  const schema = (): Record<string, unknown> => ({
    type: 'object',
    required: names,
    discriminator: first,
    properties: map(names, (n) => ({ type: 'string', description: `the ${n} property`, ...(n === first ? { const: n } : {}) })),
    additionalProperties: map(names, () => 'x'),
  });
  const bindings = (): Record<string, unknown> => ({
    ...map(names, (n) => ({ bindingVersion: '0.1.0', [n]: n, query: { type: 'object', properties: map(names, () => ({ type: 'string' })) } })),
    http: { query: { type: 'object', properties: map(names, () => ({ type: 'string' })) } },
    kafka: { key: { type: 'string' } },
  });
  const sns = (): Record<string, unknown> => ({
    name: 'topic',
    consumers: names.map((n) => ({
      protocol: n,
      endpoint: { name: n, ...map(names, () => n) },
      rawMessageDelivery: false,
      filterPolicy: map(names, () => [n]),
      deliveryPolicy: { numRetries: 3 },
    })),
    deliveryPolicy: { numRetries: 3 },
  });
  const scheme = (): Record<string, unknown> => ({
    type: 'oauth2',
    flows: {
      implicit: { authorizationUrl: 'https://auth.example', availableScopes: map(names, (n) => `scope ${n}`) },
      ...map(names, () => ({ tokenUrl: 'https://auth.example' })),
    },
    scopes: names,
  });
  const doc = {
    apidesc: '3.0.0',
    info: { title: 'Keys like Object properties', version: '1.0.0', tags: names.map((n) => ({ name: n })) },
    servers: map(names, (n) => ({
      host: `{${n}}.example.com`,
      protocol: n,
      variables: map(names, (v) => ({ default: v, enum: [v] })),
      security: [{ $ref: `#/components/securitySchemes/${esc(n)}` }],
      bindings: bindings(),
      tags: [{ name: n }],
    })),
    channels: map(names, (n) => ({
      address: `events/{${n}}`,
      title: n,
      servers: [{ $ref: `#/servers/${esc(n)}` }],
      parameters: map(names, (p) => ({ description: p, enum: [p], default: p })),
      messages: map(names, (m) => ({
        name: m,
        payload: schema(),
        headers: { type: 'object', properties: map(names, () => ({ type: 'string' })) },
        bindings: bindings(),
        examples: [{ payload: map(names, (k) => k) }],
      })),
      bindings: { ...bindings(), sns: sns() },
    })),
    operations: map(names, (n) => ({
      action: 'send',
      channel: { $ref: `#/channels/${esc(n)}` },
      messages: [{ $ref: `#/channels/${esc(n)}/messages/${esc(n)}` }],
      traits: [{ $ref: `#/components/operationTraits/${esc(n)}` }],
      security: [{ $ref: `#/components/securitySchemes/${esc(n)}` }],
      reply: { address: { $ref: `#/components/replyAddresses/${esc(n)}` }, channel: { $ref: `#/channels/${esc(n)}` } },
      bindings: { ...bindings(), sns: sns() },
    })),
    components: {
      schemas: map(names, () => schema()),
      messages: map(names, (n) => ({
        payload: { $ref: `#/components/schemas/${esc(n)}` },
        traits: [{ $ref: `#/components/messageTraits/${esc(n)}` }],
        correlationId: { $ref: `#/components/correlationIds/${esc(n)}` },
      })),
      securitySchemes: map(names, () => scheme()),
      parameters: map(names, (n) => ({ description: n })),
      serverVariables: map(names, (n) => ({ default: n })),
      servers: map(names, (n) => ({ host: 'h.example.com', protocol: n, bindings: bindings() })),
      channels: map(names, (n) => ({ address: n, messages: map(names, () => ({ $ref: `#/components/messages/${esc(n)}` })) })),
      operations: map(names, (n) => ({ action: 'receive', channel: { $ref: `#/channels/${esc(n)}` } })),
      replies: map(names, (n) => ({ channel: { $ref: `#/channels/${esc(n)}` } })),
      replyAddresses: map(names, () => ({ location: '$message.header#/replyTo' })),
      correlationIds: map(names, () => ({ location: '$message.header#/id' })),
      externalDocs: map(names, () => ({ url: 'https://docs.example.com' })),
      tags: map(names, (n) => ({ name: n })),
      operationTraits: map(names, () => ({ bindings: bindings() })),
      messageTraits: map(names, () => ({ headers: { type: 'object', properties: map(names, () => ({ type: 'string' })) } })),
      serverBindings: map(names, () => bindings()),
      channelBindings: map(names, () => bindings()),
      operationBindings: map(names, () => bindings()),
      messageBindings: map(names, () => bindings()),
    },
  };
  return JSON.stringify(doc, null, 1);
}
