/**
 * The Markdown twin of an entity page (`<page>/index.md`, issue 26): the same facts as the HTML
 * page, from the same page data, for readers that read Markdown (coding assistants). Written when
 * the build completes the page, so it can never say something the page does not.
 */
import type { Page } from '../../lib/model/page-types.ts';
import { badgeWords, kindWord } from '../kind-labels.ts';
import { USED_BY_SHOWN } from '../site-data.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { codeSpan, escapeInline, heading, lineStart } from './markdown-text.ts';
import { siteHref } from './twin-links.ts';
import { peerLines, sectionLines } from './twin-sections.ts';
import { factLines, pageLink } from './twin-values.ts';

export interface TwinContext {
  /** The API's title: every twin says which API it belongs to. */
  apiTitle: string;
  /** The API's path from the origin (twin-links.ts, apiRoot): links start with it. */
  root: string;
  /** The site's path from the origin (the base path): links into the portal's other APIs start with it. */
  siteRoot: string;
  /** A preview for the authors (SiteApi.sourceLines): "Defined in" says the line too. */
  sourceLines?: boolean;
}

export function pageTwin(page: Page, context: TwinContext): string {
  const { root } = context;
  const lines: string[] = [heading(1, escapeInline(page.title)), ''];
  const badges = page.badges.map((b) => escapeInline(badgeWords(b))).join(', ');
  lines.push(`${lineStart(escapeInline(kindWord(page.kind)))} ${codeSpan(page.id)} of ${escapeInline(context.apiTitle)}${badges ? ` · ${badges}` : ''}`, '');
  if (page.summaryHtml) lines.push(htmlToMarkdown(page.summaryHtml), '');
  if (page.diagnostics?.length) {
    // Only errors make a document one "with errors": a valid document's warnings are findings too.
    const errors = page.diagnostics.some((d) => d.severity === 'error');
    lines.push(`**Findings of the validator**${errors ? ' (this page was built from a document with errors)' : ''}:`, '');
    for (const d of page.diagnostics) lines.push(`- ${d.severity} ${codeSpan(d.code)}: ${escapeInline(d.message)} (${codeSpan(d.where)})`);
    lines.push('');
  }
  if (page.descriptionHtml) lines.push(htmlToMarkdown(page.descriptionHtml), '');
  if (page.facts.length > 0) lines.push(...factLines(page.facts, root, '', context.siteRoot), '');
  for (const section of page.sections) lines.push(...(section.type === 'peers' ? peerLines(section, context.siteRoot) : sectionLines(section, root, page.url)));
  lines.push(...usedByLines(page, root));
  lines.push(
    '---',
    '',
    `Defined in ${codeSpan(context.sourceLines ? `${page.source.file}:${page.source.line}` : page.source.file)} at ${codeSpan(page.source.pointer || '/')}. ` +
      `The same page as HTML: [${escapeInline(page.title)}](${siteHref(root, page.url)}). Every page of this API: [llms.txt](${siteHref(root, 'llms.txt')}).`,
  );
  // How the object is composed (traits, where a binding comes from), as the page's folded Source says.
  if (page.authorFacts?.length) lines.push('', ...factLines(page.authorFacts, root));
  return `${collapseBlankLines(lines)}\n`;
}

function usedByLines(page: Page, root: string): string[] {
  // A message's page lists what uses it in a section of its own, with who sends and who receives it (page-message.ts).
  if (page.usedBy.length === 0 || page.sections.some((s) => s.type === 'links' && s.anchor === 'used-by')) return [];
  const shown = page.usedBy.slice(0, USED_BY_SHOWN);
  const lines = ['## Used by', '', ...shown.map((l) => `- ${pageLink(l, root)} (${escapeInline(kindWord(l.kind).toLowerCase())})`)];
  if (shown.length < page.usedBy.length)
    lines.push('', `[All ${page.usedBy.length} places that use it](${siteHref(root, `${page.url}used-by/`)}) (an HTML page)`);
  return [...lines, ''];
}

/** At most one blank line in a row, none at the start: the same bytes however sections end. */
function collapseBlankLines(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '');
}
