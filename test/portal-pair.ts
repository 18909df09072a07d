/**
 * Two small APIs of a portal that meet on one address (Orders sends on orders.created, Billing
 * receives there): the documents of the build cache's and the shards' tests.
 */
export const ORDERS = `apidesc: 3.0.0
info: {title: Orders, version: 1.0.0, description: Takes orders.}
channels:
  created:
    address: orders.created
    messages:
      OrderCreated:
        name: OrderCreated
        payload: {type: object, properties: {orderId: {type: string}}}
operations:
  publishOrderCreated:
    action: send
    channel: {$ref: '#/channels/created'}
`;

/** Receives what Orders sends. */
export const BILLING = `apidesc: 3.0.0
info: {title: Billing, version: 1.0.0, description: Bills orders.}
channels:
  orders:
    address: orders.created
    messages:
      OrderCreated:
        name: OrderCreated
        payload: {type: object, properties: {orderId: {type: string}}}
operations:
  billOrder:
    action: receive
    channel: {$ref: '#/channels/orders'}
`;
