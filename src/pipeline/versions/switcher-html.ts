/**
 * The version switcher, put into every page of a version when that version is built: a
 * `<details>` list of links in the header, beside the API switcher and styled as it. Its links are
 * those known then, and so never rewritten: this version and the ones before it (each opening the
 * same object there, version-map.ts, and saying so when it opens a parent instead: "no operation
 * X: its channel"), the page of what changed since it up to the newest, and the changelog, which
 * lists every version. Without script that is the switcher; with it (VERSION_SCRIPT), opening it
 * adds the versions after this one, found in the site's `version-pages.json` by the same
 * functions, and the page a link opens says what it stands in for, in words made by the site's
 * own script from the link's parameters, never from markup a link could carry.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { fromPagesFile, idIn, key, missingWords, objectWords, overviewOf, switchTarget, type SwitchTarget } from './version-map.ts';

export interface SwitcherEntry {
  /** The version as the reader knows it (`v1.2.0`, `latest`). */
  label: string;
  /** Its root URL (`/v1.2.0/`, `/`). */
  root: string;
  target: SwitchTarget;
  current: boolean;
}

/** The query parameters that carry what is missing to the page a link opens. */
export const NOTE_PARAMETERS = { kind: 'version-missing-kind', id: 'version-missing-id', shown: 'version-missing-shown' } as const;

/** The link of one entry: the target page, with what is missing as parameters. */
export function entryHref(entry: SwitcherEntry): string {
  const url = `${entry.root}${entry.target.url}`;
  const missing = entry.target.missing;
  if (!missing) return url;
  const query = new URLSearchParams({ [NOTE_PARAMETERS.kind]: missing.kind, [NOTE_PARAMETERS.id]: missing.id, [NOTE_PARAMETERS.shown]: missing.shown });
  return `${url}?${query.toString()}`;
}

/** Where the switcher is: the page's URL in its version (relative to the version's root), and the site's PagesFile. */
export interface SwitcherPlace {
  page: string;
  pagesFile: string;
}

/**
 * The switcher's markup: `entries`, this version's and those before it, newest first; `toLatest`,
 * in an older version, the page of what changed since it up to the newest.
 */
export function switcherHtml(entries: readonly SwitcherEntry[], changelog: string, place: SwitcherPlace, toLatest?: string): string {
  const current = entries.find((e) => e.current);
  const items = entries.map((entry) => {
    const note = entry.target.missing ? ` <span class="version-missing">(${escapeHtml(missingWords(entry.target.missing))})</span>` : '';
    return `<li><a href="${escapeAttribute(entryHref(entry))}"${entry.current ? ' aria-current="true"' : ''}>${escapeHtml(entry.label)}${note}</a></li>`;
  });
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

/**
 * The switcher's script, at the site's root. On the page a switcher opened, it says what the page
 * stands in for: "Operation X does not exist in v1.0.0; showing its channel.", its words made
 * here from the kind and id and set as text (a link cannot put markup on the page). When the
 * switcher is first opened, it reads `version-pages.json` and adds the versions after this one,
 * newest first, each link found by version-map.ts's own functions (their source, embedded: one
 * way of finding a page, in the build and in the browser).
 */
export const VERSION_SCRIPT = `// Written by apidesc-docs build --versions: the version switcher's later versions, and what a page it opened stands in for.
(() => {
${[key, idIn, overviewOf, switchTarget, objectWords, missingWords, fromPagesFile].map((f) => f.toString()).join('\n')}
  const params = new URLSearchParams(location.search);
  const kind = params.get(${JSON.stringify(NOTE_PARAMETERS.kind)});
  const id = params.get(${JSON.stringify(NOTE_PARAMETERS.id)});
  const shown = params.get(${JSON.stringify(NOTE_PARAMETERS.shown)});
  const main = document.getElementById('content');
  const switcher = document.querySelector('.version-switcher');
  const version = switcher?.getAttribute('data-version') || 'this version';
  if (kind && id && main) {
    const places = { channel: 'its channel', overview: "the API's overview", home: "this version's home" };
    const what = kind.startsWith('component:') ? kind.slice(10).replace(/s$/, '') : kind;
    const note = document.createElement('p');
    note.className = 'banner version-note';
    note.setAttribute('role', 'status');
    note.textContent = what.charAt(0).toUpperCase() + what.slice(1) + ' ' + id.slice(0, 200) + ' does not exist in ' + version + '; showing ' + (shown && Object.hasOwn(places, shown) ? places[shown] : places.home) + '.';
    main.prepend(note);
  }
  const page = switcher?.getAttribute('data-page');
  const pagesFile = switcher?.getAttribute('data-pages');
  const list = switcher?.querySelector('ul');
  if (!switcher || page == null || !pagesFile || !list) return;
  let added = false;
  switcher.addEventListener('toggle', async () => {
    if (!switcher.open || added) return;
    added = true;
    let file;
    try {
      const response = await fetch(pagesFile);
      if (!response.ok) return;
      file = await response.json();
    } catch {
      // The changelog's link, in the list already, leads to every version.
      return;
    }
    const versions = ${fromPagesFile.name}(file);
    const from = file.versions.findIndex((v) => v.name === switcher.getAttribute('data-version'));
    if (from < 0) return;
    const first = list.firstElementChild;
    for (let to = file.versions.length - 1; to > from; to--) {
      const target = ${switchTarget.name}(versions, from, to, page);
      const link = document.createElement('a');
      let href = file.versions[to].root + target.url;
      if (target.missing) {
        const query = new URLSearchParams();
        query.set(${JSON.stringify(NOTE_PARAMETERS.kind)}, target.missing.kind);
        query.set(${JSON.stringify(NOTE_PARAMETERS.id)}, target.missing.id);
        query.set(${JSON.stringify(NOTE_PARAMETERS.shown)}, target.missing.shown);
        href += '?' + query.toString();
      }
      link.href = href;
      link.textContent = file.versions[to].name;
      if (target.missing) {
        const words = document.createElement('span');
        words.className = 'version-missing';
        words.textContent = '(' + ${missingWords.name}(target.missing) + ')';
        link.append(' ', words);
      }
      const item = document.createElement('li');
      item.append(link);
      list.insertBefore(item, first);
    }
  });
})();
`;
