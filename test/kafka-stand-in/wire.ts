/**
 * The Kafka stand-in reads and writes with @platformatic/kafka's Reader and Writer. Every API
 * version it answers predates KIP-482's flexible versions, so every string, byte string and
 * array here is the classic form (INT16/INT32 lengths, no tagged fields): these helpers say so
 * once instead of passing `false, false` at each call.
 */
import type { Reader, Writer } from '@platformatic/kafka';

export type { Reader, Writer } from '@platformatic/kafka';

export const readString = (r: Reader): string => r.readString(false);
export const readNullableString = (r: Reader): string | null => r.readNullableString(false);
export const readBytes = (r: Reader): Buffer | null => r.readNullableBytes(false);
export const readArray = <T>(r: Reader, item: (r: Reader) => T): T[] => r.readArray((entry) => item(entry), false, false);

export const writeString = (w: Writer, value: string | null): Writer => w.appendString(value, false);
export const writeBytes = (w: Writer, value: Buffer | null): Writer => w.appendBytes(value, false);
export const writeArray = <T>(w: Writer, items: readonly T[], item: (w: Writer, value: T) => void): Writer =>
  w.appendArray([...items], (entry, value) => item(entry, value), false, false);

/** An API the stand-in answers, at the one version it offers (so that every client negotiates it). */
export interface Api {
  key: number;
  version: number;
  /** Reads the request's body and writes the response's; may wait (a Fetch waits for records). */
  answer: (request: Reader, response: Writer) => void | Promise<void>;
}

/** Kafka's error codes that the stand-in answers with. */
export const ERROR = { none: 0, offsetOutOfRange: 1, illegalGeneration: 22, unknownMemberId: 25 } as const;
