/**
 * The file at the root of a shard's folder (`build --shard i/n`) that `merge` reads: which shard
 * it is, of how many, and a fingerprint of everything the site is made from (the tool, its
 * options, every API's files and summaries: the build cache's keys, api-cache-key.ts), so that
 * shards of different inputs or versions are never merged into one site.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shard's file, at the root of its folder; no page of a site has this name. */
export const SHARD_MANIFEST = 'apidesc-shard.json';

export interface ShardManifest {
  tool: 'apidesc-docs';
  /** The package's version that built the shard. */
  version: string;
  shard: number;
  of: number;
  /** The fingerprint of the inputs (inputsFingerprint): the same in every shard of one build. */
  inputs: string;
  /** The folders (relative to the site) of the APIs this shard built. */
  apis: string[];
}

export function writeShardManifest(siteDir: string, manifest: ShardManifest): void {
  writeFileSync(join(siteDir, SHARD_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
}

/** The shard's file in `dir`, or why there is none to read (in words, for a diagnostic). */
export function readShardManifest(dir: string): ShardManifest | string {
  let text: string;
  try {
    text = readFileSync(join(dir, SHARD_MANIFEST), 'utf8');
  } catch {
    return `it has no ${SHARD_MANIFEST}: it is not the output of apidesc-docs build --shard i/n`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `its ${SHARD_MANIFEST} is not JSON (damaged?): build the shard again`;
  }
  return isShardManifest(value) ? value : `its ${SHARD_MANIFEST} is not one this version of apidesc-docs writes: build the shard again`;
}

function isShardManifest(value: unknown): value is ShardManifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<ShardManifest>;
  return (
    m.tool === 'apidesc-docs' &&
    typeof m.version === 'string' &&
    Number.isInteger(m.shard) &&
    Number.isInteger(m.of) &&
    typeof m.inputs === 'string' &&
    Array.isArray(m.apis) &&
    m.apis.every((a) => typeof a === 'string')
  );
}
