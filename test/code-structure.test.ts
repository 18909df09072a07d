/**
 * The code's structure stays a one-way street: no module of src/ imports, through any chain
 * of imports, a module that imports it. Cycles make the order in which modules run matter and
 * hide which stage owns what (three were untangled by moving shared types into their own
 * modules: src/pipeline/build-options.ts, src/lib/model/page-types.ts, src/site/site-data-types.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|astro|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative modules a file names in `import … from`, `export … from` and `import '…'`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]/gm)];
  return found.map((m) => resolve(dirname(file), m[1]!));
}

/** Strongly connected groups of more than one module, or a module that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

describe('the structure of the code', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(cycles(graph), [['a', 'b', 'c']]);
    assert.deepEqual(cycles(new Map([['a', ['a']]])), [['a']]);
    assert.deepEqual(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      [],
    );
  });

  it('has no import cycles in src/', () => {
    const files = sourceFiles(join(ROOT, 'src'));
    assert.ok(files.length > 100, `read ${files.length} modules`);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const linked = [...graph.values()].flat().filter((target) => graph.has(target)).length;
    assert.ok(linked > 200, `followed ${linked} imports`);
    const found = cycles(graph).map((group) => group.map((file) => relative(ROOT, file)).join(' -> '));
    assert.deepEqual(found, [], `import cycles:\n${found.join('\n')}`);
  });
});
