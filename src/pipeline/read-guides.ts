/**
 * Reads the guides folder: every `*.md` and `*.mdx` file, parsed with the same Markdown/MDX
 * parser Astro's MDX integration uses (satteri), before anything is rendered. Syntax errors,
 * bad frontmatter and unknown components become diagnostics with the guide's file:line:col;
 * the reference components it uses are collected, to be resolved against the documents once
 * they are modelled (guide-refs.ts).
 */
import { join, relative, sep } from 'node:path';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { byCodeUnits, byEnglishTitle } from '../lib/text-order.ts';
import { GUIDE_COMPONENTS, guideId, type GuideRef } from '../site/guide-refs.ts';
import { guideEntries } from '../site/guide-files.ts';
import { describeFailure, readRegularFile } from '../lib/load/regular-file.ts';
import { realPath } from '../lib/real-path.ts';
import type { GuideSummary } from '../site/site-data-types.ts';

export interface ReadGuides {
  guides: GuideSummary[];
  /** Paths relative to the guides folder of the guides without errors: only those are rendered. */
  renderable: string[];
  refs: GuideRef[];
  diagnostics: Diagnostic[];
  /** Text of each guide by displayed file name, for code frames. */
  sources: Map<string, string>;
}

interface Node {
  type: string;
  name?: string | null;
  value?: string;
  depth?: number;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: { line: number; column: number } };
}

/** Guides after this many are ignored (and said so): the sidebar lists them all on every page. */
const MAX_GUIDES = 500;
const MAX_GUIDE_BYTES = 1024 * 1024;

export function readGuides(folder: string, cwd: string): ReadGuides {
  const out: ReadGuides = { guides: [], renderable: [], refs: [], diagnostics: [], sources: new Map() };
  const entries = guideEntries(folder);
  for (const rel of entries.outside) {
    out.diagnostics.push({
      code: 'guide-outside-folder',
      severity: 'error',
      message: `this guide is a symbolic link to ${realPath(join(folder, rel))}, outside the guides folder`,
      hint: 'Only files inside the guides folder are published: copy the guide into it instead of linking to it.',
      file: displayPath(join(folder, rel), cwd),
      pointer: '',
      line: 0,
      column: 0,
    });
  }
  const files = entries.paths.map((path) => join(folder, path));
  for (const path of files.slice(0, MAX_GUIDES)) readGuide(path, folder, cwd, out);
  if (files.length > MAX_GUIDES) {
    out.diagnostics.push({
      code: 'guide-too-many',
      severity: 'warning',
      message: `${files.length} guides; only the first ${MAX_GUIDES} are published`,
      hint: 'Merge guides, or split the site.',
      file: displayPath(folder, cwd),
      pointer: '',
      line: 0,
      column: 0,
    });
  }
  out.guides.sort((a, b) => a.order - b.order || byEnglishTitle(a.title, b.title) || byCodeUnits(a.id, b.id));
  return out;
}

function readGuide(path: string, folder: string, cwd: string, out: ReadGuides): void {
  const file = displayPath(path, cwd);
  const problem = (code: string, message: string, hint: string, line = 0, column = 0): void => {
    out.diagnostics.push({ code, severity: 'error', message, hint, file, pointer: '', line, column });
  };
  const read = readRegularFile(path, MAX_GUIDE_BYTES);
  if (!('data' in read)) {
    if (read.reason === 'too-large')
      return problem('guide-too-large', `the guide is larger than ${MAX_GUIDE_BYTES / 1024} KB`, 'Split it into several guides.');
    return problem('guide-unreadable', describeFailure(read), 'Guides are regular Markdown or MDX files inside the guides folder.');
  }
  const text = read.data.toString('utf8');
  out.sources.set(file, text);
  const mdx = /\.mdx$/i.test(path);
  let tree: Node;
  try {
    tree = (mdx ? mdxToMdast(text) : markdownToMdast(text)) as unknown as Node;
  } catch (error) {
    // satteri's syntax errors start with `line:column: ` and say what is wrong for a person; any
    // other failure is the parser's own, and its text is not shown (issue 33).
    const message = error instanceof Error ? error.message : '';
    const at = /^(\d+):(\d+):\s*/.exec(message);
    return problem(
      'guide-syntax',
      at ? message.slice(at[0].length) : `the guide could not be read as ${mdx ? 'MDX' : 'Markdown'}`,
      'Fix the MDX syntax (a literal `<` or `{` is written `\\<` or `\\{` in MDX).',
      Number(at?.[1] ?? 0),
      Number(at?.[2] ?? 0),
    );
  }
  const frontmatter = readFrontmatter(tree, (message, line) =>
    problem('guide-frontmatter', message, 'Frontmatter is YAML: `title` (text), `order` (number), `description` (text).', line, 1),
  );
  if (!frontmatter) return;
  const rel = relative(folder, path).split(sep).join('/');
  const id = guideId(rel);
  const heading = firstHeading(tree);
  const title = frontmatter.title ?? heading ?? rel.replace(/\.mdx?$/i, '');
  const before = out.diagnostics.length;
  const twin = out.guides.find((g) => g.id === id);
  if (twin)
    problem(
      'guide-duplicate',
      `this guide would be served at guides/${id}/, like ${twin.file}`,
      'Rename one of them: URLs are the path in lower case, without the extension.',
    );
  if (mdx) collectComponents(tree, file, importedNames(tree), out);
  // A guide with an unknown component would stop the renderer: it is left out (and said so).
  if (out.diagnostics.length > before) return;
  out.guides.push({
    id,
    title,
    order: frontmatter.order ?? 1000,
    file,
    hasHeading: heading !== undefined,
    ...(frontmatter.description ? { description: frontmatter.description } : {}),
  });
  out.renderable.push(rel);
}

