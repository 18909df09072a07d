/**
 * "Try it" in built sites (issue 40): with the configuration's `tryIt`, the operation pages of
 * the servers it names (and only those) have the form, prefilled with the example's payload,
 * their CSP's connect-src adds exactly that server's origin, and the site holds the form's
 * script, stylesheet and MQTT client; nothing secret of the document is in a form or a script.
 * Without `tryIt`, the same document gives no form, no such file and the old CSP on every page.
 * A `tryIt` that names a server the documents lack, or one no browser can reach, stops `validate`
 * and `build` with a located diagnostic (exit 2); a site served over HTTPS that would reach a server
 * over ws:// or http:// gets a located warning, and builds.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempDir } from './helpers.ts';
import { EXAMPLE_PAYLOAD, EXAMPLE_SECRET, tryItConfig, tryItDocument } from './try-it-fixture.ts';

const PORTS = { ws: 18_101, http: 18_102 };
const MQTT_WS = 18_103;
const OLD_CSP = /<meta http-equiv="Content-Security-Policy" content="[^"]*connect-src 'self'; object-src/;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => join(dir, f));
}

const connectSrc = (html: string): string => /connect-src ([^;]*);/.exec(html)?.[1] ?? '';
const decode = (html: string): string => html.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

describe('try it, in a site built with tryIt', { timeout: 180_000 }, () => {
  const work = tempDir('apidesc-try-it-');
  const out = join(work, 'site');
  let run: { code: number; out: string; err: string };
  before(async () => {
    writeFileSync(join(work, 'api.json'), tryItDocument(PORTS));
    writeFileSync(join(work, 'apidesc-docs.config.json'), JSON.stringify(tryItConfig(MQTT_WS)));
    run = await runIn(work, ['build', 'api.json', '--out', out, '--cache', join(work, 'cache')]);
  });
  // Without the wrap points (<wbr>) code blocks put inside long words: a secret split by them is still there.
  const page = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8').replaceAll('<wbr>', '');
  const form = (html: string): string => /<div class="try-it"[\s\S]*?<\/ol>\s*<\/div>/.exec(html)?.[0] ?? '';

  it("puts the form on the tried servers' operation pages, prefilled with the example's payload", () => {
    assert.equal(run.code, 0, run.err + run.out);
    const echo = form(page('operations/sendecho/'));
    // The example as the samples write it: indented, one field a line (it is long).
    assert.match(echo, /data-protocol="ws" data-url="ws:\/\/127\.0\.0\.1:18101\/echo" data-role="send"/);
    assert.match(decode(echo), new RegExp(`<textarea[^>]*>${JSON.stringify(EXAMPLE_PAYLOAD, null, 2).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}</textarea>`));
    assert.match(
      form(page('operations/postorder/')),
      /data-protocol="http" data-url="http:\/\/127\.0\.0\.1:18102\/v1\/orders" data-role="send" data-content-type="application\/json" data-method="POST"/,
    );
    const mqtt = form(page('operations/turnon/'));
    assert.match(mqtt, /data-protocol="mqtt" data-url="ws:\/\/127\.0\.0\.1:18103" data-role="send"/);
    assert.match(mqtt, /data-topic="lights\/7\/on" data-qos="1" data-mqtt-version="4" data-reply-topic="lights\/7\/state"/);
    assert.match(form(page('operations/watchalerts/')), /data-protocol="mqtt"[^>]* data-role="listen"[^>]* data-topic="alerts"/);
    // A Kafka server is not one a browser can reach: its operation has samples, no form.
    assert.equal(form(page('operations/publishevents/')), '');
  });

  it("sets each page's connect-src to the site and exactly its form's server", () => {
    assert.equal(connectSrc(page('operations/sendecho/')), "'self' ws://127.0.0.1:18101");
    assert.equal(connectSrc(page('operations/postorder/')), "'self' http://127.0.0.1:18102");
    assert.equal(connectSrc(page('operations/turnon/')), "'self' ws://127.0.0.1:18103");
    const withForm = new Set(['sendecho', 'postorder', 'turnon', 'watchalerts'].map((id) => join(out, 'operations', id, 'index.html')));
    for (const file of htmlFiles(out)) {
      if (withForm.has(file)) continue;
      const html = readFileSync(file, 'utf8');
      assert.match(html, OLD_CSP, relative(out, file));
      assert.doesNotMatch(html, /try-it/, relative(out, file));
    }
  });

  it('writes the script, stylesheet and MQTT client, linked from the pages with the form only', () => {
    for (const file of ['try-it.js', 'try-it.css', 'try-it-mqtt.js']) assert.ok(existsSync(join(out, file)), file);
    assert.match(page('operations/sendecho/'), /<link rel="stylesheet" href="\/try-it\.css"><script type="module" src="\/try-it\.js"><\/script>/);
    assert.match(readFileSync(join(out, 'try-it.js'), 'utf8'), /try-it-mqtt\.js/);
  });

  it('bakes nothing secret into a form or a script: no header value of the example, no field that a URL could carry', () => {
    assert.ok(page('operations/sendecho/').includes(EXAMPLE_SECRET), 'the examples panel shows the example as written');
    for (const url of ['operations/sendecho/', 'operations/postorder/', 'operations/turnon/', 'operations/watchalerts/']) {
      const html = form(page(url));
      assert.ok(!html.includes(EXAMPLE_SECRET), url);
      // No input is named (nothing typed can be submitted into a URL), and the form has no action.
      assert.doesNotMatch(html, /<(?:input|textarea)[^>]* name=/, url);
      assert.doesNotMatch(html, /<form[^>]* action=/, url);
      // Disabled until the script runs; a sentence says that trying needs JavaScript.
      assert.match(html, /<fieldset data-try-it-fields disabled>/, url);
      assert.match(html, /<noscript><p class="kind try-it-nojs">Trying it needs JavaScript\./, url);
    }
    assert.match(form(page('operations/turnon/')), /<input id="try-it-password" data-try-it-password type="password" autocomplete="off">/);
    for (const file of ['try-it.js', 'try-it-mqtt.js']) assert.ok(!readFileSync(join(out, file), 'utf8').includes(EXAMPLE_SECRET), file);
  });
});

describe('a site built without tryIt', { timeout: 180_000 }, () => {
  it('has no form, no try-it file, and the connect-src of every page is the site alone', async () => {
    const work = tempDir('apidesc-try-it-off-');
    writeFileSync(join(work, 'api.json'), tryItDocument(PORTS));
    const run = await runIn(work, ['build', 'api.json', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    for (const file of ['try-it.js', 'try-it.css', 'try-it-mqtt.js']) assert.equal(existsSync(join(work, 'site', file)), false, file);
    const files = htmlFiles(join(work, 'site'));
    assert.ok(files.some((f) => f.endsWith(join('operations', 'sendecho', 'index.html'))));
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      assert.match(html, OLD_CSP, file);
      assert.doesNotMatch(html, /try-it/, file);
    }
  });
});

describe('a tryIt the documents do not allow', { timeout: 180_000 }, () => {
  const document = tryItDocument(PORTS);
  async function check(command: 'validate' | 'build', config: string): Promise<{ code: number; text: string }> {
    const work = tempDir('apidesc-try-it-bad-');
    writeFileSync(join(work, 'api.json'), document);
    writeFileSync(join(work, 'apidesc-docs.config.yaml'), config);
    const args = command === 'build' ? ['build', 'api.json', '--out', join(work, 'site'), '--cache', join(work, 'cache')] : ['validate', 'api.json'];
    const run = await runIn(work, args);
    return { code: run.code, text: run.out + run.err };
  }

  it('names a server none of them has, where it is written, with the near name', async () => {
    for (const command of ['validate', 'build'] as const) {
      const { code, text } = await check(command, 'title: T\ntryIt:\n  servers:\n    ech0: {}\n');
      assert.equal(code, 2, text);
      assert.match(text, /apidesc-docs\.config\.yaml:4:5 {2}error {2}config-invalid {2}`tryIt`: no document has a server "ech0"/);
      assert.match(text, /hint: Did you mean "echo"\?/);
    }
  });

  it('refuses a server no browser can reach: Kafka, MQTT without its WebSocket URL, a URL of another scheme', async () => {
    const kafka = await check('build', 'tryIt:\n  servers:\n    events: {}\n');
    assert.equal(kafka.code, 2, kafka.text);
    assert.match(
      kafka.text,
      /config\.yaml:3:5 {2}error {2}config-invalid {2}`tryIt`: the server "events" cannot be tried from a browser: its protocol "kafka" is not one a browser can speak/,
    );
    const mqtt = await check('validate', 'tryIt:\n  servers:\n    broker: {}\n');
    assert.equal(mqtt.code, 2, mqtt.text);
    assert.match(mqtt.text, /config\.yaml:3:5 {2}error {2}config-invalid {2}.*it speaks mqtt over TCP, which no browser can open/);
    assert.match(mqtt.text, /hint: Give the URL of its broker's WebSocket listener/);
    const scheme = await check('validate', 'tryIt:\n  servers:\n    broker: {url: "https://127.0.0.1:9001"}\n');
    assert.equal(scheme.code, 2, scheme.text);
    assert.match(scheme.text, /its url https:\/\/127\.0\.0\.1:9001 is https, but the server speaks mqtt/);
  });

  it('refuses a URL with a user, a password, a query or a wildcard host, and a port out of range', async () => {
    for (const url of ['ws://user:secret@127.0.0.1:9001', 'ws://127.0.0.1:9001/?token=1', 'wss://*.example.com', 'ftp://127.0.0.1']) {
      const { code, text } = await check('validate', `tryIt:\n  servers:\n    broker:\n      url: "${url}"\n`);
      assert.equal(code, 2, `${url}: ${text}`);
      assert.match(text, /config\.yaml:4:12 {2}error {2}config-invalid {2}`tryIt` must be /, url);
    }
    const port = await check('validate', 'tryIt:\n  servers:\n    echo: {url: "ws://127.0.0.1:99999"}\n');
    assert.equal(port.code, 2, port.text);
    assert.match(port.text, /is not a URL a browser can open/);
  });
});

describe('a tryIt the published site could not use', { timeout: 180_000 }, () => {
  /** The fixture's WebSocket server asking for an API key in a header, which no browser can set on a WebSocket. */
  const document = (() => {
    const doc = JSON.parse(tryItDocument(PORTS));
    doc.servers.echo.security = [{ type: 'httpApiKey', name: 'X-Api-Key', in: 'header' }];
    return JSON.stringify(doc);
  })();
  const config = (url: string) => `site: https://docs.example.com\ntryIt:\n  servers:\n    echo: {url: "${url}"}\n    api: {}\n`;
  const WARNING =
    /config\.yaml:4:5 {2}warning {2}config-mixed-content {2}`tryIt`: the server "echo" cannot be tried from the published site: the site is served over HTTPS \(https:\/\/docs\.example\.com\) and the server is reached at ws:\/\/sandbox\.example\.com: browsers block a page served over HTTPS from connecting to a ws:\/\/ or http:\/\/ server/;

  it('warns, where the server is named, of a ws:// or http:// server on a site served over HTTPS (a loopback host excepted), and validates', async () => {
    const work = tempDir('apidesc-try-it-mixed-');
    writeFileSync(join(work, 'api.json'), document);
    writeFileSync(join(work, 'apidesc-docs.config.yaml'), config('ws://sandbox.example.com'));
    const run = await runIn(work, ['validate', 'api.json']);
    assert.equal(run.code, 0, run.out + run.err);
    assert.match(run.out + run.err, WARNING);
    assert.match(run.out + run.err, /hint: Give a wss:\/\/ URL where the reader's browser reaches it, e\.g\. \{"url": "wss:\/\/sandbox\.example\.com"\}\./);
    // The HTTP server is reached at the document's own http://127.0.0.1 URL: loopback, which browsers allow.
    assert.doesNotMatch(run.out + run.err, /"api"/);
    writeFileSync(join(work, 'apidesc-docs.config.yaml'), config('wss://sandbox.example.com'));
    const secure = await runIn(work, ['validate', 'api.json']);
    assert.equal(secure.code, 0, secure.out + secure.err);
    assert.doesNotMatch(secure.out + secure.err, /config-mixed-content/);
  });

  it('builds with the warning, and the WebSocket form says that the API key header cannot be sent, with no field for it', async () => {
    const work = tempDir('apidesc-try-it-mixed-build-');
    writeFileSync(join(work, 'api.json'), document);
    writeFileSync(join(work, 'apidesc-docs.config.yaml'), config('ws://sandbox.example.com'));
    const out = join(work, 'site');
    const run = await runIn(work, ['build', 'api.json', '--out', out, '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.out + run.err);
    assert.match(run.out + run.err, WARNING);
    const html = readFileSync(join(out, 'operations', 'sendecho', 'index.html'), 'utf8');
    assert.match(
      html,
      /<p class="kind try-it-not-sent">This server asks for its API key in the header X-Api-Key, and a browser cannot set headers on a WebSocket: the form connects without it, so the server may refuse\. The code samples above send it\.<\/p>/,
    );
    assert.doesNotMatch(html, /data-try-it-secret|data-credentials=/);
  });
});
