/**
 * The Markdown twin of the Changes page of `build --compare` (`changes/index.md`): the same
 * groups, entries and limits as the HTML page (from the same SiteChanges), for readers that read
 * Markdown. Every value from a document (messages, object names, pointers, paths) is escaped.
 */
import { SEVERITY_TITLES } from '../../lib/diff/types.ts';
import { directionWords } from '../changes-view.ts';
import type { SiteChanges } from '../site-data-types.ts';
import { codeSpan, escapeInline, heading, lineStart, markdownLink } from './markdown-text.ts';
import { clientAction } from '../change-actions.ts';
import { siteHref } from './twin-links.ts';

/** Where the Changes page is, relative to the site root. */
export const CHANGES_URL = 'changes/';

/** What a twin of changes says around them: the Changes page's own words, or another page's (`build --versions`' page against the newest). */
export interface ChangesTwinPage {
  /** Its heading, as Markdown. */
  title: string;
  /** The paragraph under it, as Markdown. */
  intro: string;
  /** Said of a change located in the base (the older side), as Markdown. */
  inBase: string;
  /** The HTML page's link: its text (plain) and address. */
  html: { text: string; url: string };
}

/**
 * `root` is the site's path from the origin (the base path), where the objects' links lead;
 * `page`, what the twin says around the changes (default: the Changes page's).
 */
export function changesTwin(changes: SiteChanges, root: string, portal: boolean, page?: ChangesTwinPage): string {
  const { title, intro, inBase, html } = page ?? {
    title: 'Changes',
    intro: `Changes against ${codeSpan(changes.against)}, as \`apidesc-docs diff\` reports them.`,
    inBase: 'in the base: removed',
    html: { text: 'Changes', url: siteHref(root, CHANGES_URL) },
  };
  const lines = [heading(1, title), '', intro, ''];
  // A version's page against the newest (`page`) and a version's Changes page are published.
  const published = changes.published === true || page !== undefined;
  const { counts } = changes;
  if (changes.unavailable) lines.push(lineStart(escapeInline(changes.unavailable)), '');
  else if (counts.breaking + counts['non-breaking'] + counts.info === 0) lines.push('No changes.', '');
  else lines.push(`${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.info} wording only.`, '');
  // As on the page: breaking changes under one version number, said before the list.
  if (changes.versions && changes.versions.base === changes.versions.head && counts.breaking > 0)
    lines.push(`**Breaking changes without a new version:** the version stays ${codeSpan(changes.versions.head)}.`, '');
  for (const group of changes.groups) {
    lines.push(heading(2, `${SEVERITY_TITLES[group.severity]} (${group.total})`), '');
    for (const api of group.apis) {
      if (portal) {
        const { title, url } = api;
        lines.push(heading(3, `${title && url !== undefined ? markdownLink(title, siteHref(root, url)) : 'API'} ${codeSpan(api.api)}`), '');
      }
      for (const object of api.objects) {
        const name = escapeInline(object.object);
        lines.push(heading(portal ? 4 : 3, object.url ? `[${name}](${siteHref(root, object.url)})` : name), '');
        for (const entry of object.entries) {
          // The file and line for the authors' preview only (`--compare`); a published page's twin (a site of every version) says the pointer and rule, for tools.
          const where = `at ${codeSpan(entry.pointer || '/')}, ${published ? '' : `${codeSpan(`${entry.file}:${entry.line}`)}${entry.side === 'base' ? ` (${inBase})` : ''}, `}rule ${codeSpan(entry.rule)}`;
          const direction = directionWords(entry.direction);
          // As on the page: a breaking change's migration, where its kind names one, before where it is written.
          const action = group.severity === 'breaking' ? clientAction({ rule: entry.rule, message: entry.message, breaks: entry.breaks }) : undefined;
          lines.push(`- ${lineStart(escapeInline(entry.message))}`);
          if (action) lines.push(`  What to change: ${escapeInline(action)}`);
          // A rewording's words before and after, each on one line.
          if (entry.texts?.before !== undefined) lines.push(`  Was: ${escapeInline(entry.texts.before.replace(/\s+/g, ' '))}`);
          if (entry.texts?.after !== undefined) lines.push(`  Now: ${escapeInline(entry.texts.after.replace(/\s+/g, ' '))}`);
          lines.push(`  ${direction ? `${escapeInline(direction)}; ` : ''}${where}`);
        }
        if (object.notShown > 0) lines.push(`- … and ${object.notShown} more changes of this object.`);
        lines.push('');
      }
    }
    if (group.notShown > 0)
      lines.push(
        `… and ${group.notShown} more ${SEVERITY_TITLES[group.severity].toLowerCase()} changes; \`apidesc-docs diff --format json\` lists them all.`,
        '',
      );
  }
  lines.push('---', '', `The same page as HTML: ${markdownLink(html.text, html.url)}.`);
  return `${lines.join('\n')}\n`;
}
