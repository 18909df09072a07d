/**
 * A shard's share of the portal in the prepare stage (`build --shard i/n`). Every shard models
 * every API (the cheap first pass: load, validate, page summaries, the flows between APIs), so
 * that the portal's root, catalog, system map, flows, switcher and "Sent by" / "Received by"
 * lists are the same in every shard as in a build of the whole; it then completes, highlights,
 * streams and renders only the pages of its own APIs. The others are marked as made elsewhere,
 * which the rest of the build treats as the build cache's reused APIs (the renderer has no routes for them: src/site/site-routes.ts).
 *
 * A portal whose search index is in parts of whole APIs (cache/search-group-plan.ts) is dealt
 * to the shards a whole part at a time: each shard then indexes its own parts, the very parts a
 * build of the whole makes, and `merge` only places them side by side.
 */
import { createHash } from 'node:crypto';
import type { PeerIndex } from '../../lib/portal/peer-index.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { apiCacheKey, type CacheContext, type KeyFile, sharedKeyPart } from '../cache/api-cache-key.ts';
import { indexedPages, pagesPerGroup } from '../cache/search-group-plan.ts';
import { assignShardsByParts, type ShardSpec } from './shard-plan.ts';

export interface ShardPlan {
  /** The APIs this shard builds. */
  owned: Set<SiteApi>;
  /** The APIs other shards build: neither completed nor rendered here. */
  elsewhere: Set<SiteApi>;
  /** The fingerprint of the whole build's inputs (shard-manifest.ts). */
  inputs: string;
  /** Whether the shard indexes its own parts of the search index (else `merge` indexes the whole). */
  indexesItsParts: boolean;
}

/**
 * The APIs of shard `shard`, and the inputs' fingerprint. To be called before any page is
 * completed or any API marked (the keys read the model as it is then).
 */
export function planShard(
  shard: ShardSpec,
  apis: readonly { api: SiteApi; files: readonly KeyFile[] }[],
  { peers, context, searchInParts }: { peers?: PeerIndex; context: CacheContext; searchInParts: boolean },
): ShardPlan {
  const shared = sharedKeyPart(context);
  const all = apis.map(({ api }) => api);
  const fingerprint = createHash('sha256');
  fingerprint.update(`${shared}\n`);
  for (const { api, files } of apis) fingerprint.update(`${api.prefix}\0${apiCacheKey(shared, { api, files, apis: all, ...(peers ? { peers } : {}) })}\n`);
  const bytes = apis.map(({ files }) => files.reduce((n, file) => n + file.size, 0));
  const sized = all.map((api, i) => ({ prefix: api.prefix, bytes: bytes[i]!, pages: indexedPages(api) }));
  const { shardOf, byParts } = assignShardsByParts(sized, shard.count, searchInParts ? pagesPerGroup() : undefined);
  const owned = new Set<SiteApi>();
  const elsewhere = new Set<SiteApi>();
  for (const [i, api] of all.entries()) (shardOf[i] === shard.index ? owned : elsewhere).add(api);
  return { owned, elsewhere, inputs: fingerprint.digest('hex'), indexesItsParts: byParts };
}
