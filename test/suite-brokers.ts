/**
 * The brokers of a describe block in the code-sample tests (code-samples-brokers.test.ts,
 * code-samples-mtls.test.ts): started before its tests (brokers.ts), with the test's own client
 * connected where the tests need one, and both closed after them, the client first.
 */
import { after, before } from 'node:test';
import { connect as natsConnect, type NatsConnection } from 'nats';
import { type Broker, type ServerTls, startNats } from './brokers.ts';

/** The broker and the test's client once `before` has run; reading them earlier is the test's own mistake, said so. */
export interface SuiteBroker<C> {
  broker: () => Broker;
  client: () => C;
}

const started = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is read before the suite's before() started it`);
  return value;
};

/** A broker `start` makes, and the client `connect` opens on it (closed by `close`), for the describe block this is called in. */
export function brokerForSuite<C = undefined>(
  start: () => Promise<Broker>,
  connect: (broker: Broker) => Promise<C> = async () => undefined as C,
  close: (client: C) => Promise<void> = async () => undefined,
): SuiteBroker<C> {
  let broker: Broker | undefined;
  let client: C | undefined;
  let connected = false;
  before(async () => {
    broker = await start();
    client = await connect(broker);
    connected = true;
  });
  after(async () => {
    if (connected) await close(client as C);
    await broker?.stop();
  });
  return { broker: () => started(broker, 'the broker'), client: () => (connected ? (client as C) : started<C>(undefined, "the test's client")) };
}

/** A client's side of mutual TLS: PEM files of the CA that signed the server's certificate, and of the client's own certificate and key. */
export interface ClientTls {
  ca: string;
  cert: string;
  key: string;
}

/**
 * nats-server and the test's connection to it; `tls()` (called in `before`, after what makes the
 * certificates) gives the server's TLS and the certificate the test's connection presents.
 */
export function natsForSuite(tls?: () => { server: ServerTls; client: ClientTls }): SuiteBroker<NatsConnection> {
  let client: ClientTls | undefined;
  return brokerForSuite(
    () => {
      const given = tls?.();
      client = given?.client;
      return startNats(given ? { tls: given.server } : {});
    },
    (broker) =>
      natsConnect(
        client
          ? { servers: `tls://127.0.0.1:${broker.port}`, tls: { caFile: client.ca, certFile: client.cert, keyFile: client.key } }
          : { servers: `127.0.0.1:${broker.port}` },
      ),
    (nc) => nc.close(),
  );
}
