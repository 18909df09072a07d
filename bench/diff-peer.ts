/**
 * `apidesc-docs diff` and the AsyncAPI diff (@asyncapi/diff) side by side on the same pairs of
 * documents: every pair of the rule tests (test/diff-cases.ts; payload pairs with the message
 * sent, received and both), the pairs of real documents of the corpus, and consecutive published
 * versions of real documents (CHANGED_PAIRS of test/published-history.ts; downloaded from the npm
 * registry on the first run, as test/diff-history.test.ts does). For each pair, what
 * each tool calls breaking, and every change the AsyncAPI diff calls breaking that this tool
 * does not report as breaking on the same object.
 *
 *   mkdir /tmp/peer-diff && cd /tmp/peer-diff && npm init -y && npm install @asyncapi/diff @asyncapi/parser
 *   node bench/diff-peer.ts /tmp/peer-diff > comparison.md
 *
 * The peer reads AsyncAPI: the root key `apidesc` is renamed `asyncapi` for it. Documents are
 * dereferenced with @asyncapi/parser as the peer's README asks; a document the parser refuses
 * (the sns binding 0.2.0, which it does not know) is given to the peer as written.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { diffSides } from '../src/lib/diff/compare-inputs.ts';
import type { Change } from '../src/lib/diff/types.ts';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { AVRO_CASES, JSON_SCHEMA_CASES, PROTOBUF_CASES, SNS, STRUCTURE } from '../test/diff-cases.ts';
import { api, diffPair } from '../test/diff-fixture.ts';
import { CORPUS } from '../test/corpus-location.ts';
import { CHANGED_PAIRS, comparePublished, label, publishedDocument } from '../test/published-history.ts';

const peerDir = process.argv[2];
if (!peerDir) {
  process.stderr.write('usage: node bench/diff-peer.ts <folder where @asyncapi/diff and @asyncapi/parser are installed>\n');
  process.exit(2);
}
const peerRequire = createRequire(join(peerDir, 'package.json'));
const { diff } = peerRequire('@asyncapi/diff') as {
  diff: (a: unknown, b: unknown) => { breaking(): { action: string; path: string }[]; unclassified(): unknown[] };
};
const { Parser } = peerRequire('@asyncapi/parser') as { Parser: new () => { parse(doc: string): Promise<{ document?: { json(): unknown } }> } };
const parser = new Parser();
const peerVersion = (peerRequire('@asyncapi/diff/package.json') as { version: string }).version;

function asAsyncapi(doc: unknown): Record<string, unknown> {
  const { apidesc, ...rest } = doc as Record<string, unknown>;
  return { asyncapi: apidesc, ...rest };
}

async function forPeer(doc: unknown): Promise<{ value: unknown; parsed: boolean }> {
  const converted = asAsyncapi(doc);
  const { document } = await parser.parse(JSON.stringify(converted));
  if (!document) return { value: converted, parsed: false };
  try {
    // A copy: the parser's result shares objects; a recursive schema is a cycle, which the peer cannot walk (given as written then).
    return { value: JSON.parse(JSON.stringify(document.json())), parsed: true };
  } catch {
    return { value: converted, parsed: false };
  }
}

/** The object a peer path belongs to, named as this tool names objects. */
function objectOf(path: string): string {
  const t = path
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (t[0] === 'channels' && t[2] === 'messages' && t[3] !== undefined) return `message ${t[1]}/${t[3]}`;
  if (t[0] === 'channels' && t[1] !== undefined) return `channel ${t[1]}`;
  if (t[0] === 'operations' && t[1] !== undefined) return `operation ${t[1]}`;
  if (t[0] === 'servers' && t[1] !== undefined) return `server ${t[1]}`;
  if (t[0] === 'components' && t[1] === 'securitySchemes' && t[2] !== undefined) return `security scheme ${t[2]}`;
  return t[0] === 'info' ? 'info' : 'document';
}

/** Whether this tool reports a breaking change where the peer does: the same place, a place inside it or around it, or the same object. */
function covered(path: string, ours: Change[]): boolean {
  const object = objectOf(path);
  return ours.some(
    (c) =>
      c.severity === 'breaking' &&
      (c.pointer === path ||
        c.pointer.startsWith(`${path}/`) ||
        path.startsWith(`${c.pointer}/`) ||
        c.object === object ||
        (object.startsWith('channel ') && c.object.startsWith(`message ${object.slice(8)}/`)) ||
        (object.startsWith('message ') && c.object === `channel ${object.slice(8).split('/')[0]}`) ||
        // A rename is reported at the new id and names the old one; the peer removes the old id.
        (c.rule.endsWith('-renamed') &&
          c.message.includes(
            JSON.stringify(
              object
                .slice(object.indexOf(' ') + 1)
                .split('/')
                .at(-1),
            ),
          ))),
  );
}

/**
 * The severities a project that wants the AsyncAPI diff's verdicts on top of this tool's would
 * set (docs/asyncapi-diff.config.json, given with --config): the changes compared once more with them.
 */
