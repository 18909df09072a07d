/**
 * Reading only regular files. A FIFO, a character device (`/dev/zero`, a terminal) or a socket
 * named as a document, a `$ref` target, a guide, a logo or a configuration would block the read
 * or never end it; a folder cannot be read at all. The file is opened without blocking and
 * checked on its descriptor, so that what is checked is what is read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export type ReadFailure =
  | { reason: 'missing' | 'permission' }
  | { reason: 'not-regular'; kind: string }
  | { reason: 'too-large'; size: number }
  | { reason: 'unreadable'; code: string };

export type ReadResult = { data: Buffer } | ReadFailure;

/** The kind of a file that is not a regular one, in words. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Reads at most `maxBytes` of `path` (all of it when it is smaller; `partial` reads only the head). */
export function readRegularFile(path: string, maxBytes: number, options: { partial?: boolean } = {}): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { reason: 'missing' };
    if (code === 'EACCES' || code === 'EPERM') return { reason: 'permission' };
    return { reason: 'unreadable', code };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { reason: 'not-regular', kind: kindOf(stat) };
    if (stat.size > maxBytes && !options.partial) return { reason: 'too-large', size: stat.size };
    const length = Math.min(stat.size, maxBytes);
    const data = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, data, read, length - read, read);
      if (n === 0) break;
      read += n;
    }
    return { data: read === length ? data : data.subarray(0, read) };
  } catch (error) {
    return { reason: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    closeSync(fd);
  }
}

/** One sentence for a failure, e.g. for a diagnostic's message. */
export function describeFailure(failure: ReadFailure): string {
  switch (failure.reason) {
    case 'missing':
      return 'the file does not exist';
    case 'permission':
      return 'permission denied when reading the file';
    case 'not-regular':
      return `this is ${failure.kind}, not a regular file`;
    case 'too-large':
      return `the file is ${failure.size} bytes, more than allowed`;
    case 'unreadable':
      return `the file cannot be read (${failure.code})`;
  }
}
