/**
 * Which APIs of a portal a shard builds (`build --shard i/n`): every shard of a build computes
 * the same assignment from the same documents, so that the shards together build every API once.
 *
 * Balanced by size: the APIs, largest first (ties by their folder, so the order never depends on
 * how the file system lists them), each go to the shard that has the fewest bytes so far (ties
 * to the lowest shard). The bytes are those of each API's files, which is what its build time
 * follows (its pages are made from them).
 */

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
