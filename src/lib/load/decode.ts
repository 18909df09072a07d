/**
 * Bytes → text, refusing what is not UTF-8 text with a precise position
 * (a BOM is tolerated with a warning, UTF-16 and binary input are refused).
 */
import type { Problem, Location } from '../diagnostics/diagnostic.ts';

export interface DecodeResult {
  text?: string;
  problems: Problem[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeText(bytes: Uint8Array, at: Location): DecodeResult {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return fail(at, 'load-encoding', 'the file is UTF-16 encoded', 'Save the file as UTF-8 (without a byte-order mark).', 1, 1);
  }
  const problems: Problem[] = [];
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    problems.push({
      code: 'load-bom',
      severity: 'warning',
      message: 'the file starts with a UTF-8 byte-order mark; it was ignored',
      hint: 'Save the file as UTF-8 without a BOM: JSON (RFC 8259) forbids it and some tools choke on it.',
      at,
      position: { line: 1, column: 1 },
    });
    body = bytes.subarray(3);
  }
  const nul = body.indexOf(0);
  if (nul >= 0) {
    const { line, column } = positionOfByte(body, nul);
    return fail(
      at,
      'load-binary',
      'the file contains a NUL byte: it is binary, not a YAML or JSON document',
      'Pass the YAML or JSON document itself.',
      line,
      column,
    );
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    const offset = firstInvalidUtf8(body);
    const { line, column } = positionOfByte(body, offset);
    return fail(
      at,
      'load-encoding',
      `invalid UTF-8 byte 0x${(body[offset] ?? 0).toString(16).padStart(2, '0')} at byte ${offset}`,
      'Save the file as UTF-8; it was probably written in Latin-1 or Windows-1252.',
      line,
      column,
    );
  }
  return { text, problems };
}

function fail(at: Location, code: string, message: string, hint: string, line: number, column: number): DecodeResult {
  return { problems: [{ code, severity: 'error', message, hint, at, position: { line, column } }] };
}

/** Byte offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++) {
      const n = b[i + k];
      if (n === undefined || (n & 0xc0) !== 0x80) return i;
    }
    // Overlong and surrogate forms are also invalid; TextDecoder rejected something, so look closer.
    const c1 = b[i + 1] ?? 0;
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f) || (c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return i;
    i += len;
  }
  return Math.max(0, b.length - 1);
}

/** 1-based line and column (in characters of the valid prefix) of a byte offset. */
function positionOfByte(b: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (b[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const prefix = new TextDecoder('utf-8').decode(b.subarray(lineStart, offset));
  return { line, column: [...prefix].length + 1 };
}
