import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idIn, listedVersions, SWITCHER_VERSIONS, type SwitchTarget, switchTarget, type VersionPages, unlistedWords } from './version-map.ts';

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

/** An object's id in one version (`from`, an index in `versions`), and its id in another (`to`). */
const IDS: { case: string; from: number; to: number; kind: 'channel' | 'operation'; id: string; expected: string }[] = [
  { case: 'a rename followed forwards over two versions', from: 0, to: 2, kind: 'operation', id: 'publishOrder', expected: 'emitOrder' },
  { case: 'a rename followed backwards over two versions', from: 2, to: 0, kind: 'operation', id: 'emitOrder', expected: 'publishOrder' },
  // A channel of the same id is not an operation renamed.
  { case: 'a channel of the id of a renamed operation, kept', from: 2, to: 0, kind: 'channel', id: 'emitOrder', expected: 'emitOrder' },
];

/** A page of one version, and where switching to another opens (and what it says is missing). */
const TARGETS: { case: string; from: number; to: number; url: string; expected: SwitchTarget }[] = [
  // The same object, by id or through a rename.
  { case: 'a renamed operation, forwards', from: 0, to: 2, url: 'orders/operations/publishorder/', expected: { url: 'operations/emitorder/' } },
  { case: 'a renamed operation, backwards', from: 2, to: 0, url: 'operations/emitorder/', expected: { url: 'orders/operations/publishorder/' } },
  { case: 'a channel of the same id', from: 0, to: 1, url: 'orders/channels/audit/', expected: { url: 'orders/channels/audit/' } },
  // A removed operation: its channel, else the version's home, saying what is missing.
  {
    case: 'a removed operation: its channel',
    from: 1,
    to: 2,
    url: 'orders/operations/archive/',
    expected: { url: 'channels/audit/', missing: { kind: 'operation', id: 'archive', shown: 'channel' } },
  },
  {
    case: "a removed API's operation: the version's home",
    from: 1,
    to: 2,
    url: 'billing/operations/sendinvoice/',
    expected: { url: '', missing: { kind: 'operation', id: 'sendInvoice', shown: 'home' } },
  },
  // A list page: the same address where the version has it, else its home.
  { case: 'a list page the other version has', from: 0, to: 1, url: 'orders/operations/', expected: { url: 'orders/operations/' } },
  { case: 'a list page the other version has not', from: 0, to: 2, url: 'orders/operations/', expected: { url: '' } },
];

describe('where a page is in another version', () => {
  for (const c of IDS) {
    it(`the id in ${versions[c.to]!.name} of ${c.kind} ${c.id} of ${versions[c.from]!.name}: ${c.case}`, () => {
      assert.equal(idIn(versions, c.from, c.to, c.kind, c.id), c.expected);
    });
  }

  for (const c of TARGETS) {
    it(`switching from ${versions[c.from]!.name}'s /${c.url} to ${versions[c.to]!.name}: ${c.case}`, () => {
      assert.deepEqual(switchTarget(versions, c.from, c.to, c.url), c.expected);
    });
  }
});

describe('listedVersions and unlistedWords', () => {
  it('lists the newest, the version read and its neighbours, at most the bound, newest first', () => {
    assert.deepEqual(listedVersions(200, 100, 6), [199, 102, 101, 100, 99, 98]);
    assert.deepEqual(listedVersions(200, 199, 4), [199, 198, 197, 196], 'the newest read: its earlier neighbours');
    assert.deepEqual(listedVersions(200, 0, 4), [199, 2, 1, 0], 'the oldest read: its later neighbours');
    assert.equal(listedVersions(200, 100).length, SWITCHER_VERSIONS);
    assert.deepEqual(listedVersions(3, 1), [2, 1, 0], 'fewer than the bound: every version');
  });

  it('says how many it leaves out', () => {
    assert.equal(unlistedWords(180, 0), 'and 180 earlier versions');
    assert.equal(unlistedWords(1, 0), 'and 1 earlier version');
    assert.equal(unlistedWords(3, 1), 'and 3 earlier and 1 later versions');
  });
});
