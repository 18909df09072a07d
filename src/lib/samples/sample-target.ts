/**
 * What a code sample sends or receives, resolved from the document once and shared by every
 * protocol's generator (one module each in this folder): the server's host and port with its
 * variables filled in, the channel's address with its parameters, the bindings that change the
 * client call, the credentials (names of environment variables, never values), the message's
 * headers and its payload as the exact text sent.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';

/** What the reader's code does: the application's `receive` operation is the reader's publish. */
export type SampleRole = 'publish' | 'subscribe';

/** The protocols samples are written for (sns keeps its own commands, src/lib/sns/snippets.ts). */
export type SampleProtocol = 'kafka' | 'mqtt' | 'amqp' | 'amqp1' | 'nats' | 'ws' | 'http' | 'sqs';

/** Credentials a sample reads from the environment: the names of the variables only. */
export type Credentials =
  | { kind: 'user-password'; user: string; password: string; mechanism?: string }
  | { kind: 'api-key'; variable: string; in: 'header' | 'query'; name: string }
  | { kind: 'bearer'; variable: string }
  /** Mutual TLS: the variables hold the paths of the CA's certificate, the client's certificate and its private key (PEM files). */
  | { kind: 'client-certificate'; ca: string; cert: string; key: string };

export interface SampleTarget {
  protocol: SampleProtocol;
  /** mqtt5, kafka-secure, wss…: as the server writes it. */
  serverProtocol: string;
  /** TLS: kafka-secure, mqtts, amqps, wss, https, secure-mqtt. */
  secure: boolean;
  host: string;
  port?: number;
  /** The server's pathname (HTTP and WebSocket), '' when none. */
  pathname: string;
  /** The channel's address with parameters filled in. */
  address: string;
  /** The `<name>` placeholders written for variables and parameters the document gives no value for. */
  placeholders: string[];
  role: SampleRole;
  headers: [string, string][];
  /** The payload exactly as sent: JSON text, or the text itself. */
  payload: string;
  contentType: string;
  credentials?: Credentials;
  kafka: { key?: string; groupId?: string; clientId?: string; partitions?: number };
  mqtt: { qos: 0 | 1 | 2; retain: boolean; version: 4 | 5 };
  amqp: { exchange?: { name: string; type: string; durable: boolean }; queue?: { name: string; durable: boolean; exclusive: boolean }; routingKey: string };
  nats: { queue?: string };
  http: { method: string; query: [string, string][] };
  /** awaitReply: the reply comes back on the same connection, so the sample that sends reads it there. */
  ws: { query: [string, string][]; headers: [string, string][]; awaitReply?: boolean };
}

export interface Variable {
  default?: unknown;
  enum?: unknown;
  examples?: unknown;
}

export interface SecurityScheme {
  type?: unknown;
  name?: unknown;
  in?: unknown;
  scheme?: unknown;
}

export interface TargetInput {
  role: SampleRole;
  server: { host: string; protocol: string; pathname?: unknown; variables: Record<string, Variable>; security: SecurityScheme[] };
  address: string;
  parameters: Record<string, Variable>;
  /** Bindings by protocol name, operation's over channel's over message's (each as written). */
  bindings: { operation: Record<string, unknown>; channel: Record<string, unknown>; message: Record<string, unknown> };
  example: { headers?: unknown; payload?: unknown };
  contentType?: string;
  security: SecurityScheme[];
}

const PROTOCOLS: Record<string, { protocol: SampleProtocol; secure: boolean; port?: number }> = {
  kafka: { protocol: 'kafka', secure: false, port: 9092 },
  'kafka-secure': { protocol: 'kafka', secure: true, port: 9093 },
  mqtt: { protocol: 'mqtt', secure: false, port: 1883 },
  mqtt5: { protocol: 'mqtt', secure: false, port: 1883 },
  mqtts: { protocol: 'mqtt', secure: true, port: 8883 },
  'secure-mqtt': { protocol: 'mqtt', secure: true, port: 8883 },
  'secure-mqtt5': { protocol: 'mqtt', secure: true, port: 8883 },
  amqp: { protocol: 'amqp', secure: false, port: 5672 },
  amqps: { protocol: 'amqp', secure: true, port: 5671 },
  amqp1: { protocol: 'amqp1', secure: false, port: 5672 },
  nats: { protocol: 'nats', secure: false, port: 4222 },
  ws: { protocol: 'ws', secure: false },
  wss: { protocol: 'ws', secure: true },
  http: { protocol: 'http', secure: false },
  https: { protocol: 'http', secure: true },
  sqs: { protocol: 'sqs', secure: true },
};

/** The sample protocol of a server's protocol, or undefined when no sample is written for it. */
export function sampleProtocol(serverProtocol: string): SampleProtocol | undefined {
  return Object.hasOwn(PROTOCOLS, serverProtocol.toLowerCase()) ? PROTOCOLS[serverProtocol.toLowerCase()]!.protocol : undefined;
}

/** The placeholder a reader replaces: `<streetlightId>`, visibly not a value to send as it is. */
export const placeholder = (name: string): string => `<${name}>`;

