/**
 * Text → plain JSON value, on a fast path.
 *
 * YAML goes through js-yaml with its CORE schema (YAML 1.2 core: null, bool, int, float, str,
 * seq, map), which is an order of magnitude faster than building a full `yaml` Document
 * (TOOLCHAIN.md: 0.5 s vs 7 s for a 12.6 MB document). Source positions are not needed to
 * parse; they are looked up afterwards, only for the nodes a diagnostic points at
 * (see positions.ts, which uses `yaml`, the authority for YAML 1.2 and for positions).
 * JSON goes through JSON.parse (strict JSON syntax) and then js-yaml in JSON-compatible mode
 * only to find duplicate keys, which JSON.parse silently drops.
 */
import jsyaml from 'js-yaml';
import type { Location, Problem } from '../diagnostics/diagnostic.ts';
import { PositionRecorder, sizeHintOf, type PositionTree } from './fast-positions.ts';
import type { LoadLimits } from './limits.ts';

export type SourceFormat = 'yaml' | 'json';

export interface ParseResult {
  value?: unknown;
  problems: Problem[];
  /** Node positions recorded during the parse, for lazy line/column lookups. */
  positions?: PositionTree;
}

export function formatOf(path: string): SourceFormat {
  return /\.json$/i.test(path) ? 'json' : 'yaml';
}

export function parseText(text: string, format: SourceFormat, at: Location, limits: LoadLimits): ParseResult {
  if (text.trim() === '') return empty(at);
  if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return jsonSyntaxProblem(error, text, at);
    }
    const yamlPass = yamlProblems(text, at, limits);
    return yamlPass.problems.length > 0 ? yamlPass : { value, problems: [], ...(yamlPass.positions ? { positions: yamlPass.positions } : {}) };
  }
  const result = yamlProblems(text, at, limits);
  // A YAML stream with only comments or document markers has no document at all.
  // (js-yaml then returns null without reporting any node.)
  return result.problems.length === 0 &&
    (result.value === undefined || (result.value === null && !(result.positions?.hasChildren(result.positions.root) ?? false)))
    ? empty(at)
    : result;
}

function empty(at: Location): ParseResult {
  return fail(at, 'load-empty', 'the file is empty', 'Write an apidesc document (an object with `apidesc`, `info`, …) into the file.', 1, 1);
}

function yamlProblems(text: string, at: Location, limits: LoadLimits): ParseResult {
  try {
    // js-yaml 4.1.1+ bounds recursion with `maxDepth`; its published types predate the option.
    const recorder = new PositionRecorder(sizeHintOf(text));
    const options: jsyaml.LoadOptions & { maxDepth: number; listener: PositionRecorder['listener'] } = {
      schema: jsyaml.CORE_SCHEMA,
      maxDepth: limits.maxDepth,
      filename: at.file,
      listener: recorder.listener,
    };
    const value: unknown = jsyaml.load(text, options);
    const positions = recorder.finish();
    return { value, problems: [], ...(positions ? { positions } : {}) };
  } catch (error) {
    if (error instanceof jsyaml.YAMLException) return yamlExceptionProblem(error, at, limits);
    if (error instanceof RangeError) {
      return fail(at, 'load-too-deep', 'the document is nested too deeply to parse', `Keep nesting under ${limits.maxDepth} levels.`, 1, 1);
    }
    throw error;
  }
}

