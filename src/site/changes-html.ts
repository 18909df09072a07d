/**
 * The markup of a comparison's changes, once for the two pages that show it: the Changes page
 * (src/components/ChangesPage.astro, rendered with the site) and a version's page against the
 * newest (src/pipeline/versions/changes-article.ts, written after the versions' sites are built,
 * outside the renderer). Counts, then the groups of changesView by severity, API (in a portal)
 * and object, the object named by its title and linked to its page; each change with its message
 * (change-words.ts: whom a breaking change breaks, what was before and after) and, in a small line
 * under it, in a preview for the authors only, where it is written (file:line and pointer); the rule that found it as data-rule, for tools. Every text is escaped; the same view gives the same bytes.
 */
import { escapeAttribute, escapeHtml } from '../lib/html-text.ts';
import { codeSpans } from '../lib/markdown/code-spans.ts';
import { SEVERITY_TITLES } from '../lib/diff/types.ts';
import { breaksWhom, changeWords } from './change-words.ts';
import { clientAction } from './change-actions.ts';
import { directionWords } from './changes-view.ts';
import { wordDiff } from './word-diff.ts';
import type { ChangeBadgeData, SiteChanges } from './site-data-types.ts';

const INTROS = {
  breaking: 'Someone who uses the API as it was must change.',
  'non-breaking': 'What was built against the base keeps working; new things to know.',
  info: 'Titles, descriptions, examples and other words: no one must change.',
} as const;

/** A change's message: its `code` spans as code, the rest as text (as MessageText.astro writes a diagnostic's). */
export const messageHtml = (text: string): string =>
  codeSpans(text)
    .map((p) => (p.code ? `<code>${escapeHtml(p.text)}</code>` : escapeHtml(p.text)))
    .join('');

/** A message's field path at the start of a change ("payload.status: new value"): as a link to its row (`#payload.status`) on the message's page. */
const FIELD_PATH = /^((?:payload|headers)(?:\.[^\s:.]+)*): /;
function linkedField(text: string, pageUrl: string): string {
  const path = FIELD_PATH.exec(text)?.[1];
  if (path === undefined) return messageHtml(text);
  return `<a class="change-field" href="${escapeAttribute(`${pageUrl}#${path}`)}"><code>${escapeHtml(path)}</code></a>${messageHtml(text.slice(path.length))}`;
}

/** Characters of both texts of a rewording shown open; a longer one is folded under its summary line. */
const OPEN_WORDING = 240;

/**
 * A reworded text's old and new words as one word-level diff (removed words struck, added ones
 * marked, each said to a screen reader): short, open under the change; long, folded.
 */
function wordingHtml(texts: { before?: string; after?: string }): string {
  const diff = wordDiff(texts.before ?? '', texts.after ?? '')
    .map((p) =>
      p.kind === 'old'
        ? `<del class="change-old"><span class="visually-hidden">removed: </span>${escapeHtml(p.text)}</del>`
        : p.kind === 'new'
          ? `<ins class="change-new"><span class="visually-hidden">added: </span>${escapeHtml(p.text)}</ins>`
          : escapeHtml(p.text),
    )
    .join('');
  const body = `<p class="change-wording">${diff}</p>`;
  const length = (texts.before ?? '').length + (texts.after ?? '').length;
  return length <= OPEN_WORDING ? body : `<details class="change-wording-fold"><summary>Old and new text</summary>${body}</details>`;
}

/** A changed object as `diff` names it ("channel orders"): its kind in words, its id as code. */
function objectName(object: string): string {
  const { kind, id } = kindAndId(object);
  return id === '' ? escapeHtml(object) : `<span class="change-kind">${escapeHtml(kind)}</span> <code>${escapeHtml(id)}</code>`;
}

/** diff's kinds of object of more than one word; the others are one ("channel orders"). */
const LONG_KINDS = ['security scheme '];
/** A changed object as diff names it, split into its kind in words and its id ("security scheme", "sigv4"). */
function kindAndId(object: string): { kind: string; id: string } {
  const long = LONG_KINDS.find((k) => object.startsWith(k));
  const space = long ? long.length - 1 : object.indexOf(' ');
  return space < 0 ? { kind: object, id: '' } : { kind: object.slice(0, space), id: object.slice(space + 1) };
}

/** What changed, its value before struck and after marked; a message's field path first, linked to its row on `fieldUrl` (`''`: this page). */
function whatHtml(words: ReturnType<typeof changeWords>, fieldUrl: string | undefined): string {
  return words.what
    .map((piece, i) =>
      i === 0 && piece.kind !== 'old' && piece.kind !== 'new' && fieldUrl !== undefined
        ? linkedField(piece.text, fieldUrl)
        : piece.kind === 'old'
          ? `<del class="change-old"><span class="visually-hidden">before: </span>${messageHtml(piece.text)}</del>`
          : piece.kind === 'new'
            ? `<ins class="change-new"><span class="visually-hidden">after: </span>${messageHtml(piece.text)}</ins>`
            : messageHtml(piece.text),
    )
    .join('');
}

/**
 * Near the top of a changed page: what changed on it, a short list (before and after apart, a
 * message's field linked to its row on this page, or on the message's page for an operation whose
 * message changed), the rest counted, and a link to its entries on the Changes page.
 */
