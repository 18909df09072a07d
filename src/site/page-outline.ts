/**
 * "On this page" of a rendered page: its h2 and h3 headings that carry an id, in order, read
 * from the HTML the page's components wrote (so that a section's own sub-headings, whatever
 * component draws them, are listed without each component declaring them). Headings without an
 * id cannot be linked to and are left out. A heading may give a short form of itself for the
 * outline in `data-toc`.
 */

export interface OutlineItem {
  /** The heading's id, the link's fragment. */
  anchor: string;
  heading: string;
  /** h3 entries under the h2 before them. */
  children: OutlineItem[];
  /** How many more h3 entries the section has than `children` lists (capOutline). */
  more?: number;
}

const HEADING = /<h([23])\b([^>]*)>([\s\S]*?)<\/h\1>/g;
const ID = /\sid="([^"]+)"/;
/** A heading's short form for the outline, when its own text is long (a subscription's card names a whole ARN). */
const TOC_LABEL = /\sdata-toc="([^"]*)"/;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Markup's text: tags removed, the entities Astro writes read back, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The h2 headings of `html` with their h3 headings under them; an h3 before any h2 stands alone. */
export function pageOutline(html: string): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (const match of html.matchAll(HEADING)) {
    const anchor = ID.exec(match[2]!)?.[1];
    const short = TOC_LABEL.exec(match[2]!)?.[1];
    const heading = short ? textOf(short) : textOf(match[3]!);
    if (anchor === undefined || heading === '') continue;
    const item = { anchor: textOf(anchor), heading, children: [] };
    const parent = items[items.length - 1];
    if (match[1] === '3' && parent) parent.children.push(item);
    else items.push(item);
  }
  return items;
}

/** At most this many sub-headings under a section: a list of thirty subscriptions or operations would bury the sections around it. */
export const MAX_SUB_HEADINGS = 8;

/** The outline with each section's sub-headings cut at `max`, saying how many were left out (the section's own link leads to them). */
export function capOutline(items: OutlineItem[], max = MAX_SUB_HEADINGS): OutlineItem[] {
  return items.map((item) => (item.children.length > max ? { ...item, children: item.children.slice(0, max), more: item.children.length - max } : item));
}

/** Past this many characters of HTML a page runs over several screens (a schema tree of a dozen fields or more). */
export const LONG_PAGE_HTML = 10_000;

/**
 * Whether a page is long enough for "On this page": three sections, and four entries in all, or
 * three sections on a page that runs over several screens (`htmlLength`, its body's HTML) —
 * a schema's table, its example and where it is used.
 */
export function needsOutline(items: OutlineItem[], htmlLength = 0): boolean {
  const entries = items.reduce((n, i) => n + 1 + i.children.length, 0);
  return items.length >= 3 && (entries >= 4 || htmlLength > LONG_PAGE_HTML);
}
