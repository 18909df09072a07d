/**
 * A portal of five small APIs for the catalog's tests (build and browser): where each API's
 * protocol comes from (a server; a channel's `ws` binding and no server; a message's `amqp`
 * binding only; nothing at all), tags, a summary longer than a card shows, and one flow between
 * two APIs, so that the system map has APIs with and without a flow.
 */
import { stringify } from 'yaml';

/** The summary of `lights`: its first sentence fits a card, the second does not. */
export const LIGHTS_SUMMARY_FIRST = 'Street lights report what they measure to the city broker every five minutes, and the maintenance team reads it.';

/** What sets one small API apart from the others: each has one channel, its one message, and one operation on it. */
interface SmallApi {
  title: string;
  version?: string;
  description: string;
  tags?: readonly string[];
  /** A server's protocol; none: the API has no server. */
  protocol?: string;
  channel: string;
  address: string;
  channelBindings?: Record<string, unknown>;
  message: string;
  payload: unknown;
  messageBindings?: Record<string, unknown>;
  operation: string;
  action: 'send' | 'receive';
}

/** One small API's document. */
function smallApi(api: SmallApi): string {
  const message = { payload: api.payload, ...(api.messageBindings ? { bindings: api.messageBindings } : {}) };
  return stringify({
    apidesc: '3.0.0',
    info: {
      title: api.title,
      version: api.version ?? '1.0.0',
      description: api.description,
      ...(api.tags ? { tags: api.tags.map((name) => ({ name })) } : {}),
    },
    ...(api.protocol ? { servers: { broker: { host: 'broker.example.com', protocol: api.protocol } } } : {}),
    channels: {
      [api.channel]: { address: api.address, ...(api.channelBindings ? { bindings: api.channelBindings } : {}), messages: { [api.message]: message } },
    },
    operations: { [api.operation]: { action: api.action, channel: { $ref: `#/channels/${api.channel}` } } },
  });
}

const LUX = { type: 'object', properties: { lux: { type: 'number' } } };
/** The meter sends on the address the lights receive on: the portal's one flow. */
const MEASURED = { protocol: 'kafka', tags: ['iot'], channel: 'measured', address: 'lights.measured', message: 'measured', payload: LUX } as const;

/** The portal's files, under `apis/`. */
export const CATALOG_PORTAL: Record<string, string> = {
  'apis/lights.yaml': smallApi({
    ...MEASURED,
    title: 'Street lights',
    version: '2.0.0',
    description: `${LIGHTS_SUMMARY_FIRST} Each report names the lamp, its lux level, its temperature and its power draw in watts, declared on the channel below.\n`,
    operation: 'readMeasured',
    action: 'receive',
  }),
  'apis/meter.yaml': smallApi({ ...MEASURED, title: 'Light meter', description: 'Sends what each lamp measures.', operation: 'sendMeasured', action: 'send' }),
  // No server: its protocol is named only by its channel's `ws` binding.
  'apis/ticker.yaml': smallApi({
    title: 'Price ticker',
    description: 'Prices as they change, over a WebSocket.',
    channel: 'prices',
    address: '/prices',
    channelBindings: { ws: { method: 'GET' } },
    message: 'price',
    payload: { type: 'object', properties: { price: { type: 'number' } } },
    operation: 'sendPrice',
    action: 'send',
  }),
  // No server and no channel or operation binding: only its message's `amqp` binding names a protocol.
  'apis/accounts.yaml': smallApi({
    title: 'Accounts',
    description: 'Account sign-ups.',
    tags: ['billing'],
    channel: 'signedUp',
    address: 'accounts.signed-up',
    message: 'signedUp',
    payload: { type: 'object', properties: { id: { type: 'string' } } },
    messageBindings: { amqp: { contentEncoding: 'gzip' } },
    operation: 'sendSignedUp',
    action: 'send',
  }),
  // Nothing names its protocol.
  'apis/notes.yaml': smallApi({
    title: 'Notes',
    description: 'Notes left for the team.',
    channel: 'notes',
    address: 'notes',
    message: 'note',
    payload: { type: 'string' },
    operation: 'readNotes',
    action: 'receive',
  }),
};
