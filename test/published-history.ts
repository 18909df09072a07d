/**
 * Published versions of real AsyncAPI 3 documents, taken at test time from the npm packages that
 * ship them, for test/diff-history.test.ts and bench/diff-peer.ts. Nothing of them is committed:
 * each package version is downloaded once with `npm pack` (the npm registry is the only network
 * this needs), its tarball checked against the sha512 pinned by the caller (the registry's
 * `dist.integrity`) and kept in a cache folder (`$APIDESC_HISTORY_CACHE`, default
 * `<OS temp>/apidesc-docs-published-history`), so a second run downloads nothing. Files are read
 * from the tarball with `tar` and renamed to the apidesc naming exactly as the shared corpus's
 * convert.mjs renames them: the root key `asyncapi` becomes `apidesc` (its source range only, so
 * lines, comments and quoting stay), and every `application/vnd.aai.asyncapi…` media type becomes
 * `application/vnd.apidesc…`; nothing else changes (the specification version stays as written).
 * When the registry cannot be reached and the cache lacks a tarball, the caller gets an error that
 * says so: these tests fail loudly rather than skip. The package versions the tests use, and the
 * pairs the bench compares, are named at the end.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { isMap, isScalar, parse as parseYaml, parseDocument } from 'yaml';
import { diffSides, type DiffOutcome } from '../src/lib/diff/compare-inputs.ts';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { tempDir } from './helpers.ts';

/** One published version of a package: the tarball must have exactly this sha512 (`dist.integrity` in the registry). */
export interface Published {
  name: string;
  version: string;
  integrity: string;
}

export const HISTORY_CACHE = resolve(process.env.APIDESC_HISTORY_CACHE ?? join(tmpdir(), 'apidesc-docs-published-history'));

export interface FetchOptions {
  /** Cache folder (default HISTORY_CACHE). */
  cache?: string;
  /** Extra environment for npm (tests point it at an unreachable registry). */
  env?: Record<string, string>;
  /** How many times npm retries a failed request (default 1, after 2 s). */
  retries?: number;
}

const integrityOf = (bytes: Buffer): string => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/** Tarballs whose sha512 this process has checked. */
const verified = new Set<string>();
const unreachable = new Map<string, Error>();
const registryKey = (options: FetchOptions): string => JSON.stringify(options.env ?? {});

/** `@asyncapi/cli` 1.9.2 → `@asyncapi+cli-1.9.2.tgz`. */
const tarballName = (p: Published): string => `${p.name.replace('/', '+')}-${p.version}.tgz`;

/**
 * The package's tarball in the cache, downloaded with `npm pack` when it is not there yet (or
 * does not have the pinned sha512). Throws, saying why, when npm cannot get it.
 */
