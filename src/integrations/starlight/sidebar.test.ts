import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../../lib/validate/validate-document.ts';
import { buildSiteData } from '../../site/site-model.ts';
import type { HostReference } from '../host/reference-store.ts';
import { apidescSidebar, hasPlaceholder, PLACEHOLDER_LABEL, withReferenceGroups } from './sidebar.ts';
import type { SidebarEntry, SidebarGroup, SidebarLink } from './starlight-shapes.ts';

const ORDERS = join(import.meta.dirname, '..', '..', '..', 'content', 'orders.apidesc.yaml');

async function ordersReference(): Promise<Pick<HostReference, 'site' | 'base' | 'locales'>> {
  const { doc } = await validateDocument(ORDERS);
  assert.ok(doc);
  return { site: buildSiteData([{ file: ORDERS, doc }], process.cwd()).site, base: 'reference', locales: [''] };
}

const link = (label: string, href: string): SidebarLink => ({ type: 'link', label, href, isCurrent: false, badge: undefined, attrs: {} });
const group = (label: string, entries: SidebarEntry[]): SidebarGroup => ({ type: 'group', label, entries, collapsed: false, badge: undefined });
const labels = (entries: SidebarEntry[]): string[] => entries.map((e) => e.label);

describe("the reference in Starlight's sidebar", () => {
  it('is found where the user put the placeholder, at any depth', () => {
    assert.ok(hasPlaceholder([{ label: 'Guides', items: [] }, ...apidescSidebar]));
    assert.ok(hasPlaceholder([{ label: 'Docs', items: [{ label: 'Nested', items: apidescSidebar }] }]));
    assert.ok(!hasPlaceholder([{ label: 'Guides', items: [] }]));
    assert.ok(!hasPlaceholder(undefined));
  });

  it("replaces the placeholder with a group per API, between the user's own entries", async () => {
    const reference = await ordersReference();
    const sidebar = [group('Guides', [link('Start', '/guides/start/')]), group(PLACEHOLDER_LABEL, []), link('About', '/about/')];
    const out = withReferenceGroups(sidebar, [reference], '/', '/guides/start/');
    assert.deepEqual(labels(out), ['Guides', 'Order Fulfilment Events', 'About']);
    const api = out[1] as SidebarGroup;
    assert.deepEqual(labels(api.entries), ['Overview', 'Servers', 'Channels', 'Operations', 'Messages', 'Schemas', 'Components']);
    // Elsewhere than in a section, each section is one link with its count: no page of the host grows with the document.
    const channels = api.entries[2] as SidebarLink;
    assert.equal(channels.href, '/reference/channels/');
    assert.equal(channels.badge?.text, '4');
  });

  it("lists a section's pages on its pages, with the current page marked, below the host's base", async () => {
    const reference = await ordersReference();
    const out = withReferenceGroups([group('Nested', [group(PLACEHOLDER_LABEL, [])])], [reference], '/docs/', '/docs/reference/channels/orderevents/');
    const api = (out[0] as SidebarGroup).entries[0] as SidebarGroup;
    const channels = api.entries.find((e) => e.label === 'Channels') as SidebarGroup;
    assert.equal(channels.type, 'group');
    const current = channels.entries.filter((e): e is SidebarLink => e.type === 'link' && e.isCurrent);
    assert.deepEqual(
      current.map((e) => e.href),
      ['/docs/reference/channels/orderevents/'],
    );
    assert.equal((api.entries.find((e) => e.label === 'Operations') as SidebarLink).type, 'link', 'other sections stay one link');
  });

  it("links to the reference in the locale of the page: under the locale's folder, or the root locale's", async () => {
    const reference = { ...(await ordersReference()), locales: ['', 'fr'] };
    const channelsOf = (pathname: string): SidebarEntry => {
      const [api] = withReferenceGroups([group(PLACEHOLDER_LABEL, [])], [reference], '/docs/', pathname) as SidebarGroup[];
      return api!.entries.find((e) => e.label === 'Channels')!;
    };
    assert.equal((channelsOf('/docs/fr/guides/start/') as SidebarLink).href, '/docs/fr/reference/channels/');
    assert.equal((channelsOf('/docs/guides/start/') as SidebarLink).href, '/docs/reference/channels/');
    assert.equal((channelsOf('/docs/french-guides/') as SidebarLink).href, '/docs/reference/channels/', 'a folder is a locale only when it is one');
    const inFrench = channelsOf('/docs/fr/reference/channels/orderevents/') as SidebarGroup;
    const current = inFrench.entries.filter((e): e is SidebarLink => e.type === 'link' && e.isCurrent);
    assert.deepEqual(
      current.map((e) => e.href),
      ['/docs/fr/reference/channels/orderevents/'],
    );
  });
});
