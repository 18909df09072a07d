/**
 * Document values written into JavaScript and Python samples: single-quoted strings both read
 * alike (src/lib/sns/snippet-quote.ts), objects and dicts of strings, and environment lookups.
 */
import { codeString } from '../sns/snippet-quote.ts';
import { GO_STATEMENT, JAVA_STATEMENT, layoutStatement, list, PY_SUBSCRIPT, type StatementStyle } from './line-layout.ts';

/**
 * Text of several lines (the payload, pretty-printed when long: sample-target.ts) as one literal that reads as
 * those lines: a quoted piece per line, each ending with its line break, joined by `+` at the
 * line's end, so that the narrow panel shows the payload as JSON rather than one line cut at its
 * edge; one line as it is. `parens` holds the pieces together where the literal is followed by a
 * call (Python's `.encode()`, Java's `.getBytes()`) or where a line break would otherwise end it.
 */
function lineByLine(text: string, quote: (piece: string) => string, indent: string, parens: boolean): string {
  if (!text.includes('\n')) return quote(text);
  const pieces = text.split(/(?<=\n)/).map((piece) => `${indent}${quote(piece)}`);
  const joined = pieces.join(' +\n');
  return parens ? `(\n${joined}\n)` : `\n${joined}`;
}

export { codeString as str };

/** The payload as a single-quoted literal that JavaScript and Python read alike, line by line when it has several. */
export const payloadStr = (text: string): string => lineByLine(text, codeString, '  ', true);

/** The entries of a JavaScript object or a Python dict of string values (line-layout.ts lays them out). */
export const stringEntries = (entries: [string, string][]): string[] => entries.map(([k, v]) => `${codeString(k)}: ${codeString(v)}`);

