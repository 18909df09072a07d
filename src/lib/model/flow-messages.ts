/** What travels on the arrows of the diagrams (issue 22): the names of an operation's messages, and a short label of them. */
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, operationsOn, sub, valueAt } from './page-context.ts';
import type { Entity } from './types.ts';
import { readableKey } from '../schema/name-hints.ts';
import type { MessageLabel, Page } from './page-types.ts';

/** The names of the messages an operation carries: its own list, or every message of its channel when it names none (SPEC). */
export function operationMessageNames(ctx: Context, operation: Entity): string[] {
  const at = { file: ctx.doc.root.path, pointer: operation.pointer };
  const op = ctx.doc.deref(valueAt(ctx, at), at);
  if (!op || !isPlainObject(op.value)) return [];
  if (Array.isArray(op.value.messages))
    return op.value.messages.flatMap(
      (raw, i) => ctx.locator.link(raw, sub(op.at, 'messages', i))?.title ?? (isPlainObject(raw) && typeof raw.name === 'string' ? [raw.name] : []),
    );
  const channel = ctx.doc.deref(op.value.channel, sub(op.at, 'channel'));
  if (!channel || !isPlainObject(channel.value)) return [];
  return entries(channel.value.messages).map(([id, raw]) => ctx.locator.link(raw, sub(channel.at, 'messages', id))?.title ?? String(id));
}

/**
 * The messages an operation carries as a reader names them: the message's `title`, else a name
 * read from its key (`commentChanged` → "Comment changed"), the key kept beside it for who looks
 * for it in code (the portal's cards: one list reads alike whether the author wrote titles or not).
 */
export function operationMessageLabels(ctx: Context, operation: Entity): MessageLabel[] {
  const at = { file: ctx.doc.root.path, pointer: operation.pointer };
  const op = ctx.doc.deref(valueAt(ctx, at), at);
  if (!op || !isPlainObject(op.value)) return [];
  if (Array.isArray(op.value.messages)) return op.value.messages.flatMap((raw, i) => messageLabel(ctx, raw, sub(op.at, 'messages', i), undefined));
  const channel = ctx.doc.deref(op.value.channel, sub(op.at, 'channel'));
  if (!channel || !isPlainObject(channel.value)) return [];
  return channelMessageLabels(ctx, channel.value, channel.at);
}

/** The messages a channel carries, as operationMessageLabels names them; the first `limit` only, when given (a card's line). */
export function channelMessageLabels(ctx: Context, channel: Record<string, unknown>, at: { file: string; pointer: string }, limit = Infinity): MessageLabel[] {
  return entries(channel.messages)
    .slice(0, limit)
    .flatMap(([id, raw]) => messageLabel(ctx, raw, sub(at, 'messages', id), String(id)));
}

/** The messages a channel card names; more are counted ("and 4 more"), so a card stays a card however many a channel carries. */
const CARD_MESSAGES = 3;

/** What a channel's card says of it: the messages it carries and what this API does on it (send, receive: its operations' actions). */
export function channelCarries(
  ctx: Context,
  channel: Entity,
  value: Record<string, unknown>,
  at: { file: string; pointer: string },
): NonNullable<Page['carries']> {
  const messages = channelMessageLabels(ctx, value, at, CARD_MESSAGES);
  const done = new Set(operationsOn(ctx, channel).map((o) => o.value.action));
  return {
    messages,
    more: Math.max(0, entries(value.messages).length - CARD_MESSAGES),
    actions: (['send', 'receive'] as const).filter((a) => done.has(a)),
  };
}

function messageLabel(ctx: Context, raw: unknown, site: { file: string; pointer: string }, key: string | undefined): MessageLabel[] {
  const message = ctx.doc.deref(raw, site);
  const value = message && isPlainObject(message.value) ? message.value : undefined;
  if (typeof value?.title === 'string' && value.title.trim() !== '') return [{ title: value.title }];
  // The key a reader meets in code: the message's `name` (what a protocol may send), else its id in the document.
  const name = typeof value?.name === 'string' && value.name !== '' ? value.name : (key ?? ctx.locator.link(raw, site)?.id.split('/').pop());
  return name === undefined ? [] : [{ title: readableKey(name), key: name }];
}

/** Message names as an arrow's label: all of them when few, else the first and how many more. */
export function messagesLabel(names: string[]): string | undefined {
  const unique = [...new Set(names)];
  if (unique.length === 0) return undefined;
  if (unique.length <= 3) return unique.join(', ');
  return `${unique.slice(0, 2).join(', ')} +${unique.length - 2} more`;
}
