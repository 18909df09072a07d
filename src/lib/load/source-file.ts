/** Reading one input file into a parsed, checked SourceFile, with diagnostics instead of exceptions. */
import type { Problem } from '../diagnostics/diagnostic.ts';
import { decodeText } from './decode.ts';
import type { PositionTree } from './fast-positions.ts';
import type { LoadLimits } from './limits.ts';
import { describeFailure, readRegularFile } from './regular-file.ts';
import { formatOf, parseText, type SourceFormat } from './parse.ts';
import { checkStructure, needsStructureWalk, nonStringKeys } from './structure-check.ts';

export interface SourceFile {
  /** Absolute path. */
  path: string;
  format: SourceFormat;
  text: string;
  /** The parsed document: plain JSON data (objects, arrays, strings, numbers, booleans, null). */
  value: unknown;
  /** Node positions recorded while parsing (see positions.ts). */
  positions?: PositionTree;
}

/** A file's text by its path: what a code frame is cut from. */
export interface SourceText {
  path: string;
  text: string;
}

export interface LoadResult {
  file?: SourceFile;
  problems: Problem[];
  /**
   * The text of a file that was decoded but could not be parsed (a YAML or JSON syntax error, a
   * duplicate key, …): the code frame of its diagnostic shows the lines around the mistake.
   */
  unparsedText?: string;
}

export function loadSourceFile(path: string, limits: LoadLimits): LoadResult {
  const at = { file: path, pointer: '' };
  const bytes = readBytes(path, limits);
  if ('problem' in bytes) return { problems: [bytes.problem] };
  const decoded = decodeText(bytes.data, at);
  if (decoded.text === undefined) return { problems: decoded.problems };
  const format = formatOf(path);
  return loadText(path, decoded.text, format, limits, decoded.problems);
}

/** Parses text that is already in memory (used by tests and by `dev` on unsaved buffers). */
export function loadText(path: string, text: string, format: SourceFormat, limits: LoadLimits, earlier: Problem[] = []): LoadResult {
  const at = { file: path, pointer: '' };
  const parsed = parseText(text, format, at, limits);
  const problems = [...earlier, ...parsed.problems];
  if (parsed.problems.length > 0) return { problems, unparsedText: text };
  const structural = checkStructure(parsed.value, at, limits, needsStructureWalk(text));
  problems.push(...structural);
  if (structural.length > 0) return { problems, unparsedText: text };
  if (format === 'yaml' && parsed.positions?.mayHaveNonStringKeys) problems.push(...nonStringKeys(parsed.positions, at));
  return { file: { path, format, text, value: parsed.value, ...(parsed.positions ? { positions: parsed.positions } : {}) }, problems };
}

function readBytes(path: string, limits: LoadLimits): { data: Uint8Array } | { problem: Problem } {
  const at = { file: path, pointer: '' };
  const read = readRegularFile(path, limits.maxBytes);
  if ('data' in read) return { data: read.data };
  switch (read.reason) {
    case 'missing':
      return {
        problem: {
          code: 'load-missing',
          severity: 'error',
          message: 'the file does not exist',
          hint: 'Check the path and its spelling; paths are relative to the current folder.',
          at,
        },
      };
    case 'not-regular':
      return {
        problem: {
          code: 'load-unreadable',
          severity: 'error',
          message: `this is ${read.kind}, not a file`,
          hint:
            read.kind === 'a folder' ? 'Name a YAML or JSON file.' : 'Only regular files are read: a pipe or a device could block the read or never end it.',
          at,
        },
      };
    case 'too-large':
      return {
        problem: {
          code: 'load-too-large',
          severity: 'error',
          message: `the file is ${formatBytes(read.size)}, more than the limit of ${formatBytes(limits.maxBytes)}`,
          hint: 'Split the document into several files joined by $ref, or raise the limit with --max-bytes.',
          at,
        },
      };
    default:
      return { problem: { code: 'load-unreadable', severity: 'error', message: describeFailure(read), hint: 'Check the file permissions.', at } };
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
