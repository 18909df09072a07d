/**
 * A `diff` report → what the Changes page of `build --compare` shows: the report's own order
 * (breaking, non-breaking, info; then API, object, pointer), grouped by API and object, each
 * object linked to its page, and a badge for each changed page. The page never grows without
 * bound: past PER_OBJECT changes of one object, or PER_SEVERITY of one severity, the rest is
 * counted (`diff --format json` lists them all). Its text is shown as diff's outputs show it:
 * control characters and bidirectional overrides as escapes (`\u202e`), so that a reviewer reads
 * a change as it is written, not reordered by an id that holds an override.
 */
import type { DiffReport } from '../lib/diff/types.ts';
import { boundedText } from '../lib/bounded-text.ts';
import { escapeControls } from '../lib/terminal-text.ts';
import type { Page } from '../lib/model/page-types.ts';
import type { ChangeBadgeData, ChangeObjectGroup, ChangePlace, ChangeSeverityGroup, SiteChanges } from './site-data-types.ts';

export const CHANGES_PER_OBJECT = 10;
export const CHANGES_PER_SEVERITY = 100;
/**
 * Characters of one change's message, and of a name (an object, a pointer, a file) on the page and
 * in its twin: a message that quotes 20,000 enum values would make one entry hundreds of kilobytes.
 */
const CHANGE_TEXT_LIMITS = { message: 2000, name: 500 } as const;

const WHOLE = '`apidesc-docs diff --format json` has it whole';
/** Characters of the change a changed page's callout quotes: one line. */
const BADGE_SUMMARY = 300;
/** Changes a changed page lists near its top; the rest are counted and on the Changes page. */
export const PAGE_CHANGES = 5;
/** Text as the page shows it: escaped (as diff shows it) and bounded. */
const quoted = (text: string, max: number): string => escapeControls(boundedText(text, max, WHOLE));
const named = (text: string): string => quoted(text, CHANGE_TEXT_LIMITS.name);
/** A reworded text's two sides, each bounded as a message is. */
const boundedTexts = (texts: NonNullable<DiffReport['changes'][number]['texts']>): { before?: string; after?: string } => ({
  ...(texts.before !== undefined ? { before: quoted(texts.before, CHANGE_TEXT_LIMITS.message) } : {}),
  ...(texts.after !== undefined ? { after: quoted(texts.after, CHANGE_TEXT_LIMITS.message) } : {}),
});

