/**
 * Broken and hostile documents that tests build (issue 33): references that loop or name nothing,
 * values of the wrong kind everywhere, malformed Avro, examples their schemas reject, binding
 * fields where protocol names belong, APIs of one title. Their own text never says "undefined",
 * "NaN", "null" or "[object Object]", so that a page that does is the tool's doing.
 */
import { MINIMAL } from './helpers.ts';

/** A loop of two and a dangling reference in every components map, and broken roots, payloads and files. */
export const BROKEN_REFERENCES = `apidesc: 3.0.0
info: {title: Broken references, version: 1.0.0}
servers:
  s1: {$ref: '#/components/servers/Nowhere'}
channels:
  c1:
    address: a
    messages:
      looping: {payload: {$ref: '#/components/schemas/A'}}
      missingFile: {payload: {$ref: './schemas/none.yaml#/X'}}
      missingInFile: {payload: {$ref: './schemas/user.yaml#/User'}}
      loopInFile: {payload: {$ref: './schemas/loop.yaml#/A'}}
      format: {payload: {schemaFormat: application/vnd.apache.avro;version=1.9.0, schema: {$ref: '#/components/schemas/Gone'}}}
  c2: {$ref: '#/channels/c3'}
  c3: {$ref: '#/channels/c2'}
operations:
  o1: {$ref: '#/components/operations/O9'}
components:
  schemas:
    A: {$ref: '#/components/schemas/B'}
    B: {$ref: '#/components/schemas/A'}
    C: {$ref: '#/components/schemas/X'}
    D: {$ref: '#/components/schemas/X'}
    E: {$ref: '#/components/schemas/C'}
${[
  'servers',
  'channels',
  'operations',
  'messages',
  'securitySchemes',
  'serverVariables',
  'parameters',
  'correlationIds',
  'replies',
  'replyAddresses',
  'externalDocs',
  'tags',
  'operationTraits',
  'messageTraits',
  'serverBindings',
  'channelBindings',
  'operationBindings',
  'messageBindings',
]
  .map(
    (map) =>
      `  ${map}:\n    L1: {$ref: '#/components/${map}/L2'}\n    L2: {$ref: '#/components/${map}/L1'}\n    Self: {$ref: '#/components/${map}/Self'}\n    M: {$ref: '#/components/${map}/Missing'}\n`,
  )
  .join('')}`;

export const BROKEN_FILES = {
  'api.yaml': BROKEN_REFERENCES,
  'schemas/user.yaml': 'UserSignedUp: {type: object}\n',
  'schemas/loop.yaml': "A: {$ref: '#/B'}\nB: {$ref: './loop.yaml#/A'}\n",
};

export const INVALID_EXAMPLES = `${MINIMAL}channels:
  orders:
    address: orders
    messages:
      placed: {$ref: '#/components/messages/Placed'}
      cancelled: {$ref: '#/components/messages/Cancelled'}
operations:
  placeOrder:
    action: send
    channel: {$ref: '#/channels/orders'}
    messages: [{$ref: '#/channels/orders/messages/placed'}, {$ref: '#/channels/orders/messages/cancelled'}]
components:
  messages:
    Placed:
      payload:
        type: object
        required: [id]
        properties:
          id: {type: string}
          total: {type: integer, minimum: 0}
      examples:
        - name: wrong total
          payload: {id: a1, total: -5}
        - name: right
          payload: {id: a2, total: 5}
    Cancelled:
      payload: {type: object, properties: {reason: {type: string, enum: [customer, stock]}}}
      traits: [{$ref: '#/components/messageTraits/WithExamples'}]
  messageTraits:
    WithExamples:
      examples:
        - payload: {reason: weather}
`;

/** Binding fields where the protocol keys belong, and servers whose `protocol` is not a name. */
export const BINDING_FIELDS = `apidesc: 3.0.0
info: {title: Misplaced bindings, version: 1.0.0}
servers:
  good: {host: broker.example.com, protocol: kafka-secure}
  object: {host: a.example.com, protocol: {name: kafka}}
  sentence: {host: b.example.com, protocol: 'kafka, then mqtt'}
channels:
  events:
    address: events
    bindings: {bindingVersion: '0.5.0', partitions: 3, topic: events, kafka: {topic: events}}
    messages:
      m: {payload: {type: string}}
operations:
  sendEvent:
    action: send
    channel: {$ref: '#/channels/events'}
    bindings: {bindingVersion: '0.5.0', topic: events, 'x-notes': {}}
`;

export const SAME_TITLE = (version: string): string => `apidesc: 3.0.0
info: {title: Orders, version: ${version}}
channels:
  orders: {address: orders}
`;

