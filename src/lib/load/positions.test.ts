/**
 * The fast position index (js-yaml events) must agree with the `yaml` package, the reference for
 * YAML 1.2 positions, on every node and key: the project's own documents always, and every
 * document of the shared corpus when it is present (test/corpus.test.ts says loudly when not).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS } from '../../../test/corpus-location.ts';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { locate, recordPositions, UNSPLIT } from './fast-positions.ts';
import { PositionIndex } from './positions.ts';

/** Every node and key position the `yaml` package gives, against what `locate` finds in the positions. */
function compare(text: string): { checked: number; mismatches: string[] } {
  const mismatches: string[] = [];
  let checked = 0;
  const positions = recordPositions(text, 1000);
  if (!positions) return { checked, mismatches: ['no positions recorded'] };
  const check = (tokens: string[], expected: number | undefined, key: boolean): void => {
    checked++;
    const found = locate(positions, text, tokens);
    const actual = found === UNSPLIT ? UNSPLIT : key ? found.keyStart : found.start;
    if (actual !== expected) mismatches.push(`/${tokens.join('/')}${key ? ' (key)' : ''}: yaml ${expected}, fast ${actual}`);
  };
  const walk = (y: Node | null | undefined, tokens: string[]): void => {
    if (!y) return;
    check(tokens, y.range?.[0], false);
    if (isMap(y)) {
      for (const pair of y.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const child = [...tokens, String(pair.key.value)];
        check(child, (pair.key as Node).range?.[0], true);
        walk(pair.value as Node, child);
      }
    }
    if (isSeq(y))
      y.items.forEach((item, i) => {
        walk(item as Node, [...tokens, String(i)]);
      });
  };
  walk(parseDocument(text, { uniqueKeys: false }).contents as Node, []);
  return { checked, mismatches };
}

const root = resolve(import.meta.dirname, '../../..');
const corpus = CORPUS;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.(ya?ml|json)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('positions: the fast index agrees with the yaml package', () => {
  const tricky = [
    'a: 1\nb:\n  c: [x, {d: 2}]\n  e:\n    - f\n    - g: h\n"q": \'r\'\n',
    '# comment\nk:   # trailing\n  # own line\n  v\nlist:\n- a\n-   b\n- - nested\n  - deeper\n',
    'block: |\n  text\n  more\nfolded: >-\n  a\n  b\nempty:\nanchor: &x {a: 1}\n',
    '{"json": {"a": [1, 2, {"b": null}], "c": "d"}, "e": true}\n',
    // Mappings of 32 entries and more are looked up through an index built on first use.
    `channels:\n${Array.from({ length: 40 }, (_, i) => `  ch${i}:\n    address: "a/${i}"\n    list: [${i}, {k: v}]\n`).join('')}  "quoted key": 1\n  40: number key\n`,
  ];
  tricky.forEach((text, i) => {
    it(`tricky document ${i + 1}`, () => {
      const { checked, mismatches } = compare(text);
      assert.ok(checked > 5);
      assert.deepEqual(mismatches, []);
    });
  });

  for (const file of [...filesUnder(join(root, 'content')), ...filesUnder(corpus)]) {
    it(file.startsWith(corpus) ? file.slice(corpus.length + 1) : file.slice(root.length + 1), () => {
      const { mismatches } = compare(readFileSync(file, 'utf8'));
      assert.deepEqual(mismatches, []);
    });
  }

  it('finds keys, values and the deepest existing node for a missing path', () => {
    const index = new PositionIndex('info:\n  title: T\nlist:\n  - a\n  - b: c\n');
    assert.deepEqual(index.find('/info/title'), { line: 2, column: 10 });
    assert.deepEqual(index.find('/info/title', true), { line: 2, column: 3 });
    assert.deepEqual(index.find('/list/1/b'), { line: 5, column: 8 });
    assert.deepEqual(index.find('/info/version'), { line: 2, column: 3 });
    assert.deepEqual(index.find(''), { line: 1, column: 1 });
  });
});
