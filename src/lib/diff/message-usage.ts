/**
 * Who writes each message, from the operations that use it: a `send` operation's messages are
 * sent by the application, a `receive` operation's received; a reply goes the other way (the
 * reply to a `send` is received). An operation without `messages` uses every message of its
 * channel. Messages are named by their place in the root Channels Object, which is what
 * operations point at: `channelId` and `messageId`.
 */
import { parsePointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { child, entries, field, rootNode, type Node } from './diff-context.ts';
import type { Usage } from './types.ts';

export type Action = 'send' | 'receive';

/** `channelId` and `messageId` joined by a character no key holds in a JSON pointer token. */
export const messageKey = (channelId: string, messageId: string): string => `${channelId}\u0000${messageId}`;

export type UsageMap = Map<string, Set<Action>>;

/** The root channel a Reference Object names (`#/channels/<id>` in the root file), if it does. */
export function channelIdOf(doc: ResolvedDoc, ref: unknown, at: Node['at']): string | undefined {
  if (!isRefObject(ref)) return undefined;
  const target = doc.refLocation(ref.$ref, at);
  if (!target || target.file !== doc.root.path) return undefined;
  const parsed = parsePointer(target.pointer);
  return parsed.ok && parsed.tokens.length === 2 && parsed.tokens[0] === 'channels' ? parsed.tokens[1] : undefined;
}

function messageKeyOf(doc: ResolvedDoc, ref: unknown, at: Node['at']): string | undefined {
  if (!isRefObject(ref)) return undefined;
  const target = doc.refLocation(ref.$ref, at);
  if (!target || target.file !== doc.root.path) return undefined;
  const parsed = parsePointer(target.pointer);
  return parsed.ok && parsed.tokens.length === 4 && parsed.tokens[0] === 'channels' && parsed.tokens[2] === 'messages'
    ? messageKey(parsed.tokens[1]!, parsed.tokens[3]!)
    : undefined;
}

/** Keys of the messages a list of Reference Objects names, or every message of the channel when there is no list. */
export function usedMessages(doc: ResolvedDoc, owner: Node, channelId: string | undefined): string[] {
  const list = isPlainObject(owner.value) ? owner.value.messages : undefined;
  if (Array.isArray(list)) {
    return list.flatMap((ref, i) => {
      const key = messageKeyOf(doc, ref, child(owner.at, 'messages', String(i)));
      return key ? [key] : [];
    });
  }
  if (channelId === undefined) return [];
  // The one channel looked up, not every channel listed: a document of 10,000 operations
  // without `messages` would otherwise list its 10,000 channels 10,000 times.
  const channel = field(doc, field(doc, rootNode(doc), 'channels'), channelId);
  return [...entries(doc, field(doc, channel, 'messages')).keys()].map((id) => messageKey(channelId, id));
}

export function messageUsage(doc: ResolvedDoc): UsageMap {
  const usage: UsageMap = new Map();
  const mark = (key: string, action: Action): void => {
    const set = usage.get(key) ?? new Set<Action>();
    set.add(action);
    usage.set(key, set);
  };
  for (const operation of entries(doc, field(doc, rootNode(doc), 'operations')).values()) {
    if (!isPlainObject(operation.value)) continue;
    const action = operation.value.action;
    if (action !== 'send' && action !== 'receive') continue;
    const channelId = channelIdOf(doc, operation.value.channel, child(operation.at, 'channel'));
    for (const key of usedMessages(doc, operation, channelId)) mark(key, action);
    const reply = field(doc, operation, 'reply');
    if (reply && isPlainObject(reply.value)) {
      const replyChannel = channelIdOf(doc, reply.value.channel, child(reply.at, 'channel')) ?? (Array.isArray(reply.value.messages) ? undefined : channelId);
      for (const key of usedMessages(doc, reply, replyChannel)) mark(key, action === 'send' ? 'receive' : 'send');
    }
  }
  return usage;
}

/** A message's usage over both versions: a message sent in either is judged as sent. `baseKey`: its key in base, when it was renamed. */
export function usageOf(key: string, base: UsageMap, head: UsageMap, baseKey = key): Usage {
  const actions = new Set([...(base.get(baseKey) ?? []), ...(head.get(key) ?? [])]);
  return actions.size === 2 ? 'both' : actions.has('send') ? 'send' : actions.has('receive') ? 'receive' : 'unused';
}
