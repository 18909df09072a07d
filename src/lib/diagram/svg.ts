/**
 * A placed diagram as SVG markup for the page (issue 22): a graphic with a title and a
 * description, every box a link to its page, arrows the way messages travel with the message
 * names on them. No colour is written here: classes only, coloured by the theme's CSS variables
 * (site.css), so that both themes and print get their own. No script, no random ids: the same
 * diagram gives the same bytes.
 */
import type { Diagram } from './diagram-types.ts';
import { FONT, LINE_HEIGHT, layoutDiagram, PAD, type Placed, type PlacedEdge, type PlacedNode, type Point } from './layout.ts';

export interface SvgOptions {
  /** Prefix of the ids in the SVG: unique on the page (a page may show several diagrams). */
  idPrefix: string;
  /** The site URL of a page URL relative to the API. */
  href: (url: string) => string;
  /** The site URL of a URL relative to the site (a page of another API of the portal). */
  siteHref: (url: string) => string;
}

/** Wider than this, a diagram keeps its size on a phone and scrolls in its own box instead of shrinking its text away. */
export const WIDE = 560;

/** Text and attribute values: markup characters as entities; characters XML does not allow, left out. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Coordinates to a tenth of a pixel: short, and the same on every machine. */
const num = (n: number): string => String(Math.round(n * 10) / 10);

/** The baseline of a line of text `font` px high centred in a line box `height` px high that starts at `top`. */
const baseline = (top: number, height: number, font: number): number => top + height / 2 + font * 0.35;

function nodeSvg(p: PlacedNode, options: SvgOptions): string {
  const cx = p.x + p.width / 2;
  const texts: string[] = [];
  let top = p.y + PAD.y;
  for (const line of p.caption ?? []) {
    texts.push(`<text class="dg-caption" x="${num(cx)}" y="${num(baseline(top, LINE_HEIGHT.caption, FONT.caption))}">${escapeXml(line)}</text>`);
    top += LINE_HEIGHT.caption;
  }
  for (const line of p.label) {
    texts.push(`<text class="dg-label" x="${num(cx)}" y="${num(baseline(top, LINE_HEIGHT.label, FONT.label))}">${escapeXml(line)}</text>`);
    top += LINE_HEIGHT.label;
  }
  for (const line of p.lines) {
    texts.push(`<text class="dg-line" x="${num(cx)}" y="${num(baseline(top, LINE_HEIGHT.line, FONT.line))}">${escapeXml(line)}</text>`);
    top += LINE_HEIGHT.line;
  }
  const rect = `<rect x="${num(p.x)}" y="${num(p.y)}" width="${num(p.width)}" height="${num(p.height)}" rx="${p.node.kind === 'topic' ? 14 : 6}"/>`;
  // The whole name, where the box shows a shortened one: a tooltip, and the link's accessible name.
  const full = [p.node.caption, p.node.label, ...(p.node.lines ?? []), p.node.detail].filter(Boolean).join(' · ');
  const inner = `<title>${escapeXml(full)}</title>${rect}${texts.join('')}`;
  const cls = `dg-node dg-${p.node.kind}`;
  const target = p.node.siteUrl !== undefined ? options.siteHref(p.node.siteUrl) : p.node.url !== undefined ? options.href(p.node.url) : undefined;
  return target !== undefined ? `<a class="${cls}" href="${escapeXml(target)}">${inner}</a>` : `<g class="${cls}">${inner}</g>`;
}

function pathOf(points: Point[]): string {
  return points.map((pt, i) => `${i === 0 ? 'M' : 'L'}${num(pt.x)} ${num(pt.y)}`).join(' ');
}

/**
 * An edge label's line, its address parameters (`{queue}`) marked as the site's pages mark them
 * (code.template var): a value filled in at run time, not text to read as written. A parameter
 * is a name in braces (the format's parameter key pattern), so JSON in a label is left alone.
 */
function withParameters(line: string): string {
  return line
    .split(/(\{[A-Za-z0-9_-]+\})/)
    .map((part, i) => (i % 2 === 1 ? `<tspan class="dg-var">${escapeXml(part)}</tspan>` : escapeXml(part)))
    .join('');
}

function edgeSvg(p: PlacedEdge, arrowId: string): string {
  const relation = p.edge.relation === true;
  const arrow = p.arrow ?? (relation ? 'none' : p.edge.reverse ? 'start' : 'end');
  const line = `<path class="${relation ? 'dg-edge dg-relation' : 'dg-edge'}" d="${pathOf(p.points)}"${arrow === 'none' ? '' : ` marker-${arrow}="url(#${arrowId})"`}/>`;
  if (!p.label) return line;
  const { x, y, width, height, lines } = p.label;
  const top = y - height / 2;
  const texts = lines
    .map(
      (l, i) =>
        `<text class="dg-edge-label" x="${num(x)}" y="${num(baseline(top + 1 + i * LINE_HEIGHT.edge, LINE_HEIGHT.edge, FONT.edge))}">${withParameters(l)}</text>`,
    )
    .join('');
  return `${line}<rect class="dg-edge-label-bg" x="${num(x - width / 2)}" y="${num(top)}" width="${num(width)}" height="${num(height)}" rx="3"/>${texts}`;
}

/**
 * The SVG of a diagram (laid out by layout.ts, or as `placed`: outline.ts), named by its title and described by its description. A named group, not
 * `role="img"`: the children of an image are hidden from assistive technology, and these are
 * links (axe-core's nested-interactive rule fails an image that holds them).
 */
export function diagramSvg(diagram: Diagram, options: SvgOptions, placed: Placed = layoutDiagram(diagram)): string {
  const id = escapeXml(options.idPrefix);
  const width = Math.ceil(placed.width);
  const height = Math.ceil(placed.height);
  const arrowId = `${id}-arrow`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="${width > WIDE ? 'diagram wide' : 'diagram'}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-roledescription="diagram" aria-labelledby="${id}-title" aria-describedby="${id}-desc">`,
    `<title id="${id}-title">${escapeXml(diagram.title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(diagram.description)}</desc>`,
    `<defs><marker id="${arrowId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="dg-head" d="M0 0L10 5L0 10z"/></marker></defs>`,
    `<g class="dg-edges">${placed.edges.map((e) => edgeSvg(e, arrowId)).join('')}</g>`,
    `<g class="dg-nodes">${placed.nodes.map((n) => nodeSvg(n, options)).join('')}</g>`,
    '</svg>',
  ].join('');
}
