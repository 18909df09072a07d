/**
 * Document values written into JavaScript and Python samples: single-quoted strings both read
 * alike (src/lib/sns/snippet-quote.ts), objects and dicts of strings, and environment lookups.
 */
import { codeString } from '../sns/snippet-quote.ts';

export { codeString as str };

/** A JavaScript object literal of string values, on one line when short. */
export function jsObject(entries: [string, string][], indent = ''): string {
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => `${codeString(k)}: ${codeString(v)}`);
  const line = `{ ${parts.join(', ')} }`;
  return line.length <= 80 ? line : `{\n${parts.map((p) => `${indent}  ${p},`).join('\n')}\n${indent}}`;
}

/** A Python dict of string values, on one line when short. */
export function pyDict(entries: [string, string][], indent = ''): string {
  if (entries.length === 0) return '{}';
  const parts = entries.map(([k, v]) => `${codeString(k)}: ${codeString(v)}`);
  const line = `{${parts.join(', ')}}`;
  return line.length <= 80 ? line : `{\n${parts.map((p) => `${indent}    ${p},`).join('\n')}\n${indent}}`;
}

/** Document text inside a JavaScript template literal: a backtick, a backslash or `${` cannot end it or run code. */
export function templateText(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${').replaceAll('\n', '\\n').replaceAll('\r', '\\r');
}

export const jsEnv = (name: string): string => `process.env.${name}`;
export const pyEnv = (name: string): string => `os.environ[${codeString(name)}]`;

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
