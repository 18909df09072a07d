/**
 * Code samples for a server whose security scheme is X509 (mutual TLS) run against brokers that
 * refuse a client without a certificate: mosquitto with `require_certificate true` and
 * nats-server with `--tlsverify`, both started by the test on 127.0.0.1 with a throwaway CA, a
 * server certificate and a client certificate that openssl makes in a temporary folder. The
 * samples get the files' paths in the environment variables their page's note names; what they
 * publish must arrive. The same samples without the certificate (as a server without X509 gets
 * them), with the CA trusted through the environment, must be refused: the brokers really ask.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import mqtt from 'mqtt';
import type { SampleLanguage } from '../src/lib/samples/generators.ts';
import { requireBinary, type ServerTls, startMosquitto } from './brokers.ts';
import { tempDir } from './helpers.ts';
import { codeIn, runSample, samplesOf } from './sample-run.ts';
import { brokerForSuite, natsForSuite } from './suite-brokers.ts';

const OPENSSL = '/usr/bin/openssl';

interface Certificates {
  server: ServerTls;
  client: { ca: string; cert: string; key: string };
}

/** A CA, and a server and a client certificate it signs (the server's for 127.0.0.1 and localhost), each openssl run bounded. */
function makeCertificates(): Certificates {
  const openssl = requireBinary(OPENSSL, 'openssl');
  const dir = tempDir('apidesc-mtls-');
  const run = (args: string[]): void => void execFileSync(openssl, args, { cwd: dir, timeout: 20_000, stdio: 'ignore' });
  const key = (name: string): void => run(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`]);
  key('ca');
  run(['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=apidesc test CA', '-days', '1', '-out', 'ca.pem']);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  for (const name of ['server', 'client']) {
    key(name);
    run(['req', '-new', '-key', `${name}.key`, '-subj', `/CN=${name === 'server' ? 'localhost' : 'sample-client'}`, '-out', `${name}.csr`]);
    run([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
  }
  const at = (file: string): string => join(dir, file);
  return {
    server: { ca: at('ca.pem'), cert: at('server.pem'), key: at('server.key') },
    client: { ca: at('ca.pem'), cert: at('client.pem'), key: at('client.key') },
  };
}

/** One channel, the reader's code publishing on it (the application receives), on a server whose security is X509 unless `withCertificate` is false. */
function documentFor(protocol: string, port: number, address: string, withCertificate: boolean): string {
  return JSON.stringify({
    apidesc: '3.0.0',
    info: { title: 'Certificates', version: '1.0.0' },
    defaultContentType: 'application/json',
    servers: {
      local: {
        host: '127.0.0.1:{port}',
        protocol,
        variables: { port: { default: String(port) } },
        ...(withCertificate ? { security: [{ $ref: '#/components/securitySchemes/certs' }] } : {}),
      },
    },
    channels: { lights: { address, messages: { lamp: { payload: { type: 'object' }, examples: [{ name: 'lamp', payload: { id: 'lamp-7', level: 3 } }] } } } },
    operations: { readerSends: { action: 'receive', channel: { $ref: '#/channels/lights' } } },
    components: { securitySchemes: { certs: { type: 'X509', description: 'A certificate our CA signed.' } } },
  });
}

const SENT = JSON.stringify({ id: 'lamp-7', level: 3 });

/** The environment variables a sample's page tells the reader to set, pointing at the test's files. */
const certificateEnvironment = (prefix: string, c: Certificates['client']): Record<string, string> => ({
  [`${prefix}_CA_FILE`]: c.ca,
  [`${prefix}_CERT_FILE`]: c.cert,
  [`${prefix}_KEY_FILE`]: c.key,
});

/** The CA trusted by Node and by Python's OpenSSL through the environment, so that a sample without certificate options fails only for want of its own certificate. */
const trustingCa = (ca: string): Record<string, string> => ({ NODE_EXTRA_CA_CERTS: ca, SSL_CERT_FILE: ca });

/** A sample the broker must refuse: it ends without success (or is still trying when the bound comes), with `reason` in its errors when given. */
async function assertRefused(lang: SampleLanguage, code: string, env: Record<string, string>, reason?: RegExp): Promise<void> {
  const sample = runSample(lang, code, env);
  try {
    const exit = await sample.exit(15_000).catch(() => 'still trying');
    assert.notEqual(exit, 0, `the ${lang} sample without a client certificate was let in`);
    if (reason) assert.match(sample.stderr(), reason, `the ${lang} sample failed for another reason than its missing certificate`);
  } finally {
    await sample.stop();
  }
}

describe('mutual TLS samples against mosquitto with require_certificate', { timeout: 400_000 }, () => {
  let certificates: Certificates;
  const { broker } = brokerForSuite(() => {
    certificates = makeCertificates();
    return startMosquitto({ tls: certificates.server });
  });

  /** The test's own subscriber, itself presenting the client certificate; resolves with what arrives on the topic. */
  async function listen(topic: string): Promise<{ arrived: Promise<Buffer>; received: () => Buffer[]; end: () => Promise<void> }> {
    const c = certificates.client;
    const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${broker().port}`, {
      ca: readFileSync(c.ca),
      cert: readFileSync(c.cert),
      key: readFileSync(c.key),
    });
    const received: Buffer[] = [];
    const arrived = new Promise<Buffer>((done) =>
      client.on('message', (_topic, payload) => {
        received.push(payload);
        done(payload);
      }),
    );
    await client.subscribeAsync(topic, { qos: 1 });
    return { arrived, received: () => received, end: () => client.endAsync() };
  }

  for (const lang of ['javascript', 'python', 'go'] as const) {
    it(`the ${lang} sample presents the client certificate from the environment and its message arrives`, async () => {
      const samples = await samplesOf(documentFor('mqtts', broker().port, `lights/${lang}`, true));
      const code = codeIn(samples.get('readersends'), 0, lang);
      const notes = samples.get('readersends')?.[0]?.notes.join(' ') ?? '';
      for (const variable of ['MQTT_CA_FILE', 'MQTT_CERT_FILE', 'MQTT_KEY_FILE']) {
        assert.ok(code.includes(variable), `the ${lang} sample does not read ${variable}:\n${code}`);
        assert.ok(notes.includes(variable), `the page's note does not name ${variable}: ${notes}`);
      }
      const listener = await listen(`lights/${lang}`);
      const sample = runSample(lang, code, certificateEnvironment('MQTT', certificates.client));
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        const payload = await Promise.race([
          listener.arrived,
          new Promise<never>((_, fail) => setTimeout(() => fail(new Error('nothing arrived')), 10_000).unref()),
        ]);
        assert.deepEqual(JSON.parse(payload.toString()), JSON.parse(SENT));
      } finally {
        await sample.stop();
        await listener.end();
      }
    });

    it(`the ${lang} sample without a client certificate is refused, with the CA trusted`, async () => {
      const samples = await samplesOf(documentFor('mqtts', broker().port, `refused/${lang}`, false));
      const code = codeIn(samples.get('readersends'), 0, lang);
      assert.ok(!code.includes('MQTT_CERT_FILE'), 'a server without X509 got certificate options');
      const listener = await listen(`refused/${lang}`);
      try {
        // TLS 1.3's alert, or the connection closed on the client's first write before the alert is read: either way the
        // client had checked the server against the trusted CA (else "certificate verify failed") and the server closed.
        // Go's Paho reports any of these as "Network Error : <nil>": there only the refusal is checked.
        await assertRefused(lang, code, trustingCa(certificates.client.ca), lang === 'go' ? undefined : /certificate required|SSLEOFError/i);
        assert.deepEqual(listener.received(), [], 'a message arrived from a client without a certificate');
      } finally {
        await listener.end();
      }
    });
  }
});

