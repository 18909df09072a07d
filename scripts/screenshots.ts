/**
 * `npm run screenshots [-- <folder>] [--only <name>]`: PNG screenshots of every kind of page, to
 * look at the site as a reader would. Builds the default content and a portal of four corpus
 * documents (an sns FIFO topic, the Kafka streetlights example, and an sns producer and consumer
 * of one topic, for the portal's system map) into a temporary folder,
 * serves them on 127.0.0.1, and writes a full-page screenshot of each kind of page (overview,
 * section list, server, channel, operation, message, schema, other component, guide, search
 * with results, 404 (of a mistyped address, with its suggestion), portal root, and the Changes page of `build --compare` with a page it
 * badges) at 1280 and 390 px, in the light and the dark theme, named `<page>-<width>-<theme>.png`
 * (an sns filter tester shows the results of its pre-filled example, written at build time), into
 * the folder it prints (default `screenshots/`, git-ignored).
 * `--long <document>` also builds a large real document kept outside the repository (a springwolf
 * example, say) and shoots its longest schema page and its longest message page. The sns pages
 * include a publishing operation (its commands as tabs) and the filter tester after a test.
 * `--only <text>` keeps the pages whose name contains the text; `--viewport` takes the first
 * screen of each page instead of the whole page (the README's images). A page with a reference
 * panel at 1280 px also gets `<page>-1280-<theme>-halfway.png`, the window halfway down, where the
 * sticky panel shows beside the fields (a whole-page picture shows it at the top only). Needs Chromium
 * (`CHROMIUM_PATH`, default /usr/bin/chromium) and the shared corpus (`APIDESC_CORPUS`, default
 * ../shared/corpus).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, runCli, serveSite } from '../e2e/support.ts';
import type { RouteEntry } from '../src/lib/model/types.ts';
import { CORPUS as corpus, HAS_CORPUS } from '../test/corpus-location.ts';
import { compareDocument } from '../test/compare-fixture.ts';

const repo = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const longAt = args.indexOf('--long');
const long = longAt >= 0 ? resolve(args.splice(longAt, 2)[1]!) : undefined;
const viewportAt = args.indexOf('--viewport');
const fullPage = viewportAt < 0;
if (!fullPage) args.splice(viewportAt, 1);
const folder = resolve(repo, args[0] ?? 'screenshots');
const WIDTHS = [1280, 390];
const THEMES = ['light', 'dark'] as const;

/** The route of a kind: the first of the preferred URLs that exists, else the first route of that kind. */
function pick(routes: RouteEntry[], kind: (k: string) => boolean, preferred: string[] = []): string | undefined {
  const urls = routes.filter((r) => kind(r.kind)).map((r) => r.url);
  return preferred.find((u) => urls.includes(u)) ?? urls[0];
}

