/**
 * The reference in Starlight's sidebar: a group per API where the user puts the placeholder
 * (`apidescSidebar` in the `sidebar` of Starlight's configuration). Like the standalone site's
 * sidebar (src/layouts/Layout.astro), a section lists its pages only on the pages of that section
 * and only when it is short; elsewhere it is one link to the section's list, so that no page of
 * the host grows with the documents.
 */
import { listedTitle } from '../../lib/model/api-titles.ts';
import { pagesOfSection, SECTIONS, sectionOf, sidebarGroups, type Section } from '../../site/site-data.ts';
import type { Page } from '../../lib/model/page-types.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { referenceHref, referenceRoot } from '../host/reference-routes.ts';
import type { HostReference } from '../host/reference-store.ts';
import type { SidebarEntry, SidebarGroup, SidebarLink } from './starlight-shapes.ts';

/** The label that marks the placeholder: a text no user writes as a group's label. */
export const PLACEHOLDER_LABEL = 'apidesc-docs:reference';

/** What the user puts into Starlight's `sidebar`, where the reference's groups go. */
export const apidescSidebar = [{ label: PLACEHOLDER_LABEL, items: [] }];

/** Past this many pages a section is one link to its list, as in the standalone site. */
const MAX_SECTION_ITEMS = 60;

/** Whether Starlight's `sidebar` configuration holds the placeholder (at any depth). */
export function hasPlaceholder(items: unknown): boolean {
  if (!Array.isArray(items)) return false;
  return items.some((item: unknown) => {
    if (item === null || typeof item !== 'object') return false;
    const { label, items: children } = item as { label?: unknown; items?: unknown };
    return label === PLACEHOLDER_LABEL || hasPlaceholder(children);
  });
}

/** `sidebar` with the placeholder group replaced by the groups of every reference, for the page at `pathname`. */
export function withReferenceGroups(
  sidebar: SidebarEntry[],
  references: Pick<HostReference, 'site' | 'base' | 'locales'>[],
  hostBase: string,
  pathname: string,
): SidebarEntry[] {
  const current = pathname.replace(/\/?$/, '/');
  return sidebar.flatMap((entry): SidebarEntry[] => {
    if (entry.type !== 'group') return [entry];
    if (entry.label === PLACEHOLDER_LABEL) return references.flatMap((r) => referenceGroups(r, hostBase, current));
    return [{ ...entry, entries: withReferenceGroups(entry.entries, references, hostBase, pathname) }];
  });
}

function link(label: string, href: string, current: string, badge?: string): SidebarLink {
  return { type: 'link', label, href, isCurrent: href === current, badge: badge === undefined ? undefined : { text: badge, variant: 'default' }, attrs: {} };
}

function group(label: string, entries: SidebarEntry[], collapsed: boolean): SidebarGroup {
  return { type: 'group', label, entries, collapsed, badge: undefined };
}

/** A group per API of `reference` (its title; "Overview" and its sections inside), linking to its pages in the locale of the page at `current`. */
function referenceGroups(reference: Pick<HostReference, 'site' | 'base' | 'locales'>, hostBase: string, current: string): SidebarEntry[] {
  const root = referenceRoot(hostBase, reference, localeOf(reference, hostBase, current));
  return reference.site.apis.map((api) => {
    const href = referenceHref(root, api);
    const inApi = current.startsWith(href(''));
    const page = inApi ? pagesByUrl(api).get(current.slice(href('').length)) : undefined;
    const sections = SECTIONS.flatMap((section) => sectionEntry(api, section, href, current, page ? sectionOf(page.kind) : sectionOnPath(api, href, current)));
    return group(listedTitle(api), [link('Overview', href(''), current), ...sections], !inApi && reference.site.apis.length > 1);
  });
}

/** The folder of the locale of the page at `current` among the reference's ('' for the root locale). */
function localeOf(reference: Pick<HostReference, 'locales'>, hostBase: string, current: string): string {
  const below = current.slice(hostBase.replace(/\/?$/, '/').length);
  return reference.locales.find((locale) => locale !== '' && below.startsWith(`${locale}/`)) ?? '';
}

const urlIndex = new WeakMap<SiteApi, Map<string, Page>>();

/** The pages of `api` by their URL (relative to the API), made once: every page of the host looks its own up. */
function pagesByUrl(api: SiteApi): Map<string, Page> {
  let index = urlIndex.get(api);
  if (!index) urlIndex.set(api, (index = new Map(api.pages.map((p) => [p.url, p]))));
  return index;
}

/** The section whose list is the page at `current` (its first page or a later one). */
function sectionOnPath(api: SiteApi, href: (url: string) => string, current: string): Section | undefined {
  return SECTIONS.find((s) => current.startsWith(href(s.folder)) && pagesOfSection(api, s).length > 0);
}

function sectionEntry(api: SiteApi, section: Section, href: (url: string) => string, current: string, open: Section | undefined): SidebarEntry[] {
  const pages = pagesOfSection(api, section);
  if (pages.length === 0) return [];
  if (section !== open || pages.length > MAX_SECTION_ITEMS) return [link(section.title, href(section.folder), current, String(pages.length))];
  const entries: SidebarEntry[] = [link(`All ${section.title.toLowerCase()}`, href(section.folder), current)];
  for (const g of sidebarGroups(pages, section, undefined)) {
    const links = g.pages.map((p) => link(p.title, href(p.url), current));
    if (g.tag) entries.push(group(g.tag, links, false));
    else entries.push(...links);
  }
  return [group(section.title, entries, false)];
}
