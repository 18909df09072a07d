/**
 * What one API brings to a portal's flows (issue 22): each root operation that sends or
 * receives, with its channel's address, its sns topic's name and its messages (name and payload
 * shape). portal/match-flows.ts pairs them across APIs.
 */
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import type { FlowEndpoint, FlowMessage } from '../portal/flow-types.ts';
import { type Context, bindingsOf, channelServers, entityByUrl, operationsOn, sub, valueAt } from './page-context.ts';
import type { Entity } from './types.ts';
import { payloadFingerprint, topLevelFields } from './payload-fingerprint.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';
import type { Location } from '../diagnostics/diagnostic.ts';

export function flowEndpoints(ctx: Context): FlowEndpoint[] {
  const endpoints: FlowEndpoint[] = [];
  const messageCache = new Map<string, FlowMessage>();
  for (const channel of ctx.entities.filter((e) => e.kind === 'channel')) {
    const at = { file: ctx.doc.root.path, pointer: channel.pointer };
    const resolved = ctx.doc.deref(valueAt(ctx, at), at);
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const value = resolved.value;
    const address = typeof value.address === 'string' ? value.address : undefined;
    const channelSns = bindingsOf(ctx, value.bindings, sub(resolved.at, 'bindings'))?.value.sns;
    const channelTopic = isPlainObject(channelSns) && typeof channelSns.name === 'string' && channelSns.name !== '' ? channelSns.name : undefined;
    const hosts = serverHosts(ctx, channel);
    for (const op of operationsOn(ctx, channel)) {
      const action = op.value.action;
      if (action !== 'send' && action !== 'receive') continue;
      const topic = channelTopic ?? (op.sns ? topicName(op.sns.topic) : undefined);
      endpoints.push({
        action,
        hosts,
        operation: { id: op.entity.id, title: op.entity.title, url: op.entity.url },
        channel: { id: channel.id, title: channel.title, url: channel.url },
        ...(address !== undefined ? { address } : {}),
        ...(topic !== undefined ? { topic } : {}),
        messages: operationMessages(ctx, op.value, { file: ctx.doc.root.path, pointer: op.entity.pointer }, resolved, messageCache),
      });
    }
  }
  return endpoints;
}

/** The hosts and paths of the channel's servers (every server of the API when it lists none). */
function serverHosts(ctx: Context, channel: Entity): string[] {
  const hosts = channelServers(ctx, channel).flatMap((link) => {
    const server = entityByUrl(ctx, link.url);
    const at = server && { file: ctx.doc.root.path, pointer: server.pointer };
    const value = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
    if (!isPlainObject(value) || typeof value.host !== 'string') return [];
    return [`${value.host}${typeof value.pathname === 'string' ? value.pathname : ''}`.toLowerCase()];
  });
  return [...new Set(hosts)].sort();
}

/** The topic an sns operation binding names: its `name`, else the last part of its ARN. */
function topicName(identifier: unknown): string | undefined {
  if (!isPlainObject(identifier)) return undefined;
  if (typeof identifier.name === 'string' && identifier.name !== '') return identifier.name;
  if (typeof identifier.arn !== 'string') return undefined;
  const name = /^arn:[^:]*:sns:[^:]*:[^:]*:([^:]+)$/.exec(identifier.arn)?.[1];
  return name;
}

/** The operation's messages, or every message of its channel when it names none (SPEC). */
function operationMessages(
  ctx: Context,
  op: Record<string, unknown>,
  at: Location,
  channel: { value: unknown; at: Location },
  cache: Map<string, FlowMessage>,
): FlowMessage[] {
  const written = ctx.doc.deref(valueAt(ctx, at), at);
  const opAt = written?.at ?? at;
  const sites: { raw: unknown; site: Location; key: string }[] = Array.isArray(op.messages)
    ? op.messages.map((raw, i) => ({ raw, site: sub(opAt, 'messages', i), key: String(i) }))
    : isPlainObject(channel.value)
      ? entries(channel.value.messages).map(([id, raw]) => ({ raw, site: sub(channel.at, 'messages', id), key: String(id) }))
      : [];
  return sites.flatMap(({ raw, site, key }) => {
    const message = ctx.doc.deref(raw, site);
    if (!message || !isPlainObject(message.value)) return [];
    const where = `${message.at.file}#${message.at.pointer}`;
    let shown = cache.get(where);
    if (!shown) {
      // A message reached by reference is named by its key where it is defined (components, a channel).
      const definedAs = message.at.pointer.split('/').pop()?.replaceAll('~1', '/').replaceAll('~0', '~') ?? key;
      const name = typeof message.value.name === 'string' && message.value.name !== '' ? message.value.name : definedAs;
      const views = schemaViewsOf(ctx.doc);
      const root = message.value.payload !== undefined ? views.view(message.value.payload, sub(message.at, 'payload')).root : undefined;
      shown = { name, ...(root ? { payload: payloadFingerprint(views, root), ...topLevelFields(root) } : {}) };
      cache.set(where, shown);
    }
    return [shown];
  });
}
