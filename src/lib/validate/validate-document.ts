/**
 * load → resolve → validate for one root document. Never throws for bad input: everything
 * wrong with the input comes back as diagnostics.
 */
import { resolve } from 'node:path';
import type { Diagnostic, Problem } from '../diagnostics/diagnostic.ts';
import { toDiagnostics } from '../diagnostics/to-diagnostic.ts';
import { defaultLimits, type LoadLimits } from '../load/limits.ts';
import { loadSourceFile, type SourceText } from '../load/source-file.ts';
import { defaultRemoteOptions, fetchRemoteRefs, type RemoteOptions } from '../resolve/remote.ts';
import { refRoot } from '../resolve/ref-root.ts';
import { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { runRules } from './rules/index.ts';
import { validateStructure } from './structural.ts';

export interface ValidateOptions {
  limits?: LoadLimits;
  /** Folder that file references may not leave; default: the root document's folder. */
  root?: string;
  allowRemoteRefs?: boolean;
  remote?: RemoteOptions;
  cwd?: string;
  /**
   * Report schema content that contradicts itself (examples that do not match their schema or, for a parameter, its enum,
   * defaults of the wrong type, discriminators missing from `required`: SPEC Errors #13, #14, #9) as errors instead of warnings. They are
   * warnings by default because published documents, the SPEC's own examples among them, often
   * carry such drift and should still build.
   */
  strict?: boolean;
}

export const STRICT_CODES = new Set([
  'example-invalid',
  'schema-example-invalid',
  'parameter-example-enum',
  'schema-default-type',
  'discriminator-not-required',
]);

export interface ValidationResult {
  /** Absent when the root document itself could not be loaded. */
  doc?: ResolvedDoc;
  diagnostics: Diagnostic[];
  /** Files read but not parsed (the root, or a file it references): their text, for the diagnostics' code frames. */
  unparsed: SourceText[];
}

export async function validateDocument(path: string, options: ValidateOptions = {}): Promise<ValidationResult> {
  const opened = await openDocument(path, options);
  if (!opened.doc) return { diagnostics: opened.diagnostics, unparsed: opened.unparsed };
  const { doc, problems } = opened;
  problems.push(...(await checkDocument(doc)));
  problems.push(...doc.problems);
  return { doc, diagnostics: finish(problems, doc, options), unparsed: doc.unparsed };
}

/**
 * What validation adds to an opened document: its structure against the SPEC, and the rules.
 * (`diff` checks each version it opened with this, as `validate` would, without reading it twice.)
 * Problems of resolving `$ref`s met on the way are added to `doc.problems`, not returned.
 */
export async function checkDocument(doc: ResolvedDoc): Promise<Problem[]> {
  const problems: Problem[] = [];
  try {
    problems.push(...(await validateStructure(doc)));
    problems.push(...runRules(doc));
  } catch (error) {
    // Nesting within --max-depth can still exhaust the stack of the schema validator when the
    // limit is raised far above its default: say so instead of failing as an internal error.
    if (!(error instanceof RangeError)) throw error;
    problems.push({
      code: 'load-too-deep',
      severity: 'error',
      message: 'the document is nested too deeply to validate',
      hint: `Flatten the structure (move nested schemas to components and use $ref), or keep --max-depth at its default of ${defaultLimits.maxDepth}.`,
      at: { file: doc.root.path, pointer: '' },
    });
  }
  return problems;
}

/**
 * Reads and resolves a document without checking it against the SPEC: what a model needs.
 * `apidesc-docs dev` models the document with this while the full validation runs beside it.
 * The diagnostics are those of loading (and, without a document, why there is none).
 */
export async function openDocument(
  path: string,
  options: ValidateOptions = {},
): Promise<{ doc?: ResolvedDoc; problems: Problem[]; diagnostics: Diagnostic[]; unparsed: SourceText[] }> {
  const cwd = options.cwd ?? process.cwd();
  const limits = options.limits ?? defaultLimits;
  const absolute = resolve(cwd, path);
  const loaded = loadSourceFile(absolute, limits);
  if (!loaded.file)
    return {
      problems: loaded.problems,
      diagnostics: toDiagnostics(loaded.problems, undefined, cwd),
      unparsed: loaded.unparsedText === undefined ? [] : [{ path: absolute, text: loaded.unparsedText }],
    };
  const policy = { root: refRoot(absolute, cwd, options.root), allowRemote: options.allowRemoteRefs ?? false };
  const problems: Problem[] = [...loaded.problems];
  let remote: Awaited<ReturnType<typeof fetchRemoteRefs>>['files'] | undefined;
  if (policy.allowRemote) {
    const fetched = await fetchRemoteRefs(loaded.file, policy, limits, options.remote ?? defaultRemoteOptions);
    problems.push(...fetched.problems);
    remote = fetched.files;
  }
  const doc = new ResolvedDoc(loaded.file, policy, limits, remote);
  return { doc, problems, diagnostics: finish([...problems, ...doc.problems], doc, options), unparsed: doc.unparsed };
}

function finish(problems: Problem[], doc: ResolvedDoc, options: ValidateOptions): Diagnostic[] {
  if (options.strict) for (const p of problems) if (STRICT_CODES.has(p.code)) p.severity = 'error';
  return toDiagnostics(problems, doc, options.cwd ?? process.cwd());
}
