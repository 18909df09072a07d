/**
 * Where a page of one version is in another, for the version switcher: the same object by its
 * kind and id; an object renamed between the two (channels, operations and messages, paired as
 * `diff` pairs them) by its id there; else its nearest parent that the other version has (an
 * operation's or a message's channel, then the API's overview, then the version's home), with a
 * note that says what is missing. Pure data in, data out: the build reads the route manifests and
 * the pages (src/pipeline/versions/build-versions.ts).
 *
 * The same module runs in the reader's browser (src/client/versions.ts, bundled into the site's
 * `versions.js`): a version's pages list the versions before it, known when it is built; the
 * versions after it are found by the script from `version-pages.json` (PagesFile), so that adding
 * a version leaves the older versions' pages as they are. It imports nothing, so that the bundle
 * holds only this.
 */

/** One route of a version's `apidesc-routes.json`, with what the switcher needs of its page. */
export interface VersionRoute {
  api: string;
  kind: string;
  id: string;
  /** URL relative to the version's root, with a trailing slash. */
  url: string;
  /** The channel an operation or message belongs to, by its id (read from its page or pointer). */
  channel?: string;
}

export interface VersionPages {
  name: string;
  routes: VersionRoute[];
  /** The version's other pages (lists, guides, Changes), URL relative to its root. */
  otherPages: ReadonlySet<string>;
  /** Ids renamed since the version before (`<kind>\0<old id>` → new id), as diff pairs them. */
  renamedFromPrevious: ReadonlyMap<string, string>;
}

/** Where the switcher leads for one version, and the note when that is not the page itself. */
export interface SwitchTarget {
  url: string;
  /** Why this is not the same object: the kind and id missing there, and what is shown instead. */
  missing?: { kind: string; id: string; shown: 'channel' | 'overview' | 'home' };
}

export function key(kind: string, id: string): string {
  return `${kind}\0${id}`;
}

/** The id an object of version `from` has in version `to` (indices into `versions`, oldest first), following renames step by step. */
export function idIn(versions: readonly VersionPages[], from: number, to: number, kind: string, id: string): string {
  let current = id;
  if (from < to) {
    for (let v = from + 1; v <= to; v++) current = versions[v]!.renamedFromPrevious.get(key(kind, current)) ?? current;
  } else {
    for (let v = from; v > to; v--) {
      for (const [old, renamed] of versions[v]!.renamedFromPrevious) {
        if (renamed === current && old.startsWith(`${kind}\0`)) {
          current = old.slice(kind.length + 1);
          break;
        }
      }
    }
  }
  return current;
}

/** The overview of `api` in a version: the common first folder of its pages in a portal, else the root. */
export function overviewOf(routes: readonly VersionRoute[], api: string): string | undefined {
  const own = routes.filter((r) => r.api === api);
  if (own.length === 0) return undefined;
  const firsts = new Set(own.map((r) => r.url.split('/')[0]));
  const apis = new Set(routes.map((r) => r.api));
  return apis.size > 1 && firsts.size === 1 ? `${[...firsts][0]}/` : '';
}

/** Where `page` (a URL of version `from`) is in version `to`. */
export function switchTarget(versions: readonly VersionPages[], from: number, to: number, page: string): SwitchTarget {
  const source = versions[from]!;
  const target = versions[to]!;
  const route = source.routes.find((r) => r.url === page);
  if (!route) return { url: target.otherPages.has(page) ? page : '' };
  const find = (kind: string, id: string): VersionRoute | undefined => {
    const there = idIn(versions, from, to, kind, id);
    return target.routes.find((r) => r.api === route.api && r.kind === kind && r.id === there);
  };
  const same = find(route.kind, route.id);
  if (same) return { url: same.url };
  const missing = { kind: route.kind, id: route.id };
  if (route.channel !== undefined && (route.kind === 'operation' || route.kind === 'message')) {
    const channel = find('channel', route.channel);
    if (channel) return { url: channel.url, missing: { ...missing, shown: 'channel' } };
  }
  const overview = overviewOf(target.routes, route.api);
  if (overview !== undefined) return { url: overview, missing: { ...missing, shown: 'overview' } };
  return { url: '', missing: { ...missing, shown: 'home' } };
}

