/**
 * A Kafka stand-in for the Kafka sample tests: Debian packages Kafka clients (librdkafka,
 * confluent-kafka for Python and Go) but no Kafka broker, and none other is reachable here. It
 * speaks just enough of the Kafka wire protocol, on 127.0.0.1, for kafkajs and librdkafka to
 * produce and to consume in a group:
 * - ApiVersions v0–v2 (a newer request is answered in v0 with UNSUPPORTED_VERSION, as brokers
 *   do, and the client asks again in a version offered);
 * - one version of each other API, so that every client negotiates that one: the records' APIs
 *   in kafka-stand-in/record-apis.ts (record batches with headers, from the log in log.ts) and
 *   the group coordinator's in kafka-stand-in/group-apis.ts.
 * Requests on a connection are answered one after the other, in order, as Kafka does. It
 * records what it is sent and refuses everything else (another API, another version, a batch
 * whose CRC does not match) by closing the connection and noting it in `refused`, so that a
 * client that needs more fails the test instead of passing it by accident.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Reader, Writer } from '@platformatic/kafka';
import { groupApis, type Groups } from './kafka-stand-in/group-apis.ts';
import { type StoredRecord, TopicLog } from './kafka-stand-in/log.ts';
import { recordApis } from './kafka-stand-in/record-apis.ts';
import { ERROR, readNullableString, writeArray } from './kafka-stand-in/wire.ts';

export type { StoredRecord } from './kafka-stand-in/log.ts';

const API_VERSIONS = 18;
const UNSUPPORTED_VERSION = 35;

export interface KafkaStandIn {
  port: number;
  /** Every record produced, in order, with its topic, partition, offset, key, value and headers. */
  records: StoredRecord[];
  /** The consumer groups joined and the offsets committed. */
  groups: Groups;
  /** Requests the stand-in could not answer: "key vN" of an API or version it does not offer, or what was wrong. */
  refused: string[];
  stop: () => Promise<void>;
}

export async function startKafkaStandIn(): Promise<KafkaStandIn> {
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  const log = new TopicLog();
  const { apis: coordinator, groups } = groupApis(() => port);
  const apis = [...recordApis(log, () => port), ...coordinator];
  /** The offered versions, ApiVersions' own included: [key, min, max]. */
  const offered: [number, number, number][] = [[API_VERSIONS, 0, 2], ...apis.map((a): [number, number, number] => [a.key, a.version, a.version])];

  /** The response's body (ApiVersions' own first: it is the one request every client sends), or undefined when the request is refused. */
  const answer = async (apiKey: number, version: number, request: Reader): Promise<Buffer | undefined> => {
    const response = Writer.create();
    if (apiKey === API_VERSIONS) {
      const supported = version <= 2;
      response.appendInt16(supported ? ERROR.none : UNSUPPORTED_VERSION);
      writeArray(response, offered, (w, [key, min, max]) => w.appendInt16(key).appendInt16(min).appendInt16(max));
      if (supported && version >= 1) response.appendInt32(0); // throttle time
      return response.buffer;
    }
    const api = apis.find((a) => a.key === apiKey && a.version === version);
    if (!api) {
      refused.push(`${apiKey} v${version}`);
      return undefined;
    }
    await api.answer(request, response);
    return response.buffer;
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    let inOrder = Promise.resolve();
    const respond = async (frame: Buffer): Promise<void> => {
      const request = Reader.from(frame);
      const apiKey = request.readInt16();
      const version = request.readInt16();
      const correlation = request.readInt32();
      readNullableString(request); // client id
      let body: Buffer | undefined;
      try {
        body = await answer(apiKey, version, request);
      } catch (error) {
        refused.push(`${apiKey} v${version}: ${String(error)}`);
      }
      if (socket.destroyed) return;
      if (!body) {
        socket.destroy();
        return;
      }
      const head = Buffer.alloc(8);
      head.writeInt32BE(body.length + 4, 0);
      head.writeInt32BE(correlation, 4);
      socket.write(Buffer.concat([head, body]));
    };
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const frame = pending.subarray(4, 4 + pending.readInt32BE(0));
        pending = pending.subarray(4 + frame.length);
        inOrder = inOrder.then(() => respond(frame));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    records: log.records,
    groups,
    refused,
    stop: () =>
      new Promise((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