const PARITY = (
  JSON.parse(readFileSync(new URL('../docs/asyncapi-diff.config.json', import.meta.url), 'utf8')) as { diffSeverity: Record<string, Change['severity']> }
).diffSeverity;
const withParity = (changes: Change[]): Change[] => changes.map((c) => (Object.hasOwn(PARITY, c.rule) ? { ...c, severity: PARITY[c.rule]! } : c));

interface Row {
  pair: string;
  peer: string[];
  ours: number;
  missed: string[];
  /** Missed still with the severities of docs/asyncapi-diff.config.json. */
  missedWithParity: string[];
  parsed: boolean;
  /** Changes the peer leaves unclassified. */
  unclassified: number;
}

async function compare(pair: string, base: unknown, head: unknown, ours: Change[]): Promise<Row> {
  const [b, h] = await Promise.all([forPeer(base), forPeer(head)]);
  const result = diff(b.value, h.value);
  const peer = result.breaking().map((c) => `${c.action} ${c.path}`);
  const unclassified = result.unclassified().length;
  const missed = peer.filter((p) => !covered(p.slice(p.indexOf(' ') + 1), ours));
  const missedWithParity = missed.filter((p) => !covered(p.slice(p.indexOf(' ') + 1), withParity(ours)));
  return { pair, peer, ours: ours.filter((c) => c.severity === 'breaking').length, missed, missedWithParity, parsed: b.parsed && h.parsed, unclassified };
}

const rows: Row[] = [];
for (const [label, cases] of [
  ['JSON Schema', JSON_SCHEMA_CASES],
  ['Avro', AVRO_CASES],
  ['Protobuf', PROTOBUF_CASES],
] as const) {
  for (const c of cases) {
    for (const direction of ['send', 'receive', 'both'] as const) {
      const base = api({ direction, payload: c.base, ...(c.components ? { components: c.components } : {}) });
      const head = api({ direction, payload: c.head, ...((c.headComponents ?? c.components) ? { components: c.headComponents ?? c.components } : {}) });
      rows.push(await compare(`${label}: ${c.name} (${direction})`, base, head, (await diffPair(base, head)).changes));
    }
  }
}
for (const c of [...STRUCTURE, ...SNS]) {
  const base = api(c.base);
  const head = api(c.head);
  rows.push(await compare(c.name, base, head, (await diffPair(base, head)).changes));
}
const REAL = [
  ['valid/spec-streetlights-mqtt.yaml', 'valid/spec-streetlights-operation-security.yaml'],
  ['valid/spec-streetlights-mqtt.yaml', 'valid/spec-streetlights-kafka.yaml'],
  ['valid/spec-kraken-websocket-request-reply-multiple-channels.yaml', 'valid/spec-kraken-websocket-request-reply-message-filter-in-reply.yaml'],
  ['valid/spec-kraken-websocket-request-reply-multiple-channels.yaml', 'valid/react-kraken-request-reply-multiple-channels.json'],
];
for (const [b, h] of REAL) {
  const side = (file: string) => ({ files: [join(CORPUS, file)], display: (f: string) => f.slice(CORPUS.length + 1) });
  const outcome = await diffSides(side(b!), side(h!), { limits: defaultLimits, allowRemoteRefs: false, cwd: CORPUS });
  const read = (file: string): unknown => parseYaml(readFileSync(join(CORPUS, file), 'utf8'));
  rows.push(await compare(`corpus: ${b} → ${h}`, read(b!), read(h!), outcome.report.changes));
}
for (const { base, head, path } of CHANGED_PAIRS) {
  const outcome = await comparePublished(base, head, path);
  const read = (file: string): unknown => parseYaml(readFileSync(file, 'utf8'));
  rows.push(
    await compare(
      `published: ${label(base, path)} → ${head.version}`,
      read(publishedDocument(base, path)),
      read(publishedDocument(head, path)),
      outcome.report.changes,
    ),
  );
}

const out = [
  `Compared with @asyncapi/diff ${peerVersion} on ${rows.length} pairs (${rows.filter((r) => r.parsed).length} dereferenced by @asyncapi/parser, the rest given as written).`,
  '',
  `The AsyncAPI diff calls ${rows.reduce((n, r) => n + r.peer.length, 0)} changes breaking over all pairs; this tool ${rows.reduce((n, r) => n + r.ours, 0)}.`,
  `Changes the AsyncAPI diff calls breaking that this tool does not report as breaking on the same object: ${rows.reduce((n, r) => n + r.missed.length, 0)}.`,
  `With the severities of docs/asyncapi-diff.config.json (\`--config docs/asyncapi-diff.config.json\`), such changes: ${rows.reduce((n, r) => n + r.missedWithParity.length, 0)}.`,
  `Changes the AsyncAPI diff leaves unclassified: ${rows.reduce((n, r) => n + r.unclassified, 0)} (in ${rows.filter((r) => r.unclassified > 0).length} pairs).`,
  '',
  '| pair | AsyncAPI diff: breaking | apidesc-docs diff: breaking | breaking for the AsyncAPI diff only |',
  '|---|---:|---:|---|',
  ...rows.map((r) => `| ${r.pair.replaceAll('|', '\\|')} | ${r.peer.length} | ${r.ours} | ${r.missed.map((m) => `\`${m}\``).join('<br>') || '—'} |`),
];
process.stdout.write(`${out.join('\n')}\n`);
