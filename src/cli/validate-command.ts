/** `apidesc-docs validate <file-or-folder…>`: diagnostics for every document, exit code by severity. */
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { hasErrors } from '../lib/diagnostics/diagnostic.ts';
import { formatSarif } from '../lib/diagnostics/format-sarif.ts';
import { formatText, summaryLine } from '../lib/diagnostics/format-text.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { validateDocument, type ValidateOptions, type ValidationResult } from '../lib/validate/validate-document.ts';
import { expandInputs } from './inputs.ts';
import { resolveSiteOptions, type SiteFlags } from './site-options.ts';
import { EXIT, type CliIO } from './io.ts';

export type OutputFormat = 'text' | 'json' | 'sarif';

export interface ValidateCommandOptions extends ValidateOptions {
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
  /** One result per root document, in input order. */
  results: (ValidationResult & { file: string })[];
}

export async function validateCommand(args: string[], options: ValidateCommandOptions, io: CliIO): Promise<ValidateOutcome> {
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
  for (const file of files) {
    const result = await validateDocument(file, options);
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
  if (options.format === 'json') io.out(JSON.stringify(diagnostics, null, 2));
  else if (options.format === 'sarif') io.out(formatSarif(diagnostics, options.version));
  else {
    if (diagnostics.length > 0) io.out(formatText(diagnostics, { sources, color: options.color }));
    if (fragments.length > 0) io.err(skippedLine(fragments.map((f) => displayPath(f, cwd))));
    io.err(summaryLine(diagnostics, files.length));
  }
  const exitCode = unreadable ? EXIT.usage : hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok;
  return { exitCode, diagnostics, results };
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
  options: ValidateCommandOptions,
): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string>; unusable: boolean }> {
  const cwd = options.cwd ?? process.cwd();
  const site = await resolveSiteOptions(args, flags, cwd, options.limits ?? defaultLimits, options.root);
  const diagnostics = [...site.diagnostics];
  if (site.guidesDir) {
    // Loaded only when there are guides: the MDX parser and the model would double the start-up of `validate`.
    const [{ readGuides }, { buildSiteData }, { checkGuideRefs }] = await Promise.all([
      import('../pipeline/read-guides.ts'),
      import('../pipeline/site-model.ts'),
      import('../pipeline/guide-check.ts'),
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
  return { diagnostics, sources: site.sources, unusable: hasErrors(site.diagnostics) };
}
