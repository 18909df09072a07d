/**
 * Channels, operations and messages renamed: an id is a name in the document (code generated from
 * it uses it), not what clients meet on the wire. Once objects are paired by id, what one version
 * removed and the other added is paired by what identifies it on the wire (a channel's address
 * and servers, an operation's action and channel, a message's `name` or payload), only when that
 * names exactly one object in each whole version: several channels on one address (a WebSocket
 * API on `/`) are never paired by guess.
 */
import type { DiffContext } from './diff-context.ts';
import { messageKey } from './message-usage.ts';

/**
 * Base id → head id for the removed and added objects that `keyOf` pairs. `keyOf` gives the
 * identity of an object, or undefined when it has none to pair by. `taken`: pairs already made
 * (by an earlier key), left out.
 */
export function pairRenamed<T>(
  old: ReadonlyMap<string, T>,
  now: ReadonlyMap<string, T>,
  keyOf: (side: 'base' | 'head', id: string, value: T) => string | undefined,
  taken: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const pairs = new Map<string, string>();
  const removed = [...old.keys()].filter((id) => !now.has(id) && !taken.has(id));
  const targets = new Set(taken.values());
  const added = [...now.keys()].filter((id) => !old.has(id) && !targets.has(id));
  if (removed.length === 0 || added.length === 0) return pairs;
  const index = (side: 'base' | 'head', map: ReadonlyMap<string, T>): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const [id, value] of map) {
      const key = keyOf(side, id, value);
      if (key === undefined) continue;
      const ids = out.get(key);
      if (ids) ids.push(id);
      else out.set(key, [id]);
    }
    return out;
  };
  const before = index('base', old);
  const after = index('head', now);
  const addedSet = new Set(added);
  for (const id of removed) {
    const key = keyOf('base', id, old.get(id)!);
    if (key === undefined) continue;
    const mine = before.get(key);
    const theirs = after.get(key);
    if (mine?.length === 1 && theirs?.length === 1 && addedSet.has(theirs[0]!)) pairs.set(id, theirs[0]!);
  }
  return pairs;
}

/** The id head has for a base channel. */
export function headChannel(ctx: DiffContext, id: string | undefined): string | undefined {
  return id === undefined ? undefined : (ctx.renames?.channels.get(id) ?? id);
}

/** The key head has for a base message key. */
export function headMessage(ctx: DiffContext, key: string): string {
  const known = ctx.renames?.messages.get(key);
  if (known !== undefined) return known;
  const cut = key.indexOf('\u0000');
  const channel = ctx.renames?.channels.get(key.slice(0, cut));
  return channel === undefined ? key : messageKey(channel, key.slice(cut + 1));
}
