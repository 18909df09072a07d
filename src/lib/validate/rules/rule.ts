/** The shape of a semantic rule: a pure function over the indexed document that reports problems. */
import type { Location, Problem, Severity } from '../../diagnostics/diagnostic.ts';
import type { DocIndex, DocNode } from '../../resolve/doc-index.ts';
import { joinPointer } from '../../json-pointer.ts';
import type { ResolvedDoc } from '../../resolve/resolved-doc.ts';

export interface RuleContext {
  doc: ResolvedDoc;
  index: DocIndex;
  report(problem: Problem): void;
}

export interface Rule {
  /** Prefix of the codes the rule reports. */
  id: string;
  /** One line, shown by `apidesc-docs rules`. */
  description: string;
  run(ctx: RuleContext): void;
}

/** Location of `field` (and deeper keys) inside a node. */
export function fieldAt(node: DocNode | Location, ...keys: (string | number)[]): Location {
  const at = 'at' in node ? node.at : node;
  return { file: at.file, pointer: joinPointer(at.pointer, ...keys) };
}

export function problem(code: string, severity: Severity, at: Location, message: string, hint: string, atKey = false): Problem {
  return { code, severity, at, message, hint, ...(atKey ? { atKey } : {}) };
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
