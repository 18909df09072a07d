/**
 * Whether a file's bytes show, without parsing them, that every `$ref` it holds points into the
 * same file (`'#/…'`): then following its references to other files finds none, and the parse
 * (build --versions did one per version and file, only for this) can be skipped.
 *
 * The answer is "yes" only when it is certain, "no" (parse it) whenever the text could say
 * otherwise: the key `$ref` can only be written literally, or through an escape of a quoted
 * scalar (`\x24`, `\u0024`, `\U00000024`, or a line break escaped inside it), so a text with any
 * such escape is parsed; and every literal `$ref` must be followed, on its line, by a colon and a
 * quoted value starting with `#` (a plain `#` would begin a YAML comment, so a local reference is
 * always quoted). A `$ref` anywhere else (a description mentioning one, a key `$refs`, a value
 * that is an alias or a block) makes the answer "no". The bytes are read one to one: UTF-8 never
 * uses an ASCII byte inside another character, and text in another encoding is refused by the
 * loader anyway.
 */
const ESCAPE = /\\(?:[xuU]|\r|\n)/;
const REF = /\$ref/g;
const LOCAL_REF = /^['"]?[ \t]*:[ \t]*['"]#/;

export function onlyLocalRefs(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (ESCAPE.test(text)) return false;
  for (const match of text.matchAll(REF)) {
    const after = match.index + match[0].length;
    if (!LOCAL_REF.test(text.slice(after, after + 64))) return false;
  }
  return true;
}
