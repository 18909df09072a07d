/**
 * The first stage of `validate` and of `build`: every document of the file and folder arguments
 * loaded and checked, and with `checkSite` the configuration and the guides too. Returns the
 * outcome (diagnostics, results, exit code); reportValidation writes it in the format asked for.
 */
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { hasErrors } from '../lib/diagnostics/diagnostic.ts';
import { formatSarif } from '../lib/diagnostics/format-sarif.ts';
import { formatText, summaryLine } from '../lib/diagnostics/format-text.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { validateDocument, type ValidateOptions, type ValidationResult } from '../lib/validate/validate-document.ts';
import { expandInputs } from '../lib/inputs/expand-inputs.ts';
import { resolveSiteOptions, type SiteFlags } from '../project/site-options.ts';
import { tryItDiagnostics, tryItLocations } from '../project/try-it-check.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';

export type OutputFormat = 'text' | 'json' | 'sarif';

export interface ValidateInputsOptions extends ValidateOptions {
  /** How reportValidation writes the outcome. */
  format: OutputFormat;
  color: boolean;
  version: string;
  /**
   * Also check the site configuration and the guides (their syntax, and their references
   * against the documents), as `build` would: `validate` in CI then reports them too.
   */
  checkSite?: SiteFlags;
}

export interface ValidateOutcome {
  exitCode: number;
  diagnostics: Diagnostic[];
  /** One result per root document, in input order; `reused` for a document not read, whose findings came from the build cache. */
  results: (ValidationResult & { file: string; reused?: true })[];
  /** Source texts by displayed file name, for code frames. */
  sources: Map<string, string>;
  /** Files of a folder argument skipped as fragments (their root has no `apidesc`), as displayed. */
  fragments: string[];
  /** How many root documents were read. */
  documentCount: number;
}

/**
 * A document's findings as an earlier build made them, with its files' texts by path: the build
 * cache's, for a document whose files did not change (src/pipeline/cache/api-summary.ts).
 */
export interface ReusedValidation {
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
}

/**
 * `reused`: documents not to read again, by path (a build's cache has their findings). They are
 * read all the same when another document cannot be loaded, since the APIs' folders (slugs) are
 * then made of fewer documents than those the cache kept them for.
 */
export async function validateInputs(args: string[], options: ValidateInputsOptions, reused?: ReadonlyMap<string, ReusedValidation>): Promise<ValidateOutcome> {
  const cwd = options.cwd ?? process.cwd();
  const { files, missing, outside, fragments } = expandInputs(args, cwd);
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const results: ValidateOutcome['results'] = [];
  for (const folder of missing) {
    diagnostics.push({
      code: 'input-no-documents',
      severity: 'error',
      message: 'the folder holds no document with an `apidesc` root key',
      hint: 'Name a document, or a folder that holds *.yaml, *.yml or *.json documents.',
      file: folder,
      pointer: '',
      line: 0,
      column: 0,
    });
  }
  for (const link of outside) {
    diagnostics.push({
      code: 'input-outside-folder',
      severity: 'error',
      message: `this is a symbolic link to ${link.target}, outside the folder given`,
      hint: 'A folder argument reads only the documents inside it, as a $ref may only read files inside its root: copy the document into the folder instead of linking to it.',
      file: displayPath(link.path, cwd),
      pointer: '',
      line: 0,
      column: 0,
    });
  }
  let unreadable = missing.length > 0 || outside.length > 0;
  const read = new Map<string, ValidationResult>();
  for (const file of files) if (!reused?.has(file)) read.set(file, await validateDocument(file, options));
  const allLoaded = [...read.values()].every((result) => result.doc);
  for (const file of files) {
    const kept = allLoaded ? reused?.get(file) : undefined;
    if (kept) {
      results.push({ file, diagnostics: kept.diagnostics, unparsed: [], reused: true });
      for (const [path, text] of kept.texts) sources.set(displayPath(path, cwd), text);
      diagnostics.push(...kept.diagnostics);
      continue;
    }
    const result = read.get(file) ?? (await validateDocument(file, options));
    results.push({ ...result, file });
    if (!result.doc) unreadable ||= result.diagnostics.some((d) => d.code === 'load-missing' || d.code === 'load-unreadable');
    for (const f of [...(result.doc?.files ?? []), ...result.unparsed]) sources.set(displayPath(f.path, cwd), f.text);
    diagnostics.push(...result.diagnostics);
  }
  if (options.checkSite) {
    const site = await siteDiagnostics(args, options.checkSite, results, options);
    for (const [file, text] of site.sources) sources.set(file, text);
    diagnostics.push(...site.diagnostics);
    unreadable ||= site.unusable;
  }
  const exitCode = unreadable ? EXIT.usage : hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok;
  return { exitCode, diagnostics, results, sources, fragments: fragments.map((f) => displayPath(f, cwd)), documentCount: files.length };
}