describe('mutual TLS samples against nats-server with --tlsverify', { timeout: 300_000 }, () => {
  let certificates: Certificates;
  const { broker, client: nc } = natsForSuite(() => {
    certificates = makeCertificates();
    return certificates;
  });

  for (const lang of ['javascript', 'go'] as const)
    it(`the ${lang} sample presents the client certificate from the environment and its message arrives`, async () => {
      const samples = await samplesOf(documentFor('nats', broker().port, `lights.${lang}`, true));
      const code = codeIn(samples.get('readersends'), 0, lang);
      const subscription = nc().subscribe(`lights.${lang}`, { max: 1 });
      await nc().flush();
      const sample = runSample(lang, code, certificateEnvironment('NATS', certificates.client));
      try {
        assert.equal(await sample.exit(), 0, sample.stderr());
        const timer = setTimeout(() => subscription.unsubscribe(), 10_000);
        const got: string[] = [];
        for await (const m of subscription) got.push(m.string());
        clearTimeout(timer);
        assert.deepEqual(
          got.map((g) => JSON.parse(g)),
          [JSON.parse(SENT)],
        );
      } finally {
        await sample.stop();
      }
    });

  it('the javascript sample without a client certificate is refused, with the CA trusted', async () => {
    // nats:// with no TLS options: nats.js upgrades to TLS when the server asks, trusting the CA through NODE_EXTRA_CA_CERTS.
    const samples = await samplesOf(documentFor('nats', broker().port, 'refused.js', false));
    const code = codeIn(samples.get('readersends'), 0, 'javascript');
    assert.ok(!code.includes('NATS_CERT_FILE'), 'a server without X509 got certificate options');
    const subscription = nc().subscribe('refused.js');
    await nc().flush();
    try {
      await assertRefused('javascript', code, trustingCa(certificates.client.ca));
      await nc().flush();
      assert.equal(subscription.getProcessed(), 0, 'a message arrived from a client without a certificate');
    } finally {
      subscription.unsubscribe();
    }
  });
});
