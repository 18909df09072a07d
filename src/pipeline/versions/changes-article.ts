/**
 * A version compared with the newest, as HTML: the article of `/<version>/changes-to-latest/`.
 * This page is made after the versions' sites, outside their renderer; its changes are written
 * by the Changes page's own markup (src/site/changes-html.ts, which ChangesPage.astro renders
 * too), only its title and sides are this page's: which version, against the newest, each linked.
 * Every text is escaped; the same view gives the same bytes.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { changeGroupsHtml, messageHtml } from '../../site/changes-html.ts';
import type { SiteChanges } from '../../site/site-data-types.ts';

export interface ComparedSides {
  /** The older version's label (`v1.1.0`) and its root URL (`/v1.1.0/`). */
  from: { label: string; root: string };
  /** The newest's label and root URL, where the objects' links lead. */
  to: { label: string; root: string };
}

/** The article: what moving from `sides.from` to the newest changes, each object linked to its page in the newest. */
export function changesToLatestArticle(changes: SiteChanges, sides: ComparedSides, portal: boolean): string {
  const { counts } = changes;
  const total = counts.breaking + counts['non-breaking'] + counts.info;
  const root = sides.to.root;
  const differ = changes.versions && changes.versions.base !== changes.versions.head ? changes.versions : undefined;
  const body = changes.unavailable
    ? `<p class="changes-empty">${messageHtml(changes.unavailable)}</p>`
    : total === 0
      ? `<p class="changes-empty">No changes: ${escapeHtml(sides.from.label)} and the newest describe the same API.</p>`
      : changeGroupsHtml(changes, { root, portal, baseName: sides.from.label, locators: false });
  return [
    `<article class="changes-page changes-to-latest" data-pagefind-ignore="all">`,
    `<h1>Changes from ${escapeHtml(sides.from.label)} to the newest (${escapeHtml(sides.to.label)})</h1>`,
    // The two sides by their labels, each linked; a version number only where it tells them apart and the label does not say it.
    `<p class="changes-sides"><a href="${escapeAttribute(sides.from.root)}">${escapeHtml(sides.from.label)}</a>${versionNote(sides.from.label, differ?.base)}` +
      `<span aria-hidden="true"> → </span><span class="visually-hidden"> to </span>` +
      `<a href="${escapeAttribute(root)}">${escapeHtml(sides.to.label)}</a>${versionNote(sides.to.label, differ?.head)}</p>`,
    '<p class="kind">What a reader of this version must know to move to the newest: every change between the two, whichever versions came between.</p>',
    body,
    '</article>',
  ].join('');
}

/** " (version 1.0.0)" after a side's label, unless there is no number to give or the label already says it ("v1.0.0"). */
function versionNote(label: string, version: string | undefined): string {
  return version === undefined || label.includes(version) ? '' : ` (version <strong>${escapeHtml(version)}</strong>)`;
}
