/** Sidebar grouping (the configuration's `sidebar`): by tag, by channel, none, and the default. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixturePage as page } from '../../test/page-fixture.ts';
import type { Page } from '../lib/model/page-types.ts';
import { SECTIONS, sidebarGroups } from './site-data.ts';

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
        ['Channel parameters: region', 'Security schemes: sigv4', 'Server variables: region'],
        String(grouping),
      );
  });
});
