/**
 * Root channels in two versions: their addresses, parameters, servers, bindings, and messages.
 * A message added to a channel widens what flows on it (breaking when this application sends
 * it: receivers built on the old version do not know it); a message removed breaks whoever used
 * it, in either direction; a message in both versions is compared by message-compat.ts.
 */
import { isPlainObject, isRefObject } from '../resolve/resolved-doc.ts';
import { compareBindings } from './bindings-compat.ts';
import { expandedText } from '../resolve/expanded-text.ts';
import { canonical, quote, sameValue } from './canonical.ts';
import { classifyContent } from './classify.ts';
import { addBase, addHead, child, compareWording, entries, field, rootNode, type DiffContext, type Node, unionKeys } from './diff-context.ts';
import { compareMessage } from './message-compat.ts';
import { messageKey, usageOf, type UsageMap } from './message-usage.ts';
import { pairRenamed } from './renames.ts';
import { compareEnumField } from './servers-compat.ts';

export interface Usages {
  base: UsageMap;
  head: UsageMap;
}

export function compareChannels(ctx: DiffContext, b: Node | undefined, h: Node | undefined, usages: Usages): void {
  const old = entries(ctx.base, b);
  const now = entries(ctx.head, h);
  // A channel without a `servers` list is on every root server: listed once, not once per channel.
  const rootServers = (doc: DiffContext['base']): Set<string> => new Set(entries(doc, field(doc, rootNode(doc), 'servers')).keys());
  const everywhere = { base: rootServers(ctx.base), head: rootServers(ctx.head) };
  // A channel is met on the wire at its address, on its servers: one removed and one added with
  // the same (and no other channel with it in either version) is the channel renamed.
  const where = (side: 'base' | 'head', _id: string, node: Node): string | undefined => {
    const address = isPlainObject(node.value) ? node.value.address : undefined;
    if (typeof address !== 'string' || address === '') return undefined;
    const doc = side === 'base' ? ctx.base : ctx.head;
    const servers = serverIds(field(doc, node, 'servers')) ?? everywhere[side];
    return canonical([address, [...servers].sort()]);
  };
  const renamed = pairRenamed(old, now, where);
  ctx.renames = { channels: renamed, messages: new Map() };
  const renamedFrom = new Map([...renamed].map(([from, to]) => [to, from]));
  for (const id of unionKeys(old, now)) {
    const o = old.get(id);
    const n = now.get(id);
    const object = `channel ${id}`;
    const from = renamedFrom.get(id);
    if (o && !n) {
      if (renamed.has(id)) continue;
      addBase(ctx, o.at, {
        rule: 'channel-removed',
        severity: 'breaking',
        object,
        message: `channel ${quote(id)} removed: whoever sends or receives on it loses it`,
      });
    } else if (!o && n && from !== undefined) {
      addHead(ctx, n.at, {
        rule: 'channel-renamed',
        severity: 'non-breaking',
        object,
        message: `channel ${quote(from)} renamed ${quote(id)}, at the same address on the same servers: clients on the wire are not affected; code generated from the document names it differently`,
      });
      compareChannel(ctx, { base: from, head: id }, old.get(from)!, n, object, usages, everywhere);
    } else if (!o && n) addHead(ctx, n.at, { rule: 'channel-added', severity: 'non-breaking', object, message: `channel ${quote(id)} added` });
    // Compared even when written the same: a $ref in it (bindings, parameters) may lead to something that changed.
    else if (o && n) compareChannel(ctx, { base: id, head: id }, o, n, object, usages, everywhere);
  }
}

function serverIds(node: Node | undefined): Set<string> | undefined {
  if (!node || !Array.isArray(node.value) || node.value.length === 0) return undefined;
  return new Set(node.value.map((ref) => (isRefObject(ref) ? (ref.$ref.split('/').pop() ?? ref.$ref) : JSON.stringify(ref))));
}

/** Servers lost and gained; the channels on every root server share one answer. */
const serverChanges = new WeakMap<Set<string>, WeakMap<Set<string>, { lost: string[]; gained: string[] }>>();
function serverChange(old: Set<string>, now: Set<string>): { lost: string[]; gained: string[] } {
  const known = serverChanges.get(old)?.get(now);
  if (known) return known;
  const change = { lost: [...old].filter((s) => !now.has(s)), gained: [...now].filter((s) => !old.has(s)) };
  if (!serverChanges.has(old)) serverChanges.set(old, new WeakMap());
  serverChanges.get(old)!.set(now, change);
  return change;
}

