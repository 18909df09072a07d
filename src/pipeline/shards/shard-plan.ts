/**
 * Which APIs of a portal a shard builds (`build --shard i/n`): every shard of a build computes
 * the same assignment from the same documents, so that the shards together build every API once.
 *
 * Balanced by size: the APIs, largest first (ties by their folder, so the order never depends on
 * how the file system lists them), each go to the shard that has the fewest bytes so far (ties
 * to the lowest shard). The bytes are those of each API's files, which is what its build time
 * follows (its pages are made from them).
 */
import { groupMembers } from '../cache/search-group-plan.ts';

/** A shard as `--shard` names it: the `index`-th (1-based) of `count`. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** The most shards a build is split into: more would be more start-ups than work. */
export const MOST_SHARDS = 256;

/** `--shard 2/4` read, or why it cannot be read (for a usage message). */
export function parseShard(text: string): ShardSpec | string {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return `--shard must be i/n, e.g. --shard 1/4 (the first of four shards), not "${text}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MOST_SHARDS) return `--shard ${text}: the number of shards must be between 1 and ${MOST_SHARDS}`;
  if (index < 1 || index > count) return `--shard ${text}: the shard must be between 1 and ${count} (shards are counted from 1)`;
  return { index, count };
}

/** An API as the assignment sees it: its folder in the site and its size. */
export interface SizedApi {
  prefix: string;
  bytes: number;
}

/** The shard (1-based) of each API of `apis`, in their order. */
export function assignShards(apis: readonly SizedApi[], count: number): number[] {
  const load = new Array<number>(count).fill(0);
  const shardOf = new Array<number>(apis.length).fill(1);
  const order = apis.map((api, i) => ({ ...api, i })).sort((a, b) => b.bytes - a.bytes || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  for (const { bytes, i } of order) {
    let lightest = 0;
    for (let s = 1; s < count; s++) if (load[s]! < load[lightest]!) lightest = s;
    load[lightest]! += bytes;
    shardOf[i] = lightest + 1;
  }
  return shardOf;
}

/**
 * The shard of each API when the portal's search index is in parts of at most `pagesPerPart`
 * pages (cache/search-group-plan.ts): whole parts are dealt (their bytes summed), so that each
 * shard can index its own parts; with one part (or no parts: `undefined`), each API on its own.
 * `byParts` says which was done.
 */
export function assignShardsByParts(
  apis: readonly (SizedApi & { pages: number })[],
  count: number,
  pagesPerPart: number | undefined,
): { shardOf: number[]; byParts: boolean } {
  const parts = pagesPerPart === undefined ? [] : groupMembers(apis, pagesPerPart);
  if (parts.length <= 1) return { shardOf: assignShards(apis, count), byParts: false };
  const shardOfPart = assignShards(
    parts.map((members) => ({ prefix: apis[members[0]!]!.prefix, bytes: members.reduce((n, i) => n + apis[i]!.bytes, 0) })),
    count,
  );
  const shardOf = new Array<number>(apis.length).fill(1);
  for (const [p, members] of parts.entries()) for (const i of members) shardOf[i] = shardOfPart[p]!;
  return { shardOf, byParts: true };
}