export function tarballOf(p: Published, options: FetchOptions = {}): string {
  const cache = options.cache ?? HISTORY_CACHE;
  const file = join(cache, tarballName(p));
  if (verified.has(file)) return file;
  if (existsSync(file) && integrityOf(readFileSync(file)) === p.integrity) {
    verified.add(file);
    return file;
  }
  // Once the registry did not answer, every later download fails at once with the same message (no second wait).
  const failed = unreachable.get(registryKey(options));
  if (failed) throw failed;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'download-'));
  try {
    const spec = `${p.name}@${p.version}`;
    const run = spawnSync(
      'npm',
      [
        'pack',
        spec,
        '--json',
        '--pack-destination',
        work,
        `--fetch-retries=${options.retries ?? 1}`,
        '--fetch-timeout=60000',
        '--fetch-retry-mintimeout=2000',
        '--fetch-retry-maxtimeout=10000',
      ],
      { cwd: work, encoding: 'utf8', timeout: 180_000, env: { ...process.env, ...options.env } },
    );
    if (run.error || run.status !== 0) {
      const lines = (run.stderr ?? '')
        .split('\n')
        .filter((line) => line.startsWith('npm error '))
        .map((line) => line.slice('npm error '.length).trim());
      // npm's one-line reason (`request to <url> failed, reason: …`, `404 Not Found - GET <url>`), else its code.
      const said = lines.find((line) => /request to .* failed|^\d{3} /.test(line)) ?? lines.find((line) => line.startsWith('code ')) ?? '';
      const reason = run.error?.message ?? (said || `exit ${run.status}`);
      const network =
        run.error !== undefined || /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|network|timed out/i.test(reason);
      const error = new Error(
        network
          ? `\n\n*** The npm registry could not be reached: \`npm pack ${spec}\` failed (${reason}). ***\n` +
              '*** The published-history tests download published versions of real documents from the npm registry at test time:\n' +
              `*** they need the network to the registry, or the tarballs an earlier run cached in ${cache}. ***\n`
          : `\n\n*** The npm registry did not give ${spec}: \`npm pack\` failed (${reason}). ***\n`,
      );
      if (network) unreachable.set(registryKey(options), error);
      throw error;
    }
    const packed = JSON.parse(run.stdout) as { filename: string; integrity: string }[];
    const downloaded = join(work, packed[0]!.filename);
    const got = integrityOf(readFileSync(downloaded));
    if (got !== p.integrity) {
      throw new Error(`${spec}: the tarball's sha512 is ${got}, not the pinned ${p.integrity} (the registry said ${packed[0]!.integrity})`);
    }
    renameSync(downloaded, file);
    verified.add(file);
    return file;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Each tarball unpacked once per process, with `tar`, into a temporary folder (removed when the process exits). */
const unpacked = new Map<string, string>();

function unpack(p: Published, options: FetchOptions): string {
  const tarball = tarballOf(p, options);
  let dir = unpacked.get(tarball);
  if (dir) return dir;
  dir = tempDir('apidesc-published-');
  const run = spawnSync('tar', ['-xzf', tarball, '-C', dir], { encoding: 'utf8' });
  if (run.error || run.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${run.error?.message ?? run.stderr}`);
  unpacked.set(tarball, dir);
  return dir;
}

/** Paths (relative to the package, as in its package.json) of the files under `folder` in the package. */
export function filesIn(p: Published, folder: string, options: FetchOptions = {}): string[] {
  const root = join(unpack(p, options), 'package');
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** The text of one file of the package, as published. */
export function publishedText(p: Published, path: string, options: FetchOptions = {}): string {
  return readFileSync(join(unpack(p, options), 'package', path), 'utf8');
}

const MEDIA_TYPE = /application\/vnd\.aai\.asyncapi(?![\w.-])/gi;

function renamed(value: unknown): unknown {
  const fix = (s: string): string => s.replace(MEDIA_TYPE, 'application/vnd.apidesc');
  if (typeof value === 'string') return fix(value);
  if (Array.isArray(value)) return value.map(renamed);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [fix(k), renamed(v)]));
  return value;
}

/**
 * A document renamed to the apidesc naming, as convert.mjs renames it: the root key in its
 * source range, media types anywhere in the text; the result must parse to the original
 * structure with the same renames (convert.mjs would fall back to re-serialising; no document
 * used here needs that, so it is an error).
 */
export function toApidesc(text: string, json: boolean): string {
  const parse = (t: string): unknown => (json ? JSON.parse(t) : parseYaml(t, { maxAliasCount: -1 }));
  const original = parse(text);
  const expected = renamed(original) as Record<string, unknown>;
  let out = text;
  const doc = parseDocument(text, { keepSourceTokens: true, uniqueKeys: false });
  if (isMap(doc.contents)) {
    const pair = doc.contents.items.find((item) => isScalar(item.key) && item.key.value === 'asyncapi');
    const range = pair && isScalar(pair.key) ? pair.key.range : undefined;
    if (range) {
      const [start, end] = range;
      const key = text.slice(start, end);
      const at = key.indexOf('asyncapi');
      if (at >= 0) out = text.slice(0, start) + key.slice(0, at) + 'apidesc' + key.slice(at + 'asyncapi'.length) + text.slice(end);
    }
  }
  out = out.replace(MEDIA_TYPE, 'application/vnd.apidesc');
  const want =
    expected !== null && typeof expected === 'object' && !Array.isArray(expected) && 'asyncapi' in expected
      ? Object.fromEntries(Object.entries(expected).map(([k, v]) => [k === 'asyncapi' ? 'apidesc' : k, v]))
      : expected;
  if (JSON.stringify(parse(out)) !== JSON.stringify(want)) throw new Error('the renamed text does not parse to the renamed structure');
  return out;
}

/** Converted copies live in one temporary folder per process (removed when it exits): `<name>@<version>/<path>`. */
let converted: string | undefined;

/** The published file converted to the apidesc naming, written to a temporary folder; its absolute path. */
export function publishedDocument(p: Published, path: string, options: FetchOptions = {}): string {
  converted ??= tempDir('apidesc-history-');
  const file = join(converted, `${p.name.replace('/', '+')}@${p.version}`, path);
  if (existsSync(file)) return file;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, toApidesc(publishedText(p, path, options), path.endsWith('.json')));
  return file;
}

/*
 * The published versions the tests use. Each package version's `license` is Apache-2.0; the
 * integrity is the registry's `dist.integrity` of the tarball.
 */
export const MARKDOWN_1_5_0: Published = {
  name: '@asyncapi/markdown-template',
  version: '1.5.0',
  integrity: 'sha512-86ExMTh4PtnMCOJO1uomMViipNgWUKT+OTfiUZbvJ1WFUm8Mka1g+eva9L0OoEnS/NAFeariQF4g4/l+/6SS0w==',
};
export const MARKDOWN_1_6_0: Published = {
  name: '@asyncapi/markdown-template',
  version: '1.6.0',
  integrity: 'sha512-GLVjaifuXWOCaOtZLw3IpRp57RjJXDiTMygod6KgHPQe4KgS6/Wf/ik9SQwbv6YALqcyvlJ718Et/asNB2tnYg==',
};
export const HELPERS_1_0_1: Published = {
  name: '@asyncapi/generator-helpers',
  version: '1.0.1',
  integrity: 'sha512-+3aRLi2L07TCfbmzfpjhwOJmzodLocwlgixU/jNnVu3ILbYQO3GJHAAr17n4ObiyJi/Cib/G7dwS+IqtzkkPdw==',
};
export const HELPERS_1_1_0: Published = {
  name: '@asyncapi/generator-helpers',
  version: '1.1.0',
  integrity: 'sha512-QjvDmLv6yFbHDoVzIRcBB09TXOcqAqTmSCPJ29fR8kjnL1js2G1GwmMIuZRNWCOAK+c5WT4ATUz8PbwAlbeU0Q==',
};
export const CLI_1_7_3: Published = {
  name: '@asyncapi/cli',
  version: '1.7.3',
  integrity: 'sha512-2RjKx/rRVYbgm1iQyYJOTMF1PkvfrtVw2FUoGI9axBhRQ0zDAMZIbw0frWyEqRAaOXcQjAXoylHXC3HAfK864Q==',
};
export const CLI_1_9_2: Published = {
  name: '@asyncapi/cli',
  version: '1.9.2',
  integrity: 'sha512-3b3RTHBUJjTHbhoAGDlDi1zHj+YkznmgvOPJLsuIXIsh6Fqr+jaRUSCoxBweHrOmQc0rVjjCxDj3m2+TBrGqAA==',
};
export const CLI_5_0_5: Published = {
  name: '@asyncapi/cli',
  version: '5.0.5',
  integrity: 'sha512-t5peR38dGhXx2xrIi9EfRLB3VfrSKiT8fWlkubkn+zSo82VE6OI8sJm6ayd/STBIDfzt1FiBvWA+7KFyDk3ZkQ==',
};
export const CLI_6_0_0: Published = {
  name: '@asyncapi/cli',
  version: '6.0.0',
  integrity: 'sha512-oGPHK5CBClw4MFFDiuuDob2uVPPZL1g+pSXle+Qg2R0b+g3qmm0SyjcDPbE47hT/ACg5LHEnGtvGAFrMTiLKmA==',
};
export const ALL_PUBLISHED = [MARKDOWN_1_5_0, MARKDOWN_1_6_0, HELPERS_1_0_1, HELPERS_1_1_0, CLI_1_7_3, CLI_1_9_2, CLI_5_0_5, CLI_6_0_0];

export const label = (p: Published, path: string): string => `${p.name}@${p.version}/${path}`;

/** The two versions of a published file compared as `diff base head` compares two files. */
export async function comparePublished(base: Published, head: Published, path: string): Promise<DiffOutcome> {
  const side = (p: Published) => {
    const file = publishedDocument(p, path);
    return { files: [file], display: () => label(p, path), root: dirname(file) };
  };
  const b = side(base);
  return diffSides(b, side(head), { limits: defaultLimits, allowRemoteRefs: false, cwd: b.root });
}

/** The documents (a root `asyncapi` key) among the files of a published folder. */
export function documentsIn(p: Published, folder: string): string[] {
  return filesIn(p, folder).filter((path) => {
    if (!/\.(ya?ml|json)$/.test(path)) return false;
    const value = parseYaml(publishedText(p, path)) as unknown;
    return value !== null && typeof value === 'object' && 'asyncapi' in value;
  });
}

/** The glee project template that `asyncapi new glee` copies, in @asyncapi/cli. */
export const GLEE_TEMPLATE = 'assets/create-glee-app/templates/default/asyncapi.yaml';

/**
 * The published pairs of test/diff-history.test.ts in which a document changed, for
 * bench/diff-peer.ts: the three whose structure changed, and of the 21 documents of @asyncapi/cli
 * 5.0.5 → 6.0.0 that only moved to specification 3.1.0 (and can be read offline) the streetlights
 * MQTT example (its messages are sent and received; the other 20 give the same result).
 */
export const CHANGED_PAIRS: { base: Published; head: Published; path: string }[] = [
  { base: MARKDOWN_1_5_0, head: MARKDOWN_1_6_0, path: 'test/spec/asyncapi_v3.yml' },
  { base: HELPERS_1_0_1, head: HELPERS_1_1_0, path: 'test/__fixtures__/asyncapi-websocket-query.yml' },
  { base: CLI_1_7_3, head: CLI_1_9_2, path: GLEE_TEMPLATE },
  { base: CLI_5_0_5, head: CLI_6_0_0, path: 'assets/examples/streetlights-mqtt-asyncapi.yml' },
];
