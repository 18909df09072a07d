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
import type { ChangeBadgeData, ChangeObjectGroup, ChangeSeverityGroup, SiteChanges } from './site-data-types.ts';

export const CHANGES_PER_OBJECT = 10;
export const CHANGES_PER_SEVERITY = 100;
/**
 * Characters of one change's message, and of a name (an object, a pointer, a file) on the page and
 * in its twin: a message that quotes 20,000 enum values would make one entry hundreds of kilobytes.
 */
const CHANGE_TEXT_LIMITS = { message: 2000, name: 500 } as const;

const WHOLE = '`apidesc-docs diff --format json` has it whole';
/** Text as the page shows it: escaped (as diff shows it) and bounded. */
const quoted = (text: string, max: number): string => escapeControls(boundedText(text, max, WHOLE));
const named = (text: string): string => quoted(text, CHANGE_TEXT_LIMITS.name);

export function changesView(report: DiffReport, against: string): SiteChanges {
  const counts = { breaking: 0, 'non-breaking': 0, info: 0 };
  for (const c of report.changes) counts[c.severity]++;
  const groups: ChangeSeverityGroup[] = [];
  const badges = new Map<string, ChangeBadgeData>();
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
      if (known) known.breaking ||= severity === 'breaking';
      if (shown >= CHANGES_PER_SEVERITY) {
        group.notShown++;
        if (c.url !== undefined && !known) badges.set(c.url, { url: c.url, breaking: severity === 'breaking', anchor: `changes-${severity}` });
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
      if (c.url !== undefined && !known) badges.set(c.url, { url: c.url, breaking: severity === 'breaking', anchor: object.anchor });
      if (object.entries.length >= CHANGES_PER_OBJECT) {
        object.notShown++;
        continue;
      }
      object.entries.push({
        rule: c.rule,
        message: quoted(c.message, CHANGE_TEXT_LIMITS.message),
        direction: c.direction,
        pointer: named(c.pointer),
        file: named(c.file),
        line: c.line,
        side: c.side,
      });
      shown++;
    }
    groups.push(group);
  }
  return { against: named(against), counts, groups, badges: [...badges.values()] };
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

const badgeIndex = new WeakMap<SiteChanges, Map<string, ChangeBadgeData>>();

/** The badge of the page at `url` (relative to the site root), if it changed; indexed once per site. */
export function changeBadgeOf(changes: SiteChanges | undefined, url: string): ChangeBadgeData | undefined {
  if (!changes) return undefined;
  let index = badgeIndex.get(changes);
  if (!index) {
    index = new Map(changes.badges.map((b) => [b.url, b]));
    badgeIndex.set(changes, index);
  }
  return index.get(url);
}

/** The changes with each API's title beside its overview's url (the site's APIs are known once the site data is built). */
export function withApiTitles(changes: SiteChanges, apis: readonly { prefix: string; title: string }[]): SiteChanges {
  const titles = new Map(apis.map((a) => [a.prefix, a.title]));
  const titled = (api: ChangeSeverityGroup['apis'][number]): ChangeSeverityGroup['apis'][number] => {
    const title = api.url === undefined ? undefined : titles.get(api.url);
    return title === undefined ? api : { ...api, title };
  };
  return { ...changes, groups: changes.groups.map((g) => ({ ...g, apis: g.apis.map(titled) })) };
}
