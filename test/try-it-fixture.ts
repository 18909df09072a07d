/**
 * A document for "try it" (issue 40): a WebSocket server that echoes (request and reply on one
 * connection), an HTTP server, an MQTT broker (TCP in the document; its WebSocket listener is
 * the configuration's `url`), and a Kafka server no browser can reach. The ports are the
 * servers' variables, so that a test can point them at what it starts. The message's example
 * carries a header whose value stands for a secret: no form or script may carry it.
 */
export const EXAMPLE_SECRET = 'example-secret-token-4711';

/** The payload every form is prefilled with: quotes, a backslash and non-ASCII text. */
export const EXAMPLE_PAYLOAD = { id: "lamp-'7'", level: 3, note: 'a "quoted" \\ line, été ✓' };

export interface TryItPorts {
  ws: number;
  http: number;
}

export function tryItDocument(ports: TryItPorts): string {
  const message = {
    headers: { type: 'object', properties: { authorization: { type: 'string' } } },
    payload: {
      type: 'object',
      required: ['id', 'level'],
      properties: { id: { type: 'string' }, level: { type: 'integer' }, note: { type: 'string' } },
    },
    examples: [{ name: 'lamp', headers: { authorization: `Bearer ${EXAMPLE_SECRET}` }, payload: EXAMPLE_PAYLOAD }],
  };
  const ref = (path: string) => ({ $ref: path });
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Try it', version: '1.0.0' },
    defaultContentType: 'application/json',
    servers: {
      echo: { host: '127.0.0.1:{port}', protocol: 'ws', variables: { port: { default: String(ports.ws) } } },
      api: { host: '127.0.0.1:{port}', protocol: 'http', pathname: '/v1', variables: { port: { default: String(ports.http) } } },
      broker: { host: '127.0.0.1:1883', protocol: 'mqtt', security: [ref('#/components/securitySchemes/login')] },
      events: { host: '127.0.0.1:9092', protocol: 'kafka' },
    },
    channels: {
      echo: { address: '/echo', servers: [ref('#/servers/echo')], messages: { lamp: ref('#/components/messages/lamp') } },
      orders: { address: '/orders', servers: [ref('#/servers/api')], messages: { lamp: ref('#/components/messages/lamp') } },
      lightOn: {
        address: 'lights/{lightId}/on',
        servers: [ref('#/servers/broker')],
        parameters: { lightId: { examples: ['7'] } },
        messages: { lamp: ref('#/components/messages/lamp') },
      },
      lightState: {
        address: 'lights/{lightId}/state',
        servers: [ref('#/servers/broker')],
        parameters: { lightId: { examples: ['7'] } },
        messages: { lamp: ref('#/components/messages/lamp') },
      },
      alerts: { address: 'alerts', servers: [ref('#/servers/broker')], messages: { lamp: ref('#/components/messages/lamp') } },
      events: { address: 'events', servers: [ref('#/servers/events')], messages: { lamp: ref('#/components/messages/lamp') } },
    },
    operations: {
      sendEcho: { action: 'receive', channel: ref('#/channels/echo'), reply: { channel: ref('#/channels/echo') } },
      postOrder: { action: 'receive', channel: ref('#/channels/orders'), bindings: { http: { method: 'POST' } } },
      turnOn: { action: 'receive', channel: ref('#/channels/lightOn'), bindings: { mqtt: { qos: 1 } }, reply: { channel: ref('#/channels/lightState') } },
      watchAlerts: { action: 'send', channel: ref('#/channels/alerts') },
      publishEvents: { action: 'receive', channel: ref('#/channels/events') },
    },
    components: {
      securitySchemes: { login: { type: 'userPassword' } },
      messages: { lamp: message },
    },
  });
}

/** The configuration that lets readers try the three servers a browser can reach. */
export function tryItConfig(mqttWebSocketPort: number): { tryIt: { servers: Record<string, { url?: string }> } } {
  return { tryIt: { servers: { echo: {}, api: {}, broker: { url: `ws://127.0.0.1:${mqttWebSocketPort}` } } } };
}

/** The security schemes of tryItCredentialsDocument's servers, by server id: how each asks for what the reader types. */
export const CREDENTIAL_SCHEMES = {
  keyInQuery: { type: 'httpApiKey', name: 'api_key', in: 'query' },
  keyInHeader: { type: 'httpApiKey', name: 'X-Api-Key', in: 'header' },
  basic: { type: 'http', scheme: 'basic' },
  bearer: { type: 'http', scheme: 'bearer' },
  feed: { type: 'httpApiKey', name: 'token', in: 'query' },
} as const;

/**
 * A document whose servers each ask for credentials in one way: an HTTP server with an API key
 * in the query, one with an API key in a header, one with HTTP basic, one with a bearer token
 * (all four the same server of the test, on `ports.http`, under their own path), and a WebSocket
 * server with an API key in the query. Each has one operation where the reader sends, named
 * after it (`send-keyinquery`…).
 */
export function tryItCredentialsDocument(ports: TryItPorts): string {
  const ids = Object.keys(CREDENTIAL_SCHEMES) as (keyof typeof CREDENTIAL_SCHEMES)[];
  const ref = (path: string) => ({ $ref: path });
  const server = (id: string) =>
    id === 'feed'
      ? { host: '127.0.0.1:{port}', protocol: 'ws', variables: { port: { default: String(ports.ws) } }, security: [ref(`#/components/securitySchemes/${id}`)] }
      : {
          host: '127.0.0.1:{port}',
          protocol: 'http',
          pathname: `/${id}`,
          variables: { port: { default: String(ports.http) } },
          security: [ref(`#/components/securitySchemes/${id}`)],
        };
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Try it with credentials', version: '1.0.0' },
    defaultContentType: 'application/json',
    servers: Object.fromEntries(ids.map((id) => [id, server(id)])),
    channels: Object.fromEntries(
      ids.map((id) => [id, { address: '/lamps', servers: [ref(`#/servers/${id}`)], messages: { lamp: ref('#/components/messages/lamp') } }]),
    ),
    operations: Object.fromEntries(
      ids.map((id) => [
        `send-${id}`,
        { action: 'receive', channel: ref(`#/channels/${id}`), ...(id === 'feed' ? {} : { bindings: { http: { method: 'POST' } } }) },
      ]),
    ),
    components: {
      securitySchemes: CREDENTIAL_SCHEMES,
      messages: { lamp: { payload: { type: 'object', properties: { id: { type: 'string' } } }, examples: [{ name: 'lamp', payload: EXAMPLE_PAYLOAD }] } },
    },
  });
}

/** The configuration that lets readers try every server of tryItCredentialsDocument. */
export function tryItCredentialsConfig(): { tryIt: { servers: Record<string, object> } } {
  return { tryIt: { servers: Object.fromEntries(Object.keys(CREDENTIAL_SCHEMES).map((id) => [id, {}])) } };
}
