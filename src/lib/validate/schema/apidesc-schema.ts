/**
 * JSON Schema (draft-07, run with ajv) of the apidesc 3.0.0 format, written from SPEC.md
 * "Resources and their fields" and "Authentication". Each definition's `title` is the name used
 * in messages ("unknown field `url` in Server Object"). Rules JSON Schema cannot express live in
 * ../rules/ (one file per rule).
 */
import { bindingsDefinitions } from './bindings-schema.ts';
import { COMPONENT_KEY, SERVER_KEY, def, map, object, ref, refOr, str, strList, type JsonSchema } from './helpers.ts';
import { schemaObjectDefinitions } from './schema-object-schema.ts';

const tags: JsonSchema = { type: 'array', items: refOr('Tag') };
const externalDocs = refOr('ExternalDocs');

const definitions: Record<string, JsonSchema> = {
  Reference: {
    title: 'Reference Object',
    type: 'object',
    required: ['$ref'],
    properties: { $ref: str },
  },
  Info: object(
    'Info Object',
    {
      title: str,
      version: str,
      description: str,
      termsOfService: str,
      contact: def('Contact'),
      license: def('License'),
      tags,
      externalDocs,
    },
    ['title', 'version'],
  ),
  Contact: object('Contact Object', { name: str, url: str, email: str }),
  License: object('License Object', { name: str, url: str }, ['name']),
  Tag: object('Tag Object', { name: str, description: str, externalDocs }, ['name']),
  ExternalDocs: object('External Documentation Object', { description: str, url: str }, ['url']),

  Server: object(
    'Server Object',
    {
      host: str,
      protocol: str,
      protocolVersion: str,
      pathname: str,
      description: str,
      title: str,
      summary: str,
      variables: map('Server Variables', refOr('ServerVariable')),
      security: { type: 'array', items: refOr('SecurityScheme') },
      tags,
      externalDocs,
      bindings: refOr('ServerBindings'),
    },
    ['host', 'protocol'],
  ),
  ServerVariable: object('Server Variable Object', { enum: strList, default: str, description: str, examples: strList }),

  Channel: object('Channel Object', {
    address: { type: ['string', 'null'] },
    messages: map('Messages Object', refOr('Message')),
    title: str,
    summary: str,
    description: str,
    servers: { type: 'array', items: ref('Server') },
    parameters: map('Parameters Object', refOr('Parameter'), SERVER_KEY),
    tags,
    externalDocs,
    bindings: refOr('ChannelBindings'),
  }),
  Parameter: object('Parameter Object', { enum: strList, default: str, description: str, examples: strList, location: str }),

  // An Operation Trait holds any Operation field except action, channel, messages and traits (SPEC).
  Operation: object(
    'Operation Object',
    {
      ...operationTraitFields(),
      action: { enum: ['send', 'receive'] },
      channel: ref('Channel'),
      traits: { type: 'array', items: refOr('OperationTrait') },
      messages: { type: 'array', items: ref('Message') },
      reply: refOr('OperationReply'),
    },
    ['action', 'channel'],
  ),
  OperationTrait: object('Operation Trait Object', operationTraitFields()),
  OperationReply: object('Operation Reply Object', {
    address: refOr('OperationReplyAddress'),
    channel: ref('Channel'),
    messages: { type: 'array', items: ref('Message') },
  }),
  OperationReplyAddress: object('Operation Reply Address Object', { description: str, location: str }, ['location']),

  // A Message Trait holds any Message field except `payload` and `traits` (SPEC, Message Trait Object).
  Message: object('Message Object', { ...messageTraitFields(), payload: refOr('AnySchema'), traits: { type: 'array', items: refOr('MessageTrait') } }),
  MessageTrait: object('Message Trait Object', messageTraitFields()),
  MessageExample: object(
    'Message Example Object',
    {
      headers: { type: 'object' },
      payload: true,
      name: str,
      summary: str,
    },
    [],
    { anyOf: [{ required: ['headers'] }, { required: ['payload'] }] },
  ),
  CorrelationId: object('Correlation ID Object', { description: str, location: str }, ['location']),

  SecurityScheme: object(
    'Security Scheme Object',
    {
      type: {
        enum: [
          'userPassword',
          'apiKey',
          'X509',
          'symmetricEncryption',
          'asymmetricEncryption',
          'httpApiKey',
          'http',
          'oauth2',
          'openIdConnect',
          'plain',
          'scramSha256',
          'scramSha512',
          'gssapi',
        ],
      },
      description: str,
      name: str,
      in: str,
      scheme: str,
      bearerFormat: str,
      flows: def('OAuthFlows'),
      openIdConnectUrl: str,
      scopes: strList,
    },
    ['type'],
    {
      allOf: [
        {
          if: { properties: { type: { const: 'apiKey' } }, required: ['type'] },
          then: { title: 'Security Scheme Object (apiKey)', required: ['in'], properties: { in: { enum: ['user', 'password'] } } },
        },
        {
          if: { properties: { type: { const: 'httpApiKey' } }, required: ['type'] },
          then: { title: 'Security Scheme Object (httpApiKey)', required: ['name', 'in'], properties: { in: { enum: ['query', 'header', 'cookie'] } } },
        },
        { if: { properties: { type: { const: 'http' } }, required: ['type'] }, then: { title: 'Security Scheme Object (http)', required: ['scheme'] } },
        { if: { properties: { type: { const: 'oauth2' } }, required: ['type'] }, then: { title: 'Security Scheme Object (oauth2)', required: ['flows'] } },
        {
          if: { properties: { type: { const: 'openIdConnect' } }, required: ['type'] },
          then: { title: 'Security Scheme Object (openIdConnect)', required: ['openIdConnectUrl'] },
        },
      ],
    },
  ),
  OAuthFlows: object('OAuth Flows Object', {
    implicit: object('OAuth Flow Object (implicit)', flowFields(), ['authorizationUrl', 'availableScopes']),
    password: object('OAuth Flow Object (password)', flowFields(), ['tokenUrl', 'availableScopes']),
    clientCredentials: object('OAuth Flow Object (clientCredentials)', flowFields(), ['tokenUrl', 'availableScopes']),
    authorizationCode: object('OAuth Flow Object (authorizationCode)', flowFields(), ['authorizationUrl', 'tokenUrl', 'availableScopes']),
  }),

  Components: object('Components Object', {
    schemas: map('components.schemas', refOr('AnySchema'), COMPONENT_KEY),
    servers: map('components.servers', refOr('Server'), COMPONENT_KEY),
    channels: map('components.channels', refOr('Channel'), COMPONENT_KEY),
    operations: map('components.operations', refOr('Operation'), COMPONENT_KEY),
    messages: map('components.messages', refOr('Message'), COMPONENT_KEY),
    securitySchemes: map('components.securitySchemes', refOr('SecurityScheme'), COMPONENT_KEY),
    serverVariables: map('components.serverVariables', refOr('ServerVariable'), COMPONENT_KEY),
    parameters: map('components.parameters', refOr('Parameter'), COMPONENT_KEY),
    correlationIds: map('components.correlationIds', refOr('CorrelationId'), COMPONENT_KEY),
    replies: map('components.replies', refOr('OperationReply'), COMPONENT_KEY),
    replyAddresses: map('components.replyAddresses', refOr('OperationReplyAddress'), COMPONENT_KEY),
    externalDocs: map('components.externalDocs', refOr('ExternalDocs'), COMPONENT_KEY),
    tags: map('components.tags', refOr('Tag'), COMPONENT_KEY),
    operationTraits: map('components.operationTraits', refOr('OperationTrait'), COMPONENT_KEY),
    messageTraits: map('components.messageTraits', refOr('MessageTrait'), COMPONENT_KEY),
    serverBindings: map('components.serverBindings', refOr('ServerBindings'), COMPONENT_KEY),
    channelBindings: map('components.channelBindings', refOr('ChannelBindings'), COMPONENT_KEY),
    operationBindings: map('components.operationBindings', refOr('OperationBindings'), COMPONENT_KEY),
    messageBindings: map('components.messageBindings', refOr('MessageBindings'), COMPONENT_KEY),
  }),

  ...schemaObjectDefinitions,
  ...bindingsDefinitions,
};

