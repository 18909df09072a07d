import assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { tempDir, tempTree } from '../../../test/helpers.ts';
import type { SampleLanguage } from '../samples/generators.ts';
import { sampleProtocol } from '../samples/sample-target.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import { invalidExamples, markInvalidExamples } from './example-findings.ts';
import { MAX_MESSAGE_SAMPLES } from './page-samples.ts';
import type { Page, PageSection, SampleGroup } from './page-types.ts';

async function operationPages(file: string): Promise<Page[]> {
  const { doc } = await validateDocument(file);
  assert.ok(doc, `${file} did not load`);
  return buildApiModel(doc, 'api', join(file, '..')).pages.filter((p) => p.kind === 'operation');
}

async function samplesOf(yaml: string): Promise<Map<string, SampleGroup[]>> {
  const pages = await operationPages(join(tempTree({ 'api.yaml': yaml }), 'api.yaml'));
  const out = new Map<string, SampleGroup[]>();
  for (const p of pages) {
    const s = p.sections.find((x) => x.type === 'code-samples');
    if (s?.type === 'code-samples') out.set(p.url.split('/').filter(Boolean).pop()!, s.groups);
  }
  return out;
}

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'code-samples');

/** The strings and numbers of a JSON value, at any depth: what a sample that sends it must write. */
const leaves = (value: unknown): string[] =>
  value !== null && typeof value === 'object'
    ? Object.values(value).flatMap(leaves)
    : typeof value === 'string' || typeof value === 'number'
      ? [String(value)]
      : [];

/** The operation's Messages section: each shown message's title and the payload of its first example, as the page shows them. */
function shownMessages(page: Page): { title: string; payload: unknown }[] {
  const section = page.sections.find((x) => x.type === 'messages' && x.anchor === 'messages');
  assert.ok(section?.type === 'messages', `${page.url} has no Messages section`);
  return section.messages.map((m) => {
    const examples = m.sections.find((x) => x.type === 'examples');
    const payload = examples?.type === 'examples' ? examples.examples[0]?.blocks.find((b) => b.part === 'payload') : undefined;
    return { title: m.link.title, payload: payload?.lang === 'json' ? JSON.parse(payload.code) : undefined };
  });
}

const base = (protocol: string, extra = ''): string => `apidesc: 3.0.0
info: { title: T, version: 1.0.0 }
servers:
  main:
    host: broker.example.com:{port}
    protocol: ${protocol}
    variables: { port: { default: '9094', enum: ['9094', '9095'] } }
    security: [{ $ref: '#/components/securitySchemes/sasl' }]
channels:
  orders:
    address: orders.{region}
    parameters: { region: { enum: [eu, us] } }
    messages:
      placed:
        payload: { type: object, required: [id], properties: { id: { type: string } } }
        examples: [{ payload: { id: o-1 }, headers: { trace: t-9 } }]
  confirmations:
    address: orders.confirmed
    messages:
      confirmed:
        payload: { type: object, properties: { ok: { type: boolean } } }
        examples: [{ payload: { ok: true } }]
operations:
  placeOrder:
    action: receive
    channel: { $ref: '#/channels/orders' }
    bindings: { kafka: { groupId: { type: string, enum: [billing] }, key: { type: string, examples: [k-1] } } }
    reply:
      channel: { $ref: '#/channels/confirmations' }
${extra}
components:
  securitySchemes:
    sasl: { type: scramSha256 }
`;