function yamlExceptionProblem(error: jsyaml.YAMLException, at: Location, limits: LoadLimits): ParseResult {
  const reason = error.reason ?? error.message;
  const line = (error.mark?.line ?? 0) + 1;
  const column = (error.mark?.column ?? 0) + 1;
  if (reason.startsWith('duplicated mapping key')) {
    return fail(
      at,
      'load-duplicate-key',
      'duplicate key in a mapping',
      'Remove or rename one of the two keys: only one value can be kept and it would be a guess which.',
      line,
      column,
    );
  }
  if (reason.startsWith('unknown tag')) {
    const tag = /!<([^>]*)>/.exec(reason)?.[1] ?? 'this tag';
    return fail(
      at,
      'load-yaml-tag',
      `the YAML tag ${tag} is not allowed`,
      'Use only the tags of the JSON schema ruleset (str, int, float, bool, null, seq, map): write the value as a plain string, number or boolean.',
      line,
      column,
    );
  }
  if (reason.startsWith('nesting exceeded maxDepth')) {
    return fail(
      at,
      'load-too-deep',
      `nesting is deeper than ${limits.maxDepth} levels`,
      'Flatten the structure, or move nested schemas to components and use $ref.',
      line,
      column,
    );
  }
  return fail(at, 'load-syntax', `YAML syntax error: ${reason}`, 'Fix the syntax at this position (check indentation, quotes and brackets).', line, column);
}

function jsonSyntaxProblem(error: unknown, text: string, at: Location): ParseResult {
  const message = error instanceof Error ? error.message : String(error);
  // V8 reports "... at position N (line L column C)" or only "at position N".
  const lc = /\(line (\d+) column (\d+)\)/.exec(message);
  const pos = /at position (\d+)/.exec(message);
  let line = 1;
  let column = 1;
  if (lc) {
    line = Number(lc[1]);
    column = Number(lc[2]);
  } else if (pos) {
    ({ line, column } = lineColumnOf(text, Number(pos[1])));
  } else if (/end of JSON input/.test(message)) {
    ({ line, column } = lineColumnOf(text, text.length));
  }
  return fail(
    at,
    'load-syntax',
    `JSON syntax error: ${jsonSyntaxReason(message, text, line, column)}`,
    'Fix the JSON at this position (a missing comma or quote, or a trailing comma, is the usual cause).',
    line,
    column,
  );
}

export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function fail(at: Location, code: string, message: string, hint: string, line: number, column: number): ParseResult {
  return { problems: [{ code, severity: 'error', message, hint, at, position: { line, column } }] };
}

/**
 * What JSON.parse found, in this tool's words: its messages are the runtime's (they change with
 * Node's versions, and quote the document in its own form), so only the kind of mistake is read
 * from them; the character at the position is named from the text itself.
 */
function jsonSyntaxReason(message: string, text: string, line: number, column: number): string {
  const at = text.split(/\r?\n/)[line - 1]?.[column - 1];
  const found = at === undefined ? 'the end of the text' : /\s/.test(at) ? 'a space or line break' : `\`${at}\``;
  const reasons: [RegExp, string][] = [
    [/end of JSON input/i, 'the text ends before the JSON does (a closing `}`, `]` or `"` is missing)'],
    [
      /Expected property name or '}'|Expected double-quoted property name/i,
      `a property name in double quotes was expected, not ${found} (a trailing comma, or a name without quotes?)`,
    ],
    [/Expected ',' or '}' after property value/i, `\`,\` or \`}\` was expected after a value, not ${found}`],
    [/Expected ',' or ']' after array element/i, `\`,\` or \`]\` was expected after an item, not ${found}`],
    [/Expected ':' after property name/i, `\`:\` was expected after a property name, not ${found}`],
    [/Unterminated string/i, 'a string is not closed by a `"`'],
    [/Bad control character/i, 'a string holds a raw control character (a tab or line break must be written `\\t` or `\\n`)'],
    [/Bad (escaped character|Unicode escape)/i, 'a string holds a `\\` escape that JSON does not have'],
    [/non-whitespace character after JSON/i, `the JSON value ends, and ${found} follows it`],
    [/No number after minus sign|Exponent part is missing|Unterminated fractional number/i, 'a number is cut short'],
  ];
  for (const [pattern, reason] of reasons) if (pattern.test(message)) return reason;
  // "Unexpected token" sometimes comes without a position: the token is then the one it names.
  const token = /Unexpected token '(.{1,4}?)'/.exec(message)?.[1];
  return `${token !== undefined && !/at position/.test(message) ? `\`${token}\`` : found} is not allowed here`;
}