function operationTraitFields(): Record<string, JsonSchema> {
  return {
    title: str,
    summary: str,
    description: str,
    security: { type: 'array', items: refOr('SecurityScheme') },
    tags,
    externalDocs,
    bindings: refOr('OperationBindings'),
  };
}

function messageTraitFields(): Record<string, JsonSchema> {
  return {
    headers: refOr('AnySchema'),
    correlationId: refOr('CorrelationId'),
    contentType: str,
    name: str,
    title: str,
    summary: str,
    description: str,
    tags,
    externalDocs,
    bindings: refOr('MessageBindings'),
    examples: { type: 'array', items: def('MessageExample') },
  };
}

function flowFields(): Record<string, JsonSchema> {
  return { authorizationUrl: str, tokenUrl: str, refreshUrl: str, availableScopes: { type: 'object', additionalProperties: str } };
}

export const apidescSchema = {
  $id: 'https://apidesc-docs.invalid/schema/apidesc-3.0.json',
  title: 'apidesc document',
  ...(object(
    'Root object',
    {
      apidesc: str,
      id: str,
      info: def('Info'),
      servers: map('Servers Object', refOr('Server'), SERVER_KEY),
      defaultContentType: str,
      channels: map('Channels Object', refOr('Channel')),
      operations: map('Operations Object', refOr('Operation')),
      components: def('Components'),
    },
    ['apidesc', 'info'],
  ) as Record<string, unknown>),
  definitions,
};

/** Definitions a Reference Object may point at (the values of `apidescRef`). */
export type DefinitionName = keyof typeof definitions & string;
export const definitionNames = Object.keys(definitions);
