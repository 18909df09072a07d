/**
 * Table tests for the semantic rules: for each rule, documents that must pass and documents that
 * must fail with exactly the listed codes (SPEC Errors table and the MUSTs JSON Schema cannot say).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';
import { STRICT_CODES } from '../validate-document.ts';
import { codes, validateFiles, validateYaml, MINIMAL } from '../../../../test/helpers.ts';
import { lowercaseSns } from '../../../../test/sns-words.ts';
import { rules } from './index.ts';

interface Row {
  name: string;
  yaml: string;
  expect: string[];
  strict?: boolean;
}

const ch = (body: string): string => `${MINIMAL}channels:\n  c:\n${body}`;
const op = (body: string, channels = '  c:\n    address: a\n    messages:\n      m: {payload: {type: string}}\n'): string =>
  `${MINIMAL}channels:\n${channels}operations:\n  o:\n${body}`;
const schemas = (body: string): string => `${MINIMAL}components:\n  schemas:\n${body}`;
const scheme = (body: string): string => `${MINIMAL}components:\n  securitySchemes:\n    s:\n${body}`;
/** A send operation with one sqs subscription filtered by `policy` (YAML flow), its message's payload and headers properties. */
const filtered = (policy: string, scope = 'MessageAttributes', payload = 'store: {type: string}', headers?: string): string =>
  op(
    `    action: send\n    channel: {$ref: '#/channels/c'}\n    bindings:\n      sns:\n        consumers:\n          - protocol: sqs\n            endpoint: {arn: "arn:aws:sqs:eu-west-1:123456789012:q"}\n            rawMessageDelivery: true\n            filterPolicyScope: ${scope}\n            filterPolicy: ${policy}\n`,
    `  c:\n    address: a\n    messages:\n      m:\n${headers ? `        headers: {type: object, properties: {${headers}}}\n` : ''}        payload: {type: object${payload ? `, properties: {${payload}}` : ''}}\n`,
  );
/** A receive operation with one subscription of `protocol` on a topic of `ordering` (FIFO or standard). */
const onTopic = (ordering: string, protocol: string, endpoint: string): string =>
  op(
    `    action: receive\n    channel: {$ref: '#/channels/c'}\n    bindings:\n      sns:\n        consumers:\n          - {protocol: ${protocol}, endpoint: ${endpoint}, rawMessageDelivery: false}\n`,
    `  c:\n    address: orders.fifo\n    messages:\n      m: {payload: {type: string}}\n    bindings:\n      sns: {name: ${ordering === 'FIFO' ? 'orders.fifo' : 'orders'}, ordering: {type: ${ordering}}}\n`,
  );
const sns = (action: string, binding: string, extra = ''): string =>
  op(`    action: ${action}\n    channel: {$ref: '#/channels/c'}\n    bindings:\n      sns:\n${binding}${extra}`);

/**
 * The severity of each finding without --strict (README, "What is checked"; STRICT_CODES become
 * errors with it): a rule that changes severity must change this table too.
 */
const SEVERITY: Record<string, Diagnostic['severity']> = {
  'channel-address-query': 'error',
  'channel-parameters-missing': 'error',
  'channel-parameters-unused': 'error',
  'correlation-id-undeclared': 'warning',
  'discriminator-example': 'warning',
  'discriminator-not-required': 'warning',
  'discriminator-undefined': 'error',
  'email-format': 'error',
  'example-check-timeout': 'warning',
  'example-invalid': 'warning',
  'media-type': 'error',
  'operation-message-not-in-channel': 'error',
  'parameter-default-enum': 'error',
  'parameter-example-enum': 'warning',
  'ref-unresolved': 'error',
  'reply-address-conflict': 'error',
  'reply-message-not-in-channel': 'error',
  'root-pointer-channel-server': 'error',
  'root-pointer-operation-channel': 'error',
  'root-pointer-reply-channel': 'error',
  'runtime-expression': 'error',
  'schema-default-type': 'warning',
  'schema-example-check-timeout': 'warning',
  'schema-example-check-too-deep': 'warning',
  'schema-example-invalid': 'warning',
  'schema-format-custom': 'info',
  'schema-format-invalid': 'error',
  'schema-format-mismatch': 'error',
  'security-field-ignored': 'warning',
  'security-scope-unknown': 'warning',
  'server-variable-undefined': 'error',
  'server-variable-unused': 'warning',
  'sns-binding-not-empty': 'error',
  'sns-consumers-required': 'error',
  'sns-delivery-delays': 'warning',
  'sns-delivery-phases': 'warning',
  'sns-delivery-policy-side': 'warning',
  'sns-delivery-policy-protocol': 'warning',
  'sns-dlq-arn': 'warning',
  'sns-endpoint-kind': 'warning',
  'sns-fifo-name': 'warning',
  'sns-fifo-protocol': 'warning',
  'sns-filter-bare-value': 'warning',
  'sns-filter-combinations': 'warning',
  'sns-filter-empty-list': 'warning',
  'sns-filter-key-unknown': 'warning',
  'sns-filter-keys': 'warning',
  'sns-filter-nested-attributes': 'warning',
  'sns-filter-never-matches': 'warning',
  'sns-filter-numeric': 'warning',
  'sns-filter-operator': 'warning',
  'sns-queue-name': 'warning',
  'sns-topic-name': 'warning',
  'spec-enum': 'error',
  'spec-example-content': 'error',
  'spec-required': 'error',
  'spec-type': 'error',
  'spec-unknown-binding': 'error',
  'url-absolute': 'error',
  'url-id': 'error',
  'version-format': 'error',
  'version-minor': 'warning',
  'version-unsupported': 'error',
};

/** The finding is placed on the line that writes what it concerns: the last key of its pointer is on that line. */
function assertLocated(d: Diagnostic, yaml: string): void {
  const token = d.pointer.split('/').pop()?.replace(/~1/g, '/').replace(/~0/g, '~');
  assert.ok(d.line > 0 && d.column > 0, `${d.code} has a line and column`);
  if (token === undefined || token === '' || /^\d+$/.test(token)) return;
  const line = yaml.split('\n')[d.line - 1] ?? '';
  assert.ok(line.includes(token), `${d.code} at ${d.line}:${d.column} (${d.pointer}) is on a line that writes "${token}": ${JSON.stringify(line)}`);
  assert.ok(d.column <= line.length, `${d.code}: column ${d.column} is within the line`);
}