export function pageChangesHtml(badge: ChangeBadgeData, root: string): string {
  const items = badge.items ?? (badge.summary !== undefined ? [{ message: badge.summary, breaking: badge.breaking }] : []);
  if (items.length === 0) return '';
  const fieldUrl = badge.via === 'message' ? (badge.viaUrl !== undefined ? `${root}${badge.viaUrl}` : undefined) : '';
  const lead = `<strong>${badge.breaking ? 'Breaking change' : 'Changed'}</strong> ${badge.via === 'message' ? 'in a message of this operation' : 'on this page'}`;
  const list = items
    .map((item) => {
      const words = changeWords(item.message);
      const consequence = words.consequence ? `<span class="change-consequence"> ${messageHtml(words.consequence)}</span>` : '';
      return `<li>${item.breaking && items.some((i) => !i.breaking) ? '<strong>Breaking: </strong>' : ''}${whatHtml(words, fieldUrl)}${consequence}</li>`;
    })
    .join('');
  const more = badge.more ? `<p class="more">… and ${badge.more} more ${badge.more === 1 ? 'change' : 'changes'}.</p>` : '';
  return (
    `<div class="change-callout${badge.breaking ? ' change-breaking' : ''}" data-pagefind-ignore>` +
    `<p class="change-callout-head">${lead} · <a href="${escapeAttribute(`${root}changes/#${badge.anchor}`)}">on the Changes page</a></p>` +
    `<ul class="change-callout-list">${list}</ul>${more}</div>`
  );
}

export interface ChangesHtmlOptions {
  /** The root URL the objects' and APIs' links are made from (`/`, `/v2/`). */
  root: string;
  /** A portal: a group's heading names its API by title, linked to its overview. */
  portal: boolean;
  /** How a change found in the base names it: `the base`, or the older version's label. */
  baseName: string;
  /**
   * A preview for the document's authors (--allow-invalid, as the pull request's Action builds it): each change says
   * where it is written (file:line, relative to the documents, and pointer). A published page
   * speaks to the API's users only: what changed, linked to its page, and what to change.
   */
  locators: boolean;
}

/** The counts, the table of contents and a section per severity; for a comparison with changes. */
export function changeGroupsHtml(changes: SiteChanges, { root, portal, baseName, locators }: ChangesHtmlOptions): string {
  const { counts } = changes;
  const out: string[] = [
    `<p class="changes-counts"><span class="badge change-breaking">${counts.breaking} breaking</span> <span class="badge change-changed">${counts['non-breaking']} non-breaking</span> <span class="badge change-info">${counts.info} wording only</span></p>`,
    `<nav class="changes-toc" aria-label="Changes by severity">${changes.groups.map((g) => `<a href="#changes-${g.severity}">${SEVERITY_TITLES[g.severity]} (${g.total})</a>`).join(' · ')}</nav>`,
  ];
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
        // The object's title where its page is in the site ("Order placed", its kind and id quietly after); else "channel orders", the kind in words, the id as code.
        const { id, kind: kindText } = kindAndId(object.object);
        // A published page names it as its page does, its kind in words after: the id is the authors' name for it.
        const kind = `<span class="change-kind">${escapeHtml(kindText)}</span>`;
        const title =
          object.url && object.title
            ? `<a href="${escapeAttribute(`${root}${object.url}`)}">${escapeHtml(object.title)}</a> <span class="change-object-id">${id === object.title || !locators ? kind : objectName(object.object)}</span>`
            : object.url
              ? `<a href="${escapeAttribute(`${root}${object.url}`)}">${objectName(object.object)}</a>`
              : objectName(object.object);
        // A group, not a region: one object may be both broken and widened, and a region is named once on a page.
        out.push(
          `<div class="change-object"><${heading} id="${escapeAttribute(object.anchor)}" class="change-object-title">${title}</${heading}><ul class="change-list">`,
        );
        for (const entry of object.entries) {
          const words = changeWords(entry.message);
          // A breaking change of a message leads with whom it breaks; the direction is then said.
          const whom = group.severity === 'breaking' ? breaksWhom(entry.direction, entry.breaks) : undefined;
          // Where in the message: its path ("payload.status") a link to that field's row on the message's page.
          const fieldUrl = object.url && object.object.startsWith('message ') ? `${root}${object.url}` : undefined;
          const what = whatHtml(words, fieldUrl);
          const direction = whom ? undefined : directionWords(entry.direction);
          // A breaking change's migration, where its kind names one: the line a client acts on, above the author's locator.
          const action = group.severity === 'breaking' ? clientAction({ rule: entry.rule, message: entry.message, breaks: entry.breaks }) : undefined;
          // Where the change is written: for the author, a small line a reader reads past (no fold per entry to open or skip); the rule for tools only.
          out.push(
            `<li data-rule="${escapeAttribute(entry.rule)}"><p class="change-message">${whom ? `<strong class="change-whom">${escapeHtml(whom)}: </strong>` : ''}${what}${words.consequence ? `<span class="change-consequence"> ${messageHtml(words.consequence)}</span>` : ''}</p>` +
              (entry.texts ? wordingHtml(entry.texts) : '') +
              (action ? `<p class="change-action"><strong>What to change:</strong> ${messageHtml(action)}</p>` : '') +
              (direction ? `<p class="change-meta"><span class="change-direction">${escapeHtml(direction)}</span></p>` : '') +
              (locators
                ? `<p class="change-at"><code>${escapeHtml(`${entry.file}:${entry.line}`)}</code>${entry.side === 'base' ? ` (in ${escapeHtml(baseName)})` : ''} <code>${escapeHtml(entry.pointer || '/')}</code></p>`
                : '') +
              '</li>',
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
  return out.join('');
}