export function changesView(report: DiffReport, against: string, versions?: SiteChanges['versions']): SiteChanges {
  const counts = { breaking: 0, 'non-breaking': 0, info: 0 };
  for (const c of report.changes) counts[c.severity]++;
  const groups: ChangeSeverityGroup[] = [];
  const badges = new Map<string, ChangeBadgeData>();
  const places: ChangePlace[] = [];
  let anchors = 0;
  for (const severity of ['breaking', 'non-breaking', 'info'] as const) {
    const list = report.changes.filter((c) => c.severity === severity);
    if (list.length === 0) continue;
    const group: ChangeSeverityGroup = { severity, total: list.length, apis: [], notShown: 0 };
    let object: ChangeObjectGroup | undefined;
    // The API and object of the group being filled, as the report names them (the page's names may be cut).
    let rawApi: string | undefined;
    let rawObject: string | undefined;
    let shown = 0;
    for (const c of list) {
      // Badges count every change, shown or not: a page left off the list still says it changed.
      const known = c.url === undefined ? undefined : badges.get(c.url);
      if (known) {
        known.breaking ||= severity === 'breaking';
        addPageItem(known, c.message, severity === 'breaking');
      }
      if (shown >= CHANGES_PER_SEVERITY) {
        group.notShown++;
        if (c.url !== undefined && !known)
          badges.set(c.url, {
            url: c.url,
            breaking: severity === 'breaking',
            anchor: `changes-${severity}`,
            summary: quoted(c.message, BADGE_SUMMARY),
            items: [{ message: quoted(c.message, BADGE_SUMMARY), breaking: severity === 'breaking' }],
          });
        continue;
      }
      let api = group.apis.at(-1);
      if (api === undefined || rawApi !== c.api) {
        rawApi = c.api;
        api = { api: named(c.api), ...(c.apiUrl !== undefined ? { url: c.apiUrl } : {}), objects: [] };
        group.apis.push(api);
        object = undefined;
      }
      if (object === undefined || rawObject !== c.object) {
        rawObject = c.object;
        object = { anchor: `change-${++anchors}`, object: named(c.object), ...(c.url !== undefined ? { url: c.url } : {}), entries: [], notShown: 0 };
        api.objects.push(object);
      }
      if (c.url !== undefined && !known)
        badges.set(c.url, {
          url: c.url,
          breaking: severity === 'breaking',
          anchor: object.anchor,
          summary: quoted(c.message, BADGE_SUMMARY),
          items: [{ message: quoted(c.message, BADGE_SUMMARY), breaking: severity === 'breaking' }],
        });
      if (c.apiUrl !== undefined)
        places.push({
          api: c.apiUrl,
          ...(c.side === 'head' ? { file: c.file } : {}),
          pointer: c.pointer,
          breaking: severity === 'breaking',
          anchor: object.anchor,
        });
      if (object.entries.length >= CHANGES_PER_OBJECT) {
        object.notShown++;
        continue;
      }
      object.entries.push({
        rule: c.rule,
        message: quoted(c.message, CHANGE_TEXT_LIMITS.message),
        direction: c.direction,
        ...(c.breaks ? { breaks: c.breaks } : {}),
        pointer: named(c.pointer),
        file: named(c.file),
        line: c.line,
        side: c.side,
        ...(c.texts ? { texts: boundedTexts(c.texts) } : {}),
      });
      shown++;
    }
    groups.push(group);
  }
  return {
    against: named(against),
    ...(versions ? { versions: { base: named(versions.base), head: named(versions.head) } } : {}),
    counts,
    groups,
    badges: [...badges.values()],
    ...(places.length > 0 ? { places } : {}),
  };
}

/** One more change of a badged page: listed while fewer than PAGE_CHANGES are, else counted. */
function addPageItem(badge: ChangeBadgeData, message: string, breaking: boolean): void {
  const items = (badge.items ??= []);
  if (items.length < PAGE_CHANGES) items.push({ message: quoted(message, BADGE_SUMMARY), breaking });
  else badge.more = (badge.more ?? 0) + 1;
}

/** What a change's direction means for the reader, in words. */
export function directionWords(direction: string | null): string | undefined {
  switch (direction) {
    case null:
      return undefined;
    case 'send':
      return 'a message this API sends: its receivers read it';
    case 'receive':
      return 'a message this API receives: its senders write it';
    case 'both':
      return 'a message this API sends and receives';
    case 'unused':
      return 'a message no operation uses';
    default:
      return `the message declares x-compatibility ${direction}`;
  }
}

interface BadgeIndex {
  byUrl: Map<string, ChangeBadgeData>;
  /** `api|file#pointer` (`api|#pointer` for removals) of every object a change lies in: its first change there, breaking if any is. */
  byPlace: Map<string, { breaking: boolean; anchor: string }>;
}

const badgeIndex = new WeakMap<SiteChanges, BadgeIndex>();

/** The site's badges by page and by place, indexed once per site. */
function indexOf(changes: SiteChanges): BadgeIndex {
  let index = badgeIndex.get(changes);
  if (index) return index;
  const byPlace = new Map<string, { breaking: boolean; anchor: string }>();
  for (const place of changes.places ?? []) {
    // Every object the change lies in, from the change itself up to the document's root.
    for (let pointer = place.pointer; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
      const key = `${place.api}|${place.file ?? ''}#${pointer}`;
      const known = byPlace.get(key);
      if (known) known.breaking ||= place.breaking;
      else byPlace.set(key, { breaking: place.breaking, anchor: place.anchor });
      if (pointer === '') break;
    }
  }
  index = { byUrl: new Map(changes.badges.map((b) => [b.url, b])), byPlace };
  badgeIndex.set(changes, index);
  return index;
}

