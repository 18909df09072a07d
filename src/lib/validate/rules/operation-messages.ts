/**
 * SPEC Errors #6 and Operation Reply Object: an operation's `messages` (and its reply's
 * `messages`) are references to messages of the channel it uses, never to components messages
 * or elsewhere. A message counts as "of the channel" when the reference names
 * `<channel>/messages/<id>` through any of the locations the channel reference passes.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import type { DocNode } from '../../resolve/doc-index.ts';
import { joinPointer } from '../../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type RuleContext, type Rule } from './rule.ts';

/** Locations `<hop>/messages/<id>` of every message of the channel referenced at `site`. */
function channelMessageLocations(doc: ResolvedDoc, channelRef: unknown, site: Location): Set<string> | undefined {
  const channel = doc.deref(channelRef, site);
  if (!channel || !isPlainObject(channel.value)) return undefined;
  const messages = isPlainObject(channel.value.messages) ? Object.keys(channel.value.messages) : [];
  const hops = [...channel.via, channel.at];
  const first = isRefObject(channelRef) ? doc.refLocation(channelRef.$ref, site) : undefined;
  if (first) hops.push(first);
  const out = new Set<string>();
  for (const hop of hops) for (const id of messages) out.add(`${hop.file}#${joinPointer(hop.pointer, 'messages', id)}`);
  return out;
}

function checkList(ctx: RuleContext, owner: DocNode | { at: Location; value: Record<string, unknown> }, what: 'operation' | 'reply'): void {
  const { doc, report } = ctx;
  const list = owner.value.messages;
  if (!Array.isArray(list) || !isRefObject(owner.value.channel)) return;
  const allowed = channelMessageLocations(doc, owner.value.channel, fieldAt(owner.at, 'channel'));
  if (!allowed) return;
  list.forEach((entry, i) => {
    if (!isRefObject(entry)) return;
    const site = fieldAt(owner.at, 'messages', i);
    const target = doc.refLocation(entry.$ref, site);
    if (!target || allowed.has(`${target.file}#${target.pointer}`)) return;
    const channelRef = (owner.value.channel as { $ref: string }).$ref;
    report(
      problem(
        what === 'operation' ? 'operation-message-not-in-channel' : 'reply-message-not-in-channel',
        'error',
        fieldAt(site, '$ref'),
        `"${entry.$ref}" is not a message of the ${what === 'operation' ? 'operation' : 'reply'}'s channel ${channelRef}`,
        `Reference the message through the channel, e.g. ${channelRef}/messages/<id> (SPEC, Errors #6).`,
      ),
    );
  });
}

export const operationMessagesRule: Rule = {
  id: 'operation-messages',
  description: 'operation and reply messages are messages of their channel (Errors #6)',
  run(ctx) {
    for (const op of ctx.index.of('Operation')) checkList(ctx, op, 'operation');
    for (const reply of ctx.index.of('OperationReply')) checkList(ctx, reply, 'reply');
  },
};
