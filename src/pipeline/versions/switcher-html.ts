/**
 * The version switcher, put into every page of every version once all versions are built (an
 * older version's pages list the versions that came after it, which its build could not know):
 * a `<details>` list of links in the header, beside the API switcher and styled as it, that works
 * without script. Each link opens the same object in that version (version-map.ts), and says so
 * when it opens a parent instead ("no operation X: its channel"); with script, the page it opens
 * says it too (VERSION_NOTE_SCRIPT), in words made from the link's parameters by the site's own
 * script, never from markup a link could carry.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { missingWords, type SwitchTarget } from './version-map.ts';

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

/** The switcher's markup; `toLatest`, in an older version, the page of what changed since it up to the newest. */
export function switcherHtml(entries: readonly SwitcherEntry[], changelog: string, toLatest?: string): string {
  const current = entries.find((e) => e.current);
  const items = entries.map((entry) => {
    const note = entry.target.missing ? ` <span class="version-missing">(${escapeHtml(missingWords(entry.target.missing))})</span>` : '';
    return `<li><a href="${escapeAttribute(entryHref(entry))}"${entry.current ? ' aria-current="true"' : ''}>${escapeHtml(entry.label)}${note}</a></li>`;
  });
  if (toLatest !== undefined && current)
    items.push(`<li><a href="${escapeAttribute(toLatest)}">${escapeHtml(current.label)} compared with the newest</a></li>`);
  items.push(`<li><a href="${escapeAttribute(changelog)}">Changelog of every version</a></li>`);
  return (
    `<details class="api-switcher version-switcher" data-version="${escapeHtml(current?.label ?? '')}">` +
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
 * The script that says on the page a switcher opened what it stands in for: "Operation X does
 * not exist in v1.0.0; showing its channel." Its words are made here from the kind and id, set
 * as text: a link cannot put markup on the page.
 */
export const VERSION_NOTE_SCRIPT = `// Written by apidesc-docs build --versions: says on a page what the version switcher opened it for.
(() => {
  const params = new URLSearchParams(location.search);
  const kind = params.get(${JSON.stringify(NOTE_PARAMETERS.kind)});
  const id = params.get(${JSON.stringify(NOTE_PARAMETERS.id)});
  const shown = params.get(${JSON.stringify(NOTE_PARAMETERS.shown)});
  const main = document.getElementById('content');
  if (!kind || !id || !main) return;
  const places = { channel: 'its channel', overview: "the API's overview", home: "this version's home" };
  const what = kind.startsWith('component:') ? kind.slice(10).replace(/s$/, '') : kind;
  const version = document.querySelector('.version-switcher')?.getAttribute('data-version') || 'this version';
  const note = document.createElement('p');
  note.className = 'banner version-note';
  note.setAttribute('role', 'status');
  note.textContent = what.charAt(0).toUpperCase() + what.slice(1) + ' ' + id.slice(0, 200) + ' does not exist in ' + version + '; showing ' + (shown && Object.hasOwn(places, shown) ? places[shown] : places.home) + '.';
  main.prepend(note);
})();
`;