function readFrontmatter(tree: Node, fail: (message: string, line: number) => void): { title?: string; order?: number; description?: string } | undefined {
  const node = tree.children?.find((c) => c.type === 'yaml');
  if (!node) return {};
  let data: unknown;
  try {
    data = parseYaml(node.value ?? '') ?? {};
  } catch (error) {
    // The YAML parser's errors say what is wrong for a person; any other failure's text is not shown.
    const reason = error instanceof Error && error.name === 'YAMLParseError' ? `: ${error.message.split('\n')[0]}` : '';
    fail(`the frontmatter is not valid YAML${reason}`, 1);
    return undefined;
  }
  if (typeof data !== 'object' || Array.isArray(data) || data === null) {
    fail('the frontmatter must be a map of fields', 1);
    return undefined;
  }
  const { title, order, description } = data as Record<string, unknown>;
  // The line of a field: the frontmatter starts after the `---` on line 1.
  const lines = (node.value ?? '').split('\n');
  const lineOf = (field: string): number =>
    2 +
    Math.max(
      0,
      lines.findIndex((l) => l.startsWith(`${field}:`)),
    );
  if (title !== undefined && (typeof title !== 'string' || title.trim() === '')) return void fail('`title` must be a non-empty text', lineOf('title'));
  if (order !== undefined && (typeof order !== 'number' || !Number.isFinite(order)))
    return void fail('`order` must be a number (smaller first)', lineOf('order'));
  if (description !== undefined && typeof description !== 'string') return void fail('`description` must be a text', lineOf('description'));
  return { ...(title ? { title } : {}), ...(typeof order === 'number' ? { order } : {}), ...(description ? { description } : {}) };
}

function firstHeading(tree: Node): string | undefined {
  const heading = tree.children?.find((c) => c.type === 'heading' && c.depth === 1);
  const text = (n: Node): string => n.value ?? (n.children ?? []).map(text).join('');
  return heading ? text(heading).trim() || undefined : undefined;
}

/** Names the guide imports itself (its own components): those are not ours to check. */
function importedNames(tree: Node): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const m of (node.value ?? '').matchAll(/import\s+([^;]*?)\s+from/g)) {
      for (const name of m[1]!.replace(/[{}*]/g, ',').split(',')) {
        const local = name
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.trim();
        if (local) names.add(local);
      }
    }
  }
  return names;
}

function collectComponents(node: Node, file: string, imported: Set<string>, out: ReadGuides): void {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]/.test(node.name) && !imported.has(node.name)) {
    const { line, column } = node.position?.start ?? { line: 0, column: 0 };
    const at = { file, pointer: '', line, column };
    if (!(node.name in GUIDE_COMPONENTS)) {
      out.diagnostics.push({
        code: 'guide-unknown-component',
        severity: 'error',
        message: `unknown component <${node.name}>`,
        hint: `Components: ${Object.keys(GUIDE_COMPONENTS)
          .map((n) => `<${n}>`)
          .join(', ')}; or import your own.`,
        ...at,
      });
    } else {
      const attribute = (name: string): string | undefined => {
        const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
        return typeof found?.value === 'string' ? found.value : undefined;
      };
      const ref = attribute('ref');
      if (ref === undefined) {
        out.diagnostics.push({
          code: 'guide-ref-missing',
          severity: 'error',
          message: `<${node.name}> needs a ref="…" attribute with a JSON pointer written as text`,
          hint: `For example <${node.name} ref="${GUIDE_COMPONENTS[node.name]!.example}" />.`,
          ...at,
        });
      } else {
        const api = attribute('api');
        out.refs.push({ component: node.name, ref, ...(api !== undefined ? { api } : {}), file, line, column });
      }
    }
  }
  for (const child of node.children ?? []) collectComponents(child, file, imported, out);
}
