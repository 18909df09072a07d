/**
 * JSON Pointer (RFC 6901) helpers, including the URI fragment form used by `$ref`
 * (percent-encoded, SPEC "Reference Object": JSON Reference behaviour).
 */

export function escapeToken(token: string): string {
  // Most tokens need no escaping; this is called for nearly every node of large documents.
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapeToken(token: string): string {
  if (!token.includes('~')) return token;
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

export function joinPointer(pointer: string, ...tokens: (string | number)[]): string {
  let out = pointer;
  for (const t of tokens) out = childPointer(out, String(t));
  return out;
}

/** `pointer` with one more token: joinPointer for the hot paths, without a list of tokens. */
export function childPointer(pointer: string, token: string): string {
  return pointer + '/' + escapeToken(token);
}

export type PointerParse = { ok: true; tokens: string[] } | { ok: false; reason: string };

/** Splits a pointer such as `/components/schemas/a~1b` into unescaped tokens. */
export function parsePointer(pointer: string): PointerParse {
  if (pointer === '') return { ok: true, tokens: [] };
  if (!pointer.startsWith('/')) return { ok: false, reason: `a JSON pointer must start with "/", got "${pointer}"` };
  const raw = pointer.slice(1).split('/');
  for (const t of raw) {
    if (/~[^01]|~$/.test(t)) return { ok: false, reason: `"~" must be followed by 0 or 1 in "${pointer}"` };
  }
  return { ok: true, tokens: raw.map(unescapeToken) };
}

/** Decodes the fragment of a reference (`#/a%20b/c`) into a pointer. */
export function fragmentToPointer(fragment: string): PointerParse & { pointer?: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return { ok: false, reason: `the fragment "#${fragment}" has invalid percent-encoding` };
  }
  const parsed = parsePointer(decoded);
  return parsed.ok ? { ...parsed, pointer: decoded } : parsed;
}

/** The last token of a pointer, unescaped ('' for the root). */
export function lastToken(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i < 0 ? '' : unescapeToken(pointer.slice(i + 1));
}

export function parentPointer(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i <= 0 ? '' : pointer.slice(0, i);
}
