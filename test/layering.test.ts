/**
 * The code's layers only look down, and its imports never go round in a circle.
 *
 * The layers of src/, from the bottom: `lib` (the format: loading, validation, the model, diff),
 * `site` (the site's data and views), `project` (what a build reads of the user's project: its
 * configuration, site options, review severities), `pipeline` (the build's stages), `dev` (the
 * live site), and `cli` on top, which only parses arguments, prints and sets exit codes; the
 * integrations for host sites (`integrations`) sit beside `dev`, on the pipeline and the components. The
 * renderer's folders (components, layouts, pages, client) sit above `site`. A module may import
 * its own layer and those below it; the check follows every chain of imports (static, dynamic
 * and type-only, from .ts and from .astro), so that a climb through a folder outside the layers
 * (src/perf) is found too.
 *
 * Cycles make the order in which modules run matter and hide which stage owns what (three were
 * untangled by moving shared types into their own modules: src/pipeline/build-options.ts,
 * src/lib/model/page-types.ts, src/site/site-data-types.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const SOURCE = /\.(ts|astro|mjs|js)$/;

/** What each folder of src/ may never reach, through any chain of imports. */
const FORBIDDEN: Readonly<Record<string, readonly string[]>> = {
  lib: ['site', 'project', 'pipeline', 'dev', 'cli', 'components', 'layouts', 'pages', 'client', 'integrations'],
  site: ['project', 'pipeline', 'dev', 'cli', 'components', 'layouts', 'pages', 'integrations'],
  project: ['pipeline', 'dev', 'cli', 'components', 'layouts', 'pages', 'client', 'integrations'],
  pipeline: ['dev', 'cli', 'integrations'],
  dev: ['cli', 'integrations'],
  // The integrations for host sites (Starlight, Astro) use the pipeline's validation and the
  // renderer's components; nothing of the standalone build uses them.
  integrations: ['dev', 'cli', 'pages', 'layouts'],
  components: ['integrations'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The script parts of an .astro file: its frontmatter and its <script> elements. */
function scriptOf(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

/**
 * Relative modules a file imports: `import … from`, `export … from`, `import '…'`, `import type`
 * and `import('…')`, as TypeScript's own scanner finds them (never text inside a string).
 */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(scriptOf(file, readFileSync(file, 'utf8')), true, true);
  return importedFiles
    .map((imported) => imported.fileName.replace(/\?.*$/, ''))
    .filter((name) => name.startsWith('./') || name.startsWith('../'))
    .map((name) => resolve(dirname(file), name));
}

/** The folder of src/ a module is in (`lib`, `pipeline`, …), or undefined outside src/ folders. */
function layerOf(file: string): string | undefined {
  const rel = relative(SRC, file);
  return rel.startsWith('..') || !rel.includes(sep) ? undefined : rel.split(sep)[0];
}

/**
 * Every climb: a module of a layer that reaches a module of a layer it may not reach, with the
 * chain of imports that leads there (shortest first, one per module and forbidden layer).
 */
function climbs(graph: Map<string, string[]>, layer: (file: string) => string | undefined, forbidden: Readonly<Record<string, readonly string[]>>): string[][] {
  const found: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    const from = layer(start);
    const banned = from !== undefined ? forbidden[from] : undefined;
    if (!banned) continue;
    const reported = new Set<string>();
    // Breadth first, so that the chain shown is a shortest one.
    const previous = new Map<string, string>([[start, start]]);
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (previous.has(next)) continue;
        previous.set(next, node);
        const to = layer(next);
        if (to !== undefined && banned.includes(to)) {
          if (!reported.has(to)) {
            reported.add(to);
            const chain = [next];
            for (let at = node; at !== start; at = previous.get(at)!) chain.unshift(at);
            found.push([start, ...chain]);
          }
          continue;
        }
        queue.push(next);
      }
    }
  }
  return found;
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

/** The import graph of src/: every module, tests beside the code included, and the modules it imports that exist. */
function sourceGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  return new Map(files.map((file) => [file, importsOf(file).filter((target) => existsSync(target))]));
}

const shown = (chain: string[]): string => chain.map((file) => relative(ROOT, file)).join(' -> ');

/** Climbs that end in the same import, from the same layer, in one line: the first chain and how many more modules take it. */
function grouped(found: string[][]): string[] {
  const groups = new Map<string, string[][]>();
  for (const chain of found) {
    const key = `${layerOf(chain[0]!)} ${chain.slice(-2).join(' ')}`;
    groups.set(key, [...(groups.get(key) ?? []), chain]);
  }
  return [...groups.values()].map(
    ([first, ...others]) => shown(first!) + (others.length > 0 ? ` (and ${others.length} more of src/${layerOf(first![0]!)} through this import)` : ''),
  );
}

describe('the layers of the code', () => {
  it('finds a climb, directly or through a folder outside the layers, and a cycle (the checks themselves)', () => {
    const layer = (file: string): string | undefined => file.split('/')[0];
    const graph = new Map([
      ['lib/a', ['lib/b', 'perf/x']],
      ['lib/b', []],
      ['perf/x', ['pipeline/p']],
      ['pipeline/p', ['cli/c', 'lib/a']],
      ['cli/c', ['pipeline/p']],
    ]);
    const rules = { lib: ['pipeline', 'cli'], pipeline: ['cli'] };
    // The chain stops at the first layer it may not reach: lib reaches cli only through pipeline, reported once.
    assert.deepEqual(climbs(graph, layer, rules), [
      ['lib/a', 'perf/x', 'pipeline/p'],
      ['pipeline/p', 'cli/c'],
    ]);
    assert.deepEqual(climbs(new Map([['lib/a', ['lib/b']]]), layer, rules), []);
    assert.deepEqual(cycles(graph), [['cli/c', 'lib/a', 'perf/x', 'pipeline/p']]);
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

  it('reads every import: static, dynamic, type-only, re-exports and .astro frontmatter, not text in strings', () => {
    const graph = sourceGraph();
    const imports = (file: string): string[] => (graph.get(join(SRC, file)) ?? []).map((target) => relative(SRC, target));
    // A dynamic import (src/cli/main.ts loads the build on demand).
    assert.ok(imports('cli/main.ts').includes(join('pipeline', 'pipeline.ts')), imports('cli/main.ts').join(', '));
    // Type-only.
    assert.ok(imports('pipeline/build-options.ts').includes(join('lib', 'diff', 'severity-overrides.ts')));
    // An .astro page's frontmatter.
    assert.ok(imports('pages/index.astro').some((target) => target.startsWith(`components${sep}`)));
    // A test whose guide text holds an import statement inside a string: not an import.
    assert.ok(!imports('pipeline/read-guides.test.ts').some((target) => target.includes('chart.astro')));
    const linked = [...graph.values()].flat().length;
    assert.ok(graph.size > 300 && linked > 1000, `read ${graph.size} modules and ${linked} imports`);
  });

  it('only look down: no module of src/ reaches a layer above its own', () => {
    const graph = sourceGraph();
    const found = grouped(climbs(graph, layerOf, FORBIDDEN));
    assert.deepEqual(found, [], `imports that climb:\n${found.join('\n')}`);
  });

  it('have no import cycles in src/', () => {
    const graph = sourceGraph();
    const found = cycles(graph).map(shown);
    assert.deepEqual(found, [], `import cycles:\n${found.join('\n')}`);
  });
});
