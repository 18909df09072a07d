/**
 * The reference of a host site, made when the host's configuration is set up: the documents
 * loaded and validated as `apidesc-docs validate` does (src/pipeline/validate-inputs.ts), then
 * modelled and their code highlighted as a build does (src/site/site-model.ts). The host renders
 * its pages from the site data this returns; it never reads a document itself.
 */
import { hasErrors, type Diagnostic } from '../../lib/diagnostics/diagnostic.ts';
import { formatText, summaryLine } from '../../lib/diagnostics/format-text.ts';
import { EXIT } from '../../lib/exit-codes.ts';
import { validateInputs } from '../../pipeline/validate-inputs.ts';
import { buildSiteData, highlightSite } from '../../site/site-model.ts';
import type { SiteData } from '../../site/site-data-types.ts';
import type { ResolvedReferenceOptions } from './reference-options.ts';

/** What loading found: the findings as `validate` prints them, and the site data unless an error stops the host. */
export interface LoadedReference {
  /** The findings, as `apidesc-docs validate` writes them (file:line:col, rule, code frame, hint); empty when there are none. */
  report: string;
  /** The line that counts them, as `validate` ends with. */
  summary: string;
  /** Whether any finding is an error. */
  errors: boolean;
  diagnostics: Diagnostic[];
  /** Absent when the host's build must stop: a document with errors (without allowInvalid), or none that could be read. */
  site?: SiteData;
}

/** Loads, validates and models the documents of `options`, relative to the host's root folder `root`. */
export async function loadReference(options: ResolvedReferenceOptions, root: string): Promise<LoadedReference> {
  const outcome = await validateInputs(options.documents, { format: 'text', color: false, version: '', cwd: root, strict: options.strict });
  const { diagnostics, sources } = outcome;
  const found = {
    report: diagnostics.length > 0 ? formatText(diagnostics, { sources, color: false }) : '',
    summary: summaryLine(diagnostics, outcome.documentCount),
    errors: hasErrors(diagnostics),
    diagnostics,
  };
  // As `build`: unreadable input always stops; errors stop unless a preview was asked for.
  const buildAnyway = options.allowInvalid && outcome.exitCode === EXIT.invalid;
  if (outcome.exitCode !== EXIT.ok && !buildAnyway) return found;
  const docs = outcome.results.flatMap(({ file, doc, diagnostics: own }) => (doc ? [{ file, doc, diagnostics: own }] : []));
  if (docs.length === 0) return found;
  // A preview shows each finding on its page (and the banner); a valid build shows none, as `build` does.
  const { site } = buildSiteData(buildAnyway ? docs : docs.map(({ file, doc }) => ({ file, doc })), root);
  await highlightSite(site);
  return { ...found, site };
}
