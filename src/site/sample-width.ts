/**
 * How wide an operation's code samples are, and so where they are shown whole (EntityPage.astro):
 * in the panel beside the fields where its code box holds their widest line, else after the fields
 * and the panel at the column's whole width (the panel keeping the examples beside the fields),
 * rather than a box that scrolls sideways and cuts the line (Stripe's panel is read whole). The samples are laid out for the panel (line-layout.ts,
 * WIDTH columns); a line runs wider only where a word cannot be cut (an address, a topic, a token).
 */
import type { SampleGroup, SampleServer } from '../lib/model/page-types.ts';
import { columns, WIDTH } from '../lib/samples/line-layout.ts';

/**
 * The room the panel beside the fields gives, as the stylesheet sizes it (`--panel-code-*` in
 * site.css): `fits` within the panel's code box at every desk width (WIDTH and a little spare);
 * `wide` would fit it only where the column is wide enough, `widest` nowhere: both go after it,
 * so that the page reads the same at every desk width.
 */
export type SampleWidth = 'fits' | 'wide' | 'widest';

/** The columns the panel's code box holds at its narrowest beside the fields (a 1280 px window): site.css. */
export const PANEL_COLUMNS = WIDTH + 2;
/** The columns it holds once the column is 70rem wide (a 1440 px window with the sidebar). */
export const WIDE_PANEL_COLUMNS = 55;

/** The widest line of every sample of every server and message, in the panel's columns (0 without samples). */
export function widestSampleLine(groups: SampleGroup[] = [], servers: SampleServer[] = []): number {
  let widest = 0;
  for (const group of [...groups, ...servers.flatMap((s) => s.groups)])
    for (const sample of [...group.samples, ...(group.messages ?? []).flatMap((m) => m.samples)])
      for (const line of sample.code.split('\n')) widest = Math.max(widest, columns(line));
  return widest;
}

/** Where the samples go: see SampleWidth. */
export function sampleWidth(widest: number): SampleWidth {
  if (widest <= PANEL_COLUMNS) return 'fits';
  return widest <= WIDE_PANEL_COLUMNS ? 'wide' : 'widest';
}
