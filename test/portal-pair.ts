/**
 * The small portals of the build cache's and the shards' tests (issue 37): APIs of one shape (one
 * channel, one message of one string property, one operation on it) that meet by address, and a
 * portal of four APIs in a temporary folder with the commands the shard tests run in it.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from './corpus-location.ts';
import { runIn, tempTree } from './helpers.ts';

/** What an API of the tests' shape names. */
export interface SmallApi {
  title: string;
  description: string;
  /** The channel's key and its address. */
  channel: string;
  address: string;
  /** The message's name and its one string property. */
  message: string;
  property: string;
  operation: string;
  action: 'send' | 'receive';
}

/** The document of `api`. */
export function smallApi({ title, description, channel, address, message, property, operation, action }: SmallApi): string {
  return `apidesc: 3.0.0
info: {title: ${title}, version: 1.0.0, description: ${description}}
channels:
  ${channel}:
    address: ${address}
    messages:
      ${message}:
        name: ${message}
        payload: {type: object, properties: {${property}: {type: string}}}
operations:
  ${operation}:
    action: ${action}
    channel: {$ref: '#/channels/${channel}'}
`;
}

/** Sends on orders.created. */
export const ORDERS = smallApi({
  title: 'Orders',
  description: 'Takes orders.',
  channel: 'created',
  address: 'orders.created',
  message: 'OrderCreated',
  property: 'orderId',
  operation: 'publishOrderCreated',
  action: 'send',
});

/** Receives what Orders sends. */
export const BILLING = smallApi({
  title: 'Billing',
  description: 'Bills orders.',
  channel: 'orders',
  address: 'orders.created',
  message: 'OrderCreated',
  property: 'orderId',
  operation: 'billOrder',
  action: 'receive',
});

/** Meets neither: receives on an address of its own. */
export const SHIPPING = smallApi({
  title: 'Shipping',
  description: 'Ships parcels.',
  channel: 'ready',
  address: 'parcels.ready',
  message: 'ParcelReady',
  property: 'parcelId',
  operation: 'shipParcel',
  action: 'receive',
});

/** What a command run in the portal's folder ended with: its exit code and all it printed (stdout, then stderr). */
export interface Said {
  code: number;
  said: string;
}

/**
 * A portal of four APIs in a temporary folder (`apis/`): two documents of the corpus that exchange
 * messages (rpc-client, rpc-server) and Orders and Billing, which meet by address.
 */
export class FourApiPortal {
  readonly dir: string;
  #caches = 0;

  constructor() {
    const corpus = (name: string): string => readFileSync(join(CORPUS, 'valid', name), 'utf8');
    this.dir = tempTree({
      'apis/rpc-client.yaml': corpus('spec-rpc-client.yaml'),
      'apis/rpc-server.yaml': corpus('spec-rpc-server.yaml'),
      'apis/orders.yaml': ORDERS,
      'apis/billing.yaml': BILLING,
    });
  }

  /** Runs apidesc-docs with `args` in the portal's folder. */
  async run(args: string[]): Promise<Said> {
    const r = await runIn(this.dir, args);
    return { code: r.code, said: r.out + r.err };
  }

  /** run(), which must end well: what it printed. */
  async ok(args: string[]): Promise<string> {
    const r = await this.run(args);
    assert.equal(r.code, 0, r.said);
    return r.said;
  }

  /** `build apis` with `extra` and a build cache of its own (`cache-<n>`, removed with the folder), which must end well. */
  build(extra: string[]): Promise<string> {
    return this.ok(['build', 'apis', '--cache', `cache-${++this.#caches}`, ...extra]);
  }

  /** `merge` with `args`, as it ends. */
  merge(args: string[]): Promise<Said> {
    return this.run(['merge', ...args]);
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
