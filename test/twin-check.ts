/** Reading a Markdown twin back with marked (CommonMark + GitHub tables): its tokens, links, headings and raw HTML. */
import { Marked, type Token } from 'marked';

const marked = new Marked({ gfm: true });

export interface ReadBack {
  links: string[];
  headings: { depth: number; text: string }[];
  html: string[];
  codeSpans: string[];
  text: string;
}

export function readBack(markdown: string): ReadBack {
  const result: ReadBack = { links: [], headings: [], html: [], codeSpans: [], text: '' };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const token = value as Token & Record<string, unknown>;
    if (token.type === 'link' || token.type === 'image') result.links.push(String(token.href));
    if (token.type === 'heading') result.headings.push({ depth: Number(token.depth), text: String(token.text) });
    if (token.type === 'html') result.html.push(String(token.raw));
    if (token.type === 'codespan') result.codeSpans.push(String(token.text));
    for (const key of ['tokens', 'items', 'header', 'rows', 'cells']) if (key in token) visit(token[key]);
  };
  visit(marked.lexer(markdown));
  result.text = markdown;
  return result;
}
