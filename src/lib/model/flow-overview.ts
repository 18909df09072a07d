/**
 * The API's overview diagram (issue 22): the application, the servers it connects to, and each
 * operation as an arrow's stop between the application and its channel, in the direction messages
 * travel, message names on the arrows. Drawn from the pages' summaries (what the overview has).
 * A large API gets a summary instead, its operations grouped by tag (or protocol) with counts, so
 * that the overview of a 1,000-channel API stays as light as any page.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import { messagesLabel } from './flow-messages.ts';
import { slugsFor } from './slugs.ts';
import type { Page } from './page-types.ts';
import { protocolWords } from './protocol-names.ts';

/** Boxes drawn one by one up to this many; above it, the summary. */
export const MAX_OVERVIEW_BOXES = 40;
/**
 * Boxes shown one by one at once up to this many; up to MAX_OVERVIEW_BOXES the overview shows
 * the summary first and the whole drawing on demand (a 15-operation API drawn whole is a hub
 * 1,000 px tall before the reader has seen what the API is).
 */
export const SHOWN_OVERVIEW_BOXES = 20;
/** Groups of the summary drawn; the rest are counted in one box. */
const MAX_GROUPS = 12;

/** `n thing`, or `n things`. */
const count = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;

const actionOf = (page: Page): 'send' | 'receive' | undefined =>
  page.badges.includes('send') ? 'send' : page.badges.includes('receive') ? 'receive' : undefined;

export function overviewDiagram(title: string, pages: readonly Page[]): Diagram | undefined {
  const servers = pages.filter((p) => p.kind === 'server');
  const channels = pages.filter((p) => p.kind === 'channel');
  const operations = pages.filter((p) => p.kind === 'operation' && actionOf(p) !== undefined);
  if (operations.length === 0 && servers.length === 0) return undefined;
  return 1 + servers.length + channels.length + operations.length <= MAX_OVERVIEW_BOXES
    ? whole(title, servers, channels, operations)
    : summary(title, servers, channels, operations);
}

/**
 * The overview's pictures: what it shows at once, and the whole drawing a reader can open when
 * that is a summary of an API small enough to draw whole.
 */
export function overviewDiagrams(title: string, pages: readonly Page[]): { shown: Diagram; whole?: Diagram } | undefined {
  const servers = pages.filter((p) => p.kind === 'server');
  const channels = pages.filter((p) => p.kind === 'channel');
  const operations = pages.filter((p) => p.kind === 'operation' && actionOf(p) !== undefined);
  if (operations.length === 0 && servers.length === 0) return undefined;
  const boxes = 1 + servers.length + channels.length + operations.length;
  if (boxes <= SHOWN_OVERVIEW_BOXES) return { shown: whole(title, servers, channels, operations) };
  if (boxes > MAX_OVERVIEW_BOXES) return { shown: summary(title, servers, channels, operations) };
  return { shown: summary(title, servers, channels, operations, true), whole: whole(title, servers, channels, operations) };
}

