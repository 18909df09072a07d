/**
 * Mutual TLS in the JavaScript and Python samples: the client's certificate, its private key and
 * the CA that signed the server's certificate, read from the PEM files whose paths the
 * environment holds (KAFKA_CERT_FILE…: sample-target.ts names them; the page's note says so).
 * Each protocol's module passes them the way its client takes them.
 */
import { GO_CHECK, goEnv, jsEnv, pyEnvAt } from './code-text.ts';
import { indentAll, list, PY_ARGS } from './line-layout.ts';
import type { Credentials, SampleTarget } from './sample-target.ts';

export type ClientCertificate = Extract<Credentials, { kind: 'client-certificate' }>;

export const clientCertificate = (t: SampleTarget): ClientCertificate | undefined => (t.credentials?.kind === 'client-certificate' ? t.credentials : undefined);

export const JS_READ_FILE = "import { readFileSync } from 'node:fs';";

/** Node's TLS options (tls.connect's, which kafkajs, mqtt.js, amqplib, rhea and ws pass on): `ca`, `cert`, `key` as the files' contents. */
export const jsTlsOptions = (c: ClientCertificate): string[] => [
  `ca: [readFileSync(${jsEnv(c.ca)})]`,
  `cert: readFileSync(${jsEnv(c.cert)})`,
  `key: readFileSync(${jsEnv(c.key)})`,
];

/** Python's TLS context trusting the CA and presenting the client's certificate (pika, websockets, nats-py take one). */
export const pySslContext = (c: ClientCertificate, name = 'tls', indent = ''): string[] => {
  const at = indent.length;
  return [
    indentAll(list(at, `${name} = ssl.create_default_context(`, [pyEnvAt(at + 4, 'cafile=', c.ca)], ')', PY_ARGS), indent),
    indentAll(list(at, `${name}.load_cert_chain(`, [pyEnvAt(at + 4, '', c.cert), pyEnvAt(at + 4, '', c.key)], ')', PY_ARGS), indent),
  ];
};

/** Go's imports for goTlsConfig. */
export const GO_TLS_IMPORTS = ['crypto/tls', 'crypto/x509', 'os'];

/** Go's `tlsConfig`: the client's key pair and the CA as the only root it trusts, read from the files the environment names. */
export const goTlsConfig = (c: ClientCertificate): string[] => [
  `certificate, err := tls.LoadX509KeyPair(${goEnv(c.cert)}, ${goEnv(c.key)})`,
  ...GO_CHECK,
  `ca, err := os.ReadFile(${goEnv(c.ca)})`,
  ...GO_CHECK,
  'roots := x509.NewCertPool()',
  'roots.AppendCertsFromPEM(ca)',
  'tlsConfig := &tls.Config{Certificates: []tls.Certificate{certificate}, RootCAs: roots}',
];
