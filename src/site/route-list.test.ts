/**
 * The lists of addresses the 404 page reads, and the page an address meant: another case, a
 * typo, a folder of many pages read only in the part that matters.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiSlugs } from '../lib/model/api-slugs.ts';
import { meantPage, meantPageLabelled, PART_SIZE, ROUTE_LIST_FOLDER, type RouteListFile, routeListFiles } from './route-list.ts';

const PAGES = [
  '',
  'channels',
  'channels/orderevents',
  'channels/orderevents/used-by',
  'channels/page/2',
  'operations',
  'operations/publishorderevents',
  'operations/publishsignup',
  'components/schemas/order',
  'components/schemas/orderref',
  'guides/getting-started',
];

/** A loader over the files in memory, recording what it was asked for. */
function memory(files: Map<string, RouteListFile>): { load: (path: string) => Promise<RouteListFile | undefined>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    load: async (path) => {
      asked.push(path);
      const file = files.get(path);
      return file && JSON.parse(JSON.stringify(file));
    },
  };
}

describe('the lists of addresses', () => {
  it("list each folder's children, each marked as a page, a folder of pages, or both", () => {
    const files = routeListFiles(PAGES);
    assert.deepEqual(
      [...files.keys()],
      [
        'routes/-.json',
        'routes/channels/-.json',
        'routes/channels/orderevents/-.json',
        'routes/channels/page/-.json',
        'routes/components/-.json',
        'routes/components/schemas/-.json',
        'routes/guides/-.json',
        'routes/operations/-.json',
      ],
    );
    assert.deepEqual(files.get('routes/-.json'), { names: ['channels', 'components', 'guides', 'operations'], kinds: 'bffb' });
    assert.deepEqual(files.get('routes/channels/-.json'), { names: ['orderevents', 'page'], kinds: 'bf' });
    assert.deepEqual(files.get('routes/operations/-.json'), { names: ['publishorderevents', 'publishsignup'], kinds: 'pp' });
  });

  it('say what each page is called, its title and kind, for the suggestion to name it', async () => {
    const labels = new Map([
      ['operations/publishorderevents', { title: 'Publish order events', word: 'Operation' }],
      ['operations', { title: 'Operations' }],
    ]);
    const files = routeListFiles(PAGES, labels);
    assert.deepEqual(files.get('routes/operations/-.json'), {
      names: ['publishorderevents', 'publishsignup'],
      kinds: 'pp',
      titles: ['Publish order events', ''],
      words: ['Operation', ''],
    });
    const { load } = memory(files);
    assert.deepEqual(await meantPageLabelled('operations/publishOrderEvents/', load), {
      path: 'operations/publishorderevents/',
      title: 'Publish order events',
      word: 'Operation',
    });
    assert.deepEqual(await meantPageLabelled('operations/publishsignup', load), { path: 'operations/publishsignup/' });
  });

  it("say in a portal which API the meant page is in (its folder's label), and name an API's own page by its title", async () => {
    const labels = new Map([
      ['orders', { title: 'Orders (SNS FIFO fan-out)', word: 'API' }],
      ['orders/channels/orderevents', { title: 'Order events (FIFO)', word: 'Channel' }],
      ['mailer', { title: 'Welcome Mailer', word: 'API' }],
    ]);
    const { load } = memory(routeListFiles(['orders', 'orders/channels/orderevents', 'mailer'], labels));
    assert.deepEqual(await meantPageLabelled('orders/channels/orderEventz/', load), {
      path: 'orders/channels/orderevents/',
      title: 'Order events (FIFO)',
      word: 'Channel',
      api: 'Orders (SNS FIFO fan-out)',
    });
    assert.deepEqual(await meantPageLabelled('mailr/', load), { path: 'mailer/', title: 'Welcome Mailer', word: 'API' });
  });

  it('are in a folder no API of a portal is given: an API named like it is served beside it', () => {
    assert.deepEqual(apiSlugs([`${ROUTE_LIST_FOLDER}.yaml`, 'orders.yaml']), [`${ROUTE_LIST_FOLDER}-api`, 'orders']);
  });

  it('split a folder of more than PART_SIZE pages into parts, none longer', () => {
    const many = Array.from({ length: PART_SIZE * 2 + 5 }, (_, i) => `channels/stream${String(i).padStart(5, '0')}`);
    const files = routeListFiles(many);
    const first = files.get('routes/channels/-.json')!;
    assert.equal(first.names.length, PART_SIZE);
    assert.deepEqual(first.parts, ['stream01000', 'stream02000']);
    assert.equal(files.get('routes/channels/-2.json')!.names.length, PART_SIZE);
    assert.deepEqual(files.get('routes/channels/-3.json')!.names, ['stream02000', 'stream02001', 'stream02002', 'stream02003', 'stream02004']);
    for (const file of files.values()) assert.ok(file.names.length <= PART_SIZE && file.kinds.length === file.names.length);
  });
});

