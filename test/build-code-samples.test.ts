/**
 * Code samples on built operation pages (issue 40): in the reference panel, a heading per half of
 * the exchange, a radio tab per language (readable without script), highlighted, with copy
 * labels; an operation's own x-codeSamples among them; the Markdown twin holds the same code.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { runIn, tempDir } from './helpers.ts';
import { copyFileSync } from 'node:fs';

/** An element's text from its HTML: the words of a tab label are spans, an address in a title has <wbr> break points. */
const textOf = (html: string): string => html.replace(/<[^>]+>/g, '');

const FIXTURES = resolve(import.meta.dirname, 'fixtures/code-samples');

describe('code samples on built operation pages', () => {
  const work = tempDir('apidesc-code-samples-');
  const out = join(work, 'site');
  let run: { code: number; out: string; err: string };
  before(async () => {
    run = await runIn(FIXTURES, ['build', 'lights.yaml', '--out', out, '--cache', join(work, 'cache')]);
  });
  const page = (url: string, file = 'index.html'): string => readFileSync(join(out, url, file), 'utf8');

  it('puts the request and the reply in the panel, each under its heading and never folded, a tab per language, highlighted', () => {
    assert.equal(run.code, 0, run.err);
    const html = page('operations/turnon/');
    assert.match(html, /<aside class="ref-panel( with-reply)?" aria-label="Examples and code samples of [^"]*">/);
    const headings = [...html.matchAll(/<div class="sample-group">\s*<h3 class="sample-title">(.*?)<\/h3>/g)].map((m) => textOf(m[1]!));
    assert.deepEqual(headings, ['Send on lights/7/turn/on', 'Receive the reply on lights/7/state']);
    const samples = /<div class="code-samples">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    assert.doesNotMatch(samples, /<details|<summary/, 'no fold between the reader and the code');
    const labels = [...html.matchAll(/<input type="radio" class="code-tab-input" name="samples-1"[^>]*>\s*<label for="samples-1-\d">(.*?)<\/label>/g)].map(
      (m) => textOf(m[1]!),
    );
    // A tab is the language alone, so that the tabs keep one row; the library is named in its panel, and in the copy button's name.
    assert.deepEqual(labels, ['JavaScript', 'Python', 'Shell']);
    const captions = [...html.matchAll(/<div class="code-tab-panel" id="samples-1-\d-panel"[^>]*>\s*<p class="code-caption">(.*?)<\/p>/g)].map((m) => m[1]);
    assert.deepEqual(captions, ['mqtt', 'paho-mqtt', 'mosquitto-clients']);
    // Code that scrolls sideways, never re-wrapped: a focusable region named for a screen reader.
    assert.match(
      html,
      /<div class="code code-scrolls" data-pagefind-ignore data-copy-label="Send on lights\/7\/turn\/on, JavaScript \(mqtt\)"><pre class="hl" tabindex="0" role="region" aria-label="Code: Send on lights\/7\/turn\/on, JavaScript \(mqtt\)">/,
    );
    // Each tab names its language for /code-tabs.js, which remembers the reader's pick; the script comes right after the samples.
    assert.match(
      html,
      /<input type="radio" class="code-tab-input" name="samples-1" id="samples-1-2" value="2" aria-controls="samples-1-2-panel" data-remember="sample-language" data-choice="python">/,
    );
    assert.match(html, /<\/div>\s*<script src="\/code-tabs\.js"><\/script>/);
    // A long string may wrap after its slashes (<wbr>), never inside a word: the same string, highlighted.
    assert.match(html, /<span class="hl-string">'lights\/<wbr>7\/<wbr>turn\/<wbr>on'<\/span>/, 'highlighted as the other snippets are');
    const text = html.replace(/<[^>]+>/g, '');
    assert.match(text, /protocolVersion: 5,/);
    assert.match(text, /password: process\.env\.MQTT_PASSWORD,/);
    assert.match(html, /Set MQTT_USERNAME and MQTT_PASSWORD in the environment/);
  });

  it("shows an operation's x-codeSamples beside the generated samples", () => {
    const html = page('operations/watchlights/');
    const labels = [...html.matchAll(/<label for="samples-1-\d">(.*?)<\/label>/g)].map((m) => textOf(m[1]!));
    assert.deepEqual(labels, ['websocat', 'JavaScript', 'Python']);
    assert.match(html, /wss:\/\/<wbr>feed\.<wbr>example\.<wbr>com\/<wbr>v1\/<wbr>lights/);
  });

  it('writes the samples into the Markdown twin as fenced code', () => {
    const md = page('operations/turnon/', 'index.md');
    assert.match(md, /### Send on lights\/7\/turn\/on/);
    assert.match(md, /\*\*JavaScript \(mqtt\)\*\*\n\n```javascript\nimport mqtt from 'mqtt';/);
    assert.match(md, /```python\nimport os\nimport paho\.mqtt\.client as mqtt/);
  });
});

describe('code samples in the languages the configuration names', () => {
  it('writes only those, in its order', async () => {
    const work = tempDir('apidesc-code-samples-config-');
    copyFileSync(join(FIXTURES, 'lights.yaml'), join(work, 'lights.yaml'));
    writeFileSync(join(work, 'apidesc-docs.config.json'), JSON.stringify({ codeSamples: { languages: ['python'] } }));
    const run = await runIn(work, ['build', 'lights.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    const labels = (url: string): string[] =>
      [...readFileSync(join(work, 'site', url, 'index.html'), 'utf8').matchAll(/<label for="samples-1-\d">(.*?)<\/label>/g)].map((m) => textOf(m[1]!));
    assert.deepEqual(labels('operations/turnon/'), ['Python']);
    assert.deepEqual(labels('operations/watchlights/'), ['websocat', 'Python']);
  });
});

describe('code samples for a channel on several servers, in Go and Java', () => {
  it('puts a server tab above the samples of each server (radio buttons, readable without script), each in the configured languages', async () => {
    const work = tempDir('apidesc-code-samples-servers-');
    writeFileSync(
      join(work, 'api.yaml'),
      `apidesc: 3.0.0
info: { title: Lights, version: 1.0.0 }
servers:
  production: { host: 'broker.example.com:1883', protocol: mqtt }
  staging: { host: 'staging.example.com:1883', protocol: mqtt }
  local: { host: 'localhost:1883', protocol: mqtt }
channels:
  lights: { address: lights/on, messages: { on: { payload: { type: object, properties: { level: { type: integer } } } } } }
operations:
  switchOn: { action: receive, channel: { $ref: '#/channels/lights' } }
`,
    );
    writeFileSync(join(work, 'apidesc-docs.config.json'), JSON.stringify({ codeSamples: { languages: ['go', 'java'] } }));
    const run = await runIn(work, ['build', 'api.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    const html = readFileSync(join(work, 'site', 'operations/switchon/index.html'), 'utf8');
    const servers = [
      ...html.matchAll(/<input type="radio" class="code-tab-input" name="samples-server"[^>]*>\s*<label for="samples-server-\d">(.*?)<\/label>/g),
    ].map((m) => textOf(m[1]!));
    // Two languages fit 4 servers; four languages 2: with two, every server has its tab.
    assert.deepEqual(servers, ['production', 'staging', 'local']);
    assert.match(html, /<input type="radio" class="code-tab-input" name="samples-server" id="samples-server-1" value="1" checked/);
    const languages = [...html.matchAll(/<label for="samples-s2-1-\d">(.*?)<\/label>/g)].map((m) => textOf(m[1]!));
    assert.deepEqual(languages, ['Go', 'Java']);
    const text = html.replace(/<[^>]+>/g, '');
    assert.match(text, /AddBroker\(\s*(&quot;|")tcp:\/\/staging\.example\.com:1883/);
    assert.match(text, /new MqttClient\(\s*(&quot;|")tcp:\/\/localhost:1883/);
    const md = readFileSync(join(work, 'site', 'operations/switchon/index.md'), 'utf8');
    assert.match(md, /### Server staging\n\n#### Send on lights\/on/);
    assert.match(md, /```go\npackage main/);
  });
});

describe('a long payload in the code samples', () => {
  it("is written as the language's own literal, a line per field, in JavaScript, Python, Go and Java: read in the narrow panel, never pieced together with +", async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const work = tempDir('apidesc-code-samples-payload-');
    copyFileSync(join(CORPUS, 'valid', 'spec-kraken-websocket-request-reply-multiple-channels.yaml'), join(work, 'kraken.yaml'));
    writeFileSync(join(work, 'apidesc-docs.config.json'), JSON.stringify({ codeSamples: { languages: ['javascript', 'python', 'go', 'java'] } }));
    const run = await runIn(work, ['build', 'kraken.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    const md = readFileSync(join(work, 'site', 'operations/subscribe/index.md'), 'utf8');
    const block = (lang: string): string => new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(md)?.[1] ?? '';
    // JavaScript: an object literal, keys bare, given to JSON.stringify; Python: a dict given to json.dumps.
    assert.match(block('javascript'), /\nconst payload = \{\n {2}event: 'subscribe',\n {2}reqid: 40,\n {2}pair: \['AP\/RU'\],\n {2}subscription: \{\n/);
    assert.match(block('javascript'), /socket\.send\(JSON\.stringify\(payload\)\)/);
    assert.match(block('python'), /\npayload = \{\n {4}'event': 'subscribe',\n {4}'reqid': 40,\n {4}'pair': \['AP\/RU'\],\n {4}'subscription': \{\n/);
    assert.match(block('python'), /'ratecounter': False,\n {8}'snapshot': True,/);
    // Laid an argument a line: `await socket.send(json.dumps(payload))` at its indentation runs past the panel's edge.
    assert.match(block('python'), /socket\.send\(\n {12}json\.dumps\(payload\),\n {8}\)/);
    // Go and Java: the JSON text itself, in a raw string and a text block.
    assert.match(block('go'), /\nconst payload = `\{\n {2}"event": "subscribe",\n {2}"reqid": 40,\n/);
    assert.match(block('go'), /\[\]byte\(payload\)/);
    assert.match(block('java'), /String payload = """\n {4}\{\n {6}"event": "subscribe",\n {6}"reqid": 40,\n/);
    assert.match(block('java'), /sendText\(payload, true\)/);
    for (const lang of ['javascript', 'python', 'go', 'java']) {
      assert.doesNotMatch(block(lang), /["'] \+\n/, `${lang}: no line pieced onto the next`);
      const pieces = block(lang)
        .split('\n')
        .filter((l) => /^\s*["']?(event|reqid|pair|subscription|depth|interval|name|ratecounter|snapshot|token)["']?:/.test(l));
      assert.ok(pieces.length >= 8, `${lang}: a line per field`);
      for (const piece of pieces) assert.ok(piece.trim().length <= 48, `${lang}: ${piece.trim()} is short enough for the panel`);
    }
  });
});

describe('code samples of the streetlights Kafka document (two servers, a parameter with no example)', () => {
  it('labels each row of tabs with what it picks, says what to fill in before the code, and lays the client options over lines that fit', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const work = tempDir('apidesc-code-samples-streetlights-');
    copyFileSync(join(CORPUS, 'valid', 'spec-streetlights-kafka.yaml'), join(work, 'streetlights.yaml'));
    const run = await runIn(work, ['build', 'streetlights.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    const html = readFileSync(join(work, 'site', 'operations/receivelightmeasurement/index.html'), 'utf8');
    // One toolbar line a group: the server picker, a compact choice labelled "Server" beside the panel's title, and the
    // language tabs, whose group is named for screen readers only (no second labelled row of tabs stacked under the first).
    assert.match(
      html,
      /<fieldset class="code-tab-list server-choice">\s*<legend class="code-tab-legend">Server<\/legend>\s*<input type="radio" class="code-tab-input" name="samples-server"/,
    );
    assert.match(
      html,
      /<fieldset class="code-tab-list">\s*<legend class="visually-hidden">Language<\/legend>\s*<input type="radio" class="code-tab-input" name="samples-s1-1"/,
    );
    // What to fill in comes between the heading and the tabs, with the parameter's description; nothing says it again after the code.
    const group = /<div class="sample-group">([\s\S]*?)<div class="code-tabs"/.exec(html)?.[1] ?? '';
    assert.match(textOf(group), /Before running, fill in what the API description gives no value for:\s*&lt;streetlightId&gt;\s*The ID of the streetlight\./);
    assert.doesNotMatch(html, /Replace &lt;streetlightId&gt;/);
    // The kafkajs options a line each where one line would run past the panel's edge.
    const text = textOf(html);
    assert.match(text, /\n {2}sasl: \{\n {4}mechanism: 'scram-sha-256',\n {4}username: process\.env\.KAFKA_USERNAME,\n/);
    const md = readFileSync(join(work, 'site', 'operations/receivelightmeasurement/index.md'), 'utf8');
    assert.match(
      md,
      /Before running, fill in what the API description gives no value for: &lt;streetlightId&gt; \(The ID of the streetlight\)\.|Before running, fill in what the API description gives no value for: \\?<streetlightId\\?> \(The ID of the streetlight\)\./,
    );
  });
});

describe('code samples of an operation of several messages', () => {
  it('puts a tab per message (radio buttons, named with its title) over the language tabs, each sending its own example; the Markdown twin has each under its title', async () => {
    const work = tempDir('apidesc-code-samples-messages-');
    copyFileSync(join(FIXTURES, 'parcels-kafka.yaml'), join(work, 'parcels-kafka.yaml'));
    mkdirSync(join(work, 'guides'));
    writeFileSync(join(work, 'guides', 'report.mdx'), '---\ntitle: Report parcel events\n---\n\n<OperationCard ref="#/operations/reportParcelEvents" />\n');
    const run = await runIn(work, ['build', 'parcels-kafka.yaml', '--out', join(work, 'site'), '--cache', join(work, 'cache')]);
    assert.equal(run.code, 0, run.err);
    const html = readFileSync(join(work, 'site', 'operations/reportparcelevents/index.html'), 'utf8');
    const tabs = [
      ...html.matchAll(
        /<input type="radio" class="panel-tab-input" name="samples-1-message" id="samples-1-message-(\d)"[^>]*>\s*<label for="samples-1-message-\1">(.*?)<\/label>/g,
      ),
    ].map((m) => m[2]);
    assert.deepEqual(tabs, ['Parcel scanned', 'Parcel delivered', 'Parcel lost']);
    // Each message's panel: named for it, its own language tabs (their own radio group), its own example in the code.
    const panels = html
      .split('<div class="panel-tab" id="samples-1-message-')
      .slice(1)
      .map((chunk) => /^(\d)-panel" role="group" aria-label="([^"]+)">([\s\S]*?)(?:<\/section>|$)/.exec(chunk)!);
    assert.deepEqual(
      panels.map((p) => p[2]),
      tabs,
    );
    const groupNames = panels.map((p) => /name="(samples-1(?:-m\d)?)"/.exec(p[3]!)?.[1]);
    assert.deepEqual(groupNames, ['samples-1', 'samples-1-m2', 'samples-1-m3']);
    const texts = panels.map((p) => textOf(p[3]!));
    assert.match(texts[0]!, /parcelId: 'P-1001'/);
    assert.match(texts[1]!, /signedBy: 'A\. Reader'/);
    assert.match(texts[2]!, /lastSeenAt: 'sorting-hall'/);
    assert.doesNotMatch(texts[0]!, /P-2001|P-3001/);
    // The copy buttons say which message's sample they copy.
    assert.match(html, /data-copy-label="Send on parcel-events, Parcel delivered, Python \(confluent-kafka\)"/);
    // Each message's samples name the example they carry, linked to that message's tab of the page's examples.
    const carried = panels.map((p) =>
      /<p class="kind sample-example"[^>]*>Carries the example <a href="#([^"]+)" data-pick-tab>([^<]+)<\/a> of ([^,<]+),/.exec(p[3]!)?.slice(1),
    );
    assert.deepEqual(carried, [
      ['panel-request-1', 'atGate', 'Parcel scanned'],
      ['panel-request-2', 'Example 1', 'Parcel delivered'],
      ['panel-request-3', 'Generated example', 'Parcel lost'],
    ]);
    for (const [target, example, title] of carried as string[][]) {
      assert.equal(textOf(new RegExp(`<label for="${target}">(.*?)</label>`).exec(html)?.[1] ?? ''), title, `${target} is the examples' tab of ${title}`);
      const examples = html.split(`id="${target}-panel"`)[1]!.split('class="panel-tab"')[0]!;
      assert.match(examples, new RegExp(`<strong data-pagefind-ignore>${example}</strong>`), `${title}'s examples open with ${example}`);
    }
    // A guide's card of the operation has the same tab per message, each with its own example's code.
    const guide = readFileSync(join(work, 'site', 'guides/report/index.html'), 'utf8');
    const card = guide.slice(guide.indexOf('<div class="guide-run">'));
    const cardTabs = [
      ...card.matchAll(
        /<input type="radio" class="panel-tab-input" name="(guide-run-[^"]+)-message" id="\1-message-(\d)"[^>]*>\s*<label for="\1-message-\2">(.*?)<\/label>/g,
      ),
    ].map((m) => m[3]);
    assert.deepEqual(cardTabs, tabs);
    const cardPanels = card
      .split(/<div class="panel-tab" id="guide-run-[^"]+-message-\d-panel"/)
      .slice(1)
      .map(textOf);
    assert.equal(cardPanels.length, 3);
    assert.match(cardPanels[1]!, /signedBy: 'A\. Reader'/);
    assert.match(cardPanels[2]!, /lastSeenAt: 'sorting-hall'/);
    assert.doesNotMatch(cardPanels[0]!, /P-2001|P-3001/);
    const md = readFileSync(join(work, 'site', 'operations/reportparcelevents/index.md'), 'utf8');
    const samples = md.slice(md.indexOf('## Code samples'));
    assert.deepEqual(
      [...samples.matchAll(/^#### (.*)$/gm)].map((m) => m[1]),
      tabs,
    );
    assert.match(
      samples,
      /#### Parcel lost\n\nCarries the example: Generated example\.\n\n\*\*JavaScript \(kafkajs\)\*\*\n\n```javascript\nimport \{ Kafka \} from 'kafkajs';\n\nconst payload = \{\n {2}parcelId: 'P-3001',/,
    );
  });
});