function compareChannel(
  ctx: DiffContext,
  id: Ids,
  o: Node,
  n: Node,
  object: string,
  usages: Usages,
  everywhere: { base: Set<string>; head: Set<string> },
): void {
  const ov = isPlainObject(o.value) ? o.value : {};
  const nv = isPlainObject(n.value) ? n.value : {};
  if (!sameValue(ov.address ?? null, nv.address ?? null)) {
    addHead(ctx, Object.hasOwn(nv, 'address') ? child(n.at, 'address') : n.at, {
      rule: 'channel-address-changed',
      severity: 'breaking',
      object,
      message: `address changed: ${quote(ov.address ?? null)} → ${quote(nv.address ?? null)}: clients still using ${quote(ov.address ?? null)} stop sending and receiving its messages`,
    });
  }
  // No list means every root server: compare the servers each version really names.
  const oldServers = serverIds(field(ctx.base, o, 'servers')) ?? everywhere.base;
  const newServers = serverIds(field(ctx.head, n, 'servers')) ?? everywhere.head;
  const { lost, gained } = serverChange(oldServers, newServers);
  const serversAt = Object.hasOwn(nv, 'servers') ? child(n.at, 'servers') : n.at;
  if (lost.length > 0)
    addHead(ctx, serversAt, {
      rule: 'channel-server-removed',
      severity: 'breaking',
      object,
      message: `no longer available on ${lost.map((s) => quote(s)).join(', ')}: clients connected there lose it`,
    });
  if (gained.length > 0)
    addHead(ctx, serversAt, {
      rule: 'channel-server-added',
      severity: 'non-breaking',
      object,
      message: `now also available on ${gained.map((s) => quote(s)).join(', ')}`,
    });
  const oldParams = entries(ctx.base, field(ctx.base, o, 'parameters'));
  const newParams = entries(ctx.head, field(ctx.head, n, 'parameters'));
  for (const name of [...new Set([...oldParams.keys(), ...newParams.keys()])].sort()) {
    const op = oldParams.get(name);
    const np = newParams.get(name);
    if (op && !np) addBase(ctx, op.at, { rule: 'channel-parameter-removed', severity: 'breaking', object, message: `parameter ${quote(name)} removed` });
    else if (!op && np)
      addHead(ctx, np.at, {
        rule: 'channel-parameter-added',
        severity: 'breaking',
        object,
        message: `parameter ${quote(name)} added: clients must now fill it in the address`,
      });
    else if (op && np) compareEnumField(ctx, op, np, object, `parameter ${quote(name)}`);
  }
  compareBindings(ctx, field(ctx.base, o, 'bindings'), field(ctx.head, n, 'bindings'), object, 'channel');
  compareWording(ctx, o, n, object, 'channel-wording-changed');
  compareChannelMessages(ctx, id, o, n, usages);
}

/** An object's id in each version (a renamed one has two). */
interface Ids {
  base: string;
  head: string;
}

function compareChannelMessages(ctx: DiffContext, id: Ids, o: Node, n: Node, usages: Usages): void {
  const old = entries(ctx.base, field(ctx.base, o, 'messages'));
  const now = entries(ctx.head, field(ctx.head, n, 'messages'));
  // A message renamed: the same `name` (what a protocol may send as its name), else the same payload.
  const named = (side: 'base' | 'head', _id: string, node: Node): string | undefined => {
    const name = field(side === 'base' ? ctx.base : ctx.head, node, 'name')?.value;
    return typeof name === 'string' ? name : undefined;
  };
  const byName = pairRenamed(old, now, named);
  const payload = (side: 'base' | 'head', _id: string, node: Node): string | undefined => {
    const doc = side === 'base' ? ctx.base : ctx.head;
    const found = field(doc, node, 'payload');
    if (!found) return undefined;
    const text = expandedText(doc, found.value, found.at);
    return text.complete ? text.text : undefined;
  };
  const renamed = new Map([...byName, ...pairRenamed(old, now, payload, byName)]);
  const renamedFrom = new Map([...renamed].map(([from, to]) => [to, from]));
  for (const [from, to] of renamed) ctx.renames?.messages.set(messageKey(id.base, from), messageKey(id.head, to));
  for (const messageId of unionKeys(old, now)) {
    if (renamed.has(messageId)) continue;
    const baseId = renamedFrom.get(messageId) ?? messageId;
    const usage = usageOf(messageKey(id.head, messageId), usages.base, usages.head, messageKey(id.base, baseId));
    const om = old.get(baseId);
    const nm = now.get(messageId);
    const object = `message ${id.head}/${messageId}`;
    if (om && nm) {
      if (baseId !== messageId)
        addHead(ctx, child(n.at, 'messages', messageId), {
          rule: 'message-renamed',
          severity: 'non-breaking',
          object,
          direction: usage,
          message: `message ${quote(baseId)} renamed ${quote(messageId)} (the same ${byName.has(baseId) ? `name ${quote(field(ctx.head, nm, 'name')?.value)}` : 'payload'}): its id is not sent, so clients on the wire are not affected by it; code generated from the document names it differently`,
        });
      compareMessage(ctx, om, nm, object, usage);
      continue;
    }
    if (nm) {
      const { severity, reason, breaks } = classifyContent('widen', usage, `message ${messageId}`);
      addHead(ctx, child(n.at, 'messages', messageId), {
        rule: 'message-added',
        severity,
        object,
        direction: usage,
        ...(breaks ? { breaks } : {}),
        message: `message ${quote(messageId)} added to channel ${quote(id.head)}; ${reason}`,
      });
    } else if (om) {
      const used = usage !== 'unused';
      const why =
        usage === 'send'
          ? 'receivers that rely on it no longer get it'
          : usage === 'receive'
            ? 'senders built on the old version still send it, and this application no longer accepts it'
            : usage === 'both'
              ? 'it was sent and received: both sides lose it'
              : 'no operation of this document sent or received it';
      addBase(ctx, child(o.at, 'messages', messageId), {
        rule: 'message-removed',
        severity: used ? 'breaking' : 'non-breaking',
        object,
        direction: usage,
        message: `message ${quote(messageId)} removed from channel ${quote(id.base)}: ${why}`,
      });
    }
  }
}
