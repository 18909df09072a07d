/**
 * The code spans of a plain message (`` the discriminator `type` ``): diagnostics are written
 * with Markdown's backticks for names, and pages show those as code, everything else as text.
 * Only single-backtick spans are read; an unmatched backtick stays text.
 */
export interface TextPart {
  text: string;
  code: boolean;
}

export function codeSpans(message: string): TextPart[] {
  const parts: TextPart[] = [];
  const span = /`([^`]+)`/g;
  let last = 0;
  for (let m = span.exec(message); m; m = span.exec(message)) {
    if (m.index > last) parts.push({ text: message.slice(last, m.index), code: false });
    parts.push({ text: m[1]!, code: true });
    last = m.index + m[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last), code: false });
  return parts;
}
