/**
 * The version switcher, put into every page of a version when that version is built: a
 * `<details>` list of links in the header, beside the API switcher and styled as it. Its links are
 * those known then, and so never rewritten: this version and the nearest ones before it, at most
 * SWITCHER_VERSIONS of them and the others counted (a page does not grow with the history), each
 * opening the same object there (version-map.ts) and saying so when it opens a parent instead
 * ("no operation X: its channel"); the page of what changed since it up to the newest; and the
 * changelog, which lists every version. Without script that is the switcher; with it
 * (src/client/versions.ts, version-script.ts), opening it adds the versions after this one, found
 * in the site's `version-pages.json` by the same functions and within the same bound, and the
 * page a link opens says what it stands in for, in words made by the site's own script from the
 * link's parameters, never from markup a link could carry.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { missingWords, type SwitchTarget, targetHref, unlistedWords } from '../../site/version-map.ts';

export interface SwitcherEntry {
  /** The version as the reader knows it (`v1.2.0`, `latest`). */
  label: string;
  /** Its root URL (`/v1.2.0/`, `/`). */
  root: string;
  target: SwitchTarget;
  current: boolean;
}

/** The link of one entry: the target page, with what is missing as parameters. */
export function entryHref(entry: SwitcherEntry): string {
  return targetHref(entry.root, entry.target);
}

/** Where the switcher is: the page's URL in its version (relative to the version's root), and the site's PagesFile. */
export interface SwitcherPlace {
  page: string;
  pagesFile: string;
}

/**
 * The switcher's markup: `entries`, this version's and those before it that it lists (a bounded
 * number, version-map.ts's listedVersions), newest first; `unlisted`, how many earlier versions it
 * does not list, counted in a line that links to the changelog; `toLatest`, in an older version,
 * the page of what changed since it up to the newest. Each entry names its version
 * (`data-version`), for the script that adds the later ones and keeps the list bounded.
 */
export function switcherHtml(entries: readonly SwitcherEntry[], unlisted: number, changelog: string, place: SwitcherPlace, toLatest?: string): string {
  const current = entries.find((e) => e.current);
  const items = entries.map((entry) => {
    const note = entry.target.missing ? ` <span class="version-missing">(${escapeHtml(missingWords(entry.target.missing))})</span>` : '';
    return `<li data-version="${escapeHtml(entry.label)}"><a href="${escapeAttribute(entryHref(entry))}"${entry.current ? ' aria-current="true"' : ''}>${escapeHtml(entry.label)}${note}</a></li>`;
  });
  if (unlisted > 0) items.push(`<li class="version-unlisted"><a href="${escapeAttribute(changelog)}">${escapeHtml(unlistedWords(unlisted, 0))}</a></li>`);
  if (toLatest !== undefined && current)
    items.push(`<li><a href="${escapeAttribute(toLatest)}">${escapeHtml(current.label)} compared with the newest</a></li>`);
  items.push(`<li><a href="${escapeAttribute(changelog)}">Changelog of every version</a></li>`);
  return (
    `<details class="api-switcher version-switcher" data-version="${escapeHtml(current?.label ?? '')}" data-page="${escapeAttribute(place.page)}" data-pages="${escapeAttribute(place.pagesFile)}">` +
    `<summary>Version <span class="version-current">${escapeHtml(current?.label ?? '')}</span></summary>` +
    `<ul>${items.join('')}</ul></details>`
  );
}

/**
 * `html` with the switcher at the end of the header's brand and the note's script in its head;
 * unchanged when the page has no header (a page of another kind).
 */
export function withSwitcher(html: string, switcher: string, scriptUrl: string): string {
  const brand = html.indexOf('<div class="brand"');
  if (brand < 0) return html;
  const end = html.indexOf('</div>', brand);
  const head = html.indexOf('</head>');
  if (end < 0 || head < 0 || head > brand) return html;
  const script = `<script src="${escapeAttribute(scriptUrl)}" defer></script>`;
  return `${html.slice(0, head)}${script}${html.slice(head, end)}${switcher}${html.slice(end)}`;
}
