/**
 * The version switcher's script (`versions.js` at the root of a `build --versions` site, bundled
 * by src/pipeline/versions/version-script.ts). On the page a switcher opened, it says what the
 * page stands in for: "Operation X does not exist in v1.0.0; showing its channel.", its words made
 * here from the link's parameters and set as text (a link cannot put markup on the page). When the
 * switcher is first opened, it reads `version-pages.json` and adds the versions after this one,
 * newest first, within the switcher's bound (listedVersions), each link found by the functions the build finds the others with
 * (src/site/version-map.ts): one way of finding a page, in the build and in the browser.
 */
import {
  fromPagesFile,
  listedVersions,
  missingWords,
  NOTE_PARAMETERS,
  type PagesFile,
  type SwitchTarget,
  switchTarget,
  targetHref,
  unlistedWords,
} from '../site/version-map.ts';

/** Where a page a switcher opened shows instead of the missing object, as the note says it. */
const PLACES: Record<NonNullable<SwitchTarget['missing']>['shown'], string> = {
  channel: 'its channel',
  overview: "the API's overview",
  home: "this version's home",
};

/** The note on a page that stands in for an object this version does not have, from the link's parameters. */
function showMissingNote(main: HTMLElement, version: string): void {
  const params = new URLSearchParams(location.search);
  const kind = params.get(NOTE_PARAMETERS.kind);
  const id = params.get(NOTE_PARAMETERS.id);
  const shown = params.get(NOTE_PARAMETERS.shown);
  if (!kind || !id) return;
  const what = kind.startsWith('component:') ? kind.slice('component:'.length).replace(/s$/, '') : kind;
  const place = shown !== null && Object.hasOwn(PLACES, shown) ? PLACES[shown as keyof typeof PLACES] : PLACES.home;
  const note = document.createElement('p');
  note.className = 'banner version-note';
  note.setAttribute('role', 'status');
  note.textContent = `${what.charAt(0).toUpperCase()}${what.slice(1)} ${id.slice(0, 200)} does not exist in ${version}; showing ${place}.`;
  main.prepend(note);
}

/**
 * Adds the versions after this one to the switcher's list, newest first, when it is first opened:
 * those listedVersions lists (the newest and the nearest), the earlier ones it no longer lists
 * taken out, so that the list stays within the bound; the line that counts the others says how
 * many earlier and later versions it does not list, and links to the changelog.
 */
function addLaterVersions(switcher: HTMLDetailsElement): void {
  const page = switcher.getAttribute('data-page');
  const pagesFile = switcher.getAttribute('data-pages');
  const list = switcher.querySelector('ul');
  if (page === null || !pagesFile || !list) return;
  let added = false;
  switcher.addEventListener('toggle', async () => {
    if (!switcher.open || added) return;
    added = true;
    let file: PagesFile;
    try {
      const response = await fetch(pagesFile);
      if (!response.ok) return;
      file = (await response.json()) as PagesFile;
    } catch {
      // The changelog's link, in the list already, leads to every version.
      return;
    }
    const versions = fromPagesFile(file);
    const count = file.versions.length;
    const from = file.versions.findIndex((v) => v.name === switcher.getAttribute('data-version'));
    if (from < 0) return;
    const listed = new Set(listedVersions(count, from));
    const at = new Map(file.versions.map((v, index) => [v.name, index]));
    for (const item of list.querySelectorAll<HTMLLIElement>('li[data-version]')) {
      const index = at.get(item.getAttribute('data-version') ?? '');
      if (index !== undefined && !listed.has(index)) item.remove();
    }
    const first = list.firstElementChild;
    for (let to = count - 1; to > from; to--) {
      if (!listed.has(to)) continue;
      const target = switchTarget(versions, from, to, page);
      const link = document.createElement('a');
      link.href = targetHref(file.versions[to]!.root, target);
      link.textContent = file.versions[to]!.name;
      if (target.missing) {
        const words = document.createElement('span');
        words.className = 'version-missing';
        words.textContent = `(${missingWords(target.missing)})`;
        link.append(' ', words);
      }
      const item = document.createElement('li');
      item.setAttribute('data-version', file.versions[to]!.name);
      item.append(link);
      list.insertBefore(item, first);
    }
    const listedBefore = [...listed].filter((index) => index <= from).length;
    const earlier = from + 1 - listedBefore;
    const later = count - 1 - from - (listed.size - listedBefore);
    let unlisted = list.querySelector<HTMLAnchorElement>('li.version-unlisted a');
    if (earlier + later === 0) {
      unlisted?.parentElement?.remove();
      return;
    }
    if (!unlisted) {
      const changelog = list.lastElementChild?.querySelector('a')?.getAttribute('href');
      if (!changelog) return;
      unlisted = document.createElement('a');
      unlisted.href = changelog;
      const item = document.createElement('li');
      item.className = 'version-unlisted';
      item.append(unlisted);
      const after = list.querySelectorAll('li[data-version]');
      list.insertBefore(item, after[after.length - 1]?.nextElementSibling ?? null);
    }
    unlisted.textContent = unlistedWords(earlier, later);
  });
}

const switcher = document.querySelector<HTMLDetailsElement>('details.version-switcher');
const main = document.getElementById('content');
if (main) showMissingNote(main, switcher?.getAttribute('data-version') || 'this version');
if (switcher) addLaterVersions(switcher);