describe('code samples of operation pages', () => {
  it("write the server's variables, the channel's parameters, the binding's key and the SASL credentials as environment variables", async () => {
    const groups = (await samplesOf(base('kafka-secure'))).get('placeorder');
    assert.ok(groups);
    const js = groups[0]!.samples.find((s) => s.lang === 'javascript')!.code;
    assert.match(js, /brokers: \['broker\.example\.com:9094'\]/);
    assert.match(js, /topic: 'orders\.eu'/);
    assert.match(js, /key: 'k-1'/);
    assert.match(js, /headers: \{ 'trace': 't-9' \}/);
    assert.match(js, /ssl: true/);
    // Laid over several lines, as a person writes them, rather than one line past the panel's edge.
    assert.match(
      js,
      /\n {2}sasl: \{\n {4}mechanism: 'scram-sha-256',\n {4}username: process\.env\.KAFKA_USERNAME,\n {4}password: process\.env\.KAFKA_PASSWORD,\n {2}\},\n/,
    );
    assert.match(js, /\nawait producer\.send\(\{\n {2}topic: 'orders\.eu',\n {2}messages: \[\n/);
    const py = groups[0]!.samples.find((s) => s.lang === 'python')!.code;
    assert.match(py, /'security\.protocol': 'SASL_SSL'/);
    // Broken inside the lookup's brackets, as Black does: on one line it runs past the panel's edge.
    assert.match(py, /\n {4}'sasl\.username': os\.environ\[\n {8}'KAFKA_USERNAME'\n {4}\],\n/);
    assert.deepEqual(groups[0]!.notes, ['Set KAFKA_USERNAME and KAFKA_PASSWORD in the environment: the samples read the credentials from there.']);
  });

  it('show both halves of a request and reply: the reader sends the request and receives the reply', async () => {
    const groups = (await samplesOf(base('kafka')))!.get('placeorder')!;
    assert.deepEqual(
      groups.map((g) => g.title),
      ['Send on orders.eu', 'Receive the reply on orders.confirmed'],
    );
    assert.match(groups[1]!.samples[0]!.code, /kafka\.consumer\(\{\n {2}groupId: 'sample',\n\}\);/);
  });

  it('take an x-codeSamples entry in place of the generated sample of its language, and add the others', async () => {
    const extra = `    x-codeSamples:
      - { lang: JavaScript, label: Node (our SDK), source: "await orders.place({ id: 'o-1' });\\n" }
      - { lang: Go, source: 'orders.Place("o-1")' }`;
    const groups = (await samplesOf(base('kafka', extra))).get('placeorder')!;
    assert.deepEqual(
      groups[0]!.samples.map((s) => [s.label, s.lang]),
      [
        ['Node (our SDK)', 'javascript'],
        ['Go', 'go'],
        ['Python', 'python'],
        ['Shell', 'shell'],
      ],
    );
    assert.equal(groups[0]!.samples[0]!.code, "await orders.place({ id: 'o-1' });");
  });

  it('give an operation on a server of no supported protocol no samples, unless it brings its own', async () => {
    assert.equal((await samplesOf(base('ibmmq'))).size, 0);
    const own = await samplesOf(base('ibmmq', "    x-codeSamples: [{ lang: shell, label: CLI, source: 'mqput orders' }]"));
    assert.deepEqual(
      own.get('placeorder')?.[0]?.samples.map((s) => s.label),
      ['CLI'],
    );
  });

  it('on the corpus: every operation page of a protocol with samples has them (sns pages their commands)', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const seen = new Set<string>();
    for (const name of readdirSync(join(CORPUS, 'valid'))) {
      for (const page of await operationPages(join(CORPUS, 'valid', name))) {
        const supported = page.protocols.filter((p) => sampleProtocol(p) !== undefined || p === 'sns');
        if (supported.length === 0) continue;
        const samples = page.sections.find((s) => s.type === 'code-samples');
        const sns = page.sections.find((s) => s.type === 'sns-operation');
        const hasSns = sns?.type === 'sns-operation' && !!sns.handsOn && (sns.handsOn.publish.length > 0 || sns.handsOn.subscribe.length > 0);
        assert.ok(samples || hasSns, `${name} ${page.url} (${supported.join(', ')}) has no code samples`);
        if (samples?.type === 'code-samples')
          for (const g of samples.groups) for (const s of g.samples) seen.add(`${sampleProtocol(page.protocols.find((p) => sampleProtocol(p))!)} ${s.lang}`);
      }
    }
    // The corpus holds Kafka, MQTT, AMQP, WebSocket and HTTP operations (its SQS ones are sns subscriptions): each gets both languages.
    for (const p of ['kafka', 'mqtt', 'amqp', 'ws', 'http'])
      for (const l of ['javascript', 'python']) assert.ok(seen.has(`${p} ${l}`), `no ${l} sample for ${p}`);
  });

  it('write a parameter or server variable with no value as a <name> placeholder, and say to replace it', async () => {
    const yaml = base('kafka')
      .replace('address: orders.{region}', 'address: orders.{region}.{shopId}')
      .replace(
        'parameters: { region: { enum: [eu, us] } }',
        'parameters: { region: { enum: [eu, us] }, shopId: { description: The shop that places the order. } }',
      )
      .replace('host: broker.example.com:{port}', "host: '{cluster}.example.com:{port}'")
      .replace('variables: { port:', 'variables: { cluster: {}, port:');
    const groups = (await samplesOf(yaml)).get('placeorder')!;
    const js = groups[0]!.samples.find((s) => s.lang === 'javascript')!.code;
    assert.match(js, /topic: 'orders\.eu\.<shopId>'/);
    assert.match(js, /brokers: \['<cluster>\.example\.com:9094'\]/);
    // Said before the code, each with what it stands for (the parameter's description here; the variable has none).
    assert.deepEqual(groups[0]!.fillIn, [{ placeholder: '<cluster>' }, { placeholder: '<shopId>', about: 'The shop that places the order.' }]);
    assert.ok(!groups[0]!.notes.some((n) => n.includes('<shopId>')), 'not said again after the code');
  });

  it('on the streetlights Kafka document: the streetlightId with no example is a placeholder the panel says to replace', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const pages = await operationPages(join(CORPUS, 'valid', 'spec-streetlights-kafka.yaml'));
    const turnOn = pages.find((p) => p.url.endsWith('/turnon/'))!;
    const s = turnOn.sections.find((x) => x.type === 'code-samples');
    assert.ok(s?.type === 'code-samples');
    assert.match(s.groups[0]!.samples[0]!.code, /'smartylighting\.streetlights\.1\.0\.action\.<streetlightId>\.turn\.on'/);
    assert.deepEqual(s.groups[0]!.fillIn, [{ placeholder: '<streetlightId>', about: 'The ID of the streetlight.' }]);
    // Its channel is on a SCRAM server and an mTLS one: the server picker has the samples of each.
    assert.deepEqual(
      s.servers?.map((server) => server.name),
      ['scram-connections', 'mtls-connections'],
    );
    assert.equal(s.servers[0]!.groups, s.groups);
    const mtls = s.servers[1]!.groups[0]!;
    assert.match(mtls.samples[0]!.code, /\n {2}brokers: \[\n {4}'test\.mykafkacluster\.org:28092',\n {2}\],\n/);
    assert.ok(!mtls.notes.some((n) => n.includes('KAFKA_USERNAME')), 'the mTLS server takes no user and password');
    assert.ok(s.groups[0]!.notes.some((n) => n.includes('KAFKA_USERNAME')));
    // Its X509 scheme: both languages present the client certificate, key and CA; the note says where from.
    const python = mtls.samples.find((x) => x.lang === 'python')!.code;
    for (const key of ['ssl.ca.location', 'ssl.certificate.location', 'ssl.key.location']) assert.ok(python.includes(key), `Python lacks ${key}`);
    assert.match(mtls.samples.find((x) => x.lang === 'javascript')!.code, /cert: readFileSync\(process\.env\.KAFKA_CERT_FILE\)/);
    assert.ok(mtls.notes.some((n) => /client certificate \(mutual TLS\): set KAFKA_CERT_FILE, KAFKA_KEY_FILE and KAFKA_CA_FILE/.test(n)));
  });

  it("leave Spring for Apache Kafka's own headers (kafka_offset…) out of a Kafka producer's sample, and say so; other headers and protocols keep theirs", async () => {
    const spring = (protocol: string) => `apidesc: 3.0.0
info: { title: T, version: 1.0.0 }
servers: { main: { host: 'kafka:29092', protocol: ${protocol} } }
channels:
  example:
    address: example-topic
    messages:
      dto:
        payload: { type: object, properties: { someLong: { type: integer, examples: [5] } } }
        headers:
          type: object
          properties:
            __TypeId__: { type: string, enum: [io.example.ExamplePayloadDto] }
            kafka_offset: { type: integer, examples: [0] }
            kafka_receivedMessageKey: { type: string, examples: ['"string"'] }
            kafka_recordMetadata: { type: object, examples: [{}] }
operations:
  receiveExample: { action: receive, channel: { $ref: '#/channels/example' } }
`;
    const kafka = (await samplesOf(spring('kafka'))).get('receiveexample')![0]!;
    for (const sample of kafka.samples) {
      assert.ok(!sample.code.includes('kafka_'), `${sample.lang} sends a Spring header:\n${sample.code}`);
      assert.ok(sample.code.includes('__TypeId__'), `${sample.lang} lost the type id header`);
    }
    assert.ok(
      kafka.notes.some((n) => n.startsWith("Not sent: kafka_offset, kafka_receivedMessageKey and kafka_recordMetadata, Spring for Apache Kafka's own headers")),
    );
    // Over AMQP the same names are the document's headers, not Spring Kafka's: sent as they are.
    const amqp = (await samplesOf(spring('amqp'))).get('receiveexample')![0]!;
    assert.ok(amqp.samples[0]!.code.includes('kafka_offset'));
    assert.ok(!amqp.notes.some((n) => n.startsWith('Not sent')));
  });

  it('write samples for a bounded number of servers (4 in two languages, 2 in four) and name the others in a note', async () => {
    const servers = Array.from({ length: 6 }, (_, i) => `  s${i + 1}: { host: 'broker${i + 1}.example.com:1883', protocol: mqtt }`).join('\n');
    const yaml = `apidesc: 3.0.0
info: { title: T, version: 1.0.0 }
servers:
${servers}
channels:
  lights: { address: lights, messages: { on: { payload: { type: string } } } }
operations:
  switch: { action: receive, channel: { $ref: '#/channels/lights' } }
`;
    const dir = tempTree({ 'api.yaml': yaml });
    const { doc } = await validateDocument(join(dir, 'api.yaml'));
    assert.ok(doc);
    const sectionIn = (languages: SampleLanguage[]) => {
      const page = buildApiModel(doc, 'api', dir, { sampleLanguages: languages }).pages.find((p) => p.url.endsWith('/switch/'))!;
      const s = page.sections.find((x) => x.type === 'code-samples');
      assert.ok(s?.type === 'code-samples');
      return s;
    };
    const two = sectionIn(['javascript', 'python']);
    assert.deepEqual(
      two.servers?.map((server) => server.name),
      ['s1', 's2', 's3', 's4'],
    );
    assert.match(two.servers[3]!.groups[0]!.samples[0]!.code, /mqtt:\/\/broker4\.example\.com:1883/);
    for (const server of two.servers)
      assert.ok(
        server.groups[0]!.notes.includes(
          'The channel is also on s5 (broker5.example.com:1883), s6 (broker6.example.com:1883): to use one, change the host and the credentials.',
        ),
      );
    const four = sectionIn(['javascript', 'python', 'go', 'java']);
    assert.deepEqual(
      four.servers?.map((server) => server.name),
      ['s1', 's2'],
    );
    assert.equal(four.servers.flatMap((server) => server.groups[0]!.samples).length, 8);
  });

  it('on the Kraken document (no server, WebSocket in its title): every operation has ws samples, a request reads its reply on the same socket', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const pages = await operationPages(join(CORPUS, 'valid', 'spec-kraken-websocket-request-reply-multiple-channels.yaml'));
    assert.equal(pages.length, 5);
    for (const page of pages) {
      const s = page.sections.find((x) => x.type === 'code-samples');
      assert.ok(s?.type === 'code-samples', `${page.url} has no code samples`);
      assert.deepEqual(
        s.groups[0]!.samples.map((x) => [x.label, x.library]),
        [
          ['JavaScript', 'ws'],
          ['Python', 'websockets'],
        ],
      );
      assert.ok(
        s.groups[0]!.notes.some((n) => n.includes('does not say which protocol or protocol version') && n.includes('as its title says')),
        'the guess is said to be one',
      );
    }
    const ping = pages.find((p) => p.url.endsWith('/receiveping/'))!.sections.find((x) => x.type === 'code-samples');
    assert.ok(ping?.type === 'code-samples');
    assert.deepEqual(
      ping.groups.map((g) => g.title),
      ['Send on / and read the reply'],
    );
    const [js, py] = ping.groups[0]!.samples.map((x) => x.code);
    assert.match(js!, /^const payload = \{\n {2}event: 'ping',\n {2}reqid: 40,\n\};$/m);
    assert.match(js!, /new WebSocket\(\n {2}'wss:\/\/<host>',\n\);\nsocket\.on\('open', \(\) => \{\n {2}socket\.send\(JSON\.stringify\(payload\)\);\n\}\);/);
    assert.match(js!, /socket\.on\('message'/);
    assert.match(py!, /^import asyncio\n/);
    assert.match(py!, /reply = await socket\.recv\(\)/);
  });

  it("join the server's pathname and an address of / with no doubled or trailing slash", async () => {
    const yaml = `apidesc: 3.0.0
info: { title: T, version: 1.0.0 }
servers:
  api: { host: slack.com, pathname: /api/rtm.connect/, protocol: https }
  socket: { host: ws.example.com, pathname: /v1, protocol: wss }
channels:
  root: { address: /, servers: [{ $ref: '#/servers/api' }], messages: { m: { payload: { type: string }, examples: [{ payload: hi }] } } }
  live: { address: //feed, servers: [{ $ref: '#/servers/socket' }], messages: { m: { payload: { type: string }, examples: [{ payload: hi }] } } }
operations:
  post: { action: receive, channel: { $ref: '#/channels/root' } }
  feed: { action: send, channel: { $ref: '#/channels/live' } }
`;
    const samples = await samplesOf(yaml);
    assert.match(samples.get('post')![0]!.samples[0]!.code, /'https:\/\/slack\.com\/api\/rtm\.connect'/);
    assert.match(samples.get('feed')![0]!.samples[0]!.code, /'wss:\/\/ws\.example\.com\/v1\/feed'/);
  });

  it("give the default document's request/reply send on an sns server the sns publish commands", async () => {
    const pages = await operationPages(join(import.meta.dirname, '..', '..', '..', 'content', 'orders.apidesc.yaml'));
    const page = pages.find((p) => p.url.endsWith('/requeststockcheck/'))!;
    const sns = page.sections.find((x) => x.type === 'sns-operation');
    assert.ok(sns?.type === 'sns-operation' && sns.handsOn, 'no sns commands');
    assert.ok(sns.handsOn.publish.length > 0);
    assert.match(sns.handsOn.publish[0]!.cli!.code, /aws sns publish/);
    assert.match(sns.handsOn.publish[0]!.cli!.code, /inventory\.stock-check|inventory-stock-check/);
    assert.equal(sns.handsOn.replyWhere, 'The reply does not come back on this topic: the Reply section says where.');
  });

  it('give each message of an operation of several its own samples, under its title, sending its first example (written, else generated)', async () => {
    const pages = await operationPages(join(FIXTURES, 'parcels-kafka.yaml'));
    const page = pages.find((p) => p.url.endsWith('/reportparcelevents/'))!;
    const s = page.sections.find((x) => x.type === 'code-samples');
    assert.ok(s?.type === 'code-samples');
    const request = s.groups[0]!;
    assert.deepEqual(
      request.messages?.map((m) => m.title),
      ['Parcel scanned', 'Parcel delivered', 'Parcel lost'],
    );
    // The first message's samples are the group's own: a reader of the page's first tab, the guide and the twin read the same.
    assert.equal(request.samples, request.messages[0]!.samples);
    const js = request.messages.map((m) => m.samples.find((x) => x.lang === 'javascript')!.code);
    // The first written example (not the second), its header with it; the key of the message's own binding; the generated example of a message with none.
    assert.match(js[0]!, /parcelId: 'P-1001',\n {2}scanner: 'gate-3',/);
    assert.doesNotMatch(js[0]!, /P-1002/);
    assert.match(js[0]!, /headers: \{ 'eventType': 'scanned' \}/);
    assert.match(js[1]!, /parcelId: 'P-2001',\n {2}signedBy: 'A\. Reader',/);
    assert.match(js[1]!, /key: 'P-2001'/);
    assert.doesNotMatch(js[1]!, /eventType/);
    assert.match(js[2]!, /parcelId: 'P-3001',\n {2}lastSeenAt: 'sorting-hall',/);
    assert.equal(request.moreMessages, undefined);
    // Each tab is named as the Messages section names the message.
    assert.deepEqual(
      request.messages.map((m) => m.title),
      shownMessages(page).map((m) => m.title),
    );
  });

  it('on the WebSocket components document: each message the reader sends has its own sample, sending its example, under its title', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const pages = await operationPages(join(CORPUS, 'valid', 'generator-websocket-components.yaml'));
    const page = pages.find((p) => p.url.endsWith('/receivemessage/'))!;
    const s = page.sections.find((x) => x.type === 'code-samples');
    assert.ok(s?.type === 'code-samples');
    const group = s.groups[0]!;
    const shown = shownMessages(page);
    assert.equal(shown.length, 2);
    assert.deepEqual(
      group.messages?.map((m) => m.title),
      shown.map((m) => m.title),
    );
    group.messages.forEach((m, i) => {
      const code = m.samples.find((x) => x.lang === 'python')!.code;
      assert.ok(leaves(shown[i]!.payload).length > 0);
      for (const leaf of leaves(shown[i]!.payload)) assert.ok(code.includes(leaf), `${m.title}: the sample lacks ${leaf} of its example`);
    });
    assert.notEqual(group.messages[0]!.samples[0]!.code, group.messages[1]!.samples[0]!.code);
  });

  it('write samples for as many messages as the Messages section shows in full and count the rest; code that reads any message is written once', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const yaml = `apidesc: 3.0.0
info: { title: T, version: 1.0.0 }
servers: { main: { host: 'kafka:9092', protocol: kafka } }
channels:
  events:
    address: events
    messages:
${names.map((n) => `      ${n}: { title: Event ${n}, payload: { type: object, properties: { kind: { type: string, const: kind-${n} } } } }`).join('\n')}
operations:
  take: { action: receive, channel: { $ref: '#/channels/events' } }
  tell: { action: send, channel: { $ref: '#/channels/events' } }
`;
    const samples = await samplesOf(yaml);
    const take = samples.get('take')![0]!;
    assert.deepEqual(
      take.messages?.map((m) => m.title),
      names.slice(0, MAX_MESSAGE_SAMPLES).map((n) => `Event ${n}`),
    );
    for (const [i, m] of take.messages.entries()) assert.match(m.samples[0]!.code, new RegExp(`kind: 'kind-${names[i]}'`));
    assert.equal(take.moreMessages, names.length - MAX_MESSAGE_SAMPLES);
    // The reader's consumer reads every message alike: one sample, no tab per message.
    const tell = samples.get('tell')![0]!;
    assert.equal(tell.messages, undefined);
    assert.equal(tell.moreMessages, undefined);
    assert.ok(tell.samples.length > 0);
  });
});

