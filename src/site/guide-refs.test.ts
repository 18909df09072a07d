/** How a guide component's ref resolves to a page, in one API and in a portal. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import { fixturePage } from '../../test/page-fixture.ts';
import { guideId, resolveGuideRef } from './guide-refs.ts';
import type { SiteApi } from './site-data-types.ts';

const page = (kind: Page['kind'], pointer: string, sections: Page['sections'] = []): Page => fixturePage(kind, pointer, { sections });

function api(slug: string, pages: Page[]): SiteApi {
  return { slug, title: slug, version: '1', infoFacts: [], prefix: `${slug}/`, pages, counts: {}, downloads: [], catalog: { protocols: [], tags: [] } };
}

const schema = page('component:schemas', '/components/schemas/Order', [{ type: 'schema', heading: 'Schema', anchor: 'schema', rows: [] }]);
const channel = page('channel', '/channels/orders');
const shop = api('shop', [schema, channel]);
const billing = api('billing', [page('operation', '/operations/charge')]);

describe('guide references', () => {
  it('resolves a ref to the page of its kind, and says why when it cannot', () => {
    const ok = resolveGuideRef([shop], { component: 'SchemaTable', ref: '#/components/schemas/Order' });
    assert.ok(!('message' in ok) && ok.page === schema && ok.section?.type === 'schema');
    const wrongKind = resolveGuideRef([shop], { component: 'OperationCard', ref: '#/channels/orders' });
    assert.match('message' in wrongKind ? wrongKind.message : '', /<OperationCard> shows an operation, but #\/channels\/orders is a channel/);
    const noSns = resolveGuideRef([shop], { component: 'SnsTopic', ref: '#/channels/orders' });
    assert.match('message' in noSns ? noSns.message : '', /has nothing to show/);
    const notPointer = resolveGuideRef([shop], { component: 'ApiLink', ref: 'orders' });
    assert.match('message' in notPointer ? notPointer.message : '', /is not a JSON pointer/);
  });

  it('links a pointer inside an object to its page only when the pointer exists', () => {
    const exists = (_: SiteApi, pointer: string): boolean => pointer === '/components/schemas/Order/properties/id';
    const inside = resolveGuideRef([shop], { component: 'ApiLink', ref: '#/components/schemas/Order/properties/id' }, exists);
    assert.ok(!('message' in inside) && inside.page === schema && inside.anchor === '/properties/id');
    const missing = resolveGuideRef([shop], { component: 'ApiLink', ref: '#/components/schemas/Order/properties/nope' }, exists);
    assert.ok('message' in missing);
  });

  it('needs api="…" in a portal, and finds the page in the API named', () => {
    const unnamed = resolveGuideRef([shop, billing], { component: 'OperationCard', ref: '#/operations/charge' });
    assert.match('message' in unnamed ? unnamed.hint : '', /Add api="…", one of: shop, billing/);
    const named = resolveGuideRef([shop, billing], { component: 'OperationCard', ref: '#/operations/charge', api: 'billing' });
    assert.ok(!('message' in named) && named.api === billing);
    const unknown = resolveGuideRef([shop, billing], { component: 'OperationCard', ref: '#/operations/charge', api: 'nope' });
    assert.match('message' in unknown ? unknown.message : '', /no API "nope"/);
    // Percent-escapes and ~1 in refs, as in URI fragments.
    const escaped = resolveGuideRef([api('x', [page('channel', '/channels/a~1b c')])], { component: 'ApiLink', ref: '#/channels/a~1b%20c' });
    assert.ok(!('message' in escaped));
  });

  it('makes guide URLs from paths: lower case, safe characters, folders kept', () => {
    assert.equal(guideId('Flows/Order Flow.mdx'), 'flows/order-flow');
    assert.equal(guideId('getting-started.md'), 'getting-started');
    assert.equal(guideId('!!!.md'), 'guide');
  });
});
