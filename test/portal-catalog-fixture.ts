/**
 * A portal of five small APIs for the catalog's tests (build and browser): where each API's
 * protocol comes from (a server; a channel's `ws` binding and no server; a message's `amqp`
 * binding only; nothing at all), tags, a summary longer than a card shows, and one flow between
 * two APIs, so that the system map has APIs with and without a flow.
 */

/** The summary of `lights`: its first sentence fits a card, the second does not. */
export const LIGHTS_SUMMARY_FIRST = 'Street lights report what they measure to the city broker every five minutes, and the maintenance team reads it.';

const LIGHTS = `apidesc: 3.0.0
info:
  title: Street lights
  version: 2.0.0
  description: |
    ${LIGHTS_SUMMARY_FIRST} Each report names the lamp, its lux level, its temperature and its power draw in watts, declared on the channel below.
  tags:
    - name: iot
servers:
  broker: {host: broker.example.com, protocol: kafka}
channels:
  measured:
    address: lights.measured
    messages:
      measured: {payload: {type: object, properties: {lux: {type: number}}}}
operations:
  readMeasured:
    action: receive
    channel: {$ref: '#/channels/measured'}
`;

const METER = `apidesc: 3.0.0
info:
  title: Light meter
  version: 1.0.0
  description: Sends what each lamp measures.
  tags:
    - name: iot
servers:
  broker: {host: broker.example.com, protocol: kafka}
channels:
  measured:
    address: lights.measured
    messages:
      measured: {payload: {type: object, properties: {lux: {type: number}}}}
operations:
  sendMeasured:
    action: send
    channel: {$ref: '#/channels/measured'}
`;

/** No server: its protocol is named only by its channel's \`ws\` binding. */
const TICKER = `apidesc: 3.0.0
info:
  title: Price ticker
  version: 1.0.0
  description: Prices as they change, over a WebSocket.
channels:
  prices:
    address: /prices
    bindings:
      ws: {method: GET}
    messages:
      price: {payload: {type: object, properties: {price: {type: number}}}}
operations:
  sendPrice:
    action: send
    channel: {$ref: '#/channels/prices'}
`;

/** No server and no channel or operation binding: only its message's \`amqp\` binding names a protocol. */
const ACCOUNTS = `apidesc: 3.0.0
info:
  title: Accounts
  version: 1.0.0
  description: Account sign-ups.
  tags:
    - name: billing
channels:
  signedUp:
    address: accounts.signed-up
    messages:
      signedUp:
        payload: {type: object, properties: {id: {type: string}}}
        bindings:
          amqp: {contentEncoding: gzip}
operations:
  sendSignedUp:
    action: send
    channel: {$ref: '#/channels/signedUp'}
`;

/** Nothing names its protocol. */
const NOTES = `apidesc: 3.0.0
info:
  title: Notes
  version: 1.0.0
  description: Notes left for the team.
channels:
  notes:
    address: notes
    messages:
      note: {payload: {type: string}}
operations:
  readNotes:
    action: receive
    channel: {$ref: '#/channels/notes'}
`;

/** The portal's files, under \`apis/\`. */
export const CATALOG_PORTAL: Record<string, string> = {
  'apis/lights.yaml': LIGHTS,
  'apis/meter.yaml': METER,
  'apis/ticker.yaml': TICKER,
  'apis/accounts.yaml': ACCOUNTS,
  'apis/notes.yaml': NOTES,
};
