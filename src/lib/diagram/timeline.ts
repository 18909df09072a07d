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
const BAND = { y: 24, height: 18 } as const;
const LEGEND_LINE = 16;
/** A wrapped legend entry's next line, this far under the line before. */
const LINE_STEP = 14;

/**
 * The drawing's sizes: `wide` (the axis, then what comes after it on the same line), or
 * `narrow` for a phone's column, drawn at its own size (text as large as in the wide one): the
 * axis spans the width, and what comes after it goes on a line of its own, under the axis labels.
 */
const FORMS = {
  wide: { width: 640, axisEnd: 480, legendTop: 82, afterBelow: false },
  narrow: { width: 320, axisEnd: 288, legendTop: 98, afterBelow: true },
} as const;

const num = (n: number): string => String(Math.round(n * 10) / 10);

export function timelineSvg(t: Timeline, idPrefix: string, form: keyof typeof FORMS = 'wide'): string {
  const { width: WIDTH, axisEnd: AXIS_END, legendTop: LEGEND_TOP, afterBelow } = FORMS[form];
  const id = escapeXml(idPrefix);
  const scale = t.total > 0 ? (AXIS_END - LEFT) / t.total : 0;
  const x = (s: number): number => LEFT + Math.min(Math.max(s, 0), t.total) * scale;
  // Legend entries wrap (up to three lines each) rather than end in "…": a phone's column is narrow.
  const legendLines = t.phases.map((p) => fitLines(p.label, charsFitting(WIDTH - 2 * LEFT - 18, 12), 3));
  const endLines = fitLines(t.end.text, charsFitting(WIDTH - 2 * LEFT, 12), 3);
  const legendTops: number[] = [];
  let legendY = LEGEND_TOP;
  for (const lines of legendLines) {
    legendTops.push(legendY);
    legendY += lines.length * LINE_STEP + (LEGEND_LINE - LINE_STEP);
  }
  const height = legendY + endLines.length * LINE_STEP + (LEGEND_LINE - LINE_STEP) + 6;
  const bands = t.phases
    .map((p) => {
      // A phase that takes no time (immediate retries) still shows: a sliver two pixels wide.
      const w = Math.max(2, x(p.end) - x(p.start));
      return `<rect class="tl-band tl-${escapeXml(p.phase)}" x="${num(x(p.start))}" y="${BAND.y}" width="${num(w)}" height="${BAND.height}"/>`;
    })
    .join('');
  const ticks = t.ticks.map((s) => `<path class="tl-tick" d="M${num(x(s))} ${BAND.y - 5}V${BAND.y}"/>`).join('');
  const axisY = BAND.y + BAND.height + 4;
  const labels = t.axisLabels
    .map((l, i) => {
      const anchor = i === 0 ? 'start' : i === t.axisLabels.length - 1 ? 'end' : 'middle';
      // The anchor as a class: the site's stylesheet sets text-anchor for diagrams, and CSS wins over an attribute.
      return `<text class="tl-axis-label tl-${anchor}" x="${num(x(l.at))}" y="${axisY + 16}">${escapeXml(l.text)}</text>`;
    })
    .join('');
  const legend = t.phases
    .map(
      (p, i) =>
        `<rect class="tl-band tl-${escapeXml(p.phase)}" x="${LEFT}" y="${legendTops[i]!}" width="12" height="10"/>` +
        legendLines[i]!.map((line, j) => `<text class="tl-legend" x="${LEFT + 18}" y="${legendTops[i]! + j * LINE_STEP + 9}">${escapeXml(line)}</text>`).join(
          '',
        ),
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="diagram timeline" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title ${id}-desc">`,
    `<title id="${id}-title">${escapeXml(t.title)}</title>`,
    `<desc id="${id}-desc">${escapeXml(t.description)}</desc>`,
    `<text class="tl-caption" x="${LEFT}" y="14">Time since the first failed delivery (to scale)</text>`,
    bands,
    ticks,
    `<path class="tl-axis" d="M${LEFT} ${axisY}H${AXIS_END}"/>`,
    labels,
    `<path class="tl-axis" d="M${AXIS_END} ${axisY}H${AXIS_END + 12}"/><path class="tl-end-mark" d="M${AXIS_END + 12} ${axisY - 4}L${AXIS_END + 20} ${axisY}L${AXIS_END + 12} ${axisY + 4}z"/>`,
    afterBelow
      ? `<text class="tl-after tl-axis-label tl-end" x="${AXIS_END + 20}" y="${axisY + 34}">→ ${escapeXml(fitLines(t.end.short, charsFitting(WIDTH - 2 * LEFT - 12, 12), 1)[0]!)}</text>`
      : `<text class="tl-after" x="${AXIS_END + 24}" y="${axisY + 4}">${escapeXml(fitLines(t.end.short, charsFitting(WIDTH - AXIS_END - 28, 12), 1)[0]!)}</text>`,
    legend,
    ...endLines.map((line, j) => `<text class="tl-legend" x="${LEFT}" y="${legendY + j * LINE_STEP + 9}">${escapeXml(line)}</text>`),
    '</svg>',
  ].join('');
}
