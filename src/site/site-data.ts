/**
 * What the pages compute from the site data (src/site/site-source.ts hands it to them): links,
 * sections, the lists split into pages, the sidebar's groups. Pages never parse, resolve or
 * validate documents themselves.
 */
import { kindsOfSection, PAGE_SECTIONS, pageKindOf } from '../lib/model/page-kinds.ts';
import type { Page } from '../lib/model/page-types.ts';
import type { Link } from '../lib/model/types.ts';
import type { SiteApi, SiteSettings } from './site-data-types.ts';
import { byEnglishTitle } from '../lib/text-order.ts';
import { kindPlural } from './kind-labels.ts';
import { type FamilyRow, nameFamilies } from './name-families.ts';

/** Site-relative URL of a page of `api` (Astro's base is added by the caller). */
export function pageHref(base: string, api: SiteApi, url: string): string {
  return `${base.replace(/\/?$/, '/')}${api.prefix}${url}`;
}

/** The sidebar's sections and the kinds of page each lists, from the table of page kinds (page-kinds.ts). */
export const SECTIONS: { title: string; kinds: string[]; folder: string }[] = PAGE_SECTIONS.map(({ title, folder }) => ({
  title,
  kinds: kindsOfSection(title),
  folder,
}));

export type Section = (typeof SECTIONS)[number];

const SCHEMAS = SECTIONS.find((s) => s.title === 'Schemas')!;
const OTHER_COMPONENTS = SECTIONS.find((s) => s.title === 'Components')!;

export function sectionOf(kind: string): Section {
  return SECTIONS.find((s) => s.kinds.includes(kind)) ?? SECTIONS[SECTIONS.length - 1]!;
}

const sectionIndex = new WeakMap<SiteApi, Map<Section, Page[]>>();

/**
 * The pages of each section, computed once per API: every page's sidebar shows the counts, and
 * filtering all pages for every page made rendering quadratic in the size of the document.
 */
export function pagesOfSection(api: SiteApi, section: Section): Page[] {
  let index = sectionIndex.get(api);
  if (!index) {
    index = new Map(SECTIONS.map((s) => [s, []]));
    for (const page of api.pages) index.get(sectionOf(page.kind))!.push(page);
    // Schemas are looked up by name (a document lists them in no order a reader follows); the
    // other sections keep the document's order, which its authors chose.
    // Schemas of a simple value (springwolf's `java.lang.Integer`) after those with fields, which are what a reader looks for.
    index
      .get(SCHEMAS)!
      .sort(
        (a, b) => Number(a.simpleType !== undefined) - Number(b.simpleType !== undefined) || byEnglishTitle(a.title, b.title) || byEnglishTitle(a.id, b.id),
      );
    sectionIndex.set(api, index);
  }
  return index.get(section)!;
}

/**
 * Long lists are split into pages of this many entries, so no page grows with the document (a
 * list of 5,000 channels would be about 2 MB of HTML).
 */
export const LIST_PAGE_SIZE = 200;
/** Servers, channels and operations listed on the overview; the rest are on the section pages. */
export const OVERVIEW_SHOWN = 50;
/** Entries of a "Used by" list shown on the object's own page; the rest are on its used-by pages. */
export const USED_BY_SHOWN = 50;
/** Entries of a list section marked `paged` (a server's channels) shown on the page; all are on `all-<anchor>/`. */
export const LINKS_SHOWN = 50;

/** A list of links of one page too long to show whole: the page shows its start, these pages all of it. */
export interface PagedList {
  /** URL of the list's first page, relative to the API. */
  folder: string;
  heading: string;
  /** The h1 of the list's pages. */
  title: string;
  /** Text before the object's id in the line under the title. */
  intro: string;
  links: Link[];
}

/** The long lists of a page: what uses it, and (servers only) its list sections marked `paged`. */
export function pagedLists(page: Page): PagedList[] {
  const lists: PagedList[] = [];
  if (page.usedBy.length > USED_BY_SHOWN)
    lists.push({
      folder: `${page.url}used-by/`,
      heading: 'Used by',
      title: `What uses ${page.title}`,
      intro: `${page.usedBy.length} objects reference`,
      links: page.usedBy,
    });
  // Only servers have paged sections: reading the sections of other pages would build every page
  // in `dev`, and wait for every page's content in a build.
  if (!contentShapesRoutes(page)) return lists;
  for (const s of page.sections) {
    if (s.type === 'links' && s.paged && s.links.length > LINKS_SHOWN)
      lists.push({
        folder: `${page.url}all-${s.anchor}/`,
        heading: s.heading,
        title: `${s.heading}: ${page.title}`,
        intro: `${s.links.length} in all, on`,
        links: s.links,
      });
  }
  return lists;
}

