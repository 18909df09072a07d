/**
 * The reference's components in a host's own MDX pages (apidesc-docs/components), found before
 * anything is rendered: every MDX file under the host's source folder is parsed with the parser
 * Astro's MDX integration uses (satteri), and each element named by an import from
 * `apidesc-docs/components` becomes a use to resolve against the documents (guide-refs.ts), with
 * its file:line:col. A `ref` not written as text cannot be checked, and is said so.
 */
import { join } from 'node:path';
import { mdxToMdast } from 'satteri';
import type { Diagnostic } from '../../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../../lib/diagnostics/to-diagnostic.ts';
import { readRegularFile } from '../../lib/load/regular-file.ts';
import { guideEntries } from '../../site/guide-files.ts';
import { GUIDE_COMPONENTS, type GuideRef } from '../../site/guide-refs.ts';

/** The module whose components are checked. */
export const COMPONENTS_MODULE = 'apidesc-docs/components';

interface Node {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: { line: number; column: number } };
}

/** A use of a component, and the reference it names (`reference="…"`, the base of an apidescDocs()) when the host has several. */
export type HostComponentUse = GuideRef & { reference?: string };

export interface HostComponentUses {
  uses: HostComponentUse[];
  /** Uses that cannot be checked (no `ref` written as text). */
  diagnostics: Diagnostic[];
  /** Text of each file with uses, by displayed name, for code frames. */
  sources: Map<string, string>;
}

/** Files larger than this are not read: no page of a host is a megabyte of MDX. */
const MAX_FILE_BYTES = 1024 * 1024;

/** The uses of the reference's components in the MDX files under `srcDir`; names relative to `root`. */
export function hostComponentUses(srcDir: string, root: string): HostComponentUses {
  const out: HostComponentUses = { uses: [], diagnostics: [], sources: new Map() };
  for (const rel of guideEntries(srcDir).paths.filter((p) => /\.mdx$/i.test(p))) {
    const path = join(srcDir, rel);
    const read = readRegularFile(path, MAX_FILE_BYTES);
    if (!('data' in read)) continue;
    const text = read.data.toString('utf8');
    // Cheap first: most pages import nothing of this package.
    if (!text.includes(COMPONENTS_MODULE)) continue;
    let tree: Node;
    try {
      tree = mdxToMdast(text) as unknown as Node;
    } catch {
      // Astro's own build reports the page's syntax error, with its place.
      continue;
    }
    const names = importedComponents(tree);
    if (names.size === 0) continue;
    const file = displayPath(path, root);
    const before = out.uses.length + out.diagnostics.length;
    collect(tree, file, names, out);
    if (out.uses.length + out.diagnostics.length > before) out.sources.set(file, text);
  }
  return out;
}

/** Local names → component, of the imports from COMPONENTS_MODULE (`import { SchemaTable as Table } from …`). */
function importedComponents(tree: Node): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const m of (node.value ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
      if (m[2] !== COMPONENTS_MODULE) continue;
      for (const part of m[1]!.split(',')) {
        const [imported, local = imported] = part
          .trim()
          .split(/\s+as\s+/)
          .map((s) => s.trim());
        if (imported && local && imported in GUIDE_COMPONENTS) names.set(local, imported);
      }
    }
  }
  return names;
}

function collect(node: Node, file: string, names: Map<string, string>, out: HostComponentUses): void {
  const component = node.name ? names.get(node.name) : undefined;
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && component) {
    const { line, column } = node.position?.start ?? { line: 0, column: 0 };
    const attribute = (name: string): string | undefined => {
      const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
      return typeof found?.value === 'string' ? found.value : undefined;
    };
    const ref = attribute('ref');
    if (ref === undefined)
      out.diagnostics.push({
        code: 'guide-ref-missing',
        severity: 'error',
        message: `<${node.name}> needs a ref="…" attribute with a JSON pointer written as text`,
        hint: `For example <${node.name} ref="${GUIDE_COMPONENTS[component]!.example}" />.`,
        file,
        pointer: '',
        line,
        column,
      });
    else {
      const api = attribute('api');
      const reference = attribute('reference');
      out.uses.push({ component, ref, ...(api !== undefined ? { api } : {}), ...(reference !== undefined ? { reference } : {}), file, line, column });
    }
  }
  for (const child of node.children ?? []) collect(child, file, names, out);
}