function whole(title: string, servers: Page[], channels: Page[], operations: Page[]): Diagram {
  const nodes: DiagramNode[] = [{ id: 'app', kind: 'app', caption: 'this application', label: title, url: '' }];
  const edges: DiagramEdge[] = [];
  for (const s of servers) {
    nodes.push({ id: `server-${s.url}`, kind: 'server', caption: `server · ${protocolWords(s.badges[0] ?? '')}`.trim(), label: s.title, url: s.url });
    edges.push({ from: `server-${s.url}`, to: 'app', relation: true });
  }
  const channelById = new Map(channels.map((c) => [c.id, c]));
  const drawn = new Set<string>();
  for (const op of operations) {
    const channel = op.channel !== undefined ? channelById.get(op.channel) : undefined;
    const action = actionOf(op)!;
    nodes.push({ id: `op-${op.url}`, kind: action, caption: `${action} operation`, label: op.title, url: op.url });
    const label = messagesLabel(op.messages ?? []);
    const withLabel = label ? { label } : {};
    if (channel && !drawn.has(channel.url)) {
      drawn.add(channel.url);
      nodes.push({ id: `channel-${channel.url}`, kind: 'channel', caption: 'channel', label: channel.title, url: channel.url });
    }
    // Laid out as a tree (application, operations, channels), the arrows of what the application
    // receives pointing back up it: no loop from a channel round to the application.
    const reverse = action === 'receive';
    edges.push({ from: 'app', to: `op-${op.url}`, ...(reverse ? { reverse } : {}) });
    if (channel) edges.push({ from: `op-${op.url}`, to: `channel-${channel.url}`, ...withLabel, ...(reverse ? { reverse } : {}) });
    // The reply's way back, on its own channel: received by the application that sent the request, sent by the one that received it.
    const replyChannel = op.replyChannel !== undefined ? channelById.get(op.replyChannel) : undefined;
    if (replyChannel && replyChannel !== channel) {
      if (!drawn.has(replyChannel.url)) {
        drawn.add(replyChannel.url);
        nodes.push({ id: `channel-${replyChannel.url}`, kind: 'channel', caption: 'channel', label: replyChannel.title, url: replyChannel.url });
      }
      edges.push({ from: `op-${op.url}`, to: `channel-${replyChannel.url}`, label: 'reply', ...(reverse ? {} : { reverse: true }) });
    }
  }
  const sends = operations.filter((o) => actionOf(o) === 'send').length;
  return {
    title: `Message flow of ${title}`,
    description:
      `${title} sends through ${sends} operation${sends === 1 ? '' : 's'} and receives through ${operations.length - sends}, on ${drawn.size} channel${drawn.size === 1 ? '' : 's'}` +
      `${servers.length > 0 ? `, connecting to ${servers.map((s) => s.title).join(', ')}` : ''}. The lists of servers, channels and operations below say the same in text.`,
    nodes,
    edges,
  };
}

interface Group {
  name: string;
  send: number;
  receive: number;
  channels: Set<string>;
}

/** A group of the summary with a diagram page of its own (`flows/<slug>/`). */
export interface OperationGroup {
  name: string;
  /** What groups them: their first tag, or their protocol. */
  by: 'tag' | 'protocol';
  slug: string;
  operations: Page[];
}

/**
 * The groups of a large API's summary, each drawn on a page of its own; undefined when the
 * overview draws every operation.
 */
export function operationGroups(pages: readonly Page[]): OperationGroup[] | undefined {
  const servers = pages.filter((p) => p.kind === 'server');
  const channels = pages.filter((p) => p.kind === 'channel');
  const operations = pages.filter((p) => p.kind === 'operation' && actionOf(p) !== undefined);
  if (operations.length === 0 || 1 + servers.length + channels.length + operations.length <= MAX_OVERVIEW_BOXES) return undefined;
  const byTag = operations.some((o) => o.tags.length > 0);
  const groups = new Map<string, Page[]>();
  for (const op of operations) {
    const name = (byTag ? op.tags[0] : op.protocols[0]) ?? (byTag ? 'untagged' : 'no protocol');
    const list = groups.get(name);
    if (list) list.push(op);
    else groups.set(name, [op]);
  }
  const slugs = slugsFor(groups.keys());
  return [...groups]
    .sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, ops]) => ({ name, by: byTag ? 'tag' : 'protocol', slug: slugs.get(name)!, operations: ops }));
}

/** The URL of a group's diagram page, relative to the API. */
export const groupUrl = (group: { slug: string }): string => `flows/${group.slug}/`;

/**
 * One group's diagram: its operations and their channels, one by one, as the overview of a small
 * API draws them; past MAX_OVERVIEW_BOXES, the rest counted in one box that leads to the list.
 */
export function groupDiagram(title: string, group: OperationGroup, pages: readonly Page[]): Diagram {
  const channelById = new Map(pages.filter((p) => p.kind === 'channel').map((c) => [c.id, c]));
  const shown: Page[] = [];
  const channels = new Set<string>();
  for (const op of group.operations) {
    const extra = op.channel !== undefined && channelById.has(op.channel) && !channels.has(op.channel) ? 1 : 0;
    if (1 + shown.length + channels.size + 1 + extra > MAX_OVERVIEW_BOXES - 1) break;
    shown.push(op);
    if (extra) channels.add(op.channel!);
  }
  const drawn = whole(
    title,
    [],
    [...channels].map((id) => channelById.get(id)!),
    shown,
  );
  const left = group.operations.length - shown.length;
  if (left > 0) {
    drawn.nodes.push({ id: 'more', kind: 'group', caption: 'operations', label: `${left} more`, url: `${groupUrl(group)}#h-operations` });
    drawn.edges.push({ from: 'app', to: 'more' });
  }
  return {
    ...drawn,
    title: `Message flow of ${title}: operations with ${group.by} ${group.name}`,
    description: `The ${group.operations.length} operations with ${group.by} ${group.name}${left > 0 ? `, the first ${shown.length} drawn` : ''}, each between the application and its channel in the direction messages travel. The list of operations below says the same in text.`,
  };
}