/** Document text inside a JavaScript template literal: a backtick, a backslash or `${` cannot end it or run code. */
export function templateText(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${').replaceAll('\n', '\\n').replaceAll('\r', '\\r');
}

export const jsEnv = (name: string): string => `process.env.${name}`;
export const pyEnv = (name: string): string => `os.environ[${codeString(name)}]`;

/** `prefix` + `os.environ['NAME']` at column `at`, broken inside the subscript (as Black does) when it would run past the panel. */
export const pyEnvAt = (at: number, prefix: string, name: string, after = 1): string =>
  list(at, `${prefix}os.environ[`, [codeString(name)], ']', PY_SUBSCRIPT, after);

/** host:port, with the port only when known. */
export function hostPort(host: string, port: number | undefined): string {
  return port === undefined ? host : `${host}:${port}`;
}

/** `?a=1&b=2` from name/value pairs, '' when none. */
export function queryString(query: [string, string][]): string {
  return query.length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
}

export const lines = (parts: (string | false | undefined)[]): string => parts.filter((p): p is string => typeof p === 'string').join('\n');

/**
 * The URL path of a channel on a server: the server's pathname and the channel's address joined
 * by one slash, none doubled and none left trailing by an address that is empty or `/`.
 */
export function urlPath(pathname: string, address: string): string {
  const head = pathname.replace(/\/+$/, '');
  const tail = address.replace(/^\/+/, '');
  return tail === '' ? head : `${head}/${tail}`;
}

/**
 * A double-quoted string literal that Go and Java both read: backslash, quote and line breaks
 * escaped; other control characters as \uXXXX. `asciiOnly` (Java) writes every character past
 * ASCII as \uXXXX too, so that the sample reads the same whatever encoding javac assumes; a
 * backslash is always doubled, so the document's own `\u0022` stays text (Java reads a \u escape
 * only after an even number of backslashes). A lone surrogate, which neither can hold, becomes
 * U+FFFD.
 */
export function quoted(text: string, asciiOnly = false): string {
  const escaped = text.toWellFormed().replace(/[\\"\n\r\t]|[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[^\u0000-\u007f]/g, (c) => {
    const named: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    if (Object.hasOwn(named, c)) return named[c]!;
    const code = c.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    return control || asciiOnly ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  });
  return `"${escaped}"`;
}

export const goString = (text: string): string => quoted(text);
export const javaString = (text: string): string => quoted(text, true);
/** The payload as a Go or a Java string literal, line by line when it has several. */
export const payloadGo = (text: string): string => lineByLine(text, goString, '\t', false);
export const payloadJava = (text: string): string => lineByLine(text, javaString, '  ', true);
export const goEnv = (name: string): string => `os.Getenv(${goString(name)})`;
export const javaEnv = (name: string): string => `System.getenv(${javaString(name)})`;

/** Go's check after a call that returns an error: the sample stops with it. */
export const GO_CHECK = ['if err != nil {', '\tlog.Fatal(err)', '}'];

/**
 * A Go program: `package main`, its imports (sorted, the standard library's first as gofmt
 * groups them), the package's declarations as they are (a raw string's lines keep their
 * indentation: payload-literal.ts) and `main`'s body, indented by a tab.
 */
export function goProgram(imports: (string | false | undefined)[], body: (string | false | undefined)[], declarations: string[] = []): string {
  const list = [...new Set(imports.filter((i): i is string => typeof i === 'string'))];
  const std = list.filter((i) => !i.includes('.')).sort();
  const third = list.filter((i) => i.includes('.')).sort();
  const importLines = [...std.map((i) => `\t${goImport(i)}`), ...(std.length > 0 && third.length > 0 ? [''] : []), ...third.map((i) => `\t${goImport(i)}`)];
  return lines(['package main', '', 'import (', ...importLines, ')', '', ...declarations, 'func main() {', ...indentBody(body, '\t', GO_STATEMENT), '}']);
}

/** `mqtt github.com/…` (an import with its name) or a path, quoted. */
const goImport = (spec: string): string => {
  const [name, path] = spec.includes(' ') ? spec.split(' ') : [undefined, spec];
  return name ? `${name} "${path}"` : `"${path}"`;
};

/** The body's lines indented, each statement laid out within the panel (line-layout.ts) when a style is given. */
function indentBody(body: (string | false | undefined)[], indent: string, style?: StatementStyle): string[] {
  return body
    .filter((l): l is string => typeof l === 'string')
    .flatMap((l) => l.split('\n'))
    .flatMap((l) => (l === '' ? [''] : style ? layoutStatement(`${indent}${l}`, style) : [`${indent}${l}`]));
}

/** A Java program of one class, run as it is by `java Sample.java`: its imports and `main`'s body, its declarations first (a text block's lines indented with the body's: javac strips that indentation). */
export function javaProgram(imports: (string | false | undefined)[], body: (string | false | undefined)[], declarations: string[] = []): string {
  // UTF_8 imported by itself: `StandardCharsets.UTF_8` takes half the panel's width in a call.
  const short = (l: string | false | undefined) => (typeof l === 'string' ? l.replaceAll('StandardCharsets.UTF_8', 'UTF_8') : l);
  body = body.map(short);
  const utf8 = body.some((l) => typeof l === 'string' && /\bUTF_8\b/.test(l));
  const uses = (name: string) => [...body, ...declarations].some((l) => typeof l === 'string' && l.includes(`${name}.`));
  const list = [...new Set(imports.filter((i): i is string => typeof i === 'string'))]
    .filter((i) => i !== 'java.nio.charset.StandardCharsets' || uses('StandardCharsets'))
    .sort();
  return lines([
    ...(utf8 ? ['import static java.nio.charset.StandardCharsets.UTF_8;', ''] : []),
    ...list.map((i) => `import ${i};`),
    ...(list.length > 0 ? [''] : []),
    'public class Sample {',
    '  public static void main(String[] args)',
    '      throws Exception {',
    ...indentBody(declarations, '    '),
    ...indentBody(body, '    ', JAVA_STATEMENT),
    '  }',
    '}',
  ]);
}

/** A Java map of strings: `Map.ofEntries(Map.entry("a", "b"))`, typed `<String, V>` when given. */
export function javaMap(entries: [string, string][], valueType?: string, value: (v: string) => string = javaString): string {
  const typed = valueType ? `<String, ${valueType}>` : '';
  return `Map.${typed}ofEntries(${entries.map(([k, v]) => `Map.entry(${javaString(k)}, ${value(v)})`).join(', ')})`;
}
