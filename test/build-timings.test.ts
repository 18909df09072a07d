/**
 * `build --timings` on the default content: every stage and each of its parts with elapsed and
 * processor time, each stage's rows adding up to its processor time, and the summary line of
 * the build naming its phases on one clock. Without the flag, no table.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

interface Row {
  depth: number;
  name: string;
  wall?: number;
  cpu: number;
}

/** The rows of the table: name (indented by depth), wall and CPU seconds. */
function rowsOf(err: string): Row[] {
  const lines = err.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Timings '));
  assert.ok(start >= 0, err);
  const rows: Row[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^( *)(\S.*?)\s+(\d+\.\d\d)?\s+(\d+\.\d\d)$/.exec(line);
    if (!match) break;
    rows.push({ depth: match[1]!.length / 2, name: match[2]!, ...(match[3] ? { wall: Number(match[3]) } : {}), cpu: Number(match[4]) });
  }
  return rows;
}

describe('build --timings', () => {
  it('prints each stage with its parts, in elapsed and processor time, adding up to the stage', { timeout: 300_000 }, async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    const built = await runIn(dir, ['build', 'orders.yaml', '--out', 'site', '--timings']);
    assert.equal(built.code, 0, built.err);
    assert.match(
      built.err,
      /Built 1 API\(s\), \d+ pages \(\d+ reference pages\), into site in [\d.]+ s \(validate [\d.]+ s, model [\d.]+ s, pages [\d.]+ s( \([\d.]+ s of it beside the model\))?, search [\d.]+ s; CPU [\d.]+ s\)\./,
    );
    const rows = rowsOf(built.err);
    const stages = rows.filter((r) => r.depth === 1).map((r) => r.name);
    assert.deepEqual(stages, ['command (checks, stages, extras, swap)', 'renderer', 'model process', 'search index']);
    const partsOf = (stage: string): Row[] => {
      const at = rows.findIndex((r) => r.depth === 1 && r.name === stage);
      const end = rows.findIndex((r, i) => i > at && r.depth === 1);
      return rows.slice(at + 1, end < 0 ? undefined : end);
    };
    const names = (stage: string): string[] => partsOf(stage).map((r) => r.name);
    for (const part of [
      'start-up',
      'load and validate',
      'model',
      'code highlighting',
      'twins and llms files',
      'page fingerprints',
      'site data stream',
      'diagrams',
    ])
      assert.ok(names('model process').includes(part), `model process: ${part}`);
    for (const part of [
      'start-up',
      'loading the renderer (bundling it for new sources)',
      'reading the site data',
      'rendering the pages',
      'diagrams',
      'writing the pages',
    ])
      assert.ok(names('renderer').includes(part), `renderer: ${part}`);
    for (const part of ['listing the pages', 'search records (Pagefind reads the pages)', 'the index (Pagefind builds and writes it)'])
      assert.ok(names('search index').includes(part), `search index: ${part}`);
    for (const stage of ['renderer', 'model process', 'search index']) {
      const total = rows.find((r) => r.depth === 1 && r.name === stage)!.cpu;
      const sum = partsOf(stage).reduce((s, r) => s + r.cpu, 0);
      // Each row is rounded to a hundredth of a second.
      assert.ok(Math.abs(sum - total) <= 0.01 * (partsOf(stage).length + 1), `${stage}: rows ${sum.toFixed(2)} s, stage ${total} s`);
      assert.ok(total > 0, stage);
    }
    // Pagefind's indexer is a program of its own: its processor time is counted too.
    assert.ok(partsOf('search index').find((r) => r.name.startsWith('search records'))!.cpu > 0);
  });

  it('prints no table without the flag', { timeout: 300_000 }, async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    const built = await runIn(dir, ['build', 'orders.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.err);
    assert.doesNotMatch(built.err, /^Timings /m);
  });
});