const table: Record<string, Row[]> = {
  version: [
    { name: '3.0.0 and a hyphen suffix pass', yaml: MINIMAL.replace('3.0.0', '3.0.1-rc1'), expect: [] },
    { name: 'not major.minor.patch', yaml: MINIMAL.replace('3.0.0', "'3.0'"), expect: ['version-format'] },
    { name: 'a number is not a version string', yaml: MINIMAL.replace('3.0.0', '3.0'), expect: ['spec-type'] },
    { name: 'another minor is a warning', yaml: MINIMAL.replace('3.0.0', '3.1.0'), expect: ['version-minor'] },
    { name: 'another major is an error', yaml: MINIMAL.replace('3.0.0', '2.6.0'), expect: ['version-unsupported'] },
  ],
  url: [
    {
      name: 'absolute URLs pass',
      yaml: MINIMAL + '  termsOfService: https://example.com/terms\n  license: {name: MIT, url: "https://opensource.org/license/mit"}\n',
      expect: [],
    },
    { name: 'relative termsOfService', yaml: MINIMAL + '  termsOfService: /terms\n', expect: ['url-absolute'] },
    { name: 'externalDocs url without scheme', yaml: MINIMAL + '  externalDocs: {url: docs.example.com}\n', expect: ['url-absolute'] },
    { name: 'openIdConnectUrl literal', yaml: scheme('      type: openIdConnect\n      openIdConnectUrl: openIdConnectUrl\n'), expect: ['url-absolute'] },
    {
      name: 'oauth2 tokenUrl relative',
      yaml: scheme('      type: oauth2\n      flows:\n        clientCredentials: {tokenUrl: /token, availableScopes: {}}\n'),
      expect: ['url-absolute'],
    },
    { name: 'id that is no URI', yaml: MINIMAL + 'id: orders service\n', expect: ['url-id'] },
  ],
  email: [
    { name: 'an address passes', yaml: MINIMAL + '  contact: {email: team@example.com}\n', expect: [] },
    { name: 'not an address', yaml: MINIMAL + '  contact: {email: team-at-example}\n', expect: ['email-format'] },
  ],
  channel: [
    { name: 'parameters match the address', yaml: ch('    address: users/{id}\n    parameters:\n      id: {description: user}\n'), expect: [] },
    { name: 'address expression without parameters', yaml: ch('    address: users/{id}\n'), expect: ['channel-parameters-missing'] },
    {
      name: 'parameters missing one expression',
      yaml: ch('    address: users/{id}/{x}\n    parameters:\n      id: {}\n'),
      expect: ['channel-parameters-missing'],
    },
    {
      name: 'parameter not in the address',
      yaml: ch('    address: users/{id}\n    parameters:\n      id: {}\n      other: {}\n'),
      expect: ['channel-parameters-unused'],
    },
    { name: 'parameters with a null address', yaml: ch('    address: null\n    parameters:\n      id: {}\n'), expect: ['channel-parameters-unused'] },
    { name: 'query in the address', yaml: ch('    address: users?active=true\n'), expect: ['channel-address-query'] },
    { name: 'fragment in the address', yaml: ch('    address: users#top\n'), expect: ['channel-address-query'] },
  ],
  'root-pointer': [
    {
      name: 'root channel with root server',
      yaml: `${MINIMAL}servers:\n  s: {host: h, protocol: ws}\nchannels:\n  c:\n    servers: [{$ref: '#/servers/s'}]\n`,
      expect: [],
    },
    {
      name: 'root channel with a components server',
      yaml: `${MINIMAL}channels:\n  c:\n    servers: [{$ref: '#/components/servers/s'}]\ncomponents:\n  servers:\n    s: {host: h, protocol: ws}\n`,
      expect: ['root-pointer-channel-server'],
    },
    {
      name: 'components channel may use components servers',
      yaml: `${MINIMAL}components:\n  servers:\n    s: {host: h, protocol: ws}\n  channels:\n    c:\n      servers: [{$ref: '#/components/servers/s'}]\n`,
      expect: [],
    },
    {
      name: 'root operation with a components channel',
      yaml: `${MINIMAL}operations:\n  o:\n    action: send\n    channel: {$ref: '#/components/channels/c'}\ncomponents:\n  channels:\n    c: {address: a}\n`,
      expect: ['root-pointer-operation-channel'],
    },
    {
      name: 'root operation reply with a components channel',
      yaml:
        op("    action: send\n    channel: {$ref: '#/channels/c'}\n    reply:\n      channel: {$ref: '#/components/channels/r'}\n") +
        'components:\n  channels:\n    r: {address: r}\n',
      expect: ['root-pointer-reply-channel'],
    },
  ],
  'operation-messages': [
    {
      name: 'messages of the channel',
      yaml: op("    action: send\n    channel: {$ref: '#/channels/c'}\n    messages: [{$ref: '#/channels/c/messages/m'}]\n"),
      expect: [],
    },
    {
      name: 'a components message',
      yaml:
        op("    action: send\n    channel: {$ref: '#/channels/c'}\n    messages: [{$ref: '#/components/messages/m'}]\n") +
        'components:\n  messages:\n    m: {payload: {type: string}}\n',
      expect: ['operation-message-not-in-channel'],
    },
    {
      name: 'a message of another channel',
      yaml: op(
        "    action: send\n    channel: {$ref: '#/channels/c'}\n    messages: [{$ref: '#/channels/d/messages/m'}]\n",
        '  c:\n    messages:\n      m: {}\n  d:\n    messages:\n      m: {}\n',
      ),
      expect: ['operation-message-not-in-channel'],
    },
    {
      name: 'reply messages of the reply channel',
      yaml: op(
        "    action: receive\n    channel: {$ref: '#/channels/c'}\n    reply:\n      channel: {$ref: '#/channels/c'}\n      messages: [{$ref: '#/channels/d/messages/m'}]\n",
        '  c:\n    messages:\n      m: {}\n  d:\n    messages:\n      m: {}\n',
      ),
      expect: ['reply-message-not-in-channel'],
    },
  ],
  'reply-address': [
    {
      name: 'address with a null-address channel',
      yaml: op(
        "    action: receive\n    channel: {$ref: '#/channels/c'}\n    reply:\n      address: {location: '$message.header#/replyTo'}\n      channel: {$ref: '#/channels/r'}\n",
        '  c: {address: a}\n  r: {address: null}\n',
      ),
      expect: [],
    },
    {
      name: 'address with an addressed channel',
      yaml: op(
        "    action: receive\n    channel: {$ref: '#/channels/c'}\n    reply:\n      address: {location: '$message.header#/replyTo'}\n      channel: {$ref: '#/channels/r'}\n",
        '  c: {address: a}\n  r: {address: replies}\n',
      ),
      expect: ['reply-address-conflict'],
    },
  ],
  'runtime-expression': [
    {
      name: 'header and payload expressions',
      yaml: `${MINIMAL}components:\n  correlationIds:\n    a: {location: '$message.header#/id'}\n    b: {location: '$message.payload'}\n`,
      expect: [],
    },
    { name: 'not a $message expression', yaml: `${MINIMAL}components:\n  correlationIds:\n    a: {location: 'header.id'}\n`, expect: ['runtime-expression'] },
    {
      name: 'fragment that is no pointer',
      yaml: `${MINIMAL}components:\n  parameters:\n    p: {location: '$message.payload#user'}\n`,
      expect: ['runtime-expression'],
    },
  ],
  'correlation-id': [
    {
      name: 'a header and a nested payload field the message declares',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      headers: {type: object, properties: {requestId: {type: string}}}\n      correlationId: {location: '$message.header#/requestId'}\n    n:\n      payload: {type: object, properties: {order: {type: object, properties: {id: {type: string}}}}}\n      correlationId: {location: '$message.payload#/order/id'}\n`,
      expect: [],
    },
    {
      name: 'a header of a reply message that declares no headers',
      yaml: `${MINIMAL}components:\n  correlationIds:\n    requestId: {location: '$message.header#/requestId'}\n  messages:\n    answer:\n      payload: {type: object}\n      correlationId: {$ref: '#/components/correlationIds/requestId'}\n`,
      expect: ['correlation-id-undeclared'],
    },
    {
      name: 'a payload field the payload does not list',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, additionalProperties: false, properties: {id: {type: string}}}\n      correlationId: {location: '$message.payload#/orderId'}\n`,
      expect: ['correlation-id-undeclared'],
    },
    {
      name: 'a header a trait gives, and a schema that may hold more (allOf, additionalProperties) are not judged',
      yaml: `${MINIMAL}components:\n  messageTraits:\n    t: {headers: {type: object, properties: {requestId: {type: string}}}}\n  messages:\n    m:\n      traits: [{$ref: '#/components/messageTraits/t'}]\n      correlationId: {location: '$message.header#/requestId'}\n    n:\n      payload: {allOf: [{type: object}], properties: {a: {}}}\n      correlationId: {location: '$message.payload#/b'}\n    o:\n      payload: {type: object, properties: {a: {}}, additionalProperties: {type: string}}\n      correlationId: {location: '$message.payload#/b'}\n`,
      expect: [],
    },
  ],
  'media-type': [
    { name: 'media types with parameters', yaml: MINIMAL + 'defaultContentType: application/json; charset=utf-8\n', expect: [] },
    { name: 'a wildcard', yaml: MINIMAL + 'defaultContentType: application/*\n', expect: ['media-type'] },
    { name: 'a word', yaml: `${MINIMAL}components:\n  messages:\n    m: {contentType: json}\n`, expect: ['media-type'] },
  ],
  discriminator: [
    {
      name: 'defined and required',
      yaml: schemas('    Pet:\n      type: object\n      discriminator: kind\n      required: [kind]\n      properties:\n        kind: {type: string}\n'),
      expect: [],
    },
    {
      name: 'not defined',
      yaml: schemas('    Pet:\n      type: object\n      discriminator: kind\n      required: [kind]\n'),
      expect: ['discriminator-undefined'],
    },
    {
      name: 'not required (warning)',
      yaml: schemas('    Pet:\n      type: object\n      discriminator: kind\n      properties:\n        kind: {type: string}\n'),
      expect: ['discriminator-not-required'],
    },
    {
      name: 'examples with the values that select a schema',
      yaml: schemas(
        "    Vehicle:\n      type: object\n      discriminator: kind\n      required: [kind]\n      properties:\n        kind: {type: string}\n      oneOf: [{$ref: '#/components/schemas/Car'}, {$ref: '#/components/schemas/Bike'}]\n      examples: [{kind: Car}, {kind: Bike}, {kind: Vehicle}]\n    Car:\n      allOf: [{$ref: '#/components/schemas/Vehicle'}]\n      examples: [{kind: Car}]\n    Bike:\n      allOf: [{$ref: '#/components/schemas/Vehicle'}]\n      examples: [{kind: Bike}]\n",
      ),
      expect: [],
    },
    {
      name: 'examples whose value selects no schema (warning, at the value)',
      yaml: schemas(
        "    Vehicle:\n      type: object\n      discriminator: kind\n      required: [kind]\n      properties:\n        kind: {type: string}\n      oneOf: [{$ref: '#/components/schemas/Car'}]\n      examples: [{kind: string}, {wheels: 4}]\n    Car:\n      allOf: [{$ref: '#/components/schemas/Vehicle'}]\n      examples: [{kind: Vehicle}]\n",
      ),
      expect: ['discriminator-example', 'discriminator-example', 'discriminator-example'],
    },
    {
      name: 'not required, with --strict',
      yaml: schemas('    Pet:\n      type: object\n      discriminator: kind\n      properties:\n        kind: {type: string}\n'),
      expect: ['discriminator-not-required'],
      strict: true,
    },
  ],
  'schema-default': [
    { name: 'default of the type', yaml: schemas('    A: {type: boolean, default: false}\n    B: {type: [string, "null"], default: null}\n'), expect: [] },
    { name: 'string default for a boolean (warning)', yaml: schemas("    A: {type: boolean, default: 'false'}\n"), expect: ['schema-default-type'] },
    { name: 'error with --strict', yaml: schemas('    A: {type: integer, default: 1.5}\n'), expect: ['schema-default-type'], strict: true },
  ],
  'schema-format': [
    {
      name: 'valid Avro',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.apache.avro;version=1.9.0\n      schema: {type: record, name: A, fields: [{name: id, type: string}]}\n`,
      expect: [],
    },
    {
      name: 'malformed Avro',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.apache.avro;version=1.9.0\n      schema: {type: record, name: A, fields: [{name: id, type: strin}]}\n`,
      expect: ['schema-format-invalid'],
    },
    {
      name: 'valid Protobuf',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.google.protobuf;version=3\n      schema: 'syntax = "proto3"; message A { string id = 1; }'\n`,
      expect: [],
    },
    {
      name: 'malformed Protobuf',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.google.protobuf;version=3\n      schema: 'message A { string id = 1 }'\n`,
      expect: ['schema-format-invalid'],
    },
    {
      name: 'malformed OpenAPI schema',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.oai.openapi;version=3.0.0\n      schema: {type: [string, "null"]}\n`,
      expect: ['schema-format-invalid'],
    },
    {
      name: 'RAML as YAML',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/raml+yaml;version=1.0\n      schema: {type: object, properties: {id: string}}\n`,
      expect: [],
    },
    {
      name: 'custom format is a note',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/x-custom\n      schema: whatever\n`,
      expect: ['schema-format-custom'],
    },
    {
      name: 'the +json and +yaml variants of a format are one format',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.apidesc+yaml;version=3.0.0\n      schema: {$ref: '#/components/schemas/B'}\n    B:\n      schemaFormat: application/vnd.apidesc+json;version=3.0.0\n      schema: {type: string}\n    C:\n      schemaFormat: application/vnd.apidesc;version=3.0.0\n      schema: {$ref: '#/components/schemas/B'}\n    D:\n      schemaFormat: application/vnd.apache.avro+yaml;version=1.9.0\n      schema: {$ref: '#/components/schemas/E'}\n    E:\n      schemaFormat: 'application/vnd.apache.avro; version=1.9.0'\n      schema: {type: record, name: E, fields: [{name: id, type: string}]}\n    F:\n      schemaFormat: application/schema+yaml;version=draft-07\n      schema: {$ref: '#/components/schemas/G'}\n    G:\n      schemaFormat: application/schema+json;version=draft-07\n      schema: {type: string}\n`,
      expect: [],
    },
    {
      name: 'another version is another format',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.oai.openapi+yaml;version=3.0.0\n      schema: {$ref: '#/components/schemas/B'}\n    B:\n      schemaFormat: application/vnd.apidesc+json;version=3.0.0\n      schema: {type: string}\n`,
      expect: ['schema-format-mismatch'],
    },
    {
      name: 'reference to another format',
      yaml: `${MINIMAL}components:\n  schemas:\n    A:\n      schemaFormat: application/vnd.apache.avro;version=1.9.0\n      schema: {$ref: '#/components/schemas/B'}\n    B:\n      schemaFormat: application/schema+json;version=draft-07\n      schema: {type: string}\n`,
      expect: ['schema-format-mismatch'],
    },
  ],
  example: [
    {
      name: 'examples that match',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, required: [id], properties: {id: {type: string}}}\n      examples: [{payload: {id: a}}]\n`,
      expect: [],
    },
    {
      name: 'payload that does not match (warning)',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, required: [id], properties: {id: {type: string}}}\n      examples: [{payload: {id: 1}}]\n`,
      expect: ['example-invalid'],
    },
    {
      name: 'headers from a trait are checked',
      yaml: `${MINIMAL}components:\n  messageTraits:\n    t:\n      headers: {type: object, properties: {v: {type: integer}}}\n  messages:\n    m:\n      traits: [{$ref: '#/components/messageTraits/t'}]\n      examples: [{headers: {v: x}}]\n`,
      expect: ['example-invalid'],
      strict: true,
    },
    {
      name: 'Avro payload',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload:\n        schemaFormat: application/vnd.apache.avro;version=1.9.0\n        schema: {type: record, name: A, fields: [{name: id, type: string}]}\n      examples: [{payload: {id: 7}}]\n`,
      expect: ['example-invalid'],
    },
    {
      name: 'recursive schema',
      yaml: `${MINIMAL}components:\n  schemas:\n    N: {type: object, properties: {next: {$ref: '#/components/schemas/N'}, v: {type: integer}}}\n  messages:\n    m:\n      payload: {$ref: '#/components/schemas/N'}\n      examples: [{payload: {v: 1, next: {v: 2, next: {v: x}}}}]\n`,
      expect: ['example-invalid'],
    },
    {
      name: 'a document with an `id` (a JSON Schema keyword elsewhere) and schemas with `$id` still has its examples checked',
      yaml: `${MINIMAL}id: 'urn:example:app'\ncomponents:\n  schemas:\n    Id: {$id: 'https://example.com/id', type: integer}\n  messages:\n    m:\n      payload: {type: object, properties: {id: {$ref: '#/components/schemas/Id'}}}\n      examples: [{payload: {id: x}}]\n`,
      expect: ['example-invalid'],
    },
    {
      name: 'a reference that does not resolve leaves the example unchecked (the reference is the error)',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, properties: {id: {$ref: '#/components/schemas/Nope'}}}\n      examples: [{payload: {id: x}}]\n`,
      expect: ['ref-unresolved'],
    },
    {
      name: 'a pattern that backtracks for an exponential time is given up after a time limit (hostile input)',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, properties: {code: {type: string, pattern: '^(a+)+$'}}}\n      examples: [{payload: {code: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!}}]\n`,
      expect: ['example-check-timeout'],
    },
    {
      name: 'a pattern with nested quantifiers that matches quickly is still checked, across a reference',
      yaml: `${MINIMAL}components:\n  schemas:\n    Slug: {type: string, pattern: '^(?:[a-z0-9]+(?:-[a-z0-9]+)*)$'}\n  messages:\n    m:\n      payload: {type: object, properties: {slug: {$ref: '#/components/schemas/Slug'}}}\n      examples: [{payload: {slug: good-slug}}, {payload: {slug: Not A Slug}}]\n`,
      expect: ['example-invalid'],
    },
    {
      name: 'an example with neither headers nor payload',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      examples: [{name: empty}]\n`,
      expect: ['spec-example-content'],
    },
  ],
  'schema-example': [
    { name: "a schema's examples that match", yaml: schemas('    A: {type: integer, examples: [1, 2]}\n'), expect: [] },
    {
      name: 'a component schema example of the wrong type (warning)',
      yaml: schemas('    A: {type: integer, examples: [1, x]}\n'),
      expect: ['schema-example-invalid'],
    },
    {
      name: "a nested property's example against the property, not the object",
      yaml: schemas('    A:\n      type: object\n      properties:\n        n: {type: integer, minimum: 1, examples: [0]}\n'),
      expect: ['schema-example-invalid'],
      strict: true,
    },
    {
      name: 'an inline payload schema example, across a reference',
      yaml: `${MINIMAL}components:\n  schemas:\n    Id: {type: string, pattern: '^o-'}\n  messages:\n    m:\n      payload:\n        type: object\n        properties: {id: {$ref: '#/components/schemas/Id'}}\n        examples: [{id: o-1}, {id: x-1}]\n`,
      expect: ['schema-example-invalid'],
    },
    {
      name: 'a component used by many messages is checked once',
      yaml: `${MINIMAL}components:\n  schemas:\n    A: {type: integer, examples: [x]}\n  messages:\n${['a', 'b', 'c'].map((m) => `    ${m}: {payload: {$ref: '#/components/schemas/A'}}\n`).join('')}`,
      expect: ['schema-example-invalid'],
    },
    {
      name: 'a pattern that backtracks for an exponential time is given up after a time limit, and said so',
      yaml: schemas("    Code: {type: string, pattern: '^(a+)+$', examples: [aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!]}\n"),
      expect: ['schema-example-check-timeout'],
    },
    {
      name: "an OpenAPI 3.0 schema's examples, read as OpenAPI reads nullable and a boolean exclusiveMinimum",
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload:\n        schemaFormat: application/vnd.oai.openapi;version=3.0.0\n        schema:\n          type: object\n          properties:\n            note: {type: string, nullable: true, example: null}\n            level: {type: integer, minimum: 0, exclusiveMinimum: true, example: 1}\n`,
      expect: [],
    },
    {
      name: "an OpenAPI 3.0 schema's nested example that its field does not accept (warning)",
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload:\n        schemaFormat: application/vnd.oai.openapi;version=3.0.0\n        schema:\n          type: object\n          properties:\n            level: {type: integer, minimum: 0, exclusiveMinimum: true, example: 0}\n`,
      expect: ['schema-example-invalid'],
    },
    {
      name: 'an Avro schema has no examples keyword of its own to check',
      yaml: `${MINIMAL}components:\n  messages:\n    m:\n      payload:\n        schemaFormat: application/vnd.apache.avro;version=1.9.0\n        schema: {type: record, name: A, fields: [{name: id, type: string}], examples: [{id: 7}]}\n`,
      expect: [],
    },
  ],
  'server-variables': [
    {
      name: 'variables defined and used',
      yaml: `${MINIMAL}servers:\n  s:\n    host: '{env}.example.com'\n    protocol: ws\n    variables:\n      env: {enum: [a, b], default: a}\n`,
      expect: [],
    },
    { name: 'undefined variable', yaml: `${MINIMAL}servers:\n  s:\n    host: '{env}.example.com'\n    protocol: ws\n`, expect: ['server-variable-undefined'] },
    {
      name: 'unused variable',
      yaml: `${MINIMAL}servers:\n  s:\n    host: example.com\n    protocol: ws\n    variables:\n      env: {default: a}\n`,
      expect: ['server-variable-unused'],
    },
    { name: 'default outside the enum', yaml: `${MINIMAL}components:\n  parameters:\n    p: {enum: [a, b], default: c}\n`, expect: ['parameter-default-enum'] },
    { name: 'examples among the enum', yaml: `${MINIMAL}components:\n  parameters:\n    p: {enum: [a, b], examples: [b]}\n`, expect: [] },
    {
      name: 'an example outside the enum (warning)',
      yaml: `${MINIMAL}components:\n  parameters:\n    p: {enum: [a, b], examples: [a, c]}\n`,
      expect: ['parameter-example-enum'],
    },
    {
      name: 'an example outside the enum, with --strict',
      yaml: `${MINIMAL}components:\n  parameters:\n    p: {enum: [a, b], examples: [c]}\n`,
      expect: ['parameter-example-enum'],
      strict: true,
    },
    { name: 'examples without an enum are not judged', yaml: `${MINIMAL}components:\n  parameters:\n    p: {examples: [anything]}\n`, expect: [] },
  ],
  security: [
    { name: 'fitting fields', yaml: scheme('      type: http\n      scheme: bearer\n      bearerFormat: JWT\n'), expect: [] },
    { name: 'a field of another type', yaml: scheme('      type: userPassword\n      scheme: basic\n'), expect: ['security-field-ignored'] },
    {
      name: 'unknown oauth2 scope',
      yaml: scheme(
        '      type: oauth2\n      scopes: [write]\n      flows:\n        clientCredentials: {tokenUrl: "https://a.example/t", availableScopes: {read: Read}}\n',
      ),
      expect: ['security-scope-unknown'],
    },
    { name: 'httpApiKey without name', yaml: scheme('      type: httpApiKey\n      in: header\n'), expect: ['spec-required'] },
    { name: 'apiKey in a header', yaml: scheme('      type: apiKey\n      in: header\n'), expect: ['spec-enum'] },
  ],
  'sns-operation': [
    {
      name: 'receive with consumers',
      yaml: sns(
        'receive',
        '        consumers:\n          - {protocol: sqs, endpoint: {arn: "arn:aws:sqs:eu-west-1:123456789012:q"}, rawMessageDelivery: true}\n',
      ),
      expect: [],
    },
    { name: 'receive without consumers', yaml: sns('receive', '        topic: {name: t}\n'), expect: ['sns-consumers-required'] },
    {
      name: 'consumers from a trait',
      yaml:
        sns('receive', '        topic: {name: t}\n').replace(
          '    bindings:\n      sns:\n        topic: {name: t}\n',
          "    traits: [{$ref: '#/components/operationTraits/t'}]\n",
        ) +
        "components:\n  operationTraits:\n    t:\n      bindings:\n        sns:\n          consumers: [{protocol: https, endpoint: {url: 'https://h.example'}, rawMessageDelivery: false}]\n",
      expect: [],
    },
    {
      name: 'deliveryPolicy on a receive operation',
      yaml: sns('receive', '        consumers: []\n        deliveryPolicy: {numRetries: 3}\n'),
      expect: ['sns-delivery-policy-side'],
    },
    {
      name: 'consumer without rawMessageDelivery',
      yaml: sns('send', '        consumers:\n          - {protocol: https, endpoint: {url: "https://h.example"}}\n'),
      expect: ['spec-required'],
    },
    {
      name: 'unknown consumer protocol',
      yaml: sns('send', '        consumers:\n          - {protocol: ftp, endpoint: {url: "ftp://h.example"}, rawMessageDelivery: false}\n'),
      expect: ['spec-enum'],
    },
  ],
  'sns-channel': [
    { name: 'the empty binding means defaults', yaml: ch('    bindings:\n      sns: {}\n'), expect: [] },
    { name: 'a binding without name', yaml: ch('    bindings:\n      sns: {bindingVersion: 0.2.0}\n'), expect: ['spec-required'] },
    {
      name: 'policy statement fields',
      yaml: ch(
        '    bindings:\n      sns:\n        name: t\n        policy:\n          statements:\n            - {effect: Permit, principal: "*", action: "sns:Publish"}\n',
      ),
      expect: ['spec-enum'],
    },
    {
      name: 'server binding must be empty',
      yaml: `${MINIMAL}servers:\n  s:\n    host: h\n    protocol: sns\n    bindings:\n      sns: {region: eu-west-1}\n`,
      expect: ['sns-binding-not-empty'],
    },
    { name: 'other protocol bindingVersion must be a string', yaml: ch('    bindings:\n      kafka: {bindingVersion: 0.5}\n'), expect: ['spec-type'] },
    { name: 'unknown protocol key', yaml: ch('    bindings:\n      carrier-pigeon: {}\n'), expect: ['spec-unknown-binding'] },
  ],
  'sns-lint': [
    {
      name: 'phases above numRetries',
      yaml: sns('send', '        deliveryPolicy: {numRetries: 3, numNoDelayRetries: 2, numMaxDelayRetries: 2}\n'),
      expect: ['sns-delivery-phases'],
    },
    {
      name: 'a delivery policy on an sqs subscription',
      yaml: sns(
        'send',
        '        consumers:\n          - protocol: sqs\n            endpoint: {arn: "arn:aws:sqs:eu-west-1:123456789012:q"}\n            rawMessageDelivery: true\n            deliveryPolicy: {numRetries: 3}\n',
      ),
      expect: ['sns-delivery-policy-protocol'],
    },
    {
      name: 'a delivery policy on an https subscription',
      yaml: sns(
        'send',
        '        consumers:\n          - protocol: https\n            endpoint: {url: "https://h.example"}\n            rawMessageDelivery: false\n            deliveryPolicy: {numRetries: 3}\n',
      ),
      expect: [],
    },
    {
      name: 'minDelayTarget above maxDelayTarget',
      yaml: sns('send', '        deliveryPolicy: {minDelayTarget: 60, maxDelayTarget: 10}\n'),
      expect: ['sns-delivery-delays'],
    },
    {
      name: 'dead-letter arn of another service',
      yaml: sns(
        'send',
        '        consumers:\n          - protocol: https\n            endpoint: {url: "https://h.example"}\n            rawMessageDelivery: false\n            redrivePolicy: {deadLetterQueue: {arn: "arn:aws:SQS:eu-west-1:0000000:x"}}\n',
      ),
      expect: ['sns-dlq-arn'],
    },
    {
      name: 'queue name defined in the sqs binding',
      yaml: sns(
        'send',
        '        consumers:\n          - {protocol: sqs, endpoint: {name: q1}, rawMessageDelivery: true}\n',
        '      sqs:\n        queues: [{name: q1}]\n',
      ),
      expect: [],
    },
    {
      name: 'queue name not defined',
      yaml: sns(
        'send',
        '        consumers:\n          - {protocol: sqs, endpoint: {name: q2}, rawMessageDelivery: true}\n',
        '      sqs:\n        queues: [{name: q1}]\n',
      ),
      expect: ['sns-queue-name'],
    },
    {
      name: 'endpoint kind that does not fit',
      yaml: sns('send', '        consumers:\n          - {protocol: email, endpoint: {url: "https://h.example"}, rawMessageDelivery: false}\n'),
      expect: ['sns-endpoint-kind'],
    },
    { name: 'FIFO topic name without .fifo', yaml: ch('    bindings:\n      sns: {name: orders, ordering: {type: FIFO}}\n'), expect: ['sns-fifo-name'] },
    {
      name: 'a Lambda subscription on a FIFO topic',
      yaml: onTopic('FIFO', 'lambda', '{arn: "arn:aws:lambda:eu-west-1:123456789012:function:f"}'),
      expect: ['sns-fifo-protocol'],
    },
    { name: 'an HTTPS subscription on a FIFO topic', yaml: onTopic('FIFO', 'https', '{url: "https://h.example"}'), expect: ['sns-fifo-protocol'] },
    { name: 'an SQS subscription on a FIFO topic', yaml: onTopic('FIFO', 'sqs', '{arn: "arn:aws:sqs:eu-west-1:123456789012:q.fifo"}'), expect: [] },
    {
      name: 'a Lambda subscription on a standard topic',
      yaml: onTopic('standard', 'lambda', '{arn: "arn:aws:lambda:eu-west-1:123456789012:function:f"}'),
      expect: [],
    },
  ],
  'sns-topic-name': [
    { name: 'names AWS takes', yaml: ch('    address: a.b\n    bindings:\n      sns: {name: Orders_v2-eu}\n'), expect: [] },
    { name: 'a FIFO name AWS takes', yaml: ch('    bindings:\n      sns: {name: orders.fifo, ordering: {type: FIFO}}\n'), expect: [] },
    { name: 'a dot in the channel binding’s name', yaml: ch('    bindings:\n      sns: {name: inventory.stock-check}\n'), expect: ['sns-topic-name'] },
    { name: 'a space and a slash', yaml: ch('    bindings:\n      sns: {name: "orders eu/west"}\n'), expect: ['sns-topic-name'] },
    { name: '257 characters', yaml: ch(`    bindings:\n      sns: {name: ${'a'.repeat(257)}}\n`), expect: ['sns-topic-name'] },
    { name: 'a ".fifo" ending on a standard topic', yaml: ch('    bindings:\n      sns: {name: orders.fifo}\n'), expect: ['sns-topic-name'] },
    {
      name: 'the address of a channel on sns servers, which the pages take for the name',
      yaml: `${MINIMAL}servers:\n  s: {host: sns.eu-west-1.amazonaws.com, protocol: sns}\nchannels:\n  c:\n    address: inventory.stock-check\n    servers: [{$ref: '#/servers/s'}]\n`,
      expect: ['sns-topic-name'],
    },
    {
      name: 'the address of a channel on other servers is no topic',
      yaml: `${MINIMAL}servers:\n  s: {host: k.example, protocol: kafka}\nchannels:\n  c:\n    address: inventory.stock-check\n    servers: [{$ref: '#/servers/s'}]\n`,
      expect: [],
    },
    {
      name: 'the address is not the name when the binding names the topic',
      yaml: ch('    address: inventory.stock-check\n    bindings:\n      sns: {name: inventory-stock-check}\n'),
      expect: [],
    },
    { name: 'the operation binding’s topic name', yaml: sns('send', '        topic: {name: "orders#1"}\n'), expect: ['sns-topic-name'] },
    {
      name: 'the name that ends the operation binding’s topic ARN',
      yaml: sns('send', '        topic: {arn: "arn:aws:sns:eu-west-1:123456789012:orders.v2"}\n'),
      expect: ['sns-topic-name'],
    },
    {
      name: 'the operation binding’s name of a FIFO topic without ".fifo"',
      yaml: op(
        "    action: send\n    channel: {$ref: '#/channels/c'}\n    bindings:\n      sns:\n        topic: {name: orders}\n",
        '  c:\n    address: orders.fifo\n    bindings:\n      sns: {name: orders.fifo, ordering: {type: FIFO}}\n',
      ),
      expect: ['sns-fifo-name'],
    },
  ],
  'sns-filter': [
    { name: 'a filter AWS accepts', yaml: filtered('{store: [north], price: [{numeric: [">", 0, "<=", 150]}]}'), expect: [] },
    { name: 'a bare value', yaml: filtered('{store: north}'), expect: ['sns-filter-bare-value'] },
    { name: 'an empty list', yaml: filtered('{store: []}'), expect: ['sns-filter-empty-list'] },
    { name: 'six keys', yaml: filtered('{a: [x], b: [x], c: [x], d: [x], e: [x], f: [x]}'), expect: ['sns-filter-keys'] },
    { name: '200 combinations', yaml: filtered(`{a: [${'x,'.repeat(9)}x], b: [${'y,'.repeat(9)}y], c: [p, q]}`), expect: ['sns-filter-combinations'] },
    { name: 'a range in the wrong order', yaml: filtered('{price: [{numeric: ["<", 5, ">", 1]}]}'), expect: ['sns-filter-numeric'] },
    { name: 'nesting in the attributes scope', yaml: filtered('{order: {total: [x]}}'), expect: ['sns-filter-nested-attributes'] },
    {
      name: 'nesting in the body scope',
      yaml: filtered('{order: {total: [{numeric: [">", 0]}]}}', 'MessageBody', 'order: {type: object, properties: {total: {type: number}}}'),
      expect: [],
    },
    { name: 'an unknown operator', yaml: filtered('{store: [{regex: x}]}'), expect: ['sns-filter-operator'] },
    {
      name: 'a body key the payload never has',
      yaml: filtered('{region: [eu]}', 'MessageBody', 'store: {type: string}'),
      expect: ['sns-filter-key-unknown'],
    },
    {
      name: 'a nested body key the payload never has',
      yaml: filtered('{order: {sum: [{numeric: [">", 0]}]}}', 'MessageBody', 'order: {type: object, properties: {total: {type: number}}}'),
      expect: ['sns-filter-key-unknown'],
    },
    { name: 'a body key the payload has', yaml: filtered('{store: [north]}', 'MessageBody', 'store: {type: string}'), expect: [] },
    {
      name: 'an attribute the declared headers never have',
      yaml: filtered('{region: [eu]}', 'MessageAttributes', 'store: {type: string}', 'store: {type: string}'),
      expect: ['sns-filter-key-unknown'],
    },
    { name: 'an attribute of a message that declares no headers', yaml: filtered('{region: [eu]}', 'MessageAttributes', 'store: {type: string}'), expect: [] },
    { name: 'a payload that names no properties', yaml: filtered('{region: [eu]}', 'MessageBody', ''), expect: [] },
    {
      name: 'a value the enum never has',
      yaml: filtered('{kind: [Refund]}', 'MessageBody', 'kind: {type: string, enum: [OrderPlaced, OrderCancelled]}'),
      expect: ['sns-filter-never-matches'],
    },
    {
      name: 'a value the enum has',
      yaml: filtered('{kind: [Refund, OrderPlaced]}', 'MessageBody', 'kind: {type: string, enum: [OrderPlaced, OrderCancelled]}'),
      expect: [],
    },
    {
      name: 'a prefix no enum value has',
      yaml: filtered('{kind: [{prefix: Ship}]}', 'MessageBody', 'kind: {type: string, enum: [OrderPlaced]}'),
      expect: ['sns-filter-never-matches'],
    },
    {
      name: 'numbers where the header is a constant string',
      yaml: filtered('{v: [{numeric: [">", 1]}]}', 'MessageAttributes', 'p: {type: string}', 'v: {const: "2"}'),
      expect: ['sns-filter-never-matches'],
    },
    {
      name: 'anything-but a value the enum never has still matches',
      yaml: filtered('{kind: [{anything-but: refund}]}', 'MessageBody', 'kind: {type: string, enum: [OrderPlaced]}'),
      expect: [],
    },
    { name: 'a property without enum is not judged', yaml: filtered('{kind: [Refund]}', 'MessageBody', 'kind: {type: string}'), expect: [] },
  ],
};

for (const [rule, rows] of Object.entries(table)) {
  describe(`rule ${rule}`, () => {
    for (const row of rows) {
      it(row.name, async () => {
        const diagnostics = await validateYaml(row.yaml, { strict: row.strict ?? false });
        assert.deepEqual(codes(diagnostics), row.expect, JSON.stringify(diagnostics, null, 1));
        for (const d of diagnostics) {
          const expected = row.strict && STRICT_CODES.has(d.code) ? 'error' : SEVERITY[d.code];
          assert.equal(d.severity, expected, `severity of ${d.code}`);
          assertLocated(d, row.yaml);
          // The service is "SNS" in a message's words; keys, values and rule ids keep their case.
          assert.deepEqual(lowercaseSns(`${d.message}\n${d.hint ?? ''}`), [], `${d.code}: ${d.message}`);
        }
      });
    }
  });
}

describe("rule discriminator: what an example's warning says", () => {
  it('names the value, where it is written, and the values that select a schema', async () => {
    const yaml = schemas(
      "    Vehicle:\n      type: object\n      discriminator: kind\n      required: [kind]\n      properties:\n        kind: {type: string}\n      oneOf: [{$ref: '#/components/schemas/Car'}, {$ref: '#/components/schemas/Bike'}]\n      examples: [{kind: string}]\n    Car:\n      allOf: [{$ref: '#/components/schemas/Vehicle'}]\n    Bike:\n      allOf: [{$ref: '#/components/schemas/Vehicle'}]\n",
    );
    const [d, ...rest] = await validateYaml(yaml);
    assert.equal(rest.length, 0);
    assert.equal(d!.code, 'discriminator-example');
    assert.equal(d!.pointer, '/components/schemas/Vehicle/examples/0/kind');
    assert.equal(d!.message, 'example 1: `kind` is "string", which selects none of the schemas: one of "Vehicle", "Car", "Bike"');
  });
});

describe('rule example: schemas with the same text', () => {
  // The same schema text in another file may name another schema with the same `$ref`: each
  // example is checked against what its own file's references lead to.
  it('are checked alike within a file, and each against its own file across files', async () => {
    const payload = "{type: object, properties: {id: {$ref: '#/components/schemas/Id'}}}";
    const main = `${MINIMAL}components:\n  schemas:\n    Id: {type: integer}\n  messages:\n    a:\n      payload: ${payload}\n      examples: [{payload: {id: x}}]\n    b:\n      payload: ${payload}\n      examples: [{payload: {id: y}}]\n    c:\n      $ref: 'other.yaml#/components/messages/c'\n`;
    const other = `components:\n  schemas:\n    Id: {type: string}\n  messages:\n    c:\n      payload: ${payload}\n      examples: [{payload: {id: z}}]\n`;
    const diagnostics = await validateFiles({ 'main.yaml': main, 'other.yaml': other });
    const invalid = diagnostics.filter((d) => d.code === 'example-invalid').map((d) => `${d.file}:${d.line}`);
    // "x" and "y" are not integers; "z" is a string, as other.yaml's own Id says.
    assert.deepEqual(invalid, ['main.yaml:11', 'main.yaml:14']);
  });
});

describe('rule example: what the warning says', () => {
  const message = async (payload: string, example: string): Promise<string> => {
    const diagnostics = await validateYaml(`${MINIMAL}components:\n  messages:\n    m:\n      payload: ${payload}\n      examples: [{payload: ${example}}]\n`);
    const found = diagnostics.filter((d) => d.code === 'example-invalid');
    assert.equal(found.length, 1, JSON.stringify(diagnostics, null, 1));
    return found[0]!.message;
  };

  it('names the value that is wrong and why, not the keywords around it', async () => {
    const text = await message(
      '{type: object, properties: {order: {type: object, properties: {amount: {type: number, minimum: 0}}}}}',
      '{order: {amount: -1}}',
    );
    assert.match(text, /example 1: the payload does not match the message's payload schema: `order\.amount` is -1, below the minimum of 0$/);
  });

  it('speaks for a failed oneOf as a whole, and lists each of several mistakes', async () => {
    const text = await message(
      '{type: object, required: [kind], properties: {kind: {oneOf: [{const: a}, {const: b}]}, size: {type: integer}}}',
      '{kind: c, size: big}',
    );
    assert.match(text, /`kind` matches none of the alternatives the schema allows \(oneOf\)/);
    assert.match(text, /`size` is a string, where the schema wants an integer/);
    assert.doesNotMatch(text, /does not match "?const|Property "kind"/);
  });
});

describe('rule example: patterns that take an exponential time (hostile input)', () => {
  it('gives up after three timeouts, so many such examples cannot hold validation for minutes', async () => {
    const hostile = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';
    const examples = Array.from({ length: 6 }, () => `{payload: {code: ${hostile}}}`).join(', ');
    const diagnostics = await validateYaml(
      `${MINIMAL}components:\n  messages:\n    m:\n      payload: {type: object, properties: {code: {type: string, pattern: '^(a+)+$'}}}\n      examples: [${examples}]\n`,
    );
    const found = diagnostics.filter((d) => d.code === 'example-check-timeout');
    assert.equal(found.length, 6);
    assert.equal(found.filter((d) => /took longer than 2 s/.test(d.message)).length, 3);
    assert.equal(found.filter((d) => /3 checks against such patterns have timed out already/.test(d.message)).length, 3);
  });
});

describe("the rules' descriptions (said in a diagnostic when a rule stops)", () => {
  it('say SNS for the service; the binding keeps its key', () => {
    assert.deepEqual(
      rules.flatMap((rule) => lowercaseSns(rule.description).map((words) => `${rule.id}: ${words}`)),
      [],
    );
  });
});
