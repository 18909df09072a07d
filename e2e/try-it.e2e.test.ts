/**
 * "Try it" in Chromium (issue 40), against servers this test starts on 127.0.0.1: a WebSocket
 * echo server, an HTTP server that answers what it gets (allowing the site's origin by CORS), and
 * Debian's mosquitto with a WebSocket listener. The reader sends the example and sees it come back
 * (WebSocket), sends an edited message and sees the response (HTTP), sends over MQTT and sees the
 * reply on the reply topic, listens and sees what the test publishes; the credentials typed stay
 * out of storage, cookies and the page's URL; the page's CSP refuses a server it does not name
 * (one that is running and would answer); the form's script loads on its pages only and the MQTT
 * client only when used; without JavaScript the form is disabled and says it needs JavaScript.
 * With each way a server asks for credentials (an API key in the query or in a header, HTTP
 * basic, a bearer token; an API key in a WebSocket's query), the server receives exactly what
 * the reader typed, where the document's security scheme says, and the page keeps it nowhere.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { type Broker, startMosquitto } from '../test/brokers.ts';
import { tempDir } from '../test/helpers.ts';
import { EXAMPLE_PAYLOAD, tryItConfig, tryItCredentialsConfig, tryItCredentialsDocument, tryItDocument } from '../test/try-it-fixture.ts';
import { writeFileSync } from 'node:fs';
import { accessibilityFindings, buildServeAndBrowse, closeAll, type ServedSite } from './support.ts';

// The form holds the example as the samples write it: indented, one field a line (it is long).
const EXAMPLE = JSON.stringify(EXAMPLE_PAYLOAD, null, 2);

function listening(server: Server): Promise<number> {
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready((server.address() as AddressInfo).port)));
}

const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((done) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString()));
  });

/**
 * An HTTP server on 127.0.0.1 that allows the site's origin by CORS (POST, with the request
 * headers `allowHeaders`), answers the preflight itself and hands every other request, with its
 * body read, to `answer`.
 */
async function startHttpServer(
  allowHeaders: string,
  answer: (req: IncomingMessage, body: string, res: ServerResponse, cors: Record<string, string>) => void,
): Promise<{ server: Server; port: number }> {
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': allowHeaders, 'access-control-allow-methods': 'POST' };
  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    answer(req, await bodyOf(req), res, cors);
  });
  return { server, port: await listening(server) };
}

/** A WebSocket server on 127.0.0.1 that hands every message, with its connection's request, to `onMessage`. */
async function startWebSocketServer(
  onMessage: (data: string, request: IncomingMessage, reply: (text: string) => void) => void,
): Promise<{ server: WebSocketServer; port: number }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  server.on('connection', (socket, request) => socket.on('message', (data) => onMessage(data.toString(), request, (text) => socket.send(text))));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Builds `document` with `config` in `work`, serves the site and opens Chromium. */
async function browseDocument(work: string, document: string, config: unknown): Promise<{ site: ServedSite; browser: Browser }> {
  writeFileSync(join(work, 'api.json'), document);
  writeFileSync(join(work, 'apidesc-docs.config.json'), JSON.stringify(config));
  return buildServeAndBrowse(['api.json'], work, { work });
}

