/**
 * `llms.txt` (the llmstxt.org format): an H1 with the API's title, its summary as a block quote,
 * a paragraph of what the file is, then one H2 per kind of page, each a list of links to the
 * pages' Markdown twins with their one-line summaries. Components other than messages and
 * schemas go under "Optional", the section an assistant may skip when its context is short.
 * A portal has one per API, and one at its root that lists the APIs.
 */
import { listedTitle } from '../../lib/model/api-titles.ts';
import type { Page } from '../../lib/model/page-types.ts';
import { kindLabel } from '../kind-labels.ts';
import type { SiteApi } from '../site-data-types.ts';
import { SECTIONS, sectionOf } from '../site-data.ts';
import { htmlToInlineMarkdown, htmlToPlainText } from './html-to-markdown.ts';
import { escapeInline, heading, lineStart, markdownLink } from './markdown-text.ts';
import { twinPath } from './twin-links.ts';

/** A page's summary is cut here: the list stays one short line per page. */
const SUMMARY_CHARS = 200;

/** Makes the link to a file of the site from its path relative to the site root (absolute with --site). */
export type SiteLink = (sitePath: string) => string;

/** The Changes page of a build with --compare: its twin's link, the base, and the counts. */
export interface ChangesLink {
  url: string;
  against: string;
  counts: Record<'breaking' | 'non-breaking' | 'info', number>;
  /** Why nothing was compared, in a few words (then there are no counts to give). */
  notCompared?: string;
}

/** A section that leads to what this version changes, before the pages: what a reviewer's assistant reads first. */
function changesSection(changes: ChangesLink | undefined): string[] {
  if (!changes) return [];
  const { counts } = changes;
  return [
    heading(2, 'Changes'),
    '',
    `- ${markdownLink(`Changes against ${changes.against}`, changes.url)}: ${
      changes.notCompared !== undefined
        ? `not compared (${escapeInline(changes.notCompared)})`
        : `${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.info} wording only`
    }`,
    '',
  ];
}

/** The pages of an API in the order llms.txt and llms-full.txt list them: by section, then as the site lists them. */
export function pagesInOrder(pages: readonly Page[]): Page[] {
  return SECTIONS.flatMap((section) => pages.filter((page) => sectionOf(page.kind) === section));
}

export function apiLlmsTxt(api: SiteApi, link: SiteLink, changes?: ChangesLink): string {
  const lines = [heading(1, escapeInline(api.title)), ''];
  const summary = api.catalog.summaryHtml ? htmlToInlineMarkdown(api.catalog.summaryHtml) : '';
  lines.push(`> ${summary || `Reference of the ${escapeInline(api.title)} message-driven API.`}`, '');
  const source = api.downloads[0];
  lines.push(
    lineStart(
      [
        api.version ? `Version ${escapeInline(api.version)}.` : '',
        api.catalog.protocols.length > 0 ? `Protocols: ${api.catalog.protocols.map(escapeInline).join(', ')}.` : '',
        'Each link below is the Markdown twin of a page of the reference (the same facts as its HTML page).',
        `The whole reference in one file: ${markdownLink('llms-full.txt', link(`${api.prefix}llms-full.txt`))}.`,
        source ? `The source document: ${markdownLink(source.label, link(`${api.prefix}${source.url}`))}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
    '',
  );
  lines.push(...changesSection(changes));
  for (const section of SECTIONS) {
    const pages = api.pages.filter((page) => sectionOf(page.kind) === section);
    if (pages.length === 0) continue;
    const optional = section === SECTIONS[SECTIONS.length - 1];
    lines.push(heading(2, optional ? 'Optional' : section.title), '');
    for (const page of pages) lines.push(`- ${markdownLink(page.title, link(`${api.prefix}${twinPath(page.url)}`))}${entryNote(page)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The root of a portal: each API with its summary, linking to its own llms.txt; the full references as optional. */
export function portalLlmsTxt(title: string, apis: SiteApi[], link: SiteLink, changes?: ChangesLink): string {
  const lines = [heading(1, escapeInline(title)), '', `> ${apis.length} message-driven APIs, each with its own llms.txt and llms-full.txt.`, ''];
  lines.push(...changesSection(changes), heading(2, 'APIs'), '');
  for (const api of apis) {
    const summary = api.catalog.summaryHtml ? htmlToInlineMarkdown(api.catalog.summaryHtml) : '';
    lines.push(`- ${markdownLink(listedTitle(api), link(`${api.prefix}llms.txt`))}${summary ? `: ${summary}` : ''}`);
  }
  lines.push('', heading(2, 'Optional'), '');
  for (const api of apis) lines.push(`- ${markdownLink(`${listedTitle(api)}: the whole reference`, link(`${api.prefix}llms-full.txt`))}`);
  return `${lines.join('\n')}\n`;
}

function entryNote(page: Page): string {
  const kind = kindLabel(page.kind);
  let summary = page.summaryHtml ? htmlToInlineMarkdown(page.summaryHtml) : '';
  // A long summary is cut as plain text: a cut inside a code span or a link would break it.
  if (summary.length > SUMMARY_CHARS) summary = `${escapeInline(cutAtWord(htmlToPlainText(page.summaryHtml ?? ''), SUMMARY_CHARS))} …`;
  return `: ${escapeInline(kind)}${page.badges.length > 0 ? `, ${page.badges.map(escapeInline).join(', ')}` : ''}${summary ? `. ${summary}` : ''}`;
}

function cutAtWord(text: string, max: number): string {
  const cut = text.lastIndexOf(' ', max);
  return text.slice(0, cut > 0 ? cut : max);
}
