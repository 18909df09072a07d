/**
 * `diff`'s schema comparison on hostile schemas (in process, the comparison as the command runs
 * it, both versions loaded and validated): a fan-out whose every path written out would be
 * width^depth fields (test/fan-out-document.ts), with one type changed at its last level, and a
 * payload that is an allOf of thousands of parts defining the same property, with one type
 * changed in one part. Median of `--runs` runs; prints one Markdown table.
 *
 *   node bench/diff-schemas.ts [--runs 5]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { api, diffPair, diffTrees } from '../test/diff-fixture.ts';
import { fanOutDocument } from '../test/fan-out-document.ts';
import { fmt, median } from './measure.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

function fanOut(depth: number, width: number): [string, string] {
  const base = fanOutDocument(depth, width);
  const head = base.replace(new RegExp(`(\\n {4}L${depth}:\\n {6}type: object\\n {6}properties:\\n {8}p0:\\n {10}type: )string`), '$1integer');
  if (head === base) throw new Error('the fan-out has no last level to change');
  return [base, head];
}

/** A payload of `parts` allOf parts, each a reference to one of 50 schemas that all define `data`; the last schema's own field changes type. */
function allOfFlood(parts: number, lastType: string): Record<string, unknown> {
  const schemas = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [
      `S${i}`,
      {
        type: 'object',
        properties: { [`p${i}`]: { type: i === 49 ? lastType : 'string' }, data: { type: 'object', properties: { [`q${i}`]: { type: 'string' } } } },
      },
    ]),
  );
  return api({
    direction: 'receive',
    payload: { allOf: Array.from({ length: parts }, (_, i) => ({ $ref: `#/components/schemas/S${i % 50}` })) },
    components: { schemas },
  });
}

async function time(compare: () => Promise<{ changes: unknown[] }>): Promise<{ ms: number; changes: number }> {
  const times: number[] = [];
  let changes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    changes = (await compare()).changes.length;
    times.push(performance.now() - start);
  }
  return { ms: median(times), changes };
}

const rows = ['| case | median ms | changes reported |', '|---|---:|---:|'];
for (const [depth, width] of [
  [10, 10],
  [40, 10],
  [20, 200],
] as const) {
  const [base, head] = fanOut(depth, width);
  const r = await time(() => diffTrees({ 'main.yaml': base }, { 'main.yaml': head }));
  rows.push(`| fan-out, ${depth} levels of ${width} | ${fmt(r.ms)} | ${r.changes} |`);
}
for (const parts of [200, 2000]) {
  const r = await time(() => diffPair(allOfFlood(parts, 'string'), allOfFlood(parts, 'integer')));
  rows.push(`| allOf of ${parts} parts | ${fmt(r.ms)} | ${r.changes} |`);
}
process.stdout.write(`${rows.join('\n')}\n`);