/** The badge of the page at `url` (relative to the site root), if `diff` names it changed. */
export function changeBadgeOf(changes: SiteChanges | undefined, url: string): ChangeBadgeData | undefined {
  return changes ? indexOf(changes).byUrl.get(url) : undefined;
}

/**
 * The badge of a page of the API at `prefix` (its overview, relative to the site root): its own
 * changes as `diff` names them; on a component's page (a schema, a message, …) also the changes
 * written inside it, which `diff` reports on the messages that use it; on an operation's page,
 * the changes of the messages it sends or receives (Bump.sh flags each changed operation). The
 * badge links to the page's first entry on the Changes page, or its message's.
 */
export function pageChangeBadge(changes: SiteChanges | undefined, prefix: string, page: Page): ChangeBadgeData | undefined {
  if (!changes) return undefined;
  const index = indexOf(changes);
  const url = prefix + page.url;
  const own = index.byUrl.get(url);
  if (page.kind.startsWith('component:')) {
    const inside = index.byPlace.get(`${prefix}|${page.source.file}#${page.source.pointer}`) ?? index.byPlace.get(`${prefix}|#${page.source.pointer}`);
    if (inside) return { url, breaking: inside.breaking || own?.breaking === true, anchor: own?.anchor ?? inside.anchor };
    return own;
  }
  if (page.kind !== 'operation') return own;
  const messages = page.sections.flatMap((s) => (s.type === 'messages' ? [...s.messages.map((m) => m.link.url), ...s.others.map((o) => o.url)] : []));
  const changed = messages.flatMap((m) => index.byUrl.get(prefix + m) ?? []);
  if (changed.length === 0) return own;
  const breaking = changed.some((b) => b.breaking) || own?.breaking === true;
  const first = changed[0]!;
  return own
    ? { ...own, breaking }
    : {
        url,
        breaking,
        anchor: first.anchor,
        via: 'message',
        ...(first.summary !== undefined ? { summary: first.summary } : {}),
        ...(first.items ? { items: first.items, viaUrl: first.url } : {}),
        ...(first.more ? { more: first.more } : {}),
      };
}

/** What withApiTitles reads of a site: each API's prefix and title, and its pages' URLs and titles. */
export interface SiteTitles {
  apis: readonly { prefix: string; title: string; pages?: readonly { url: string; title: string }[] }[];
}

/** A site's titles as withApiTitles reads them, for a comparison shown outside its build (a version's page against the newest). */
export function siteTitles(apis: SiteTitles['apis']): SiteTitles {
  return { apis: apis.map((a) => ({ prefix: a.prefix, title: a.title, pages: (a.pages ?? []).map((p) => ({ url: p.url, title: p.title })) })) };
}

/**
 * Whether a comparison's changes are grouped by API, each under its title (a portal): when the
 * site its objects link into has other than one API. The Changes page and a version's page
 * against the newest decide it alike.
 */
export const groupsByApi = (site: SiteTitles): boolean => site.apis.length !== 1;

/**
 * The changes with each API's title beside its overview's url, and each object's title beside its
 * page's (the site's APIs are known once the site data is built): the page names "Order placed",
 * not "orders/orderPlaced".
 */
export function withApiTitles(changes: SiteChanges, apis: SiteTitles['apis']): SiteChanges {
  const titles = new Map(apis.map((a) => [a.prefix, a.title]));
  const pageTitles = new Map(apis.flatMap((a) => (a.pages ?? []).map((p) => [a.prefix + p.url, p.title] as const)));
  const titledObject = (object: ChangeObjectGroup): ChangeObjectGroup => {
    const title = object.url === undefined ? undefined : pageTitles.get(object.url);
    // Shown as the page shows diff's names: escaped (a title holding an override does not reorder the line) and bounded.
    return title === undefined ? object : { ...object, title: named(title) };
  };
  const titled = (api: ChangeSeverityGroup['apis'][number]): ChangeSeverityGroup['apis'][number] => {
    const title = api.url === undefined ? undefined : titles.get(api.url);
    const objects = api.objects.map(titledObject);
    return title === undefined ? { ...api, objects } : { ...api, title, objects };
  };
  return { ...changes, groups: changes.groups.map((g) => ({ ...g, apis: g.apis.map(titled) })) };
}
