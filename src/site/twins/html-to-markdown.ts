/**
 * Descriptions back to Markdown for the twins. The model keeps a description only as the HTML it
 * rendered and sanitized (render-markdown.ts), so the twin is written from that HTML: from the
 * allowlist's elements only, every text escaped again. What the document wrote as raw HTML the
 * sanitizer already turned into text, and it stays text here: no twin carries live HTML, and a
 * description cannot add a heading to the twin's outline (its headings become bold lines).
 */
import { codeSpan, escapeInline, fencedBlock, lineStart, linkDestination, listItem, oneLine, tableCellCodeSpan } from './markdown-text.ts';

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = Element | string;

const VOID = new Set(['br', 'hr', 'img']);
const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre', 'blockquote', 'table', 'hr', 'details', 'dl', 'div']);
/** Deeper than the sanitizer lets descriptions nest (markdown-nesting.ts), as a backstop. */
const MAX_NESTING = 40;

/**
 * Markdown by HTML. The same description is written into many twins (a schema's property
 * descriptions on its page, on each message page that shows the schema, on each operation page
 * that shows the message): the conversion is a pure function of the HTML, so results are kept,
 * as render-markdown.ts keeps the HTML of a text; emptied when large. At 1,000 channels this was
 * a third of writing the twins (2.6 s in process).
 */
const CACHE_LIMIT = 20_000;
const blockCache = new Map<string, string>();
const inlineCache = new Map<string, string>();

function cached(cache: Map<string, string>, html: string, convert: (html: string) => string): string {
  let markdown = cache.get(html);
  if (markdown === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    markdown = convert(html);
    cache.set(html, markdown);
  }
  return markdown;
}

/** A description's HTML as Markdown blocks, separated by blank lines. */
export function htmlToMarkdown(html: string): string {
  return cached(blockCache, html, (text) => blocks(parseHtml(text), 0).join('\n\n'));
}

/** A description's HTML as one line of Markdown (for a list item or a table cell). */
export function htmlToInlineMarkdown(html: string): string {
  return cached(inlineCache, html, (text) => oneLine(inline(parseHtml(text), 0)));
}

/** A description's HTML as plain text on one line (to cut it short safely). */
export function htmlToPlainText(html: string): string {
  return oneLine(parseHtml(html).map(textOf).join(' '));
}

function parseHtml(html: string): Node[] {
  const root: Element = { tag: '', attrs: {}, children: [] };
  const stack: Element[] = [root];
  const token = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|([^<]+|<)/g;
  for (const m of html.matchAll(token)) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      top.children.push(decode(m[4]));
      continue;
    }
    const tag = m[2]!.toLowerCase();
    if (m[1]) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const element: Element = { tag, attrs: attributes(m[3] ?? ''), children: [] };
    top.children.push(element);
    if (!VOID.has(tag) && stack.length < MAX_NESTING) stack.push(element);
  }
  return root.children;
}

function attributes(text: string): Record<string, string> {
  // No prototype: an attribute named like an Object property is only a key.
  const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const m of text.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) attrs[m[1]!.toLowerCase()] = decode(m[2] ?? '');
  return attrs;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return codePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return codePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower] ?? '';
  });
}

function codePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
}

function textOf(node: Node): string {
  return typeof node === 'string' ? node : node.tag === 'br' ? '\n' : node.children.map(textOf).join('');
}

function blocks(nodes: Node[], depth: number): string[] {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = (): void => {
    const text = oneLine(inline(run, depth));
    if (text !== '') out.push(lineStart(text));
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCK.has(node.tag)) {
      run.push(node);
      continue;
    }
    flush();
    const block = blockOf(node, depth);
    if (block !== '') out.push(block);
  }
  flush();
  return out;
}

