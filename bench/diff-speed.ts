/**
 * `apidesc-docs diff` beside the AsyncAPI diff on the same change of a generated document: for
 * each size, the document of ../shared/bench/gen-doc.mjs (without its sns bindings: the parser
 * knows only sns 0.1.0) and a copy with one enum value added to a payload, compared by each tool as a user runs it (whole process, alternated run by run). The
 * AsyncAPI diff needs its documents dereferenced first (its README), so its time is
 * @asyncapi/parser's twice and the diff's.
 *
 *   mkdir /tmp/peer-diff && cd /tmp/peer-diff && npm init -y && npm install @asyncapi/diff @asyncapi/parser
 *   node bench/diff-speed.ts /tmp/peer-diff [--sizes 100,1000] [--runs 3]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { alternate, binCommand, fmt } from './measure.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { sizes: { type: 'string', default: '100,1000' }, runs: { type: 'string', default: '3' } },
});
const peerDir = positionals[0];
if (!peerDir) {
  process.stderr.write('usage: node bench/diff-speed.ts <folder where @asyncapi/diff and @asyncapi/parser are installed> [--sizes 100,1000] [--runs 3]\n');
  process.exit(2);
}
const runs = Number(values.runs);
const GEN = new URL('../../shared/bench/gen-doc.mjs', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'apidesc-diff-speed-'));

// The peer's driver: parse both (dereferenced), diff, print the number of breaking changes.
const driver = join(peerDir, 'diff-two.mjs');
writeFileSync(
  driver,
  `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Parser } = require('@asyncapi/parser');
const { diff } = require('@asyncapi/diff');
const parser = new Parser();
const [a, b] = await Promise.all(process.argv.slice(2).map(async (f) => (await parser.parse(readFileSync(f, 'utf8'))).document.json()));
console.log(diff(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b))).breaking().length);
`,
);

/** One enum value added to the first payload enum of the document (the schemaVersion of a message the application receives). */
function withChange(text: string): string {
  const at = text.indexOf('enum:\n              - 2\n');
  if (at < 0) throw new Error('the generated document has no enum to change');
  return `${text.slice(0, at)}enum:\n              - 2\n              - 3\n${text.slice(at + 'enum:\n              - 2\n'.length)}`;
}

const rows: string[] = [];
for (const size of values.sizes.split(',').map(Number)) {
  const files: Record<string, string> = {};
  for (const key of ['apidesc', 'asyncapi'] as const) {
    const text = execFileSync('node', [GEN, '--channels', String(size), '--key', key, '--sns-binding-version', 'none'], {
      encoding: 'utf8',
      maxBuffer: 1024 ** 3,
    });
    files[`${key}-base`] = join(work, `${key}-${size}-base.yaml`);
    files[`${key}-head`] = join(work, `${key}-${size}-head.yaml`);
    writeFileSync(files[`${key}-base`]!, text);
    writeFileSync(files[`${key}-head`]!, withChange(text));
  }
  const ours = [
    ...binCommand(new URL('../bin/apidesc-docs.mjs', import.meta.url).pathname),
    'diff',
    files['apidesc-base']!,
    files['apidesc-head']!,
    '--format',
    'json',
    '--fail-on',
    'none',
  ];
  const peer = [process.execPath, driver, files['asyncapi-base']!, files['asyncapi-head']!];
  const [a, b] = await alternate({ command: ours, times: runs, options: { timeoutS: 1800 } }, { command: peer, times: runs, options: { timeoutS: 1800 } });
  const mb = (readFileSync(files['apidesc-base']!).length / 1024 / 1024).toFixed(1);
  // What each reports of the change, from one more run of each.
  const ourBreaking = (JSON.parse(execFileSync(ours[0]!, ours.slice(1), { encoding: 'utf8', maxBuffer: 1024 ** 3 })) as { breaking: number }).breaking;
  const peerBreaking = Number(execFileSync(peer[0]!, peer.slice(1), { encoding: 'utf8' }).trim());
  rows.push(
    `| ${size} | ${mb} | ${fmt(a.wall)} | ${fmt(a.rssMb, 0)} | ${ourBreaking} | ${fmt(b.wall)} | ${fmt(b.rssMb, 0)} | ${peerBreaking} | ${fmt(b.wall / a.wall, 1)}× |`,
  );
  if (a.exit !== 0 || b.exit !== 0)
    rows.push(`| (exit: apidesc-docs ${a.exit}, AsyncAPI ${b.exit}: ${(a.exit !== 0 ? a.stderr : b.stderr).slice(0, 200).replaceAll('\n', ' ')}) |`);
}
console.log(
  `Whole process, median of ${runs} alternated runs; one enum value added to a payload the application receives (non-breaking by the direction rule; the AsyncAPI diff leaves it unclassified).\n`,
);
console.log(
  '| channels | YAML MB | apidesc-docs diff s | peak RSS MB | breaking | @asyncapi/parser ×2 + @asyncapi/diff s | peak RSS MB | breaking | apidesc-docs faster |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
