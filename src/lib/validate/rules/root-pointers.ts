/**
 * SPEC Errors #5: a root operation's `channel` (and its reply's `channel`) points into the root
 * Channels Object; a root channel's `servers` entries point into the root Servers Object.
 * Components may point anywhere. Judged by where the reference itself points (its first hop).
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { parsePointer } from '../../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

/** True when `ref` at `site` names an entry of the root document's map `mapName`. */
export function pointsIntoRoot(doc: ResolvedDoc, ref: string, site: Location, mapName: string): boolean {
  const target = doc.refLocation(ref, site);
  if (!target || target.file !== doc.root.path) return false;
  const parsed = parsePointer(target.pointer);
  return parsed.ok && parsed.tokens.length === 2 && parsed.tokens[0] === mapName;
}

export const rootPointersRule: Rule = {
  id: 'root-pointer',
  description: 'root operations use root channels, root channels use root servers (Errors #5)',
  run({ doc, index, report }) {
    for (const op of index.of('Operation').filter((n) => n.inRoot)) {
      const channel = op.value.channel;
      if (isRefObject(channel) && !pointsIntoRoot(doc, channel.$ref, fieldAt(op, 'channel'), 'channels')) {
        report(
          problem(
            'root-pointer-operation-channel',
            'error',
            fieldAt(op, 'channel', '$ref'),
            `the operation's channel "${channel.$ref}" is not in the root Channels Object`,
            'Point at a root channel, e.g. #/channels/<id>; components channels may only be used by components operations (SPEC, Errors #5).',
          ),
        );
      }
      const reply = op.value.reply === undefined ? undefined : doc.deref(op.value.reply, fieldAt(op, 'reply'));
      if (reply && isPlainObject(reply.value) && isRefObject(reply.value.channel)) {
        const site = fieldAt(reply.at, 'channel');
        if (!pointsIntoRoot(doc, reply.value.channel.$ref, site, 'channels')) {
          report(
            problem(
              'root-pointer-reply-channel',
              'error',
              fieldAt(site, '$ref'),
              `the reply channel "${reply.value.channel.$ref}" of a root operation is not in the root Channels Object`,
              'Point at a root channel, e.g. #/channels/<id> (SPEC, Operation Reply Object).',
            ),
          );
        }
      }
    }
    for (const channel of index.of('Channel').filter((n) => n.inRoot)) {
      const servers = channel.value.servers;
      if (!Array.isArray(servers)) continue;
      servers.forEach((server, i) => {
        if (isRefObject(server) && !pointsIntoRoot(doc, server.$ref, fieldAt(channel, 'servers', i), 'servers')) {
          report(
            problem(
              'root-pointer-channel-server',
              'error',
              fieldAt(channel, 'servers', i, '$ref'),
              `the channel's server "${server.$ref}" is not in the root Servers Object`,
              'Point at a root server, e.g. #/servers/<id>; components servers may only be used by components channels (SPEC, Errors #5).',
            ),
          );
        }
      });
    }
  },
};