describe('try it in Chromium', { timeout: 240_000 }, () => {
  const work = tempDir('apidesc-try-it-e2e-');
  const wsReceived: string[] = [];
  const httpReceived: { method: string; url: string; body: string; authorization?: string }[] = [];
  let wsServer: WebSocketServer;
  let httpServer: Server;
  let broker: Broker & { websocketPort?: number };
  let client: MqttClient;
  let site: ServedSite;
  let browser: Browser;

  before(async () => {
    const ws = await startWebSocketServer((data, _request, reply) => {
      wsReceived.push(data);
      reply(data);
    });
    const http = await startHttpServer('content-type, authorization', (req, body, res, cors) => {
      httpReceived.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      res.writeHead(201, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ stored: JSON.parse(body) }));
    });
    wsServer = ws.server;
    httpServer = http.server;
    broker = await startMosquitto({ websockets: true });
    client = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { reconnectPeriod: 0, connectTimeout: 10_000 });
    ({ site, browser } = await browseDocument(work, tryItDocument({ ws: ws.port, http: http.port }), tryItConfig(broker.websocketPort!)));
  });
  after(async () => {
    await closeAll(browser, site);
    await client?.endAsync();
    await broker?.stop();
    httpServer?.close();
    wsServer?.close();
  });

  /** The page, with the URLs it requested and the CSP violations it met. */
  async function open(url: string): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(site.base + url);
    return { page, requests };
  }
  const form = (page: Page) => page.locator('[data-try-it]');
  const log = (page: Page) => form(page).locator('[data-try-it-log] > li');

  it('sends the example over WebSocket and shows it coming back', async () => {
    const { page, requests } = await open('operations/sendecho/');
    await form(page).getByRole('button', { name: 'Send', exact: true }).click();
    await log(page).first().waitFor({ timeout: 10_000 });
    assert.equal(await log(page).first().locator('pre').textContent(), EXAMPLE);
    assert.deepEqual(wsReceived, [EXAMPLE]);
    assert.match((await form(page).getByRole('status').textContent()) ?? '', /Sent\. Still connected/);
    assert.ok(!requests.some((r) => r.endsWith('/try-it-mqtt.js')), 'the MQTT client is not fetched for a WebSocket server');
    await form(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.close();
  });

  it('sends an edited message over HTTP and shows the response', async () => {
    const { page } = await open('operations/postorder/');
    const edited = JSON.stringify({ ...EXAMPLE_PAYLOAD, level: 9 });
    await form(page).getByLabel('Message').fill(edited);
    await form(page).getByRole('button', { name: 'Send', exact: true }).click();
    await log(page).first().waitFor({ timeout: 10_000 });
    assert.equal(await log(page).first().locator('p').textContent(), 'Response: 201 Created');
    assert.equal(await log(page).first().locator('pre').textContent(), JSON.stringify({ stored: JSON.parse(edited) }));
    assert.deepEqual(httpReceived.at(-1), { method: 'POST', url: '/v1/orders', body: edited });
    await page.close();
  });

  it('sends over MQTT with the credentials typed, shows the reply, and keeps the credentials out of storage and URLs', async () => {
    const arrived: string[] = [];
    await client.subscribeAsync('lights/7/on', { qos: 1 });
    const responder = (topic: string, payload: Buffer): void => {
      if (topic !== 'lights/7/on') return;
      arrived.push(payload.toString());
      client.publish('lights/7/state', JSON.stringify({ on: true, level: 3 }));
    };
    client.on('message', responder);
    const { page, requests } = await open('operations/turnon/');
    const before = page.url();
    await form(page).getByLabel('User name').fill('reader');
    await form(page).getByLabel('Password').fill('typed-password-42');
    await form(page).getByRole('button', { name: 'Send', exact: true }).click();
    await log(page).first().waitFor({ timeout: 15_000 });
    assert.equal(await log(page).first().locator('p').textContent(), 'Received on lights/7/state');
    assert.equal(await log(page).first().locator('pre').textContent(), JSON.stringify({ on: true, level: 3 }));
    assert.deepEqual(arrived, [EXAMPLE]);
    assert.ok(
      requests.some((r) => r.endsWith('/try-it-mqtt.js')),
      'the MQTT client is fetched once used',
    );
    const kept = await page.evaluate(() => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookie: document.cookie,
      html: document.documentElement.outerHTML,
    }));
    assert.deepEqual({ ...kept, html: kept.html.includes('typed-password-42') }, { local: 0, session: 0, cookie: '', html: false });
    assert.equal(page.url(), before);
    assert.ok(!requests.some((r) => r.includes('typed-password-42')));
    client.off('message', responder);
    await client.unsubscribeAsync('lights/7/on');
    await page.close();
  });

  it('listens over MQTT and shows what arrives', async () => {
    const { page } = await open('operations/watchalerts/');
    await form(page).getByRole('button', { name: 'Listen', exact: true }).click();
    await page.getByText('Listening: what arrives is listed below.').waitFor({ timeout: 15_000 });
    await client.publishAsync('alerts', 'a "quoted" alert, été ✓');
    await log(page).first().waitFor({ timeout: 10_000 });
    assert.equal(await log(page).first().locator('pre').textContent(), 'a "quoted" alert, été ✓');
    await page.close();
  });

  it("refuses, by the page's CSP, a server the configuration does not name (though it runs and would answer)", async () => {
    const { page } = await open('operations/sendecho/');
    const before = httpReceived.length;
    const httpOrigin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    const mqttOrigin = `ws://127.0.0.1:${broker.websocketPort}`;
    const outcome = await page.evaluate(
      async ({ httpOrigin, mqttOrigin }) => {
        const blocked: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => blocked.push(`${e.effectiveDirective} ${e.blockedURI}`));
        const fetched = await fetch(`${httpOrigin}/v1/orders`, { method: 'POST', body: '{}' }).then(
          () => 'answered',
          () => 'refused',
        );
        try {
          new WebSocket(mqttOrigin);
        } catch {
          // Chromium may throw at once, or report the violation and fail the socket.
        }
        await new Promise((r) => setTimeout(r, 500));
        return { fetched, blocked };
      },
      { httpOrigin, mqttOrigin },
    );
    assert.equal(outcome.fetched, 'refused');
    assert.ok(
      outcome.blocked.some((b) => b.startsWith('connect-src') && b.includes(httpOrigin)),
      JSON.stringify(outcome.blocked),
    );
    assert.ok(
      outcome.blocked.some((b) => b.startsWith('connect-src') && b.includes(mqttOrigin)),
      JSON.stringify(outcome.blocked),
    );
    assert.equal(httpReceived.length, before, 'the request never left the browser');
    await page.close();
  });

  it('loads the form’s script on its pages only', async () => {
    const { page, requests } = await open('operations/publishevents/');
    await page.waitForLoadState('load');
    assert.ok(!requests.some((r) => /\/try-it[.-]/.test(r)), requests.join('\n'));
    await page.close();
  });

  it('has nothing axe-core finds on the pages with the form, in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, site.base, ['operations/turnon/', 'operations/watchalerts/', 'operations/postorder/']), []);
  });

  it('without JavaScript, keeps the form disabled and says that trying needs JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}operations/sendecho/`);
    assert.equal(await form(page).getByLabel('Message').isDisabled(), true);
    const note = form(page).locator('.try-it-nojs');
    assert.ok(await note.isVisible());
    assert.match(await note.innerText(), /^Trying it needs JavaScript\./);
    assert.equal(await form(page).getByRole('button', { name: 'Send', exact: true }).isVisible(), false);
    await context.close();
  });
});