/**
 * Whether the routes of a page depend on its content (a server's paged lists): such a page
 * comes whole with the summaries (site-stream.ts), as the routes are listed from them.
 */
export function contentShapesRoutes(page: Page): boolean {
  return pageKindOf(page.kind)?.map === 'servers';
}

/**
 * URL of page `n` (1-based) of a list whose first page is `folder`. Entity URLs never hold a
 * `page/` folder below an entity's own (only `messages/`), so these cannot collide with them.
 */
export function listPageUrl(folder: string, n: number): string {
  return n <= 1 ? folder : `${folder}page/${n}/`;
}

export function pageCount(total: number, size = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Entries `n` (1-based page number) of a list split into pages of `size`. */
export function pageSlice<T>(items: T[], n: number, size = LIST_PAGE_SIZE): T[] {
  return items.slice((n - 1) * size, n * size);
}

/** A section's list: grouped by protocol when long and mixed (a filter that needs no JavaScript). */
export interface SectionListing {
  entries: { group?: string; page: Page }[];
  /** Each protocol group with its size and the list page it starts on. */
  groups: { name: string; count: number; firstPage: number }[];
}

const listingCache = new WeakMap<SiteApi, Map<Section, SectionListing>>();

export function sectionListing(api: SiteApi, section: Section): SectionListing {
  let cache = listingCache.get(api);
  if (!cache) listingCache.set(api, (cache = new Map()));
  const cached = cache.get(section);
  if (cached) return cached;
  const pages = pagesOfSection(api, section);
  const byProtocol = new Map<string, Page[]>();
  for (const page of pages) {
    for (const protocol of page.protocols.length > 0 ? page.protocols : ['(none)']) {
      const list = byProtocol.get(protocol);
      if (list) list.push(page);
      else byProtocol.set(protocol, [page]);
    }
  }
  let listing: SectionListing;
  if (pages.length > 30 && byProtocol.size > 1) {
    const entries: SectionListing['entries'] = [];
    const groups: SectionListing['groups'] = [];
    for (const [name, list] of [...byProtocol].sort(([a], [b]) => byEnglishTitle(a, b))) {
      groups.push({ name, count: list.length, firstPage: Math.floor(entries.length / LIST_PAGE_SIZE) + 1 });
      for (const page of list) entries.push({ group: name, page });
    }
    listing = { entries, groups };
  } else {
    // Simple types under their own heading, after the schemas with fields (pagesOfSection's order).
    const apart = pages.some((p) => p.simpleType === undefined);
    listing = { entries: pages.map((page) => (apart && page.simpleType !== undefined ? { group: SIMPLE_TYPES, page } : { page })), groups: [] };
  }
  cache.set(section, listing);
  return listing;
}

/**
 * The sidebar's groups of a section's pages: by first tag (operations only, unless the
 * configuration says `tag` for all sections), by channel (operations and channel messages), or none.
 */
export function sidebarGroups(pages: Page[], section: Section, grouping: SiteSettings['sidebar']): { tag?: string; pages: Page[]; part?: true }[] {
  // Components are of many kinds, and two of them may share a name (a parameter and a server
  // variable "region"): always under their kind.
  if (section === OTHER_COMPONENTS) return groupByKind(pages);
  if (section === SCHEMAS) return groupSimpleTypes(groupByTag(pages, grouping === 'tag'));
  if (grouping === 'channel' && (section.title === 'Operations' || section.title === 'Messages')) return groupByChannel(pages);
  return groupByTag(pages, grouping === 'tag' || (grouping === undefined && section.title === 'Operations'));
}

/** A sidebar group as listed: its label, and its names gathered under their shared heads (name-families.ts). */
export interface SidebarGroup {
  tag?: string;
  rows: FamilyRow<Page>[];
  /** Of the parts other objects are made of (PARTS_FOLD_TITLE): listed in the sidebar's one fold of them. */
  part?: true;
}

const sidebarCache = new WeakMap<SiteApi, Map<string, SidebarGroup[]>>();

/**
 * The sidebar of a section of `api`, computed once per API and grouping: every page of the section
 * shows the same list, and gathering names into families costs names × heads each time.
 */
export function sidebarListing(api: SiteApi, section: Section, grouping: SiteSettings['sidebar']): SidebarGroup[] {
  let cache = sidebarCache.get(api);
  if (!cache) sidebarCache.set(api, (cache = new Map()));
  const key = `${section.title}\n${grouping ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const listing = sidebarGroups(pagesOfSection(api, section), section, grouping).map((g) => ({
    ...(g.tag !== undefined ? { tag: g.tag } : {}),
    rows: nameFamilies(g.pages, (p) => p.title),
    ...(g.part ? { part: g.part } : {}),
  }));
  cache.set(key, listing);
  return listing;
}

/** A sidebar group's pages, in its order. */
export function groupPages(group: SidebarGroup): Page[] {
  return group.rows.flatMap((row) => ('entry' in row ? [row.entry.item] : row.entries.map((e) => e.item)));
}

/** Whether the page at `url` is listed in the group (its fold opens on its pages). */
export function groupHolds(group: SidebarGroup, url: string | undefined): boolean {
  return url !== undefined && groupPages(group).some((p) => p.url === url);
}

/** The heading of the schemas of a simple value (a string, an integer), listed after the others. */
export const SIMPLE_TYPES = 'Simple types';

/**
 * Schemas of a simple value out of their groups, into one of their own after them: springwolf
 * names such schemas `integer` and `string`, which read as odd classes among its DTOs. A list of
 * simple types alone stays as it is.
 */
function groupSimpleTypes(groups: { tag?: string; pages: Page[] }[]): { tag?: string; pages: Page[] }[] {
  const simple = groups.flatMap((g) => g.pages.filter((p) => p.simpleType !== undefined));
  if (simple.length === 0 || groups.every((g) => g.pages.every((p) => p.simpleType !== undefined))) return groups;
  const rest = groups.map((g) => ({ ...g, pages: g.pages.filter((p) => p.simpleType === undefined) })).filter((g) => g.pages.length > 0);
  simple.sort((a, b) => byEnglishTitle(a.title, b.title) || byEnglishTitle(a.id, b.id));
  return [...rest, { tag: SIMPLE_TYPES, pages: simple }];
}

/**
 * The Components maps whose objects a reader looks for by themselves: servers, channels,
 * operations, messages, schemas and security schemes. The others (server variables, channel
 * parameters, correlation ids, replies, traits, bindings, tags) are parts those are made of,
 * shown on the pages that use them: the sidebar folds them under one plain "More" (PARTS_FOLD_TITLE),
 * each kind under its own name in it: every umbrella name tried ("Other components", "Reusable
 * parts", "Shared definitions") read to readers as a word of this tool's.
 */
const READER_MAPS: ReadonlySet<string> = new Set(['servers', 'channels', 'operations', 'messages', 'schemas', 'securitySchemes']);

/** The sidebar's fold of the components that are parts of others. */
export const PARTS_FOLD_TITLE = 'More';

/** Pages under their kind in words ("Channel parameters", "Security schemes"), kinds in the order they first come; the parts' kinds after the others. */
function groupByKind(pages: Page[]): { tag?: string; pages: Page[]; part?: true }[] {
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const kind = kindPlural(page.kind);
    const list = groups.get(kind);
    if (list) list.push(page);
    else groups.set(kind, [page]);
  }
  const listed = [...groups].map(([tag, list]) => {
    const map = pageKindOf(list[0]!.kind)?.map;
    return map !== undefined && READER_MAPS.has(map) ? { tag, pages: list } : { tag, pages: list, part: true as const };
  });
  return [...listed.filter((g) => !g.part), ...listed.filter((g) => g.part)];
}

/** Operations under the channel they use, channel messages under their channel; the rest last. */
function groupByChannel(pages: Page[]): { tag?: string; pages: Page[] }[] {
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const fromPointer = /^\/channels\/([^/]+)\/messages\//.exec(page.pointer)?.[1];
    const channel = page.channel ?? (fromPointer !== undefined ? fromPointer.replace(/~1/g, '/').replace(/~0/g, '~') : '');
    const list = groups.get(channel);
    if (list) list.push(page);
    else groups.set(channel, [page]);
  }
  if (groups.size === 1 && groups.has('')) return pages.length > 0 ? [{ pages }] : [];
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : byEnglishTitle(a, b)))
    .map(([channel, list]) => ({ tag: channel === '' ? 'Other' : channel, pages: list }));
}

/** Pages grouped by their first tag when any has tags (untagged ones last); otherwise one group. */
export function groupByTag(pages: Page[], byTag: boolean): { tag?: string; pages: Page[] }[] {
  if (!byTag || !pages.some((p) => p.tags.length > 0)) return pages.length > 0 ? [{ pages }] : [];
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const tag = page.tags[0] ?? '';
    const list = groups.get(tag);
    if (list) list.push(page);
    else groups.set(tag, [page]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : byEnglishTitle(a, b)))
    .map(([tag, list]) => ({ ...(tag ? { tag } : { tag: 'Other' }), pages: list }));
}
