/**
 * The headings of a page of the reference as a host's layout lists them ("On this page" of
 * Starlight): read from the page's rendered HTML (src/site/page-outline.ts), so that they are the
 * headings the standalone site's outline lists.
 */
import { pageOutline } from '../../site/page-outline.ts';

/** Astro's shape of a heading (MarkdownHeading). */
export interface HostHeading {
  depth: number;
  slug: string;
  text: string;
}

/** The h2 headings of `html` and the h3 headings under them, in order. */
export function pageHeadings(html: string): HostHeading[] {
  return pageOutline(html).flatMap((item) => [
    { depth: 2, slug: item.anchor, text: item.heading },
    ...item.children.map((child) => ({ depth: 3, slug: child.anchor, text: child.heading })),
  ]);
}