describe('try it in Chromium: the credentials the reader types', { timeout: 240_000 }, () => {
  const work = tempDir('apidesc-try-it-credentials-e2e-');
  const httpReceived: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const wsReceived: { url: string; headers: IncomingHttpHeaders; data: string }[] = [];
  let httpServer: Server;
  let wsServer: WebSocketServer;
  let site: ServedSite;
  let browser: Browser;

  before(async () => {
    const http = await startHttpServer('content-type, authorization, x-api-key', (req, body, res, cors) => {
      httpReceived.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(204, cors).end();
    });
    const ws = await startWebSocketServer((data, request) => wsReceived.push({ url: request.url ?? '', headers: request.headers, data }));
    httpServer = http.server;
    wsServer = ws.server;
    ({ site, browser } = await browseDocument(work, tryItCredentialsDocument({ ws: ws.port, http: http.port }), tryItCredentialsConfig()));
  });
  after(async () => {
    await closeAll(browser, site);
    httpServer?.close();
    wsServer?.close();
  });

  /**
   * Opens an operation's page, types `fields` (label → value) into its form, sends, and waits
   * until `arrived` says the server has it. Then checks that nothing typed is kept by the page:
   * not in its storage, cookies, caches or HTML, not in its URL or history, and in no URL it
   * requested but those `carries` allows (an API key in the query goes in the server's URL).
   */
  async function sendTyped(operation: string, fields: Record<string, string>, arrived: () => boolean, carries = (_url: string) => false): Promise<void> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${site.base}operations/${operation}/`);
    const start = { url: page.url(), history: await page.evaluate(() => history.length) };
    const form = page.locator('[data-try-it]');
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    const deadline = Date.now() + 10_000;
    while (!arrived()) {
      const said = (await form.getByRole('status').textContent()) ?? '';
      assert.ok(Date.now() < deadline && !said.startsWith('Could not reach'), `nothing arrived; the form says: ${said}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const typed = Object.values(fields);
    const kept = await page.evaluate(async (typed) => {
      const html = document.documentElement.outerHTML;
      return {
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        caches: (await caches.keys()).length,
        databases: (await indexedDB.databases()).length,
        history: history.length,
        url: location.href,
        inHtml: typed.filter((t) => html.includes(t)),
      };
    }, typed);
    assert.deepEqual(kept, { local: 0, session: 0, cookie: '', caches: 0, databases: 0, history: start.history, url: start.url, inHtml: [] });
    assert.deepEqual(await context.cookies(), []);
    const leaked = requests.filter((url) => !carries(url) && typed.some((t) => url.includes(t) || url.includes(encodeURIComponent(t))));
    assert.deepEqual(leaked, [], 'no other URL carries what was typed');
    await context.close();
  }

  it("HTTP, API key in the query: the request's query carries the key typed, no header does", async () => {
    httpReceived.length = 0;
    const key = 'typed key/+=&é 42';
    await sendTyped(
      'send-keyinquery',
      { 'API key (api_key, in the query)': key },
      () => httpReceived.length > 0,
      (url) => url.includes('/keyInQuery/'),
    );
    const r = httpReceived[0]!;
    const url = new URL(r.url, 'http://127.0.0.1');
    assert.equal(url.pathname, '/keyInQuery/lamps');
    assert.deepEqual([...url.searchParams], [['api_key', key]]);
    assert.equal(r.headers.authorization, undefined);
    assert.equal(r.headers['x-api-key'], undefined);
    assert.equal(r.body, EXAMPLE);
  });

  it('HTTP, API key in a header: the header named by the scheme carries the key typed, the URL does not', async () => {
    httpReceived.length = 0;
    const key = 'typed-key_42+/=:~';
    await sendTyped('send-keyinheader', { 'API key (X-Api-Key, a header)': key }, () => httpReceived.length > 0);
    const r = httpReceived[0]!;
    assert.equal(r.url, '/keyInHeader/lamps');
    assert.equal(r.headers['x-api-key'], key);
    assert.equal(r.headers.authorization, undefined);
  });

  it('HTTP basic: the Authorization header carries the user and password typed, UTF-8 encoded', async () => {
    httpReceived.length = 0;
    const user = 'reader';
    const password = 'pa:ss wörd ✓';
    await sendTyped('send-basic', { 'User name': user, Password: password }, () => httpReceived.length > 0);
    const r = httpReceived[0]!;
    assert.equal(r.url, '/basic/lamps');
    const [scheme, encoded] = (r.headers.authorization ?? '').split(' ');
    assert.equal(scheme, 'Basic');
    assert.equal(Buffer.from(encoded ?? '', 'base64').toString('utf8'), `${user}:${password}`);
  });

  it('HTTP bearer: the Authorization header carries the token typed', async () => {
    httpReceived.length = 0;
    const token = 'typed.bearer-token_42';
    await sendTyped('send-bearer', { Token: token }, () => httpReceived.length > 0);
    const r = httpReceived[0]!;
    assert.equal(r.url, '/bearer/lamps');
    assert.equal(r.headers.authorization, `Bearer ${token}`);
  });

  it("WebSocket, API key in the query: the connection's query carries the key typed, and the example follows", async () => {
    wsReceived.length = 0;
    const key = 'typed ws key/+=&é';
    await sendTyped(
      'send-feed',
      { 'API key (token, in the query)': key },
      () => wsReceived.length > 0,
      (url) => url.startsWith('ws://'),
    );
    const r = wsReceived[0]!;
    const url = new URL(r.url, 'ws://127.0.0.1');
    assert.equal(url.pathname, '/lamps');
    assert.deepEqual([...url.searchParams], [['token', key]]);
    assert.equal(r.headers.authorization, undefined);
    assert.equal(r.data, EXAMPLE);
  });
});
