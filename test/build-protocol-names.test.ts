/**
 * A protocol has one name across the site (review 18, defect 9): a server written `protocol:
 * kafka-secure` is "Kafka (TLS)" on the portal's chips, its own page's badge, its channel's list of
 * servers, its operations' badges, the overview's cards and drawing, the sidebar's groups, the
 * Markdown twins and the search's Protocol filter, as the portal names it; the document's own
 * spelling stays only where it is the written value a client needs (the URL template and the
 * Connect block of the server's page).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const SECURE = `apidesc: 3.0.0
info: {title: Lights, version: 1.0.0}
servers:
  scram-connections: {host: 'broker.example.com:18092', protocol: kafka-secure, description: Secured with SCRAM}
channels:
  lightingMeasured:
    address: lights.measured
    messages:
      lightMeasured: {payload: {type: object, properties: {lumens: {type: integer}}}}
operations:
  receiveLightMeasurement:
    action: receive
    channel: {$ref: '#/channels/lightingMeasured'}
`;
const PLAIN = `apidesc: 3.0.0
info: {title: Meters, version: 1.0.0}
servers:
  broker: {host: 'mqtt.example.com', protocol: mqtts}
channels:
  readings: {address: meters/readings, messages: {reading: {payload: {type: object}}}}
operations:
  sendReading: {action: send, channel: {$ref: '#/channels/readings'}}
`;

/** Every file under `dir` with its path. */
function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(ext) && statSync(join(dir, f)).isFile());
}

/** A page's words a reader sees as names: its text outside code, preformatted blocks and the folded Source. */
const readerText = (html: string): string =>
  html
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<code[\s\S]*?<\/code>/g, ' ')
    .replace(/<div class="source"[\s\S]*?<\/div>/g, ' ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    // The search's hidden record: a server's address is its URL as written, shown as code on its hit.
    .replace(/<span data-pagefind-meta="address"[^>]*>[^<]*<\/span>/g, ' ')
    .replace(/<[^>]+>/g, ' ');

describe('a protocol named one way on every page kind', () => {
  const dir = tempTree({ 'lights.yaml': SECURE, 'meters.yaml': PLAIN });
  const site = join(dir, 'site');
  const page = (url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
  before(async () => {
    const built = await runIn(dir, ['build', 'lights.yaml', 'meters.yaml', '--out', 'site', '--cache', 'cache']);
    assert.equal(built.code, 0, built.out + built.err);
  });

  it("says the portal chip's name on the server, channel, operation and overview pages, and in their lists", () => {
    const api = readdirSync(site).find((name) => name.startsWith('lights'))!;
    const badge = (html: string): string[] => [...html.matchAll(/<span class="badge protocol">([^<]*)<\/span>/g)].map((m) => m[1]!);
    assert.match(page(''), /Kafka \(TLS\)/, 'the portal chip');
    assert.deepEqual(badge(page(`${api}/servers/scram-connections`)), ['Kafka (TLS)'], 'the server page');
    assert.deepEqual(badge(page(`${api}/operations/receivelightmeasurement`)), ['Kafka (TLS)'], 'the operation page');
    assert.deepEqual(badge(page(`${api}/channels/lightingmeasured`)), ['Kafka (TLS)'], 'the channel page');
    // The channel's list of servers: the server's name, its host and its protocol by the same name.
    const servers = /<section[^>]*aria-labelledby="h-servers"[\s\S]*?<\/section>/.exec(page(`${api}/channels/lightingmeasured`))?.[0] ?? '';
    assert.match(readerText(servers), /scram-connections[\s\S]*Kafka \(TLS\)/, servers);
    assert.ok(badge(page(api)).includes('Kafka (TLS)'), 'the overview’s cards');
    assert.match(page(`${api}`), /server · Kafka \(TLS\)/, 'the overview’s drawing');
    // Another protocol of the same portal, by the chip's name too.
    const meters = readdirSync(site).find((name) => name.startsWith('meters'))!;
    assert.deepEqual(badge(page(`${meters}/servers/broker`)), ['MQTT (TLS)']);
  });

  it('keeps the written `kafka-secure` only where a client needs it as written: the URL template and the Connect block', () => {
    const api = readdirSync(site).find((name) => name.startsWith('lights'))!;
    for (const file of files(join(site, api), '.html')) {
      const html = readFileSync(join(site, api, file), 'utf8');
      assert.doesNotMatch(readerText(html), /kafka-secure/, `${file} names the protocol as the document spells it`);
    }
    const server = page(`${api}/servers/scram-connections`);
    assert.match(server, /kafka-secure:\/\/broker\.example\.com:18092/, 'the URL template as written');
    assert.match(server, /protocol\s+kafka-secure/, 'the Connect block as written');
    // The Markdown twins say it as the pages do.
    for (const file of files(join(site, api), '.md')) {
      const twin = readFileSync(join(site, api, file), 'utf8')
        .replace(/```[\s\S]*?```/g, ' ')
        .replace(/`[^`\n]*`/g, ' ');
      assert.doesNotMatch(twin, /kafka-secure/, `${file}`);
    }
  });

  it("files the pages under the chip's name in the search's Protocol filter", () => {
    const api = readdirSync(site).find((name) => name.startsWith('lights'))!;
    const html = page(`${api}/operations/receivelightmeasurement`);
    assert.match(html, /data-pagefind-filter="protocol:Kafka \(TLS\)">Kafka \(TLS\)</);
    assert.doesNotMatch(html, /data-pagefind-filter="protocol:kafka-secure"/);
  });
});
