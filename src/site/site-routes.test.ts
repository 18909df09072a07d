/** The site's pages as a build renders them, and each route's props. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { DEFAULT_SETTINGS, type SiteApi, type SiteData } from './site-data-types.ts';
import { guideRouteIds, routeProps, siteUrls } from './site-routes.ts';
import { fixturePage } from '../../test/page-fixture.ts';

/** A page at `url` (its pointer `/<url>`). */
const page = (kind: Page['kind'], url: string, extra: Partial<Page> = {}): Page => fixturePage(kind, `/${url}`, { url, ...extra });

function api(slug: string, prefix: string, pages: Page[]): SiteApi {
  return { slug, title: slug, version: '1', infoFacts: [], prefix, pages, counts: {}, downloads: [], catalog: { protocols: [], tags: [] } };
}

const widelyUsed = page('component:schemas', 'components/schemas/money/', {
  usedBy: Array.from({ length: 60 }, (_, i) => ({ kind: 'channel', id: `c${i}`, url: `channels/c${i}/`, title: `c${i}` })),
});

describe('site routes', () => {
  const site: SiteData = {
    apis: [api('orders', 'orders/', [page('channel', 'channels/placed/'), widelyUsed]), api('billing', 'billing/', [page('operation', 'operations/charge/')])],
    settings: {
      ...DEFAULT_SETTINGS,
      guides: [
        { id: 'start', title: 'Start', order: 1, file: 'guides/start.md', hasHeading: true },
        { id: 'broken', title: 'Broken', order: 2, file: 'guides/broken.md', hasHeading: true },
      ],
    },
  };

  it('lists the home and search pages first, every API page, list page and overview, and the guides last', async () => {
    const urls = siteUrls(site, (id) => id === 'start');
    assert.deepEqual(urls.slice(0, 2), ['', 'search/']);
    assert.deepEqual(urls.slice(-2), ['guides/', 'guides/start/'], 'only guides with a module; the list of guides before them');
    for (const url of [
      'orders/',
      'orders/channels/placed/',
      'orders/components/schemas/money/',
      'orders/components/schemas/money/used-by/',
      'orders/channels/',
      'billing/',
      'billing/operations/charge/',
      'billing/operations/',
    ])
      assert.ok(urls.includes(url), url);
    assert.equal(new Set(urls).size, urls.length, 'each page once');
  });

  it('gives each route the props of its page, and none to a route the site does not have', async () => {
    const entity = routeProps(site, 'orders/channels/placed');
    assert.equal(entity?.type, 'entity');
    assert.equal(entity?.type === 'entity' && entity.page.id, 'placed');
    const list = routeProps(site, 'orders/components/schemas/money/used-by');
    assert.equal(list?.type === 'list' && list.list.links.length, 60);
    assert.equal(routeProps(site, 'billing')?.type, 'overview');
    assert.equal(routeProps(site, 'orders/channels/unknown'), undefined);
    assert.equal(routeProps(site, undefined), undefined, 'the home page is index.astro');
  });

  it("has no route for an API whose pages this build does not make (the build cache's, another shard's)", () => {
    const reused = { ...api('billing', 'billing/', [page('operation', 'operations/charge/')]), reused: true as const };
    const partly: SiteData = { apis: [api('orders', 'orders/', [page('channel', 'channels/placed/')]), reused] };
    const urls = siteUrls(partly, () => false);
    assert.ok(urls.includes('orders/channels/placed/'));
    assert.deepEqual(
      urls.filter((url) => url.startsWith('billing/')),
      [],
    );
    assert.equal(routeProps(partly, 'billing/operations/charge'), undefined);
  });

  it('has no guide pages without guides that have a module', () => {
    assert.deepEqual(
      guideRouteIds(site.settings, () => false),
      [],
    );
    assert.deepEqual(
      guideRouteIds(undefined, () => true),
      [],
    );
    assert.deepEqual(
      guideRouteIds(site.settings, () => true),
      ['', 'start', 'broken'],
    );
  });
});
