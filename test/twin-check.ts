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

/**
 * How a GFM renderer splits a table row into cells. marked ends a cell at a `|` after an even
 * run of backslashes (none included); cmark-gfm (GitHub) at any `|` not right after a backslash.
 * Code spans protect nothing in either. A row the two split differently reads differently.
 */
export function rowCells(row: string, renderer: 'marked' | 'cmark-gfm'): number {
  const line = row.trim().replace(/^\|/, '');
  let cells = 1;
  let lastEnd = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== '|') continue;
    let backslashes = 0;
    while (line[i - 1 - backslashes] === '\\') backslashes++;
    const splits = renderer === 'marked' ? backslashes % 2 === 0 : backslashes === 0;
    if (splits) {
      cells++;
      lastEnd = i;
    }
  }
  // A closing `|` at the end of the row ends the last cell, it does not open another.
  return lastEnd === line.length - 1 ? cells - 1 : cells;
}

/** Every GFM table of `markdown`, as marked finds them: the raw lines of each (header, delimiter, rows). */
export function tablesOf(markdown: string): string[][] {
  const tables: string[][] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const token = value as Token & Record<string, unknown>;
    if (token.type === 'table') tables.push(String(token.raw).trim().split('\n'));
    for (const key of ['tokens', 'items']) if (key in token) visit(token[key]);
  };
  visit(marked.lexer(markdown));
  return tables;
}

/** `markdown` rendered to HTML by marked with GFM, as a reader's Markdown viewer would show it. */
export function renderGfm(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