async function main(): Promise<void> {
  if (!HAS_CORPUS) throw new Error(`the shared corpus is missing at ${corpus}: set APIDESC_CORPUS`);
  const work = mkdtempSync(join(tmpdir(), 'apidesc-screenshots-'));
  const single = join(work, 'default');
  const portal = join(work, 'portal');
  console.log('Building the default content and a portal of four corpus documents…');
  if ((await runCli(['build', 'content', '--out', single], repo)) !== 0) throw new Error('the build of content/ failed');
  // The sns producer and consumer of one topic: the portal's system map and a flow's other side (issue 22).
  const portalDocs = [
    'bindings-sns-fifo-orders.yaml',
    'spec-streetlights-kafka.yaml',
    'bindings-sns-sqs-pubsub-producer.yaml',
    'bindings-sns-sqs-consumer.yaml',
  ];
  if ((await runCli(['build', ...portalDocs, '--out', portal], join(corpus, 'valid'))) !== 0) throw new Error('the build of the portal failed');
  // build --compare: the Changes page and a page with its badge, from the tests' pair of versions.
  const compared = join(work, 'compared');
  writeFileSync(join(work, 'base.yaml'), compareDocument('base'));
  writeFileSync(join(work, 'head.yaml'), compareDocument('head'));
  if ((await runCli(['build', 'head.yaml', '--out', compared, '--compare', 'base.yaml'], work)) !== 0) throw new Error('the build with --compare failed');
  const longSite = join(work, 'long');
  if (long && (await runCli(['build', long, '--out', longSite], dirname(long))) !== 0) throw new Error(`the build of ${long} failed`);
  const routes = (JSON.parse(readFileSync(join(single, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
  const portalRoutes = (JSON.parse(readFileSync(join(portal, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes;
  // An address the site does not have gets its 404 page, as static hosts answer (the 404 shot below).
  const one = await serveSite(single, '/', { notFound: true });
  const many = await serveSite(portal);
  const diffed = await serveSite(compared);
  const longServed = long ? await serveSite(longSite) : undefined;
  /** The route of a kind whose page is the longest (most bytes of HTML). */
  const longest = (site: string, kind: (k: string) => boolean): string | undefined =>
    (JSON.parse(readFileSync(join(site, 'apidesc-routes.json'), 'utf8')) as { routes: RouteEntry[] }).routes
      .filter((r) => kind(r.kind))
      .map((r) => ({ url: r.url, size: statSync(join(site, r.url, 'index.html')).size }))
      .sort((a, b) => b.size - a.size)[0]?.url;
  const pages: { name: string; base: string; url: string; search?: boolean; act?: (page: Page) => Promise<void> }[] = [
    { name: 'overview', base: one.base, url: '' },
    { name: 'list-channels', base: one.base, url: 'channels/' },
    { name: 'server', base: one.base, url: pick(routes, (k) => k === 'server', ['servers/production/'])! },
    { name: 'channel', base: one.base, url: pick(routes, (k) => k === 'channel', ['channels/orderevents/'])! },
    { name: 'operation', base: one.base, url: pick(routes, (k) => k === 'operation', ['operations/receiveordereventsinwarehouse/'])! },
    // The diagrams of issue 22 not on the pages above: a channel's message flow, a request and its reply, retry timelines.
    { name: 'channel-flow', base: one.base, url: pick(routes, (k) => k === 'channel', ['channels/stockcheck/'])! },
    { name: 'operation-reply', base: one.base, url: pick(routes, (k) => k === 'operation', ['operations/requeststockcheck/'])! },
    { name: 'operation-retries', base: one.base, url: pick(routes, (k) => k === 'operation', ['operations/notifycustomersofscans/'])! },
    // An sns publisher: one command per message, its languages as tabs.
    { name: 'operation-publish', base: one.base, url: pick(routes, (k) => k === 'operation', ['operations/publishorderevents/'])! },
    // The filter tester after a reader's test: a body whose JSON is wrong, and what the results are of.
    {
      name: 'operation-tester-tested',
      base: one.base,
      url: pick(routes, (k) => k === 'operation', ['operations/receiveordereventsinwarehouse/'])!,
      act: async (page: Page) => {
        await page.locator('details.tester-fold > summary').click();
        await page.getByRole('textbox', { name: 'Message attributes' }).fill('{"eventType": "OrderShipped"}');
        await page.getByRole('textbox', { name: 'Message body' }).fill('{"total": {"amount": 12.5,}}');
        await page.getByRole('button', { name: 'Test' }).click();
        // A body that does not parse is said once, under its box (no subscription is tested).
        await page.locator('.sns-tester [data-tester-error]:not([hidden])').first().waitFor();
        await page.locator('.sns-tester').scrollIntoViewIfNeeded();
      },
    },
    { name: 'message', base: one.base, url: pick(routes, (k) => k === 'message', ['components/messages/orderplaced/'])! },
    { name: 'schema', base: one.base, url: pick(routes, (k) => k === 'component:schemas', ['components/schemas/order/'])! },
    {
      name: 'component',
      base: one.base,
      url: pick(routes, (k) => k.startsWith('component:') && k !== 'component:schemas' && k !== 'component:messages', [
        'components/securityschemes/partneroauth/',
      ])!,
    },
    { name: 'guide', base: one.base, url: pick(routes, (k) => k === 'guide', ['guides/getting-started/'])! },
    { name: 'search', base: one.base, url: 'search/?q=order', search: true },
    {
      // An address as a reader might write it (the id's case, a letter short): the page and its suggestion.
      name: '404',
      base: one.base,
      url: 'operations/publishOrderEvent/',
      act: async (page: Page) => {
        await page.locator('#meant-page').waitFor({ state: 'visible', timeout: 10_000 });
      },
    },
    { name: 'portal', base: many.base, url: '' },
    { name: 'changes', base: diffed.base, url: 'changes/' },
    { name: 'changed-operation', base: diffed.base, url: 'operations/consumeorder/' },
    { name: 'portal-sns-channel', base: many.base, url: pick(portalRoutes, (k) => k === 'channel', ['bindings-sns-fifo-orders/channels/orderevents/'])! },
    // An sns producer: the filter tester (with the results of its pre-filled example) and the publish and subscribe snippets (issue 24).
    {
      name: 'portal-sns-operation',
      base: many.base,
      url: pick(portalRoutes, (k) => k === 'operation', ['bindings-sns-fifo-orders/operations/publishorderevent/'])!,
    },
    {
      name: 'portal-kafka-operation',
      base: many.base,
      url: pick(portalRoutes, (k) => k === 'operation', ['spec-streetlights-kafka/operations/receivelightmeasurement/'])!,
    },
    {
      name: 'portal-flow-operation',
      base: many.base,
      url: pick(portalRoutes, (k) => k === 'operation', ['bindings-sns-sqs-consumer/operations/receiveusersignedup/'])!,
    },
    ...(longServed
      ? [
          { name: 'long-schema', base: longServed.base, url: longest(longSite, (k) => k === 'component:schemas')! },
          { name: 'long-message', base: longServed.base, url: longest(longSite, (k) => k === 'message' || k === 'component:messages')! },
        ]
      : []),
  ].filter((p) => p.url !== undefined && (!only || p.name.includes(only)));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: width > 800 ? 800 : 844 }, colorScheme: theme, deviceScaleFactor: 1 });
        const page = await context.newPage();
        for (const p of pages) {
          await page.goto(p.base + p.url, { waitUntil: 'load' });
          if (p.search)
            await page.waitForFunction(
              () => /\d+ results? for/.test(document.querySelector('#search-page .pagefind-ui__message')?.textContent ?? ''),
              undefined,
              { timeout: 15_000 },
            );
          if (p.act) await p.act(page);
          const file = join(folder, `${p.name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage });
          // A whole-page picture shows a sticky panel only at its place at the top: the window halfway down shows it beside the fields there.
          if (fullPage && width > 800 && (await page.locator('aside.ref-panel').count()) > 0) {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2 - window.innerHeight / 2));
            await page.screenshot({ path: join(folder, `${p.name}-${width}-${theme}-halfway.png`) });
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    one.server.close();
    many.server.close();
    diffed.server.close();
    longServed?.server.close();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${readdirSync(folder).length} screenshots in ${folder}`);
}

await main();
