/**
 * The shell samples (shell.ts) as a POSIX shell reads them: each command is run by /bin/sh with
 * stand-ins for kcat, mosquitto_pub, mosquitto_sub and amqp-tools that write back the argument
 * vector they were given (and, for kcat, what came on its input), and the arguments are read as
 * the client reads its options, never compared with a written-out command. Payloads full of what
 * a shell would expand or split (quotes, `$`, backticks, line breaks) must come back byte for byte.
 * test/code-samples-brokers.test.ts runs the mosquitto and amqp-tools commands against real
 * brokers; no Kafka broker is packaged by Debian, so kcat's are checked here: their arguments read
 * back, and Debian's kcat run on them against a port where nothing listens, which it must reach
 * past its options.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { requireBinary } from '../../../test/brokers.ts';
import { tempDir } from '../../../test/helpers.ts';
import { shellWord } from '../sns/snippet-quote.ts';
import { generateSamples } from './generators.ts';
import { type SampleRole, type SecurityScheme, sampleTarget } from './sample-target.ts';

/** Text a shell would read as something else if it were not quoted. */
const HOSTILE = [
  `it's`,
  `"double" and 'single'`,
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the expansions a shell would make, written on purpose
  '$HOME ${HOME} $(id) `id` $((1+1))',
  'line one\nline two\n',
  '\n',
  'back\\slash \\n \\\\',
  '-m not-an-option',
  "'\\''",
  '* ? [a] ~ # ; & | < > ( ) { } !',
  'tab\there\r\n',
  'ünï©ødé 🐙',
  '',
];

/** Deterministic random strings from the characters a shell treats specially (a seeded generator: the same cases every run). */
function randomHostile(count: number, seed = 7): string[] {
  const alphabet = [...'\'"$`\\\n\t !#&*()[]{};|<>?~-=%a1 é🐙'];
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () => Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(''));
}

let bin: string;
before(() => {
  bin = tempDir('apidesc-shell-stand-ins-');
  // Each stand-in writes its name, then its arguments, each ended by a NUL byte (no argument can hold one).
  const standIn = (name: string, readsInput: boolean): void => {
    const file = join(bin, name);
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\0' ${name} "$@"\n${readsInput ? "printf '<stdin>\\0'\ncat\n" : ''}`);
    chmodSync(file, 0o755);
  };
  standIn('kcat', true);
  for (const name of ['mosquitto_pub', 'mosquitto_sub', 'amqp-publish', 'amqp-consume', 'amqp-declare-queue']) standIn(name, false);
});
after(() => rmSync(bin, { recursive: true, force: true }));

/** The commands a snippet runs, each as its argument vector (and its input, for kcat). */
function commandsOf(code: string): { argv: string[]; input?: string }[] {
  const out = execFileSync('/bin/sh', ['-c', code], {
    encoding: 'utf8',
    env: { PATH: `${bin}:/usr/bin:/bin`, MQTT_PASSWORD: 'p$w', KAFKA_USERNAME: 'u s' },
    timeout: 10_000,
  });
  const commands: { argv: string[]; input?: string }[] = [];
  const names = new Set(['kcat', 'mosquitto_pub', 'mosquitto_sub', 'amqp-publish', 'amqp-consume', 'amqp-declare-queue']);
  const parts = out.split('\0');
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (names.has(part)) commands.push({ argv: [part] });
    else if (part === '<stdin>') {
      commands.at(-1)!.input = parts.slice(i + 1).join('\0');
      break;
    } else commands.at(-1)!.argv.push(part);
  }
  return commands;
}

/** The values of an option in an argument vector, as getopt reads them (`-t x`). */
const values = (argv: string[], name: string): string[] => argv.flatMap((a, i) => (a === name && i + 1 < argv.length ? [argv[i + 1]!] : []));
const value = (argv: string[], name: string): string | undefined => values(argv, name)[0];

function shellSample(
  protocol: string,
  role: SampleRole,
  o: {
    payload?: unknown;
    contentType?: string;
    headers?: Record<string, string>;
    bindings?: Record<string, unknown>;
    security?: SecurityScheme[];
    address?: string;
  } = {},
): string | undefined {
  const target = sampleTarget({
    role,
    server: { host: 'broker.example.com:{port}', protocol, variables: { port: { default: '7000' } }, security: o.security ?? [] },
    address: o.address ?? 'lights/{id}',
    parameters: { id: { examples: ['7'] } },
    bindings: { operation: o.bindings ?? {}, channel: {}, message: {} },
    example: { headers: o.headers ?? {}, payload: o.payload ?? { id: 'lamp-7' } },
    ...(o.contentType ? { contentType: o.contentType } : {}),
    security: [],
  });
  assert.ok(target);
  return generateSamples(target, ['shell'])[0]?.code;
}

