/**
 * A Kafka stand-in for the Kafka sample test: Debian has no Kafka broker. It speaks just enough
 * of the Kafka wire protocol for a kafkajs producer, on 127.0.0.1: ApiVersions (v0–v2), Metadata
 * v0 (every topic asked for has one partition, led by this broker) and Produce v0–v2 with
 * uncompressed message sets (magic 0 and 1), each message's CRC checked. It records what it is
 * sent (topic, partition, key, value) and refuses everything else with an error the client
 * reports, so that a sample that needs more fails the test instead of passing it by accident.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface ProducedRecord {
  topic: string;
  partition: number;
  key: Buffer | null;
  value: Buffer | null;
}

const API_VERSIONS = 18;
const METADATA = 3;
const PRODUCE = 0;
/** The API keys and versions this stand-in answers: [key, min, max]. */
const SUPPORTED: [number, number, number][] = [
  [PRODUCE, 0, 2],
  [METADATA, 0, 0],
  [API_VERSIONS, 0, 2],
];

class Reader {
  offset = 0;
  readonly buffer: Buffer;
  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }
  int8 = (): number => this.buffer.readInt8((this.offset += 1) - 1);
  int16 = (): number => this.buffer.readInt16BE((this.offset += 2) - 2);
  int32 = (): number => this.buffer.readInt32BE((this.offset += 4) - 4);
  int64 = (): bigint => this.buffer.readBigInt64BE((this.offset += 8) - 8);
  string(): string | null {
    const length = this.int16();
    if (length < 0) return null;
    return this.buffer.toString('utf8', this.offset, (this.offset += length));
  }
  bytes(): Buffer | null {
    const length = this.int32();
    if (length < 0) return null;
    return this.buffer.subarray(this.offset, (this.offset += length));
  }
  array<T>(item: () => T): T[] {
    const length = this.int32();
    return Array.from({ length: Math.max(length, 0) }, item);
  }
}

class Writer {
  parts: Buffer[] = [];
  private fixed(size: number, write: (b: Buffer) => void): this {
    const b = Buffer.alloc(size);
    write(b);
    this.parts.push(b);
    return this;
  }
  int16 = (v: number): this => this.fixed(2, (b) => b.writeInt16BE(v));
  int32 = (v: number): this => this.fixed(4, (b) => b.writeInt32BE(v));
  int64 = (v: bigint): this => this.fixed(8, (b) => b.writeBigInt64BE(v));
  string(v: string): this {
    const text = Buffer.from(v);
    this.int16(text.length);
    this.parts.push(text);
    return this;
  }
  array<T>(items: T[], write: (w: Writer, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) write(this, item);
    return this;
  }
  done = (): Buffer => Buffer.concat(this.parts);
}

/** The messages of an uncompressed message set (magic 0 or 1), each CRC checked. */
function messageSet(set: Buffer): { key: Buffer | null; value: Buffer | null }[] {
  const r = new Reader(set);
  const out: { key: Buffer | null; value: Buffer | null }[] = [];
  while (r.offset + 12 <= set.length) {
    r.int64();
    const size = r.int32();
    const message = new Reader(set.subarray(r.offset, (r.offset += size)));
    const crc = message.int32() >>> 0;
    if (crc32(message.buffer.subarray(4)) !== crc) throw new Error('a message whose CRC does not match');
    const magic = message.int8();
    const attributes = message.int8();
    if ((attributes & 0x07) !== 0) throw new Error('a compressed message set (the stand-in reads none)');
    if (magic === 1) message.int64();
    out.push({ key: message.bytes(), value: message.bytes() });
  }
  return out;
}

export interface KafkaStandIn {
  port: number;
  records: ProducedRecord[];
  /** Requests of an API or version the stand-in does not answer, as "key vN". */
  refused: string[];
  stop: () => Promise<void>;
}

export async function startKafkaStandIn(): Promise<KafkaStandIn> {
  const records: ProducedRecord[] = [];
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  const answer = (apiKey: number, version: number, body: Reader): Buffer | undefined => {
    const supported = SUPPORTED.find(([key, min, max]) => key === apiKey && version >= min && version <= max);
    if (apiKey === API_VERSIONS) {
      // An unsupported version is answered in v0 with UNSUPPORTED_VERSION (35), as brokers do.
      const w = new Writer().int16(supported ? 0 : 35).array(SUPPORTED, (w, [key, min, max]) => w.int16(key).int16(min).int16(max));
      return (supported && version >= 1 ? w.int32(0) : w).done();
    }
    if (!supported) {
      refused.push(`${apiKey} v${version}`);
      return undefined;
    }
    if (apiKey === METADATA) {
      const topics = body.array(() => body.string() ?? '');
      return new Writer()
        .array([0], (w) => w.int32(0).string('127.0.0.1').int32(port))
        .array(topics, (w, topic) =>
          w
            .int16(0)
            .string(topic)
            .array([0], (w) =>
              w
                .int16(0)
                .int32(0)
                .int32(0)
                .array([0], (w) => w.int32(0))
                .array([0], (w) => w.int32(0)),
            ),
        )
        .done();
    }
    // Produce v0-v2.
    body.int16();
    body.int32();
    const topics = body.array(() => {
      const topic = body.string() ?? '';
      const partitions = body.array(() => {
        const partition = body.int32();
        for (const m of messageSet(body.bytes() ?? Buffer.alloc(0))) records.push({ topic, partition, ...m });
        return partition;
      });
      return { topic, partitions };
    });
    const w = new Writer().array(topics, (w, t) =>
      w.string(t.topic).array(t.partitions, (w, p) => {
        w.int32(p)
          .int16(0)
          .int64(BigInt(records.length - 1));
        if (version >= 2) w.int64(-1n);
      }),
    );
    return (version >= 1 ? w.int32(0) : w).done();
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const request = new Reader(pending.subarray(4, 4 + pending.readInt32BE(0)));
        pending = pending.subarray(4 + request.buffer.length);
        const apiKey = request.int16();
        const version = request.int16();
        const correlation = request.int32();
        request.string();
        let body: Buffer | undefined;
        try {
          body = answer(apiKey, version, request);
        } catch (error) {
          refused.push(String(error));
        }
        if (!body) {
          socket.destroy();
          return;
        }
        socket.write(
          new Writer()
            .int32(body.length + 4)
            .int32(correlation)
            .done(),
        );
        socket.write(body);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    records,
    refused,
    stop: () =>
      new Promise((done) => {
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