/** The query parameters that carry what is missing to the page a link opens. */
export const NOTE_PARAMETERS = { kind: 'version-missing-kind', id: 'version-missing-id', shown: 'version-missing-shown' } as const;

/** The link to `target` in the version whose root is `root` (`/v1.2.0/`): its page, with what is missing as parameters. */
export function targetHref(root: string, target: SwitchTarget): string {
  const url = `${root}${target.url}`;
  const { missing } = target;
  if (!missing) return url;
  const query = new URLSearchParams({ [NOTE_PARAMETERS.kind]: missing.kind, [NOTE_PARAMETERS.id]: missing.id, [NOTE_PARAMETERS.shown]: missing.shown });
  return `${url}?${query.toString()}`;
}

/** "operation placeOrder", "component:schemas X" as a reader names it: "schema X". */
export function objectWords(kind: string, id: string): string {
  const name = kind.startsWith('component:') ? kind.slice('component:'.length).replace(/s$/, '') : kind;
  return `${name} ${id}`;
}

/** What the switcher says of a target that is not the object itself: "no operation X: its channel". */
export function missingWords(missing: NonNullable<SwitchTarget['missing']>): string {
  const shown = missing.shown === 'channel' ? 'its channel' : missing.shown === 'overview' ? "the API's overview" : "the version's home";
  return `no ${objectWords(missing.kind, missing.id)}: ${shown}`;
}

/** The site's `version-pages.json`: every version, oldest first, with what switchTarget reads of it. */
export interface PagesFile {
  versions: { name: string; root: string; routes: VersionRoute[]; otherPages: string[]; renamed: [string, string][] }[];
}

/** One version as PagesFile holds it (its root, `/v1.2.0/`). */
export function toPagesEntry(version: VersionPages, root: string): PagesFile['versions'][number] {
  return { name: version.name, root, routes: version.routes, otherPages: [...version.otherPages], renamed: [...version.renamedFromPrevious] };
}

/** The versions of a PagesFile, as switchTarget reads them. */
export function fromPagesFile(file: PagesFile): VersionPages[] {
  return file.versions.map((v) => ({ name: v.name, routes: v.routes, otherPages: new Set(v.otherPages), renamedFromPrevious: new Map(v.renamed) }));
}

/**
 * How many versions a page's switcher lists at most. A page must not grow with the history: with
 * 200 tags each page of each version listed 200 versions, and the build found 200 places for
 * each page. Twenty is a short list that still holds what a reader switching versions wants: the
 * newest and the neighbours of the version read; the rest are counted, with a link to the
 * changelog, which lists every version.
 */
export const SWITCHER_VERSIONS = 20;

/**
 * Which of `count` versions (oldest first) the switcher of a page of version `from` lists, newest
 * first: the newest, `from`, then its neighbours by distance, the earlier before the later at
 * each, until `bound` are listed.
 */
export function listedVersions(count: number, from: number, bound: number = SWITCHER_VERSIONS): number[] {
  const wanted = Math.min(bound, count);
  const listed = new Set<number>([count - 1, from]);
  for (let distance = 1; listed.size < wanted; distance++)
    for (const at of [from - distance, from + distance]) if (at >= 0 && at < count && listed.size < wanted) listed.add(at);
  return [...listed].sort((a, b) => b - a);
}

/** What the switcher says of the versions it does not list: "and 180 earlier versions", "and 3 earlier and 1 later version". */
export function unlistedWords(earlier: number, later: number): string {
  const parts = [...(earlier > 0 ? [`${earlier} earlier`] : []), ...(later > 0 ? [`${later} later`] : [])];
  return `and ${parts.join(' and ')} version${earlier + later === 1 ? '' : 's'}`;
}
