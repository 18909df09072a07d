/**
 * Requests whose replies come back on another channel: for each operation with a reply on a
 * channel of its own, the request's channel, the reply's and the operation that explains where
 * the reply goes (its Reply section). A channel page says where its requests are answered (or
 * whose replies it carries), a server page links a reply channel's "address set at run time" to
 * that explanation.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, sub, valueAt } from './page-context.ts';
import type { Entity } from './types.ts';

export interface ReplyRoute {
  /** The operation whose `reply` names the reply channel. */
  operation: Entity;
  /** Its channel, where the requests travel (absent where its reference leads nowhere). */
  request?: Entity;
  reply: Entity;
}

const routesOf = new WeakMap<Context, ReplyRoute[]>();

/** Every request/reply pair of the API whose reply has a channel other than its request's. Found once per model. */
export function replyRoutes(ctx: Context): ReplyRoute[] {
  const known = routesOf.get(ctx);
  if (known) return known;
  const routes: ReplyRoute[] = [];
  for (const operation of ctx.entities.filter((e) => e.kind === 'operation')) {
    const at = { file: ctx.doc.root.path, pointer: operation.pointer };
    const op = ctx.doc.deref(valueAt(ctx, at), at);
    if (!op || !isPlainObject(op.value) || op.value.reply === undefined) continue;
    const reply = ctx.doc.deref(op.value.reply, sub(op.at, 'reply'));
    if (!reply || !isPlainObject(reply.value) || reply.value.channel === undefined) continue;
    const replyChannel = ctx.locator.target(reply.value.channel, sub(reply.at, 'channel'));
    const request = ctx.locator.target(op.value.channel, sub(op.at, 'channel'));
    if (replyChannel?.kind !== 'channel' || replyChannel === request) continue;
    routes.push({ operation, ...(request ? { request } : {}), reply: replyChannel });
  }
  routesOf.set(ctx, routes);
  return routes;
}
