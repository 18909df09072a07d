import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idIn, switchTarget, type VersionPages } from './version-map.ts';

/** Three versions: publishOrder renamed emitOrder in v2; archive removed in v3, its channel kept; the billing API deleted in v3. */
const versions: VersionPages[] = [
  {
    name: 'v1',
    routes: [
      { api: 'orders', kind: 'channel', id: 'orders', url: 'orders/channels/orders/' },
      { api: 'orders', kind: 'channel', id: 'audit', url: 'orders/channels/audit/' },
      { api: 'orders', kind: 'operation', id: 'publishOrder', url: 'orders/operations/publishorder/', channel: 'orders' },
      { api: 'orders', kind: 'operation', id: 'archive', url: 'orders/operations/archive/', channel: 'audit' },
      { api: 'billing', kind: 'operation', id: 'sendInvoice', url: 'billing/operations/sendinvoice/' },
    ],
    otherPages: new Set(['', 'orders/operations/']),
    renamedFromPrevious: new Map(),
  },
  {
    name: 'v2',
    routes: [
      { api: 'orders', kind: 'channel', id: 'orders', url: 'orders/channels/orders/' },
      { api: 'orders', kind: 'channel', id: 'audit', url: 'orders/channels/audit/' },
      { api: 'orders', kind: 'operation', id: 'emitOrder', url: 'orders/operations/emitorder/', channel: 'orders' },
      { api: 'orders', kind: 'operation', id: 'archive', url: 'orders/operations/archive/', channel: 'audit' },
      { api: 'billing', kind: 'operation', id: 'sendInvoice', url: 'billing/operations/sendinvoice/' },
    ],
    otherPages: new Set(['', 'orders/operations/']),
    renamedFromPrevious: new Map([['operation\0publishOrder', 'emitOrder']]),
  },
  {
    name: 'v3',
    routes: [
      { api: 'orders', kind: 'channel', id: 'orders', url: 'channels/orders/' },
      { api: 'orders', kind: 'channel', id: 'audit', url: 'channels/audit/' },
      { api: 'orders', kind: 'operation', id: 'emitOrder', url: 'operations/emitorder/', channel: 'orders' },
    ],
    otherPages: new Set(['']),
    renamedFromPrevious: new Map(),
  },
];

describe('where a page is in another version', () => {
  it('follows renames forwards and backwards, over several versions', () => {
    assert.equal(idIn(versions, 0, 2, 'operation', 'publishOrder'), 'emitOrder');
    assert.equal(idIn(versions, 2, 0, 'operation', 'emitOrder'), 'publishOrder');
    // A channel of the same id is not an operation renamed.
    assert.equal(idIn(versions, 2, 0, 'channel', 'emitOrder'), 'emitOrder');
  });

  it('opens the same object by id or through a rename', () => {
    assert.deepEqual(switchTarget(versions, 0, 2, 'orders/operations/publishorder/'), { url: 'operations/emitorder/' });
    assert.deepEqual(switchTarget(versions, 2, 0, 'operations/emitorder/'), { url: 'orders/operations/publishorder/' });
    assert.deepEqual(switchTarget(versions, 0, 1, 'orders/channels/audit/'), { url: 'orders/channels/audit/' });
  });

  it("opens a removed operation's channel, then the API's overview, then the version's home, saying what is missing", () => {
    assert.deepEqual(switchTarget(versions, 1, 2, 'orders/operations/archive/'), {
      url: 'channels/audit/',
      missing: { kind: 'operation', id: 'archive', shown: 'channel' },
    });
    assert.deepEqual(switchTarget(versions, 1, 2, 'billing/operations/sendinvoice/'), {
      url: '',
      missing: { kind: 'operation', id: 'sendInvoice', shown: 'home' },
    });
  });

  it('opens a list page of the same address where the version has it, else its home', () => {
    assert.deepEqual(switchTarget(versions, 0, 1, 'orders/operations/'), { url: 'orders/operations/' });
    assert.deepEqual(switchTarget(versions, 0, 2, 'orders/operations/'), { url: '' });
  });
});