/** The outcome as `validate` prints it: diagnostics as text, JSON or SARIF; in text, the skipped fragments and a summary line. */
export function reportValidation(outcome: ValidateOutcome, options: Pick<ValidateInputsOptions, 'format' | 'color' | 'version'>, reporter: Reporter): void {
  const { diagnostics, sources, fragments } = outcome;
  if (options.format === 'json') reporter.out(JSON.stringify(diagnostics, null, 2));
  else if (options.format === 'sarif') reporter.out(formatSarif(diagnostics, options.version));
  else {
    if (diagnostics.length > 0) reporter.out(formatText(diagnostics, { sources, color: options.color }));
    if (fragments.length > 0) reporter.err(skippedLine(fragments));
    reporter.err(summaryLine(diagnostics, outcome.documentCount));
  }
}

/** Fragments named at most, in the line that says which files of a folder were not read as documents. */
const FRAGMENTS_NAMED = 10;

/** Which files of a folder argument were skipped: a reader who expected one of them validated can see why. */
function skippedLine(fragments: string[]): string {
  const named = fragments.slice(0, FRAGMENTS_NAMED).join(', ');
  const more = fragments.length > FRAGMENTS_NAMED ? ` and ${fragments.length - FRAGMENTS_NAMED} more` : '';
  return `Skipped ${fragments.length} file${fragments.length === 1 ? '' : 's'} whose root has no \`apidesc\` key (fragments, read only through a $ref): ${named}${more}.`;
}

/**
 * The configuration's problems, and the guides': syntax, frontmatter, components, and references
 * (resolved against the documents that could be read). `unusable`: the configuration has errors.
 */
async function siteDiagnostics(
  args: string[],
  flags: SiteFlags,
  results: ValidateOutcome['results'],
  options: ValidateInputsOptions,
): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string>; unusable: boolean }> {
  const cwd = options.cwd ?? process.cwd();
  const site = await resolveSiteOptions(args, flags, cwd, options.limits ?? defaultLimits, options.root);
  const diagnostics = [...site.diagnostics];
  if (site.guidesDir) {
    // Loaded only when there are guides: the MDX parser and the model would double the start-up of `validate`.
    const [{ readGuides }, { buildSiteData }, { checkGuideRefs }] = await Promise.all([
      import('./read-guides.ts'),
      import('../site/site-model.ts'),
      import('./guide-check.ts'),
    ]);
    const guides = readGuides(site.guidesDir, cwd);
    diagnostics.push(...guides.diagnostics);
    for (const [file, text] of guides.sources) site.sources.set(file, text);
    const docs = results.flatMap(({ file, doc }) => (doc ? [{ file, doc }] : []));
    // References can only be checked against documents that were read.
    if (docs.length === results.length && guides.refs.length > 0) {
      // Page summaries only; the few pages a guide shows are completed by the check.
      const model = buildSiteData(docs, cwd, { deferPages: true });
      diagnostics.push(
        ...checkGuideRefs(
          guides.refs,
          model.site.apis,
          docs.map((d) => d.doc),
          model.complete,
        ),
      );
    }
  }
  // The servers `tryIt` names, against the documents (only when every one could be read: a server may be in the one that could not).
  const docs = results.flatMap(({ doc }) => (doc ? [doc] : []));
  const tryIt =
    docs.length === results.length && !hasErrors(site.diagnostics)
      ? tryItDiagnostics(site.loaded.config.tryIt, docs, tryItLocations(site.loaded, cwd), site.site)
      : [];
  diagnostics.push(...tryIt);
  return { diagnostics, sources: site.sources, unusable: hasErrors(site.diagnostics) || hasErrors(tryIt) };
}