/** A header's schema: a string, with the document's value in one of the places a schema gives one, or none. */
type HeaderGiven = 'none' | 'const' | 'enum' | 'default' | 'examples';
/** A message's own examples (each right, or with a payload the schema rejects), its payload schema's, or none. */
interface MessageSpec {
  headers: { typeId: HeaderGiven; trace: HeaderGiven; level: HeaderGiven };
  own: boolean[];
  schemaExample: 'none' | 'right' | 'wrong';
}

/** A header's schema: an integer between bounds, with the document's value (42, 43) given as headerSchema's, or none. */
function levelSchema(given: HeaderGiven): Record<string, unknown> {
  const extra = { none: {}, const: { const: 42 }, enum: { enum: [42, 43] }, default: { default: 42 }, examples: { examples: [42] } }[given];
  return { type: 'integer', minimum: 0, maximum: 100, ...extra };
}

function headerSchema(name: string, given: HeaderGiven): Record<string, unknown> {
  const value = `${name}-given`;
  const extra = { none: {}, const: { const: value }, enum: { enum: [value, `${value}-2`] }, default: { default: value }, examples: { examples: [value] } }[
    given
  ];
  return { type: 'string', ...extra };
}

function samplesDocument(specs: MessageSpec[]): string {
  const messages = Object.fromEntries(
    specs.map((spec, i) => {
      const payload: Record<string, unknown> = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] };
      if (spec.schemaExample !== 'none') payload.examples = [{ label: spec.schemaExample === 'right' ? `schema-${i}` : 7 }];
      const message: Record<string, unknown> = {
        title: `Event ${i}`,
        headers: {
          type: 'object',
          properties: {
            __TypeId__: headerSchema('type', spec.headers.typeId),
            traceId: headerSchema('trace', spec.headers.trace),
            level: levelSchema(spec.headers.level),
          },
        },
        payload,
      };
      if (spec.own.length > 0)
        message.examples = spec.own.map((right, k) => ({
          name: `own-${i}-${k}`,
          // A value the header's schema accepts: its payload alone decides whether the example is right.
          headers: { __TypeId__: ['const', 'enum'].includes(spec.headers.typeId) ? 'type-given' : `own-type-${i}-${k}` },
          payload: { label: right ? `own-${i}-${k}` : k },
        }));
      return [`m${i}`, message];
    }),
  );
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Events', version: '1.0.0' },
    servers: { main: { host: 'kafka:9092', protocol: 'kafka' } },
    channels: { events: { address: 'events', messages } },
    operations: { take: { action: 'receive', channel: { $ref: '#/channels/events' } } },
  });
}