/**
 * Operations by their first tag, or by protocol when none has a tag: how many send and receive,
 * on how many channels. `inPage`: the whole drawing is on the overview (an API of at most
 * MAX_OVERVIEW_BOXES boxes, with no group pages): groups link to the list of operations, and an
 * API of one protocol and no tags is grouped by what its operations do (send, receive).
 */
function summary(title: string, servers: Page[], channels: Page[], operations: Page[], inPage = false): Diagram {
  const byTag = operations.some((o) => o.tags.length > 0);
  const byAction = inPage && !byTag && new Set(operations.map((o) => o.protocols[0])).size <= 1;
  const groups = new Map<string, Group>();
  for (const op of operations) {
    const name = byAction
      ? actionOf(op) === 'send'
        ? 'sending'
        : 'receiving'
      : ((byTag ? op.tags[0] : op.protocols[0]) ?? (byTag ? 'untagged' : 'no protocol'));
    const group = groups.get(name) ?? { name, send: 0, receive: 0, channels: new Set<string>() };
    group[actionOf(op)!]++;
    if (op.channel !== undefined) group.channels.add(op.channel);
    groups.set(name, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.send + b.receive - (a.send + a.receive) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const nodes: DiagramNode[] = [
    {
      id: 'app',
      kind: 'app',
      caption: 'this application',
      label: title,
      lines: [`${count(servers.length, 'server')} · ${count(channels.length, 'channel')}`, count(operations.length, 'operation')],
      url: '',
    },
  ];
  const edges: DiagramEdge[] = [];
  const kind = byAction ? 'action' : byTag ? 'tag' : 'protocol';
  const slugs = slugsFor(groups.keys());
  const add = (id: string, caption: string, label: string, g: Omit<Group, 'name'>, url: string): void => {
    nodes.push({ id, kind: 'group', caption, label, lines: [`${count(g.send + g.receive, 'operation')} · ${count(g.channels.size, 'channel')}`], url });
    if (g.receive > 0) edges.push({ from: id, to: 'app', label: `${g.receive} received` });
    if (g.send > 0) edges.push({ from: 'app', to: id, label: `${g.send} sent` });
  };
  // Each group's box leads to its own diagram (operationGroups names the same groups), or to the
  // list of operations when the overview draws them all below.
  for (const [i, g] of sorted.slice(0, MAX_GROUPS).entries())
    add(`group-${i}`, byAction ? 'operations' : kind, g.name, g, inPage ? 'operations/' : groupUrl({ slug: slugs.get(g.name)! }));
  const rest = sorted.slice(MAX_GROUPS);
  if (rest.length > 0)
    add(
      'group-rest',
      `${rest.length} more ${kind}s`,
      'other operations',
      {
        send: rest.reduce((n, g) => n + g.send, 0),
        receive: rest.reduce((n, g) => n + g.receive, 0),
        channels: new Set(rest.flatMap((g) => [...g.channels])),
      },
      'operations/',
    );
  return {
    title: `Message flow of ${title}, by ${kind}`,
    description:
      `${title} has ${operations.length} operations on ${channels.length} channels, ${inPage ? 'summed up here and drawn one by one below' : 'too many to draw one by one'}: ` +
      `${sorted
        .slice(0, MAX_GROUPS)
        .map((g) => `${g.name}: ${g.send} sent, ${g.receive} received`)
        .join('; ')}${rest.length > 0 ? `; and ${rest.length} more ${kind}s` : ''}. The operations list says the same in text.`,
    nodes,
    edges,
  };
}
