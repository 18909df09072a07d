/** Problem (file + pointer) → Diagnostic (file:line:col), looking positions up only now. */
import { basename, relative, isAbsolute, resolve } from 'node:path';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { compareDiagnostics, type Diagnostic, type Problem } from './diagnostic.ts';

export function displayPath(file: string, cwd = process.cwd()): string {
  if (/^https?:/i.test(file)) return file;
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * A path as the published pages show it: relative to the working folder, else to the root of the
 * document's references, else its file name; never an absolute path of the machine that built it.
 * `file` may be absolute or already shown relative to `cwd`.
 */
export function publishedPath(file: string, cwd: string, root: string): string {
  if (/^https?:/i.test(file)) return file;
  const absolute = resolve(cwd, file);
  const shown = displayPath(absolute, cwd);
  if (!isAbsolute(shown)) return shown;
  const rel = relative(root, absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : basename(absolute);
}

export function toDiagnostics(problems: Problem[], doc?: ResolvedDoc, cwd = process.cwd()): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const p of problems) {
    const position = p.position ?? doc?.position(p.at, p.atKey) ?? { line: 0, column: 0 };
    const d: Diagnostic = {
      code: p.code,
      severity: p.severity,
      message: p.message,
      ...(p.hint ? { hint: p.hint } : {}),
      file: displayPath(p.at.file, cwd),
      pointer: p.at.pointer,
      line: position.line,
      column: position.column,
    };
    const key = `${d.file}|${d.pointer}|${d.code}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort(compareDiagnostics);
}