/** The headers a kcat command sends: its `-H name=value` arguments, unquoted. */
function kcatHeaders(code: string): [string, string][] {
  return [...code.matchAll(/-H ('([^']*)'|\S+)/g)].map((m) => {
    const text = m[2] ?? m[1]!;
    const at = text.indexOf('=');
    return [text.slice(0, at), text.slice(at + 1)];
  });
}

describe('the example a code sample carries', () => {
  const dir = tempDir('apidesc-sample-examples-');
  after(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const given = fc.constantFrom<HeaderGiven>('none', 'const', 'enum', 'default', 'examples');
  const spec = fc.record({
    headers: fc.record({ typeId: given, trace: given, level: given }),
    own: fc.array(fc.boolean(), { maxLength: 2 }),
    schemaExample: fc.constantFrom<MessageSpec['schemaExample']>('none', 'right', 'wrong'),
  });

  it('is the one the Examples panel shows first, by its title, and sends each header value the panel shows, a made-up one said to be made up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { minLength: 2, maxLength: 3 }), async (specs) => {
        const file = join(dir, `events-${n++}.json`);
        writeFileSync(file, samplesDocument(specs));
        const { doc, diagnostics } = await validateDocument(file, { root: dir });
        assert.ok(doc);
        const page = buildApiModel(doc, 'events', dir).pages.find((p) => p.kind === 'operation')!;
        // As the site shows the page: a right example leads where the document's first is wrong.
        markInvalidExamples(page, invalidExamples(diagnostics.map((d) => ({ ...d, file: relative(dir, d.file) }))));
        const section = page.sections.find((x) => x.type === 'code-samples');
        assert.ok(section?.type === 'code-samples');
        const group = section.groups[0]!;
        const panel = page.sections.find((x) => x.type === 'messages' && x.anchor === 'messages');
        assert.ok(panel?.type === 'messages');
        const tabs = group.messages ?? [{ title: panel.messages[0]!.link.title, samples: group.samples, notes: group.notes }];
        for (const tab of tabs) {
          const i = Number(tab.title.replace('Event ', ''));
          const shown: Extract<PageSection, { type: 'examples' }> | undefined = panel.messages[i]!.sections.find(
            (x): x is Extract<PageSection, { type: 'examples' }> => x.type === 'examples',
          );
          assert.ok(shown);
          const first: Extract<PageSection, { type: 'examples' }>['examples'][number] = shown.examples[0]!;
          const block = (part: string): Record<string, unknown> =>
            JSON.parse(first.blocks.find((b) => b.part === part)?.code ?? '{}') as Record<string, unknown>;
          const why = `${JSON.stringify(specs[i])}: ${tab.title}`;
          // Named as the panel titles the example it shows first, and sending its payload.
          if ('example' in tab) assert.equal(tab.example, first.title, why);
          const kcat = tab.samples.find((s) => s.lang === 'shell')!.code;
          assert.ok(kcat.includes(JSON.stringify(block('payload').label)), `${why}: the sample sends ${block('payload').label}\n${kcat}`);
          // A right example where the document has one.
          const hasRight = specs[i]!.own.length > 0 ? specs[i]!.own.includes(true) : specs[i]!.schemaExample !== 'wrong';
          if (hasRight) assert.equal(first.warnings, undefined, why);
          // Each header the panel shows is sent with the value it shows, and nothing else is sent: a
          // bare "string" (a type word, no value) goes as a placeholder the notes name, and a value the
          // document does not give is said to be made up.
          const shownHeaders = block('headers');
          const sent = kcatHeaders(kcat);
          const generated = first.title.startsWith('Generated example');
          for (const [name, value] of Object.entries(shownHeaders)) {
            const sentValue = sent.find(([n]) => n === name)?.[1];
            const why2 = `${why}: the panel shows ${name}: ${JSON.stringify(value)}\n${kcat}\n${tab.notes.join('\n')}`;
            if (generated && value === 'string') {
              assert.equal(sentValue, `<${name}>`, why2);
              assert.ok(
                tab.notes.some((note) => note.includes(`<${name}>`)),
                why2,
              );
              continue;
            }
            assert.equal(sentValue, typeof value === 'string' ? value : JSON.stringify(value), why2);
            const documents =
              name === 'level' ? [42, 43] : [`${name === '__TypeId__' ? 'type' : 'trace'}-given`, `${name === '__TypeId__' ? 'type' : 'trace'}-given-2`];
            if (generated && !documents.includes(value as never))
              assert.ok(
                tab.notes.some((note) => /made up/.test(note) && note.includes(name)),
                `${why2}: not said to be made up`,
              );
          }
          for (const [name] of sent) assert.ok(Object.hasOwn(shownHeaders, name), `${why}: ${name} is sent but not shown\n${kcat}`);
        }
      }),
      { numRuns: 30, seed: 1920 },
    );
  });
});

