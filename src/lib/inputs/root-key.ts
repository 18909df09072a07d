/**
 * Whether the text of a file in a folder argument is an apidesc document: its ROOT object has
 * the key `apidesc`, wherever that key is in the file. A fragment (a file of schemas that
 * documents `$ref`) is not a document even when one of its nested objects has a property named
 * `apidesc`; a document is one even when `apidesc` comes after 64 KB of other keys.
 *
 * Most documents start with `apidesc:` and are told from their first line. Otherwise JSON is
 * scanned once for the keys of its root object (strings skipped, nesting counted, no value
 * built), and YAML is parsed as the loader parses it (js-yaml, the core schema, aliases not
 * expanded). A YAML file that does not parse is a document when its root mapping has an
 * `apidesc` line: the loader then reports its syntax error to the reader, which is what a
 * broken document needs.
 */
import jsyaml from 'js-yaml';
import { defaultLimits } from '../load/limits.ts';
import type { SourceFormat } from '../load/parse.ts';

/** Lines before the first content: blank, comments, directives, a document start without content. */
const PREAMBLE = /^(?:[ \t]*(?:#[^\n]*)?\r?\n|%[^\n]*\n|---[ \t]*(?:#[^\n]*)?\r?\n)*/;
/** `apidesc:` (its key quoted or not) as a mapping's key on a line of its own indentation. */
const KEY_LINE = /^[ \t]*(["']?)apidesc\1[ \t]*:(?:[ \t\r\n]|$)/;

export function hasApidescRootKey(text: string, format: SourceFormat): boolean {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  // The first thing in the file is the root's first key: the usual case, decided at once.
  if (KEY_LINE.test(body.slice(PREAMBLE.exec(body)?.[0].length ?? 0, 4096))) return true;
  return format === 'json' ? jsonRootHasKey(body, 'apidesc') : yamlRootHasKey(body);
}

/**
 * Whether the root object of JSON text has `key`: one pass over its characters, counting how
 * deep each is; only strings right after `{` or `,` at depth 1 are keys of the root. Tolerant:
 * text that is not quite JSON is read as far as it goes.
 */
export function jsonRootHasKey(text: string, key: string): boolean {
  let i = text.search(/\S/);
  if (i < 0 || text[i] !== '{') return false;
  let depth = 0;
  let keyNext = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) return false;
      if (depth === 1 && keyNext && keyIs(text.slice(i, end + 1), key)) return true;
      keyNext = false;
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      keyNext = depth === 1;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      // The root has ended: what follows is not part of it.
      if (depth <= 0) return false;
    } else if (c === 0x2c /* , */ && depth === 1) keyNext = true;
  }
  return false;
}

/** The index of the quote that ends the JSON string starting at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Whether a JSON string literal (quotes included) is `key`, escapes read as JSON reads them (`"\u0061pidesc"`). */
function keyIs(literal: string, key: string): boolean {
  if (!literal.includes('\\')) return literal.length === key.length + 2 && literal.slice(1, -1) === key;
  try {
    return JSON.parse(literal) === key;
  } catch {
    return false;
  }
}

function yamlRootHasKey(text: string): boolean {
  let root: unknown;
  try {
    // js-yaml 4.1.1+ bounds recursion with `maxDepth`; its published types predate the option.
    const options: jsyaml.LoadOptions & { maxDepth: number } = { schema: jsyaml.CORE_SCHEMA, maxDepth: defaultLimits.maxDepth };
    root = jsyaml.load(text, options);
  } catch {
    return brokenYamlHasKeyLine(text);
  }
  return root !== null && typeof root === 'object' && !Array.isArray(root) && Object.hasOwn(root, 'apidesc');
}

/**
 * For YAML that does not parse: whether its root is a block mapping at the left margin and one
 * of its keys, at that margin too, is `apidesc` (a nested key is indented; lines inside a
 * block scalar or a flow collection of the root mapping are indented too).
 */
function brokenYamlHasKeyLine(text: string): boolean {
  const first = text.slice(PREAMBLE.exec(text)?.[0].length ?? 0);
  if (!/^[^\s#\-[{?|>!&*]/.test(first)) return false;
  return /^(["']?)apidesc\1[ \t]*:(?:[ \t\r]|$)/m.test(first);
}
