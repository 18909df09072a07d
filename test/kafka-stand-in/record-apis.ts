/**
 * The stand-in's APIs that move records: Metadata v0 (every topic asked for exists, with one
 * partition led by this broker, node 0), Produce v3 (record batches of magic 2, the first
 * version that carries headers), ListOffsets v1 and Fetch v4 (the first version that returns
 * record batches). A Fetch with nothing new waits for records up to its max wait, as a broker
 * does, so that a consumer does not spin.
 */
import { ERROR, readArray, readBytes, readNullableString, readString, writeArray, writeBytes, writeString, type Api } from './wire.ts';
import { recordBatch, type TopicLog } from './log.ts';

const PRODUCE = 0;
const FETCH = 1;
const LIST_OFFSETS = 2;
const METADATA = 3;
/** ListOffsets' timestamps that ask for the first offset and for the next one. */
const EARLIEST = -2n;
const LATEST = -1n;
/** A Fetch waits at most this long for records, whatever it asks (a test's time bound is short). */
const MAX_WAIT_MS = 1000;

export function recordApis(log: TopicLog, port: () => number): Api[] {
  const metadata: Api = {
    key: METADATA,
    version: 0,
    answer: (request, response) => {
      const asked = readArray(request, readString);
      // In v0 an empty list asks for every topic.
      const topics = asked.length > 0 ? asked : log.topics();
      writeArray(response, [0], (w, node) => writeString(w.appendInt32(node), '127.0.0.1').appendInt32(port()));
      writeArray(response, topics, (w, topic) => {
        writeString(w.appendInt16(ERROR.none), topic);
        writeArray(w, [0], (w, partition) => {
          w.appendInt16(ERROR.none).appendInt32(partition).appendInt32(0);
          writeArray(w, [0], (w, replica) => w.appendInt32(replica));
          writeArray(w, [0], (w, inSync) => w.appendInt32(inSync));
        });
      });
    },
  };

  const produce: Api = {
    key: PRODUCE,
    version: 3,
    answer: (request, response) => {
      readNullableString(request); // transactional id
      request.readInt16(); // acks
      request.readInt32(); // timeout
      const topics = readArray(request, (r) => ({
        topic: readString(r),
        partitions: readArray(r, (r) => ({ partition: r.readInt32(), batches: readBytes(r) ?? Buffer.alloc(0) })),
      }));
      writeArray(response, topics, (w, { topic, partitions }) => {
        writeString(w, topic);
        writeArray(w, partitions, (w, { partition, batches }) => {
          w.appendInt32(partition)
            .appendInt16(ERROR.none)
            .appendInt64(BigInt(log.append(topic, partition, batches)))
            .appendInt64(-1n);
        });
      });
      response.appendInt32(0); // throttle time
    },
  };

  const listOffsets: Api = {
    key: LIST_OFFSETS,
    version: 1,
    answer: (request, response) => {
      request.readInt32(); // replica id
      const topics = readArray(request, (r) => ({
        topic: readString(r),
        partitions: readArray(r, (r) => ({ partition: r.readInt32(), timestamp: r.readInt64() })),
      }));
      writeArray(response, topics, (w, { topic, partitions }) => {
        writeString(w, topic);
        writeArray(w, partitions, (w, { partition, timestamp }) => {
          const end = log.end(topic, partition);
          const offset =
            timestamp === EARLIEST ? 0 : timestamp === LATEST ? end : (log.from(topic, partition, 0).find((r) => r.timestamp >= timestamp)?.offset ?? end);
          w.appendInt32(partition).appendInt16(ERROR.none).appendInt64(-1n).appendInt64(BigInt(offset));
        });
      });
    },
  };

  const fetch: Api = {
    key: FETCH,
    version: 4,
    answer: async (request, response) => {
      request.readInt32(); // replica id
      const maxWait = request.readInt32();
      request.readInt32(); // min bytes
      request.readInt32(); // max bytes
      request.readInt8(); // isolation level
      const topics = readArray(request, (r) => ({
        topic: readString(r),
        partitions: readArray(r, (r) => {
          const p = { partition: r.readInt32(), offset: Number(r.readInt64()) };
          r.readInt32(); // partition max bytes
          return p;
        }),
      }));
      const anything = (): boolean => topics.some(({ topic, partitions }) => partitions.some((p) => log.from(topic, p.partition, p.offset).length > 0));
      if (!anything()) await log.changed(Math.min(maxWait, MAX_WAIT_MS));
      response.appendInt32(0); // throttle time
      writeArray(response, topics, (w, { topic, partitions }) => {
        writeString(w, topic);
        writeArray(w, partitions, (w, { partition, offset }) => {
          const end = log.end(topic, partition);
          w.appendInt32(partition)
            .appendInt16(offset > end ? ERROR.offsetOutOfRange : ERROR.none)
            .appendInt64(BigInt(end)) // high watermark
            .appendInt64(BigInt(end)); // last stable offset: no transactions here
          writeArray(w, [], () => undefined); // aborted transactions
          writeBytes(w, recordBatch(log.from(topic, partition, offset)));
        });
      });
    },
  };

  return [metadata, produce, listOffsets, fetch];
}