describe('the example a code sample carries, on a springwolf document', () => {
  it('names the example as the panel titles the one it shows first ("The document\'s example", not a generated one) and sends its header values', async () => {
    const pages = await operationPages(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'springwolf', 'logistics-kafka.json'));
    const page = pages.find((p) => p.url.endsWith('/multi-payload-topic_receive_parcelclasslevelkafkalistener/'))!;
    const s = page.sections.find((x) => x.type === 'code-samples');
    assert.ok(s?.type === 'code-samples');
    const tabs = s.groups[0]!.messages;
    assert.ok(tabs && tabs.length === 2);
    const panel = page.sections.find((x) => x.type === 'messages' && x.anchor === 'messages');
    assert.ok(panel?.type === 'messages');
    tabs.forEach((tab, i) => {
      const shown = panel.messages[i]!.sections.find((x) => x.type === 'examples');
      assert.ok(shown?.type === 'examples');
      assert.equal(tab.example, shown.examples[0]!.title, tab.title);
      const headers = JSON.parse(shown.examples[0]!.blocks.find((b) => b.part === 'headers')?.code ?? '{}') as Record<string, unknown>;
      const js = tab.samples.find((x) => x.lang === 'javascript')!.code;
      for (const [name, value] of Object.entries(headers))
        if (typeof value === 'string' && !name.startsWith('kafka_')) assert.ok(js.includes(`'${name}': '${value}'`), `${tab.title}: ${name}`);
    });
  });
});
