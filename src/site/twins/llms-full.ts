/**
 * `llms-full.txt`: the whole reference of an API in one Markdown file. Its head (title, summary,
 * description, Info facts) and its tail (what the budget left out) are made here; the pages in
 * between are the twins themselves (src/pipeline/machine-files.ts gathers them).
 */
import type { Page } from '../../lib/model/page-types.ts';
import { countText } from '../../lib/count-text.ts';
import type { SiteApi } from '../site-data-types.ts';
import { SECTIONS, sectionOf } from '../site-data.ts';
import { htmlToInlineMarkdown, htmlToMarkdown } from './html-to-markdown.ts';
import { escapeInline, heading, markdownLink } from './markdown-text.ts';
import type { SiteLink } from './llms-txt.ts';
import { twinPath } from './twin-links.ts';
import { factLines } from './twin-values.ts';

/** Pages left out that the tail names one by one; the rest are counted. */
const LEFT_OUT_NAMED = 50;

export function llmsFullHead(api: SiteApi): string {
  const lines = [heading(1, escapeInline(api.title)), ''];
  if (api.catalog.summaryHtml) lines.push(`> ${htmlToInlineMarkdown(api.catalog.summaryHtml)}`, '');
  if (api.version) lines.push(`Version ${escapeInline(api.version)}.`, '');
  if (api.descriptionHtml) lines.push(htmlToMarkdown(api.descriptionHtml), '');
  if (api.infoFacts.length > 0) lines.push(...factLines(api.infoFacts, ''), '');
  lines.push(
    'The reference follows, one page after the other, each starting with its title as a level-1 heading; the end of the file says whether pages were left out.',
    '',
  );
  return `${lines.join('\n')}`;
}

/** What closes the file: that every page is in it, or which pages the budget left out and where to read them. */
export function llmsFullTail(api: SiteApi, pages: Page[], included: number, budget: number, link: SiteLink): string {
  const llmsTxt = markdownLink('llms.txt', link(`${api.prefix}llms.txt`));
  if (included === pages.length)
    return `\n---\n\nEnd of the reference: all ${pages.length} pages. ${llmsTxt} lists them with a link to each page's own Markdown file.\n`;
  const left = pages.slice(included);
  const counts = SECTIONS.map((s) => [s.title, left.filter((p) => sectionOf(p.kind) === s).length] as const).filter(([, n]) => n > 0);
  const lines = [
    '',
    '---',
    '',
    heading(1, 'Left out of this file'),
    '',
    `This file holds ${included} of the ${pages.length} pages: it stops before ${countText(budget)} bytes. Left out: ${counts.map(([title, n]) => `${n} ${title.toLowerCase()}`).join(', ')}. Each has its own Markdown file; ${llmsTxt} lists them all. The first left out:`,
    '',
    ...left.slice(0, LEFT_OUT_NAMED).map((p) => `- ${markdownLink(p.title, link(`${api.prefix}${twinPath(p.url)}`))}`),
  ];
  if (left.length > LEFT_OUT_NAMED) lines.push('', `… and ${left.length - LEFT_OUT_NAMED} more, in ${llmsTxt}.`);
  return `${lines.join('\n')}\n`;
}
