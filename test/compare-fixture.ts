/**
 * A base and a head version of one API for `build --compare`: a sent message's payload widened
 * (breaking for its receivers; the new value is hostile text), a channel's address changed
 * (structural, breaking), an sns subscription removed (breaking), and an operation's description
 * reworded (info), a server added (non-breaking). Channel `untouched` and its operation `ping`
 * do not change: their pages must carry no badge.
 */

export const HOSTILE_VALUE = '<script>alert(1)</script>';

export function compareDocument(version: 'base' | 'head'): string {
  const head = version === 'head';
  const statuses = head ? `[placed, '${HOSTILE_VALUE}']` : '[placed]';
  const consumers = [
    `          - protocol: sqs
            endpoint: {name: billing-queue}
            rawMessageDelivery: false`,
    ...(head
      ? []
      : [
          `          - protocol: sqs
            endpoint: {name: audit-queue}
            rawMessageDelivery: false`,
        ]),
  ].join('\n');
  return `apidesc: 3.0.0
info:
  title: Orders
  version: '1.0.0'
servers:
  production: {host: broker.example.com, protocol: sns}
${head ? '  staging: {host: staging.example.com, protocol: sns}\n' : ''}channels:
  orders:
    address: orders
    bindings:
      sns: {name: orders}
    messages:
      orderPlaced:
        payload:
          type: object
          required: [status]
          properties:
            status: {type: string, enum: ${statuses}}
            __proto__: {type: string, description: 'a key named like an Object property'}
  audit:
    address: ${head ? 'audit-v2' : 'audit'}
    messages:
      auditEntry:
        payload: {type: string}
  untouched:
    address: untouched
    servers: [{$ref: '#/servers/production'}]
    messages:
      ping:
        payload: {type: string}
operations:
  publishOrder:
    action: send
    description: ${head ? 'Publishes each order once it is placed.' : 'Publishes each order.'}
    channel: {$ref: '#/channels/orders'}
    messages: [{$ref: '#/channels/orders/messages/orderPlaced'}]
  consumeOrder:
    action: receive
    channel: {$ref: '#/channels/orders'}
    messages: [{$ref: '#/channels/orders/messages/orderPlaced'}]
    bindings:
      sns:
        consumers:
${consumers}
  writeAudit:
    action: send
    channel: {$ref: '#/channels/audit'}
    messages: [{$ref: '#/channels/audit/messages/auditEntry'}]
  ping:
    action: send
    channel: {$ref: '#/channels/untouched'}
    messages: [{$ref: '#/channels/untouched/messages/ping'}]
`;
}
