/** What travels on the arrows of the diagrams (issue 22): the names of an operation's messages, and a short label of them. */
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, sub, valueAt } from './page-context.ts';
import type { Entity } from './types.ts';

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

/** Message names as an arrow's label: all of them when few, else the first and how many more. */
export function messagesLabel(names: string[]): string | undefined {
  const unique = [...new Set(names)];
  if (unique.length === 0) return undefined;
  if (unique.length <= 3) return unique.join(', ');
  return `${unique.slice(0, 2).join(', ')} +${unique.length - 2} more`;
}
