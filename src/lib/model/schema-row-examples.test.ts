/**
 * A schema row's "e.g.": at most ROW_EXAMPLES of the examples its check accepts, how many more
 * counted, and the check made only of the examples judged before the row has its few (a field
 * with a thousand examples is not validated a thousand times to show three).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../../test/helpers.ts';
import { defaultLimits } from '../load/limits.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaRows } from './schema-rows.ts';
import { ROW_EXAMPLES } from './shown-examples.ts';

const MANY = 1_000;

/** The `reading` row of a schema whose field gives `examples`, each judged by `accepted` (the calls counted). */
function readingRow(examples: unknown[], accepted: (example: unknown) => boolean) {
  const document = {
    apidesc: '3.0.0',
    info: { title: 'T', version: '1' },
    components: { schemas: { S: { type: 'object', properties: { reading: { examples } } } } },
  };
  const dir = tempTree({ 'doc.json': JSON.stringify(document) });
  const doc = new ResolvedDoc(loadSourceFile(join(dir, 'doc.json'), defaultLimits).file!, { root: dir, allowRemote: false }, defaultLimits);
  let judged = 0;
  const rows = schemaRows(
    doc,
    { $ref: '#/components/schemas/S' },
    { file: doc.root.path, pointer: '/x' },
    {
      anchorPrefix: 'p',
      exampleAccepted: (example) => {
        judged++;
        return accepted(example);
      },
    },
  );
  return { row: rows.find((r) => r.name === 'reading')!, judged };
}

describe("a schema row's examples", () => {
  it('shows at most ROW_EXAMPLES right ones, counts the rest, and judges only until it has them', () => {
    // The first two wrong (below zero): the row skips them, shows the next right ones.
    const { row, judged } = readingRow(
      Array.from({ length: MANY }, (_, i) => (i < 2 ? -1 - i : i)),
      (v) => typeof v === 'number' && v >= 0,
    );
    assert.deepEqual(
      row.examples,
      Array.from({ length: ROW_EXAMPLES }, (_, i) => 2 + i),
    );
    assert.equal(row.moreExamples, MANY - 2 - ROW_EXAMPLES);
    assert.equal(judged, 2 + ROW_EXAMPLES);
    assert.equal(row.wrongExamples, undefined);
  });

  it('says nothing more where the document gives no more than it shows, and counts each value once', () => {
    const { row } = readingRow([1, 2, 2, 1, 3], () => true);
    assert.deepEqual(row.examples, [1, 2, 3]);
    assert.equal(row.moreExamples, undefined);
  });

  it('keeps every wrong one for its sentence when none is right', () => {
    const { row, judged } = readingRow(
      Array.from({ length: 50 }, (_, i) => -1 - i),
      () => false,
    );
    assert.equal(row.examples, undefined);
    assert.equal(row.wrongExamples?.length, 50);
    assert.equal(judged, 50);
  });
});