describe('shell samples as a POSIX shell reads them', () => {
  it('a quoted word comes back byte for byte through sh, for hostile and random text', () => {
    const cases = [...HOSTILE, ...randomHostile(300)];
    const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${cases.map(shellWord).join(' ')}`], { encoding: 'utf8', timeout: 10_000 });
    assert.deepEqual(out.split('\0').slice(0, -1), cases);
  });

  it('mosquitto_pub carries any text payload exactly, on the topic, with the QoS, retain flag and MQTT 5 user properties', () => {
    for (const payload of [...HOSTILE, ...randomHostile(40, 11)]) {
      const code = shellSample('mqtt5', 'publish', {
        payload,
        contentType: 'text/plain',
        headers: { traceId: payload, "it's": 'x' },
        bindings: { mqtt: { qos: 1, retain: true } },
        address: "lights/{id}/it's $on",
      });
      assert.ok(code);
      const [pub, ...rest] = commandsOf(code);
      assert.equal(rest.length, 0);
      assert.equal(pub!.argv[0], 'mosquitto_pub');
      assert.equal(value(pub!.argv, '-t'), "lights/7/it's $on");
      assert.equal(value(pub!.argv, '-q'), '1');
      assert.ok(pub!.argv.includes('-r'));
      assert.equal(value(pub!.argv, '-V'), 'mqttv5');
      assert.equal(value(pub!.argv, '-h'), 'broker.example.com');
      assert.equal(value(pub!.argv, '-p'), '7000');
      // An empty message is -n: mosquitto_pub refuses -m ''.
      if (payload === '') assert.ok(pub!.argv.includes('-n'));
      else assert.equal(value(pub!.argv, '-m'), payload, JSON.stringify(payload));
      const properties = pub!.argv.flatMap((a, i) => (a === '-D' ? [pub!.argv.slice(i + 1, i + 5)] : []));
      assert.deepEqual(properties, [
        ['publish', 'user-property', 'traceId', payload],
        ['publish', 'user-property', "it's", 'x'],
      ]);
    }
  });

  it('mosquitto_sub subscribes on the topic; credentials come from the environment, unexpanded in the command', () => {
    const code = shellSample('mqtts', 'subscribe', { security: [{ type: 'userPassword' }] });
    assert.ok(code);
    const [sub] = commandsOf(code);
    assert.equal(sub!.argv[0], 'mosquitto_sub');
    assert.equal(value(sub!.argv, '-t'), 'lights/7');
    assert.equal(value(sub!.argv, '-P'), 'p$w');
    assert.equal(value(sub!.argv, '-p'), '7000');
    assert.equal(value(sub!.argv, '--capath'), '/etc/ssl/certs');
    assert.ok(!code.includes('p$w'));
  });

  it('kcat produces the payload as one line of its input, with key and headers; JSON on several lines becomes the same JSON on one', () => {
    const payload = { note: HOSTILE.join(' | '), nested: { list: [1, 2, 3], text: 'a "quoted" `tick` $x' }, padding: 'x'.repeat(60) };
    const code = shellSample('kafka', 'publish', {
      payload,
      contentType: 'application/json',
      headers: { traceId: "t-'1'", 'x=y': '$z' },
      bindings: { kafka: { key: { const: "lamp-'7'" } } },
      address: 'lights.{id}',
    });
    assert.ok(code);
    const [kcat] = commandsOf(code);
    assert.equal(kcat!.argv[0], 'kcat');
    assert.ok(kcat!.argv.includes('-P'));
    assert.equal(value(kcat!.argv, '-b'), 'broker.example.com:7000');
    assert.equal(value(kcat!.argv, '-t'), 'lights.7');
    assert.equal(value(kcat!.argv, '-k'), "lamp-'7'");
    // kcat splits a header at its first '='.
    assert.deepEqual(values(kcat!.argv, '-H'), ["traceId=t-'1'", 'x=y=$z']);
    const lines = kcat!.input!.split('\n');
    assert.equal(lines.length, 2, 'one message: one line, ended by the delimiter');
    assert.equal(lines[1], '');
    assert.deepEqual(JSON.parse(lines[0]!), payload);
  });

  it('kcat has no command for text of several lines (it reads a message a line), and one for text of one line, exactly', () => {
    assert.equal(shellSample('kafka', 'publish', { payload: 'line one\nline two', contentType: 'text/plain' }), undefined);
    for (const payload of HOSTILE.filter((h) => !/[\r\n]/.test(h))) {
      const [kcat] = commandsOf(shellSample('kafka', 'publish', { payload, contentType: 'text/plain' })!);
      assert.equal(kcat!.input, `${payload}\n`, JSON.stringify(payload));
    }
  });

  it('kcat consumes in the binding group from the earliest offset, with SASL over TLS from the environment', () => {
    const code = shellSample('kafka-secure', 'subscribe', {
      bindings: { kafka: { groupId: { const: 'lights' } } },
      security: [{ type: 'scramSha512' }],
      address: 'lights.{id}',
    });
    assert.ok(code);
    const [kcat] = commandsOf(code);
    assert.equal(value(kcat!.argv, '-G'), 'lights');
    assert.equal(kcat!.argv.at(-1), 'lights.7', 'the topic comes last, after the options (kcat -G group topic)');
    const properties = values(kcat!.argv, '-X');
    for (const p of ['auto.offset.reset=earliest', 'security.protocol=SASL_SSL', 'sasl.mechanisms=SCRAM-SHA-512', 'sasl.username=u s'])
      assert.ok(properties.includes(p), p);
  });

  it('amqp-publish sends to the exchange with the routing key, content type, headers and the exact body; to a queue it declares it first', () => {
    for (const payload of HOSTILE) {
      const code = shellSample('amqp', 'publish', {
        payload,
        contentType: 'text/plain',
        headers: { traceId: payload.replaceAll('\n', ' ') },
        bindings: { amqp: { is: 'routingKey', exchange: { name: 'lights $x', type: 'topic' } } },
      });
      assert.ok(code);
      const [publish] = commandsOf(code);
      assert.equal(publish!.argv[0], 'amqp-publish');
      assert.equal(value(publish!.argv, '-e'), 'lights $x');
      assert.equal(value(publish!.argv, '-r'), 'lights/7');
      assert.equal(value(publish!.argv, '-C'), 'text/plain');
      assert.deepEqual(values(publish!.argv, '-H'), [`traceId: ${payload.replaceAll('\n', ' ')}`]);
      assert.equal(value(publish!.argv, '-b'), payload, JSON.stringify(payload));
    }
    const toQueue = commandsOf(shellSample('amqp', 'publish', { bindings: { amqp: { is: 'queue', queue: { name: 'lamps' } } } })!);
    assert.deepEqual(
      toQueue.map((c) => c.argv[0]),
      ['amqp-declare-queue', 'amqp-publish'],
    );
    assert.equal(value(toQueue[0]!.argv, '-q'), 'lamps');
    assert.equal(value(toQueue[1]!.argv, '-r'), 'lamps');
    assert.equal(value(toQueue[1]!.argv, '-e'), undefined);
  });

  it("amqp-consume runs a command for each message after `--`, so that its own options are not read as amqp-consume's", () => {
    const [consume] = commandsOf(shellSample('amqp', 'subscribe', { bindings: { amqp: { is: 'routingKey', exchange: { name: 'lights', type: 'topic' } } } })!);
    const dash = consume!.argv.indexOf('--');
    assert.ok(dash > 0);
    assert.deepEqual(consume!.argv.slice(dash + 1), ['sh', '-c', 'cat; echo']);
    assert.equal(value(consume!.argv, '-e'), 'lights');
  });

  it("Debian's kcat takes every option the commands give (no broker: it stops at the connection, not at its options)", () => {
    const kcat = requireBinary('/usr/bin/kcat', 'kcat');
    const security: SecurityScheme[] = [{ type: 'scramSha256' }];
    const target = (role: SampleRole) =>
      sampleTarget({
        role,
        // Port 1 on the loopback: nothing listens, the connection is refused at once.
        server: { host: '127.0.0.1:1', protocol: 'kafka', variables: {}, security },
        address: 'lights.7',
        parameters: {},
        bindings: { operation: { kafka: { key: { const: 'lamp-7' }, groupId: { const: 'lights' } } }, channel: {}, message: {} },
        example: { headers: { traceId: 't-1' }, payload: { id: 'lamp-7' } },
        security,
      });
    for (const role of ['publish', 'subscribe'] as const) {
      const code = generateSamples(target(role)!, ['shell'])[0]!.code;
      const run = spawnSync('/bin/sh', ['-c', code], {
        encoding: 'utf8',
        env: { PATH: `${dirname(kcat)}:/bin`, KAFKA_USERNAME: 'u', KAFKA_PASSWORD: 'p' },
        timeout: 20_000,
      });
      assert.match(run.stderr, /Connect to ipv4#127\.0\.0\.1:1 failed/, `${role}: ${run.stderr}`);
      assert.doesNotMatch(run.stderr, /[Uu]sage|Configuration property|Invalid value|unknown option|invalid option/, `${role}: ${run.stderr}`);
    }
  });

  it('no shell tab for a protocol without a packaged command-line client', () => {
    for (const protocol of ['nats', 'ws', 'http', 'amqp1']) assert.equal(shellSample(protocol, 'publish'), undefined, protocol);
  });
});
