/**
 * A version compared with the newest, as HTML: the article of `/<version>/changes-to-latest/`.
 * The view is the Changes page's own (src/site/changes-view.ts: diff's report grouped by
 * severity, API and object), its words those of src/site/change-words.ts (whom a breaking change
 * breaks, by the message's direction; what was before and after), its markup that of
 * src/components/ChangesPage.astro, written here as text: this page is made after the versions'
 * sites, outside their renderer. An object's changes are a group, not a region: across two
 * versions one object may be both broken and widened, and a region is named once on a page.
 * Every text is escaped; the same view gives the same bytes.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { codeSpans } from '../../lib/markdown/code-spans.ts';
import { SEVERITY_TITLES } from '../../lib/diff/types.ts';
import { breaksWhom, changeWords } from '../../site/change-words.ts';
import { directionWords } from '../../site/changes-view.ts';
import type { SiteChanges } from '../../site/site-data-types.ts';

const INTROS = {
  breaking: 'Someone who uses the API as it was must change.',
  'non-breaking': 'What was built against the base keeps working; new things to know.',
  info: 'Titles, descriptions, examples and other words: no one must change.',
} as const;

/** A change's message: its `code` spans as code, the rest as text (MessageText.astro). */
const messageText = (text: string): string =>
  codeSpans(text)
    .map((p) => (p.code ? `<code>${escapeHtml(p.text)}</code>` : escapeHtml(p.text)))
    .join('');

/** "channel orders": the kind in words, the id as code (ChangeObjectName.astro). */
function objectName(object: string): string {
  const space = object.indexOf(' ');
  return space < 0
    ? escapeHtml(object)
    : `<span class="change-kind">${escapeHtml(object.slice(0, space))}</span> <code>${escapeHtml(object.slice(space + 1))}</code>`;
}

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
  const out: string[] = [
    `<article class="changes-page changes-to-latest" data-pagefind-ignore="all">`,
    `<h1>Changes from ${escapeHtml(sides.from.label)} to the newest (${escapeHtml(sides.to.label)})</h1>`,
    `<p class="changes-sides"><span class="changes-side"><span class="kind">From</span> <a href="${escapeAttribute(sides.from.root)}">${escapeHtml(sides.from.label)}</a>` +
      `${changes.versions ? ` (version <strong>${escapeHtml(changes.versions.base)}</strong>)` : ''}</span><span aria-hidden="true"> → </span>` +
      `<span class="changes-side"><span class="kind">to</span> <a href="${escapeAttribute(root)}">${escapeHtml(sides.to.label)}</a>` +
      `${changes.versions ? ` (version <strong>${escapeHtml(changes.versions.head)}</strong>)` : ''}</span></p>`,
    '<p class="kind">What a reader of this version must know to move to the newest: every change between the two, whichever versions came between.</p>',
  ];
  if (changes.unavailable) out.push(`<p class="changes-empty">${messageText(changes.unavailable)}</p>`);
  else if (total === 0) out.push(`<p class="changes-empty">No changes: ${escapeHtml(sides.from.label)} and the newest describe the same API.</p>`);
  else {
    out.push(
      `<p class="changes-counts"><span class="badge change-breaking">${counts.breaking} breaking</span> <span class="badge change-changed">${counts['non-breaking']} non-breaking</span> <span class="badge change-info">${counts.info} wording only</span></p>`,
      `<nav class="changes-toc" aria-label="Changes by severity">${changes.groups.map((g) => `<a href="#changes-${g.severity}">${SEVERITY_TITLES[g.severity]} (${g.total})</a>`).join(' · ')}</nav>`,
    );
    for (const group of changes.groups) {
      out.push(
        `<section aria-labelledby="changes-${group.severity}" class="changes-group changes-${group.severity}">`,
        `<h2 id="changes-${group.severity}">${SEVERITY_TITLES[group.severity]} <span class="count">(${group.total})</span></h2>`,
        `<p class="kind">${INTROS[group.severity]}</p>`,
      );
      for (const api of group.apis) {
        if (portal)
          out.push(
            `<h3 class="changes-api">${api.title ? `<a href="${escapeAttribute(`${root}${api.url}`)}">${escapeHtml(api.title)}</a>` : 'API'} <code>${escapeHtml(api.api)}</code></h3>`,
          );
        const heading = portal ? 'h4' : 'h3';
        for (const object of api.objects) {
          const id = object.object.slice(object.object.indexOf(' ') + 1);
          const title =
            object.url && object.title
              ? `<a href="${escapeAttribute(`${root}${object.url}`)}">${escapeHtml(object.title)}</a> <span class="change-object-id">${id === object.title ? `<span class="change-kind">${escapeHtml(object.object.split(' ')[0]!)}</span>` : objectName(object.object)}</span>`
              : object.url
                ? `<a href="${escapeAttribute(`${root}${object.url}`)}">${objectName(object.object)}</a>`
                : objectName(object.object);
          out.push(
            `<div class="change-object"><${heading} id="${escapeAttribute(object.anchor)}" class="change-object-title">${title}</${heading}><ul class="change-list">`,
          );
          for (const entry of object.entries) {
            const words = changeWords(entry.message);
            const whom = group.severity === 'breaking' ? breaksWhom(entry.direction, entry.breaks) : undefined;
            const what = words.what
              .map((piece) =>
                piece.kind === 'old'
                  ? `<del class="change-old"><span class="visually-hidden">before: </span>${messageText(piece.text)}</del>`
                  : piece.kind === 'new'
                    ? `<ins class="change-new"><span class="visually-hidden">after: </span>${messageText(piece.text)}</ins>`
                    : messageText(piece.text),
              )
              .join('');
            const direction = whom ? undefined : directionWords(entry.direction);
            out.push(
              `<li><p class="change-message">${whom ? `<strong class="change-whom">${escapeHtml(whom)}: </strong>` : ''}${what}${words.consequence ? `<span class="change-consequence"> ${messageText(words.consequence)}</span>` : ''}</p>` +
                (direction ? `<p class="change-meta"><span class="change-direction">${escapeHtml(direction)}</span></p>` : '') +
                `<details class="change-source"><summary>Where</summary><p class="change-meta"><span>at <code>${escapeHtml(entry.pointer || '/')}</code></span> ` +
                `<span><code>${escapeHtml(`${entry.file}:${entry.line}`)}</code>${entry.side === 'base' ? ` (in ${escapeHtml(sides.from.label)})` : ''}</span> ` +
                `<span class="change-rule">rule <code>${escapeHtml(entry.rule)}</code></span></p></details></li>`,
            );
          }
          out.push('</ul>');
          if (object.notShown > 0) out.push(`<p class="more">… and ${object.notShown} more changes of this object.</p>`);
          out.push('</div>');
        }
      }
      if (group.notShown > 0)
        out.push(
          `<p class="more">… and ${group.notShown} more ${SEVERITY_TITLES[group.severity].toLowerCase()} changes. <code>apidesc-docs diff --format json</code> lists them all.</p>`,
        );
      out.push('</section>');
    }
  }
  out.push('</article>');
  return out.join('');
}
