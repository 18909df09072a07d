/**
 * A JSON payload written in the sample's own language, as a reader would write it by hand
 * (Stripe's references read this way): a JavaScript object literal given to JSON.stringify, a
 * Python dict given to json.dumps, the JSON text itself in a Go raw string or a Java text block.
 * Every value arrives as the example has it: strings escaped for both languages, numbers in
 * JSON's own spelling (which JavaScript and Python read as the same number), keys quoted where
 * they are not identifiers. A payload that is not a JSON object or array (text, a lone number)
 * stays a string literal (code-text.ts).
 */
import { payloadGo, payloadJava, payloadStr } from './code-text.ts';
import { columns, WIDTH } from './line-layout.ts';
import type { SampleTarget } from './sample-target.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Structure = Json[] | { [key: string]: Json };

/** An object or an array parsed from JSON text: its values are JSON values, as JSON.parse makes them. */
const isStructure = (value: unknown): value is Structure => typeof value === 'object' && value !== null;

/** The payload's value when its text is a JSON object or array, else undefined. */
export function jsonStructure(text: string): Structure | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isStructure(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A single-quoted string that JavaScript and Python read alike: backslash, quote and every
 * control character escaped, and the two line separators (a line end to older JavaScript) and a
 * lone surrogate (which no UTF-8 file can hold) written as \uXXXX, which both languages read.
 */
export function quotedString(text: string): string {
  const escaped = text.replace(/[\\'\n\r\t]|[\u0000-\u001f\u007f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => {
    const named: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return Object.hasOwn(named, c) ? named[c]! : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}'`;
}

/** How a language writes the pieces of a literal. */
interface Syntax {
  key: (name: string) => string;
  null: string;
  true: string;
  false: string;
  /** Inside the braces of an object written on one line: JavaScript `{ a: 1 }`, Python `{'a': 1}`. */
  pad: string;
  unit: string;
}

/** An identifier key stays bare; `__proto__` is computed, since a literal's `__proto__:` would set the prototype and drop the key. */
const JS: Syntax = {
  key: (name) => (name === '__proto__' ? `[${quotedString(name)}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : quotedString(name)),
  null: 'null',
  true: 'true',
  false: 'false',
  pad: ' ',
  unit: '  ',
};
const PYTHON: Syntax = { key: quotedString, null: 'None', true: 'True', false: 'False', pad: '', unit: '    ' };

function scalar(value: Exclude<Json, Structure>, syntax: Syntax): string {
  if (value === null) return syntax.null;
  if (typeof value === 'boolean') return value ? syntax.true : syntax.false;
  // JSON's spelling (1e+21, 0.1, -5): JavaScript and Python read it as the same number, and json.dumps writes it back alike.
  return typeof value === 'number' ? JSON.stringify(value) : quotedString(value);
}

/** The literal on one line. */
function oneLine(value: Json, syntax: Syntax): string {
  if (value === null || typeof value !== 'object') return scalar(value, syntax);
  if (Array.isArray(value)) return `[${value.map((v) => oneLine(v, syntax)).join(', ')}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{${syntax.pad}${entries.map(([k, v]) => `${syntax.key(k)}: ${oneLine(v, syntax)}`).join(', ')}${syntax.pad}}`;
}

/** The literal of a value, `column` characters already on its line: on one line when it fits, else an entry a line, each with a trailing comma. */
function literal(value: Json, syntax: Syntax, indent: string, column: number): string {
  const line = oneLine(value, syntax);
  if (value === null || typeof value !== 'object' || column + line.length <= WIDTH) return line;
  const array = Array.isArray(value);
  const entries: [string, Json][] = array ? value.map((v): [string, Json] => ['', v]) : Object.entries(value);
  if (entries.length === 0) return line;
  const inner = indent + syntax.unit;
  const rows = entries.map(([k, v]) => {
    const prefix = array ? '' : `${syntax.key(k)}: `;
    // The comma after the value counts in its line's width.
    return `${inner}${prefix}${literal(v, syntax, inner, inner.length + prefix.length + 1)},`;
  });
  return array ? `[\n${rows.join('\n')}\n${indent}]` : `{\n${rows.join('\n')}\n${indent}}`;
}

/** A payload this short or shorter goes inside the call that sends it, when that line still fits the panel; else it is declared first. */
const SHORT = 32;

/**
 * The payload in a sample: `setup`, the lines that declare it (none when it is short or not
 * JSON), and `value`, the expression that the call sending it takes.
 */
export interface PayloadCode {
  setup: string[];
  value: string;
  /** Python's `import json`, when the sample needs it. */
  imports: string[];
}

const NAME = 'payload';

/** A payload in JavaScript: `JSON.stringify({ … })`, the object declared first when it takes several lines. */
/** `around`: the columns the value's line takes besides the value (its indentation, `body: `, a comma), where the call that sends it is laid an argument a line. */
export function jsPayload(t: SampleTarget, around = 0): PayloadCode {
  const value = jsonStructure(t.payload);
  if (value === undefined) return { setup: [], value: payloadStr(t.payload), imports: [] };
  const call = 'JSON.stringify(';
  const short = oneLine(value, JS);
  if (short.length <= SHORT && around + columns(`${call}${short})`) <= WIDTH) return { setup: [], value: `${call}${short})`, imports: [] };
  // The declaration's semicolon counts in its first line's width.
  return { setup: [`const ${NAME} = ${literal(value, JS, '', `const ${NAME} = `.length + 1)};`, ''], value: `${call}${NAME})`, imports: [] };
}

/** A payload in Python: `json.dumps({…})`, the dict declared first when it takes several lines. */
/** `around` as jsPayload's. */
export function pyPayload(t: SampleTarget, around = 0): PayloadCode {
  const value = jsonStructure(t.payload);
  if (value === undefined) return { setup: [], value: payloadStr(t.payload), imports: [] };
  const short = oneLine(value, PYTHON);
  if (short.length <= SHORT && around + columns(`json.dumps(${short})`) <= WIDTH) return { setup: [], value: `json.dumps(${short})`, imports: ['import json'] };
  return { setup: [`${NAME} = ${literal(value, PYTHON, '', `${NAME} = `.length)}`, ''], value: `json.dumps(${NAME})`, imports: ['import json'] };
}

/** A Go raw string of JSON text (which never holds a carriage return, that Go drops from raw strings); a backtick, which none can hold, joined in as "`". */
const goRaw = (text: string): string => `\`${text.replaceAll('`', '` + "`" + `')}\``;

/**
 * A payload in Go: the JSON text as it is, in a raw string; a package-level constant when it
 * takes several lines (the lines stay at the start of theirs: a raw string keeps its indentation).
 */
export function goPayload(t: SampleTarget): PayloadCode {
  if (jsonStructure(t.payload) === undefined) return { setup: [], value: payloadGo(t.payload), imports: [] };
  const raw = goRaw(t.payload);
  if (!t.payload.includes('\n')) return { setup: [], value: raw, imports: [] };
  return { setup: [`const ${NAME} = ${raw}`, ''], value: NAME, imports: [] };
}

/**
 * The JSON text in a Java text block: backslashes doubled (a text block reads escapes, and a
 * doubled backslash never starts a \u escape), every character past ASCII as \uXXXX (so javac
 * reads it whatever encoding it assumes), the closing quotes on the last line (no line break
 * added). JSON text never holds three quotes in a row, nor a line ending in a space.
 */
function javaTextBlock(text: string): string {
  const escaped = text.replaceAll('\\', '\\\\').replace(/[^\u0000-\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"""\n${escaped}"""`;
}

/** A payload in Java: the JSON text as it is, in a text block declared first when it takes several lines. */
export function javaPayload(t: SampleTarget): PayloadCode {
  if (jsonStructure(t.payload) === undefined || !t.payload.includes('\n')) return { setup: [], value: payloadJava(t.payload), imports: [] };
  return { setup: [`String ${NAME} = ${javaTextBlock(t.payload)};`], value: NAME, imports: [] };
}