/**
 * A variable's or parameter's value for a sample: its first example, its default, its first
 * allowed value, else a placeholder `<name>` (the name alone would read as the real value).
 */
export function variableValue(name: string, v: Variable | undefined): string {
  const first = (list: unknown): unknown => (Array.isArray(list) && list.length > 0 ? list[0] : undefined);
  const value = first(v?.examples) ?? v?.default ?? first(v?.enum);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : placeholder(name);
}

/** `{name}` replaced with each variable's value; the placeholders written are added to `missing`. */
export function fillTemplate(template: string, values: Record<string, Variable>, missing: string[] = []): string {
  return template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = variableValue(name, Object.hasOwn(values, name) ? values[name] : undefined);
    if (value === placeholder(name) && !missing.includes(value)) missing.push(value);
    return value;
  });
}

/** Compact JSON longer than this does not fit the reference panel's width (about 40 characters of code): it is indented instead. */
const PAYLOAD_LINE = 40;

/**
 * The payload as sent: a string as it is when the content is not JSON, else JSON text, compact
 * when short and else indented over several lines (the same value; the samples write it line by
 * line, code-text.ts, so that it is read, not scrolled sideways).
 */
export function payloadText(payload: unknown, contentType: string): string {
  if (typeof payload === 'string' && !/json/i.test(contentType)) return payload;
  const line = JSON.stringify(payload ?? null);
  return line.length <= PAYLOAD_LINE ? line : JSON.stringify(payload, null, 2);
}

function headerText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function binding(input: TargetInput, protocol: string): Record<string, unknown> {
  const pick = (b: Record<string, unknown>): Record<string, unknown> => (isPlainObject(b[protocol]) ? b[protocol] : {});
  return { ...pick(input.bindings.message), ...pick(input.bindings.channel), ...pick(input.bindings.operation) };
}

/** Schemes whose client proves who it is with a certificate over TLS: the spec's X509, and OpenAPI's name for the same (mutualTLS). */
const CLIENT_CERTIFICATE_TYPES = new Set(['x509', 'mutualtls']);

/** The default port of a protocol's TLS form, for a server that asks for a client certificate on a protocol written without TLS. */
const TLS_PORTS: Partial<Record<SampleProtocol, number>> = { kafka: 9093, mqtt: 8883, amqp: 5671 };

/** An environment variable's name for the protocol: KAFKA_USERNAME, MQTT_PASSWORD… */
function credentials(protocol: SampleProtocol, schemes: SecurityScheme[]): Credentials | undefined {
  const prefix = protocol === 'amqp1' ? 'AMQP' : protocol.toUpperCase();
  for (const s of schemes) {
    const type = typeof s.type === 'string' ? s.type : '';
    // SQS signs its requests with AWS's keys (the SDK's own chain): a certificate is never the client's proof there.
    if (CLIENT_CERTIFICATE_TYPES.has(type.toLowerCase()) && protocol !== 'sqs')
      return { kind: 'client-certificate', ca: `${prefix}_CA_FILE`, cert: `${prefix}_CERT_FILE`, key: `${prefix}_KEY_FILE` };
    if (['userPassword', 'plain', 'scramSha256', 'scramSha512', 'gssapi'].includes(type))
      return { kind: 'user-password', user: `${prefix}_USERNAME`, password: `${prefix}_PASSWORD`, mechanism: type };
    if ((type === 'httpApiKey' || type === 'apiKey') && typeof s.name === 'string' && (s.in === 'header' || s.in === 'query'))
      return { kind: 'api-key', variable: `${prefix}_API_KEY`, in: s.in, name: s.name };
    if (type === 'apiKey' && (s.in === 'user' || s.in === 'password'))
      return { kind: 'user-password', user: `${prefix}_USERNAME`, password: `${prefix}_PASSWORD` };
    if (type === 'http' && s.scheme === 'bearer') return { kind: 'bearer', variable: `${prefix}_TOKEN` };
    if (type === 'http' && s.scheme === 'basic') return { kind: 'user-password', user: `${prefix}_USERNAME`, password: `${prefix}_PASSWORD` };
    if (type === 'oauth2' || type === 'openIdConnect') return { kind: 'bearer', variable: `${prefix}_TOKEN` };
  }
  return undefined;
}

const stringOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const namedValues = (v: unknown): [string, string][] =>
  isPlainObject(v) && isPlainObject(v.properties)
    ? Object.entries(v.properties).flatMap(([name, schema]) => {
        const s = isPlainObject(schema) ? schema : {};
        const example = Array.isArray(s.examples) ? s.examples[0] : (s.default ?? (Array.isArray(s.enum) ? s.enum[0] : s.const));
        return example === undefined ? [] : [[name, headerText(example)] as [string, string]];
      })
    : [];

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE']);

/** The binding's method when it is one HTTP knows (it is written into code), else POST. */
function httpMethod(method: unknown): string {
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  return HTTP_METHODS.has(upper) ? upper : 'POST';
}

