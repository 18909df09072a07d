/**
 * A retry timeline (issue 22): the phases of an sns delivery policy on a time axis drawn to
 * scale, each retry a tick, what happens after the last one at the end. Our own SVG, like
 * svg.ts: classes only for colours, escaped text, no script, the same bytes for the same input.
 */
import { escapeXml } from './svg.ts';
import { charsFitting, fitLines } from './text-fit.ts';

export interface TimelinePhase {
  /** `immediate`, `pre-backoff`, `backoff`, `post-backoff`: the class of its band. */
  phase: string;
  /** What the legend says of it ("10 backoff retries, 1 → 20 s apart (approximate)"). */
  label: string;
  /** Seconds since the first failure. */
  start: number;
  end: number;
}

export interface Timeline {
  title: string;
  description: string;
  /** Seconds from the first failure to the last retry: the length of the axis. */
  total: number;
  phases: TimelinePhase[];
  /** Seconds since the first failure of each retry shown (the first ones of a long schedule). */
  ticks: number[];
  /** After the last retry: a word at the axis's end ("dead-letter queue", "dropped") and a sentence under the legend. */
  end: { short: string; text: string };
  /** Readable times for the axis (the caller's words: "23 days"). */
  axisLabels: { at: number; text: string }[];
}

const LEFT = 12;
const BAND = { y: 26, height: 18 } as const;
/** The text's size (site.css sets the same): the body's small size, read at the drawing's own size. */
const FONT = 13;
const LEGEND_LINE = 18;
/** A wrapped legend entry's next line, this far under the line before. */
const LINE_STEP = 16;
/** A phase narrower than this on the axis (the immediate retries, the first seconds of 23 days) is drawn this wide, so that its colour shows as the legend's does. */
const MIN_BAND = 5;

/**
 * The drawing's sizes: `wide` for a subscription's card on a desk (about 440 px inside it, so that
 * it is drawn at its own size, its text as large as the page's small text), or `narrow` for a
 * phone's column, also drawn at its own size. The axis spans the width, and what comes after it
 * goes on a line of its own under the axis labels, right-aligned inside the frame.
 */
const FORMS = {
  wide: { width: 440, axisEnd: 408, legendTop: 104, afterBelow: true },
  narrow: { width: 320, axisEnd: 288, legendTop: 104, afterBelow: true },
} as const;

const num = (n: number): string => String(Math.round(n * 10) / 10);

export function timelineSvg(t: Timeline, idPrefix: string, form: keyof typeof FORMS = 'wide'): string {
  const { width: WIDTH, axisEnd: AXIS_END, legendTop: LEGEND_TOP, afterBelow } = FORMS[form];
  const id = escapeXml(idPrefix);
  const scale = t.total > 0 ? (AXIS_END - LEFT) / t.total : 0;
  const x = (s: number): number => LEFT + Math.min(Math.max(s, 0), t.total) * scale;
  // Legend entries wrap (up to three lines each) rather than end in "…": a phone's column is narrow.
  const legendLines = t.phases.map((p) => fitLines(p.label, charsFitting(WIDTH - 2 * LEFT - 20, FONT), 3));
  const endLines = fitLines(t.end.text, charsFitting(WIDTH - 2 * LEFT, FONT), 4);
  const legendTops: number[] = [];
  let legendY = LEGEND_TOP;
  for (const lines of legendLines) {
    legendTops.push(legendY);
    legendY += lines.length * LINE_STEP + (LEGEND_LINE - LINE_STEP);
  }
  const height = legendY + endLines.length * LINE_STEP + (LEGEND_LINE - LINE_STEP) + 6;
  // A phase that takes (almost) no time still shows its colour: at least MIN_BAND wide, after the
  // phase before it rather than under it (the immediate retries and the first delays both start at 0 s).
  let right = LEFT;
  const bands = t.phases
    .map((p) => {
      const left = Math.max(x(p.start), right);
      const w = Math.max(MIN_BAND, x(p.end) - left);
      right = left + w;
      return `<rect class="tl-band tl-${escapeXml(p.phase)}" x="${num(left)}" y="${BAND.y}" width="${num(w)}" height="${BAND.height}"/>`;
    })
    .join('');
  const ticks = t.ticks.map((s) => `<path class="tl-tick" d="M${num(x(s))} ${BAND.y - 5}V${BAND.y}"/>`).join('');
  const axisY = BAND.y + BAND.height + 4;
  const labels = t.axisLabels
    .map((l, i) => {
      const anchor = i === 0 ? 'start' : i === t.axisLabels.length - 1 ? 'end' : 'middle';
      // The anchor as a class: the site's stylesheet sets text-anchor for diagrams, and CSS wins over an attribute.
      return `<text class="tl-axis-label tl-${anchor}" x="${num(x(l.at))}" y="${axisY + 18}">${escapeXml(l.text)}</text>`;
    })
    .join('');
  const legend = t.phases
    .map(
      (p, i) =>
        `<rect class="tl-band tl-swatch tl-${escapeXml(p.phase)}" x="${LEFT}" y="${legendTops[i]! + 1}" width="14" height="11"/>` +
        legendLines[i]!.map((line, j) => `<text class="tl-legend" x="${LEFT + 20}" y="${legendTops[i]! + j * LINE_STEP + 11}">${escapeXml(line)}</text>`).join(
          '',
        ),
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="diagram timeline" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeXml(t.title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(t.description)}</desc>`,
    `<text class="tl-caption" x="${LEFT}" y="15">Time since the first failed delivery (to scale)</text>`,
    bands,
    ticks,
    `<path class="tl-axis" d="M${LEFT} ${axisY}H${AXIS_END}"/>`,
    labels,
    `<path class="tl-axis" d="M${AXIS_END} ${axisY}H${AXIS_END + 12}"/><path class="tl-end-mark" d="M${AXIS_END + 12} ${axisY - 4}L${AXIS_END + 20} ${axisY}L${AXIS_END + 12} ${axisY + 4}z"/>`,
    afterBelow
      ? `<text class="tl-after tl-axis-label tl-end" x="${AXIS_END + 20}" y="${axisY + 38}">→ ${escapeXml(fitLines(t.end.short, charsFitting(WIDTH - 2 * LEFT - 12, FONT), 1)[0]!)}</text>`
      : `<text class="tl-after" x="${AXIS_END + 24}" y="${axisY + 4}">${escapeXml(fitLines(t.end.short, charsFitting(WIDTH - AXIS_END - 28, FONT), 1)[0]!)}</text>`,
    legend,
    ...endLines.map((line, j) => `<text class="tl-legend" x="${LEFT}" y="${legendY + j * LINE_STEP + 11}">${escapeXml(line)}</text>`),
    '</svg>',
  ].join('');
}