/** A value of the wrong kind in every field a page shows (a document with errors, built with --allow-invalid). */
export const WRONG_SHAPES = `apidesc: 3.0.0
info:
  title: Wrong shapes
  version: 1.0.0
  description: {a: 1}
  contact: {name: [1], url: {}, email: 5}
  license: {name: null}
  tags: [null, 5, {name: {x: 1}}]
defaultContentType: 5
servers:
  s1: {host: {a: 1}, protocol: null, pathname: [1], protocolVersion: 5, variables: {v: null}, security: [null, {}]}
  s2: {host: 5, protocol: {x: 1}, title: null, summary: [], bindings: {kafka: null, bindingVersion: '1', partitions: 3, topic: t}}
  s3: null
  s4: 5
channels:
  c1:
    address: {a: 1}
    title: 5
    servers: [null, 5, {$ref: 5}]
    parameters: {p: null, q: 5, r: {enum: {}, default: {}, examples: null, location: 5}}
    messages:
      m1: null
      m2: 5
      m3:
        payload: 5
        headers: null
        contentType: {}
        correlationId: {location: {}}
        examples: [null, 5, {payload: null, headers: 7, name: {}}]
        bindings: {bindingVersion: '0.1.0', partitions: 3, topic: x}
      m4:
        payload: {type: [object, null], properties: {a: null, b: 5, c: {type: {}}, d: {enum: null, default: {}}}, required: {}}
    bindings: {bindingVersion: '0.1.0', partitions: 3, topic: x, kafka: {topic: {}}}
  c2: 5
  c3: null
  c4: {address: null, messages: []}
operations:
  o1: {action: 5, channel: {$ref: '#/channels/c1'}, messages: [null, 5], bindings: {bindingVersion: '1', topic: t}, reply: {address: {location: {}}, channel: 5}, traits: [null, 5], security: [5]}
  o2: {action: send, channel: null}
  o3: null
  o4: {action: receive, channel: 5, title: {}, summary: 5, description: []}
components:
  schemas:
    S1: null
    S2: 5
    S3: {type: object, properties: null}
  securitySchemes:
    K1: null
    K2: {type: 5, flows: null, scopes: 7, in: {}}
    K3: {type: oauth2, flows: {implicit: null, password: {tokenUrl: 5, availableScopes: null}}}
  parameters:
    P1: null
    P2: {enum: [null, {}], default: null}
  correlationIds:
    C1: {location: null}
  messageTraits:
    T1: null
  operationTraits:
    O1: {bindings: null}
  replies:
    R1: {address: null, channel: null, messages: 5}
  replyAddresses:
    A1: {location: null}
  tags:
    G1: {name: null}
  externalDocs:
    E1: {url: null}
  serverVariables:
    V1: {enum: null, default: {}}
  serverBindings:
    B1: null
  channelBindings:
    CB1: {bindingVersion: '1', topic: t}
  messages:
    MM: {payload: {schemaFormat: 5, schema: null}}
    MN: {payload: {schemaFormat: application/vnd.apache.avro;version=1.9.0, schema: null}}
    MP: {payload: {schemaFormat: application/vnd.google.protobuf;version=3, schema: 5}}
  operations:
    OO: null
`;

/** Avro schemas in files of their own, each malformed in a way avsc once crashed on or worded badly. */
export const MALFORMED_AVRO: Record<string, string> = {
  'api.yaml': `apidesc: 3.0.0
info: {title: Malformed Avro, version: 1.0.0}
channels:
  users:
    address: users
    messages:
${['no-type', 'no-fields', 'unknown-type', 'union-of-union', 'wrong-default', 'missing-name']
  .map(
    (n) =>
      `      ${n}:\n        payload:\n          schemaFormat: application/vnd.apache.avro;version=1.9.0\n          schema: {$ref: './schemas/${n}.avsc'}\n`,
  )
  .join('')}      pointer:
        payload:
          schemaFormat: application/vnd.apache.avro;version=1.9.0
          schema: {$ref: './schemas/user-signedup.avsc#/User'}
`,
  'schemas/no-type.avsc': '{"type": "record", "name": "User", "fields": [{"name": "id"}]}',
  'schemas/no-fields.avsc': '{"type": "record", "name": "User"}',
  'schemas/unknown-type.avsc': '{"type": "record", "name": "User", "fields": [{"name": "id", "type": "Strng"}]}',
  'schemas/union-of-union.avsc': '{"type": "record", "name": "User", "fields": [{"name": "id", "type": ["null", ["int", "string"]]}]}',
  'schemas/wrong-default.avsc': '{"type": "record", "name": "User", "fields": [{"name": "nick", "type": ["null", "string"], "default": "x"}]}',
  'schemas/missing-name.avsc': '{"type": "enum", "symbols": ["A"]}',
  'schemas/user-signedup.avsc': '{"type": "record", "name": "UserSignedUp", "fields": [{"name": "id", "type": "string"}]}',
};