/** The target of a sample, or undefined when the server's protocol has no sample generator. */
/** Where a sample connects and how it signs in: the part of a target a server's own page shows. */
export interface ServerConnection {
  protocol: SampleProtocol;
  secure: boolean;
  host: string;
  port?: number;
  /** The `<name>` placeholders written for variables the document gives no value for. */
  placeholders: string[];
  credentials?: Credentials;
}

/**
 * The connection every sample of a server opens (its host with variables filled in, the port the
 * protocol defaults to, TLS, the credentials' variables), or undefined when no sample is written
 * for its protocol. `missing` gathers the placeholders written.
 */
export function serverConnection(server: TargetInput['server'], security: SecurityScheme[], missing: string[] = []): ServerConnection | undefined {
  const known = Object.hasOwn(PROTOCOLS, server.protocol.toLowerCase()) ? PROTOCOLS[server.protocol.toLowerCase()]! : undefined;
  if (!known) return undefined;
  const hostPort = fillTemplate(server.host, server.variables, missing);
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostPort);
  const host = match ? match[1]! : hostPort;
  const creds = credentials(known.protocol, [...security, ...server.security]);
  // A client certificate is only ever shown over TLS: a server that asks for one speaks TLS, whatever its protocol's name says.
  const secure = known.secure || creds?.kind === 'client-certificate';
  const port = match?.[2] !== undefined ? Number(match[2]) : secure && !known.secure ? (TLS_PORTS[known.protocol] ?? known.port) : known.port;
  return {
    protocol: known.protocol,
    secure,
    host,
    ...(port !== undefined ? { port } : {}),
    placeholders: missing,
    ...(creds ? { credentials: creds } : {}),
  };
}

export function sampleTarget(input: TargetInput): SampleTarget | undefined {
  const missing: string[] = [];
  const connection = serverConnection(input.server, input.security, missing);
  if (!connection) return undefined;
  const known = { protocol: connection.protocol };
  const { host, port, secure } = connection;
  const contentType = input.contentType ?? 'application/json';
  const headers = isPlainObject(input.example.headers) ? Object.entries(input.example.headers).map(([n, v]): [string, string] => [n, headerText(v)]) : [];
  const kafka = binding(input, 'kafka');
  const mqtt = binding(input, 'mqtt');
  const amqp = binding(input, 'amqp');
  const nats = binding(input, 'nats');
  const http = binding(input, 'http');
  const ws = binding(input, 'ws');
  const address = fillTemplate(input.address, input.parameters, missing);
  const exchange = isPlainObject(amqp.exchange) ? amqp.exchange : undefined;
  const queue = isPlainObject(amqp.queue) ? amqp.queue : undefined;
  const is = amqp.is === 'queue' ? 'queue' : 'routingKey';
  const routingKey = Array.isArray(amqp.cc) && typeof amqp.cc[0] === 'string' ? amqp.cc[0] : address;
  const qos = mqtt.qos === 1 || mqtt.qos === 2 ? mqtt.qos : 0;
  const pathname = stringOf(input.server.pathname) ? fillTemplate(stringOf(input.server.pathname)!, input.server.variables, missing) : '';
  const creds = connection.credentials;
  return {
    protocol: known.protocol,
    serverProtocol: input.server.protocol,
    secure,
    host,
    ...(port !== undefined ? { port } : {}),
    pathname: pathname === '/' ? '' : pathname.replace(/\/$/, ''),
    address,
    placeholders: missing,
    role: input.role,
    headers,
    payload: payloadText(input.example.payload, contentType),
    contentType,
    ...(creds ? { credentials: creds } : {}),
    kafka: {
      ...(isPlainObject(kafka.key) ? { key: namedValues({ properties: { key: kafka.key } })[0]?.[1] } : {}),
      ...(isPlainObject(kafka.groupId) ? { groupId: namedValues({ properties: { g: kafka.groupId } })[0]?.[1] } : {}),
      ...(isPlainObject(kafka.clientId) ? { clientId: namedValues({ properties: { c: kafka.clientId } })[0]?.[1] } : {}),
      ...(typeof kafka.partitions === 'number' ? { partitions: kafka.partitions } : {}),
    },
    mqtt: { qos, retain: mqtt.retain === true, version: /5$/.test(input.server.protocol) ? 5 : 4 },
    amqp: {
      ...(is === 'routingKey' && exchange && typeof exchange.name === 'string' && exchange.name !== ''
        ? { exchange: { name: exchange.name, type: stringOf(exchange.type) ?? 'topic', durable: exchange.durable !== false } }
        : {}),
      ...(is === 'queue' || (queue && typeof queue.name === 'string')
        ? { queue: { name: stringOf(queue?.name) ?? address, durable: queue?.durable !== false, exclusive: queue?.exclusive === true } }
        : {}),
      routingKey,
    },
    nats: typeof nats.queue === 'string' ? { queue: nats.queue } : {},
    http: { method: httpMethod(http.method), query: namedValues(http.query) },
    ws: { query: namedValues(ws.query), headers: namedValues(ws.headers) },
  };
}
