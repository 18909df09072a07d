/**
 * The stand-in's log: every topic has one partition (0), whose records are kept in the order
 * they were produced, numbered from offset 0. Record batches (magic 2, with headers) are read
 * and written by @platformatic/kafka; each batch's CRC-32C is checked here, since the library
 * does not.
 */
import { createRecordsBatch, crc32c, Reader, readRecordsBatches } from '@platformatic/kafka';

export interface StoredRecord {
  topic: string;
  partition: number;
  offset: number;
  timestamp: bigint;
  key: Buffer | null;
  value: Buffer | null;
  /** The record's headers in order: Kafka allows a name twice. */
  headers: [string, Buffer | null][];
}

/** A record batch begins with its base offset (8 bytes), length (4), leader epoch (4), magic (1), CRC (4), then its attributes. */
const MAGIC_AT = 16;
const CRC_AT = 17;
/** The CRC-32C covers the batch from its attributes to its end. */
const CRC_FROM = 21;

export class TopicLog {
  readonly records: StoredRecord[] = [];
  private readonly waiting = new Set<() => void>();

  /** The records of a topic's partition from an offset on. */
  from(topic: string, partition: number, offset: number): StoredRecord[] {
    return this.records.filter((r) => r.topic === topic && r.partition === partition && r.offset >= offset);
  }

  /** The offset the next record of a topic's partition gets (the high watermark). */
  end(topic: string, partition: number): number {
    return this.records.filter((r) => r.topic === topic && r.partition === partition).length;
  }

  topics(): string[] {
    return [...new Set(this.records.map((r) => r.topic))];
  }

  /** Appends the records of a Produce request's record batches; returns the offset of the first. */
  append(topic: string, partition: number, batches: Buffer): number {
    const base = this.end(topic, partition);
    checkBatches(batches);
    for (const batch of readRecordsBatches(Reader.from(batches))) {
      for (const record of batch.records)
        this.records.push({
          topic,
          partition,
          offset: this.end(topic, partition),
          timestamp: batch.firstTimestamp + record.timestampDelta,
          key: record.key,
          value: record.value,
          headers: record.headers.map(([name, value]) => [name?.toString() ?? '', value]),
        });
    }
    for (const wake of this.waiting) wake();
    return base;
  }

  /** Resolves when records are appended, or after `ms`. */
  changed(ms: number): Promise<void> {
    return new Promise((done) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        done();
      };
      const timer = setTimeout(wake, ms);
      this.waiting.add(wake);
    });
  }
}

/** Checks that each record batch is of magic 2 and that its CRC-32C (from its attributes to its end) matches, as a broker does. */
function checkBatches(batches: Buffer): void {
  for (let at = 0; at + 12 <= batches.length; ) {
    const end = at + 12 + batches.readInt32BE(at + 8);
    const magic = batches.readInt8(at + MAGIC_AT);
    if (magic !== 2) throw new Error(`a message set of magic ${magic} (the stand-in reads record batches, magic 2)`);
    if (crc32c(batches.subarray(at + CRC_FROM, end)) !== batches.readUInt32BE(at + CRC_AT)) throw new Error('a record batch whose CRC-32C does not match');
    at = end;
  }
}

/** One record batch (magic 2) holding records that follow each other, its base offset the first's. */
export function recordBatch(records: StoredRecord[]): Buffer {
  const first = records[0];
  if (!first) return Buffer.alloc(0);
  const batch = createRecordsBatch(
    records.map((r) => ({
      topic: r.topic,
      partition: r.partition,
      timestamp: r.timestamp,
      ...(r.key !== null ? { key: r.key } : {}),
      value: r.value ?? Buffer.alloc(0),
      // Keys are distinct Buffer objects, so a name that comes twice stays twice. (A null header value comes back empty.)
      headers: new Map(r.headers.map(([name, value]) => [Buffer.from(name), value ?? Buffer.alloc(0)])),
    })),
  ).buffer;
  // The library writes base offset 0 (a producer's batch); a fetched batch says where it starts. The CRC does not cover it.
  const out = Buffer.from(batch);
  out.writeBigInt64BE(BigInt(first.offset), 0);
  return out;
}