describe('the page an address meant', () => {
  const files = routeListFiles(PAGES);

  it('is the page written in another case (ids are lower-cased in addresses)', async () => {
    assert.equal(await meantPage('operations/publishSignup/', memory(files).load), 'operations/publishsignup/');
    assert.equal(await meantPage('Components/Schemas/OrderRef', memory(files).load), 'components/schemas/orderref/');
  });

  it('is the nearest page for a typo, at any depth', async () => {
    assert.equal(await meantPage('channels/orderevent/', memory(files).load), 'channels/orderevents/');
    assert.equal(await meantPage('operation/publishordrevents/', memory(files).load), 'operations/publishorderevents/');
    assert.equal(await meantPage('channels/orderEvents/used-bye/', memory(files).load), 'channels/orderevents/used-by/');
    assert.equal(await meantPage('guides/getting%20started/', memory(files).load), 'guides/getting-started/');
  });

  it('is the nearest page up the address where a segment is near no name, never the root the 404 page links anyway', async () => {
    assert.equal(await meantPage('channels/invoices/', memory(files).load), 'channels/');
    assert.equal(await meantPage('operationz/foo/bar/', memory(files).load), 'operations/');
    assert.equal(await meantPage('Channels/OrderEvents/nothing/', memory(files).load), 'channels/orderevents/');
    assert.equal(await meantPage('invoices/', memory(files).load), undefined);
    assert.equal(await meantPage('components/schemas/invoice/', memory(files).load), undefined, 'no page on the way');
  });

  it("names that page in a portal with its API: the API's section, else the API's overview", async () => {
    const labels = new Map([
      ['slack', { title: 'Slack Real Time Messaging API', word: 'API' }],
      ['slack/operations', { title: 'Operations' }],
    ]);
    const { load } = memory(routeListFiles(['', 'slack', 'slack/operations', 'slack/operations/hello', 'slack/components/schemas/user'], labels));
    assert.deepEqual(await meantPageLabelled('slack/operationz/foo/', load), {
      path: 'slack/operations/',
      title: 'Operations',
      api: 'Slack Real Time Messaging API',
    });
    assert.deepEqual(await meantPageLabelled('slack/componentz/foo/', load), { path: 'slack/', title: 'Slack Real Time Messaging API', word: 'API' });
  });

  it('is nothing when no name is near enough, or the address leads only to a folder without a page', async () => {
    assert.equal(await meantPage('invoices/orders/', memory(files).load), undefined);
    assert.equal(await meantPage('components/', memory(files).load), undefined, 'components/ is no page of this site');
    assert.equal(await meantPage('', memory(files).load), undefined);
    assert.equal(await meantPage('channels/%E0%A4%A/', memory(files).load), 'channels/', 'broken percent-encoding is read as written: near no channel');
  });

  it('reads one list per segment, and of a split folder only the part where the segment sorts', async () => {
    const many = routeListFiles(Array.from({ length: PART_SIZE * 3 }, (_, i) => `channels/stream${String(i).padStart(5, '0')}`));
    const { load, asked } = memory(many);
    assert.equal(await meantPage('Channels/Stream02500/', load), 'channels/stream02500/');
    assert.deepEqual(asked, ['routes/-.json', 'routes/channels/-.json', 'routes/channels/-3.json']);
    // A typo found in the part where it sorts (one that sorts into another part is not: no part is read but that one).
    assert.equal(await meantPage('channels/stream01500x/', memory(many).load), 'channels/stream01500/');
  });
});
