import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../../test/helpers.ts';
import { defaultLimits } from '../load/limits.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { ResolvedDoc } from './resolved-doc.ts';
import { walkSchema, type SchemaVisit } from './schema-walk.ts';

function walk(files: Record<string, string>, pointer: string): SchemaVisit[] {
  const dir = tempTree(files);
  const file = loadSourceFile(join(dir, 'main.yaml'), defaultLimits).file!;
  const doc = new ResolvedDoc(file, { root: dir, allowRemote: false }, defaultLimits);
  const visits: SchemaVisit[] = [];
  walkSchema(doc, { $ref: `#${pointer}` }, { file: file.path, pointer: '/start' }, (v) => void visits.push(v));
  return visits;
}

describe('walkSchema: recursion is a back-reference, never an expansion', () => {
  it('marks a directly recursive schema as a back-reference at the point of recursion', () => {
    const visits = walk(
      {
        'main.yaml':
          'components:\n  schemas:\n    Node:\n      type: object\n      properties:\n        value: {type: string}\n        children:\n          type: array\n          items: {$ref: "#/components/schemas/Node"}\n',
      },
      '/components/schemas/Node',
    );
    assert.deepEqual(
      visits.map((v) => [v.path.join('.'), v.backReference]),
      [
        ['', false],
        ['properties.value', false],
        ['properties.children', false],
        ['properties.children.items', true],
      ],
    );
    assert.equal(visits[3]!.at.pointer, '/components/schemas/Node');
  });

  it('marks mutual recursion across files and walks a schema used twice side by side fully both times', () => {
    const visits = walk(
      {
        'main.yaml':
          'components:\n  schemas:\n    A:\n      properties:\n        b: {$ref: "./other.yaml#/B"}\n        money1: {$ref: "#/components/schemas/Money"}\n        money2: {$ref: "#/components/schemas/Money"}\n    Money:\n      properties:\n        amount: {type: number}\n',
        'other.yaml': 'B:\n  properties:\n    a: {$ref: "main.yaml#/components/schemas/A"}\n',
      },
      '/components/schemas/A',
    );
    assert.deepEqual(
      visits.map((v) => [v.path.join('.'), v.backReference]),
      [
        ['', false],
        ['properties.b', false],
        ['properties.b.properties.a', true],
        ['properties.money1', false],
        ['properties.money1.properties.amount', false],
        ['properties.money2', false],
        ['properties.money2.properties.amount', false],
      ],
    );
    assert.match(visits[1]!.at.file, /other\.yaml$/);
  });

  it('walks 4,000 nested levels without overflowing the stack', () => {
    // Built in memory: no parser reads this deep, but later stages must not depend on that.
    const levels = 4000;
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) deep = { properties: { a: deep } };
    const file = { path: '/virtual/main.yaml', format: 'yaml' as const, text: '', value: { components: { schemas: { Deep: deep } } } };
    const doc = new ResolvedDoc(file, { root: '/virtual', allowRemote: false }, defaultLimits);
    let count = 0;
    walkSchema(doc, { $ref: '#/components/schemas/Deep' }, { file: file.path, pointer: '/x' }, () => void count++);
    assert.equal(count, levels + 1);
  });
});
