/** Sidebar grouping (the configuration's `sidebar`): by tag, by channel, none, and the default. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixturePage as page } from '../../test/page-fixture.ts';
import type { Page } from '../lib/model/page-types.ts';
import { simpleTypeOf } from '../lib/model/page-list-fields.ts';
import type { SiteApi } from './site-data-types.ts';
import { groupHolds, SECTIONS, sidebarGroups, sidebarListing } from './site-data.ts';

const section = (title: string) => SECTIONS.find((s) => s.title === title)!;
const shape = (groups: { tag?: string; pages: Page[] }[]) => groups.map((g) => `${g.tag ?? '(all)'}: ${g.pages.map((p) => p.id).join(' ')}`);

const channels = [page('channel', '/channels/a', { tags: ['orders'] }), page('channel', '/channels/b'), page('channel', '/channels/c', { tags: ['billing'] })];
const operations = [
  page('operation', '/operations/send', { tags: ['orders'], channel: 'a' }),
  page('operation', '/operations/recv', { channel: 'c' }),
  page('operation', '/operations/ping'),
];
const messages = [page('message', '/channels/a/messages/created'), page('component:messages', '/components/messages/Shared')];

describe('sidebar groups', () => {
  it('by default groups operations by their first tag and leaves other sections flat', () => {
    assert.deepEqual(shape(sidebarGroups(operations, section('Operations'), undefined)), ['orders: send', 'Other: recv ping']);
    assert.deepEqual(shape(sidebarGroups(channels, section('Channels'), undefined)), ['(all): a b c']);
  });

  it('"tag" groups every section by first tag, untagged last', () => {
    assert.deepEqual(shape(sidebarGroups(channels, section('Channels'), 'tag')), ['billing: c', 'orders: a', 'Other: b']);
  });

  it('"channel" puts operations and channel messages under their channel', () => {
    assert.deepEqual(shape(sidebarGroups(operations, section('Operations'), 'channel')), ['a: send', 'c: recv', 'Other: ping']);
    assert.deepEqual(shape(sidebarGroups(messages, section('Messages'), 'channel')), ['a: created', 'Other: Shared']);
    assert.deepEqual(shape(sidebarGroups(channels, section('Channels'), 'channel')), ['(all): a b c'], 'channels themselves stay flat');
  });

  it('"none" lists every section flat', () => {
    assert.deepEqual(shape(sidebarGroups(operations, section('Operations'), 'none')), ['(all): send recv ping']);
  });

  it('puts other components under their kind, whatever the grouping: two of one name are told apart', () => {
    const others = [
      page('component:parameters', '/components/parameters/region'),
      page('component:securitySchemes', '/components/securitySchemes/sigv4'),
      page('component:serverVariables', '/components/serverVariables/region'),
    ];
    for (const grouping of [undefined, 'tag', 'none'] as const)
      assert.deepEqual(
        shape(sidebarGroups(others, section('Components'), grouping)),
        ['Security schemes: sigv4', 'Channel parameters: region', 'Server variables: region'],
        String(grouping),
      );
  });

  it('folds the parts other objects are made of under one heading, after the kinds a reader looks for', () => {
    const others = [
      page('component:correlationIds', '/components/correlationIds/orderId'),
      page('component:securitySchemes', '/components/securitySchemes/sigv4'),
      page('component:operationTraits', '/components/operationTraits/ordersTeam'),
      page('component:replies', '/components/replies/stockCheckReply'),
    ];
    const groups = sidebarGroups(others, section('Components'), undefined);
    assert.deepEqual(
      groups.map((g) => `${g.tag}${g.part ? ' (part)' : ''}`),
      ['Security schemes', 'Correlation IDs (part)', 'Operation traits (part)', 'Replies (part)'],
    );
    const api = { pages: others } as unknown as SiteApi;
    const listing = sidebarListing(api, section('Components'), undefined);
    const parts = listing.filter((g) => g.part);
    assert.equal(parts.length, 3);
    assert.ok(groupHolds(parts[0]!, others[0]!.url), 'the fold opens on a page of its own');
    assert.ok(!listing.some((g) => g.part && groupHolds(g, others[1]!.url)), 'and stays closed on a security scheme');
  });

  it('lists schemas of a simple value after the others under "Simple types", in name order, whatever the grouping', () => {
    const schemas = [
      page('component:schemas', '/components/schemas/java.lang.String', { title: 'String', simpleType: 'string' }),
      page('component:schemas', '/components/schemas/OrderDto', { tags: ['orders'] }),
      page('component:schemas', '/components/schemas/integer', { simpleType: 'integer' }),
      page('component:schemas', '/components/schemas/Address'),
    ];
    assert.deepEqual(shape(sidebarGroups(schemas, section('Schemas'), undefined)), ['(all): OrderDto Address', 'Simple types: integer java.lang.String']);
    assert.deepEqual(shape(sidebarGroups(schemas, section('Schemas'), 'tag')), [
      'orders: OrderDto',
      'Other: Address',
      'Simple types: integer java.lang.String',
    ]);
    // Only simple types: nothing to set them apart from.
    assert.deepEqual(
      shape(
        sidebarGroups(
          schemas.filter((p) => p.simpleType),
          section('Schemas'),
          undefined,
        ),
      ),
      ['(all): java.lang.String integer'],
    );
  });
});

describe('simple types', () => {
  it('are schemas of a string, number, integer, boolean or null without fields, items or parts', () => {
    assert.equal(simpleTypeOf({ type: 'integer', format: 'int32' }), 'integer');
    assert.equal(simpleTypeOf({ type: ['string', 'null'], enum: ['A', null] }), 'string or null');
    assert.equal(simpleTypeOf({ type: 'string', properties: { a: {} } }), undefined, "springwolf's XML payload: a string with fields");
    assert.equal(simpleTypeOf({ type: 'object' }), undefined);
    assert.equal(simpleTypeOf({ type: 'array', items: { type: 'string' } }), undefined);
    assert.equal(simpleTypeOf({ oneOf: [{ type: 'string' }] }), undefined);
    assert.equal(simpleTypeOf({ type: 'string', allOf: [{ minLength: 1 }] }), undefined);
    assert.equal(simpleTypeOf({}), undefined);
  });
});

describe('the sidebar of a section', () => {
  it('is computed once per API and grouping: each page of the section reuses its families', () => {
    const pages = ['SpringKafkaDefaultHeaders-A', 'SpringKafkaDefaultHeaders-B', 'Address'].map((name) =>
      page('component:schemas', `/components/schemas/${name}`),
    );
    const api = { slug: 'a', title: 'A', version: '1', infoFacts: [], prefix: '', pages, counts: {} } as unknown as SiteApi;
    const first = sidebarListing(api, section('Schemas'), undefined);
    assert.equal(sidebarListing(api, section('Schemas'), undefined), first, 'the same list, not made again');
    assert.notEqual(sidebarListing(api, section('Schemas'), 'tag'), first, 'another grouping has its own');
    assert.deepEqual(
      first.map((g) => g.rows.map((r) => ('head' in r ? `${r.head}[${r.entries.map((e) => e.rest).join(' ')}]` : r.entry.name))),
      [['Address', 'SpringKafkaDefaultHeaders-[A B]']],
    );
  });
});