function blockOf(el: Element, depth: number): string {
  switch (el.tag) {
    case 'p':
    case 'div':
      return lineStart(oneLine(inline(el.children, depth)));
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = oneLine(inline(el.children, depth));
      return text && `**${text}**`;
    }
    case 'hr':
      return '***';
    case 'pre': {
      const code = el.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'code');
      const language = /language-([\w-]+)/.exec(code?.attrs.class ?? '')?.[1] ?? '';
      return fencedBlock(textOf(el), language);
    }
    case 'blockquote':
      return blocks(el.children, depth + 1)
        .join('\n\n')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'ul':
    case 'ol': {
      const start = Number.parseInt(el.attrs.start ?? '1', 10);
      const items = el.children.filter((c): c is Element => typeof c !== 'string' && c.tag === 'li');
      return items
        .flatMap((li, i) => {
          const marker = el.tag === 'ol' ? `${(Number.isFinite(start) ? start : 1) + i}. ` : '- ';
          const body = blocks(li.children, depth + 1).join('\n\n');
          return listItem((body || '\u00a0').split('\n'), '', marker, true);
        })
        .join('\n');
    }
    case 'table':
      return table(el, depth);
    case 'dl':
      return el.children
        .flatMap((c) => (typeof c === 'string' ? [] : c.tag === 'dt' ? [`**${oneLine(inline(c.children, depth))}**`] : blocks(c.children, depth + 1)))
        .join('\n\n');
    case 'details': {
      const summary = el.children.find((c): c is Element => typeof c !== 'string' && c.tag === 'summary');
      const rest = el.children.filter((c) => c !== summary);
      return [summary ? `**${oneLine(inline(summary.children, depth))}**` : '', ...blocks(rest, depth + 1)].filter(Boolean).join('\n\n');
    }
    default:
      return lineStart(oneLine(inline(el.children, depth)));
  }
}

/** A table as a GitHub table: the first row is its header; cells are one line each. */
function table(el: Element, depth: number): string {
  const rows: string[][] = [];
  const collect = (node: Node): void => {
    if (typeof node === 'string') return;
    if (node.tag === 'tr')
      rows.push(
        node.children
          .filter((c): c is Element => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'))
          .map((c) => oneLine(inline(c.children, depth, true)) || ' '),
      );
    else if (node.tag !== 'caption') node.children.forEach(collect);
  };
  el.children.forEach(collect);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? ' ').join(' | ')} |`;
  return [line(rows[0]!), line(Array.from({ length: width }, () => '---')), ...rows.slice(1).map(line)].join('\n');
}

/** Inline Markdown of `nodes`; `inTableCell`: inside a cell of a GFM table, where a `|` needs escaping even in code. */
function inline(nodes: Node[], depth: number, inTableCell = false): string {
  return nodes.map((node) => inlineOf(node, depth, inTableCell)).join('');
}

function inlineOf(node: Node, depth: number, inTableCell: boolean): string {
  // Text has every `|` escaped already (escapeInline), link destinations percent-encode it.
  if (typeof node === 'string') return escapeText(node);
  if (depth > MAX_NESTING) return escapeText(textOf(node));
  const inner = (): string => inline(node.children, depth + 1, inTableCell);
  switch (node.tag) {
    case 'br':
      return ' ';
    case 'strong':
    case 'b':
      return wrap('**', inner());
    case 'em':
    case 'i':
      return wrap('*', inner());
    case 'code':
    case 'kbd':
    case 'pre':
      return inTableCell ? tableCellCodeSpan(textOf(node)) : codeSpan(textOf(node));
    case 'a': {
      const href = node.attrs.href ?? '';
      const text = oneLine(inner());
      // The sanitizer kept only http(s) and mailto links; anything else stays text.
      return /^(https?:|mailto:)/i.test(href) ? `[${text || escapeText(href)}](${linkDestination(href)})` : text;
    }
    case 'img': {
      // An image is a link to it: a reader of the Markdown is not shown pictures.
      const src = node.attrs.src ?? '';
      const alt = escapeText(node.attrs.alt ?? '') || 'image';
      return /^https:/i.test(src) ? `[image: ${alt}](${linkDestination(src)})` : alt;
    }
    default:
      return BLOCK.has(node.tag) ? ` ${inner()} ` : inner();
  }
}

/** Text inside a line: the escapes of escapeInline without its line-start rules (a run may start mid-line). */
function escapeText(text: string): string {
  const spaced = text.replace(/\s+/g, ' ');
  const lead = /^\s/.test(spaced) ? ' ' : '';
  const trail = /\s$/.test(spaced) && spaced.trim() !== '' ? ' ' : '';
  const escaped = escapeInline(spaced);
  return escaped === '' ? (spaced === '' ? '' : ' ') : lead + escaped + trail;
}

function wrap(mark: string, text: string): string {
  const t = text.trim();
  return t === '' ? text : `${mark}${t}${mark}`;
}
