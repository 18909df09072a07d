/**
 * The reference of a host site, made when the host's configuration is set up: the documents
 * loaded and validated as `apidesc-docs validate` does (src/pipeline/validate-inputs.ts), then
 * modelled as a build does (src/site/site-model.ts), each page's content made when it is
 * rendered (page-content.ts). The host renders its pages from the site data this returns; it
 * never reads a document itself.
 */
import { hasErrors, type Diagnostic } from '../../lib/diagnostics/diagnostic.ts';
import { formatText, summaryLine } from '../../lib/diagnostics/format-text.ts';
import { EXIT } from '../../lib/exit-codes.ts';
import { checkGuideRefs } from '../../pipeline/guide-check.ts';
import { validateInputs } from '../../pipeline/validate-inputs.ts';
import type { Page } from '../../lib/model/page-types.ts';
import { isRemote } from '../../lib/resolve/ref-target.ts';
import { withApiTitles } from '../../site/changes-view.ts';
import { resolveGuideRef } from '../../site/guide-refs.ts';
import { buildSiteData, type SourceCopy } from '../../site/site-model.ts';
import type { SiteApi, SiteData } from '../../site/site-data-types.ts';
import { pageContent, type PageContent } from './page-content.ts';
import { compareReference } from './host-compare.ts';
import type { HostComponentUses } from './mdx-refs.ts';
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
  /** The content of the site's pages, made as they are rendered (page-content.ts). */
  content?: PageContent;
  /** The documents' source copies, published beside the pages as the standalone build does (host-files.ts). */
  copies?: SourceCopy[];
  /** The documents' files on this machine (`astro dev` restarts when one changes). */
  readFiles: string[];
  /** What the comparison with the base (`compare`) wrote, as `build --compare` writes it. */
  compareNotes?: string[];
  /** Why the comparison stops the host's build (a base that cannot be read). */
  compareProblem?: string;
}

/** Sees each page of the site once complete, before its code is highlighted (its Markdown twin is written then). */
export type CompletedPages = (site: SiteData) => (api: SiteApi, page: Page) => void;

/**
 * Loads, validates and models the documents of `options`, relative to the host's root folder
 * `root`, and checks the uses of the reference's components in the host's pages (`components`,
 * mdx-refs.ts) against them.
 */
export async function loadReference(
  options: ResolvedReferenceOptions,
  root: string,
  components?: HostComponentUses,
  completedPages?: CompletedPages,
): Promise<LoadedReference> {
  const outcome = await validateInputs(options.documents, { format: 'text', color: false, version: '', cwd: root, strict: options.strict });
  const { sources } = outcome;
  const diagnostics = [...outcome.diagnostics, ...(components?.diagnostics ?? [])];
  for (const [file, text] of components?.sources ?? []) sources.set(file, text);
  const readFiles = outcome.results.flatMap(({ doc }) => (doc ? doc.files.filter((f) => !isRemote(f.path)).map((f) => f.path) : []));
  const findings = (): Omit<LoadedReference, 'site'> => ({
    report: diagnostics.length > 0 ? formatText(diagnostics, { sources, color: false }) : '',
    summary: summaryLine(diagnostics, outcome.documentCount),
    errors: hasErrors(diagnostics),
    diagnostics,
    readFiles,
  });
  // As `build`: unreadable input always stops; errors stop unless a preview was asked for.
  const buildAnyway = options.allowInvalid && outcome.exitCode === EXIT.invalid;
  if (outcome.exitCode !== EXIT.ok && !buildAnyway) return findings();
  const docs = outcome.results.flatMap(({ file, doc, diagnostics: own }) => (doc ? [{ file, doc, diagnostics: own }] : []));
  if (docs.length === 0) return findings();
  // Before the model, as `build --compare`: a base that cannot be read stops the build before any page.
  const compared = options.compare === undefined ? undefined : await compareReference(options.compare, options.documents, docs, root);
  if (compared && 'problem' in compared) return { ...findings(), compareNotes: compared.notes, compareProblem: compared.problem };
  // A preview (or a comparison, as `build --compare`) shows each finding on its page (and the banner); a valid build shows none.
  // Pages come with their summaries only; each page's content is made when it is rendered.
  const model = buildSiteData(buildAnyway || compared ? docs : docs.map(({ file, doc }) => ({ file, doc })), root, {
    deferPages: true,
    ...(options.sampleLanguages ? { sampleLanguages: options.sampleLanguages } : {}),
  });
  if (compared) model.site.changes = withApiTitles(compared.changes, model.site.apis);
  const uses = (components?.uses ?? []).filter((use) => use.reference === undefined || use.reference.replace(/^\/+|\/+$/g, '') === options.base);
  diagnostics.push(
    ...checkGuideRefs(
      uses,
      model.site.apis,
      docs.map((d) => d.doc),
      model.complete,
    ),
  );
  const found = findings();
  // A component that shows nothing stops the build as a document's error does (a preview shows it broken).
  if (found.errors && !options.allowInvalid) return found;
  // The pages the host's own pages show parts of keep their content: those are rendered in any order.
  const shown = uses.flatMap((use): Page[] => {
    const resolved = resolveGuideRef(model.site.apis, use);
    return 'page' in resolved ? [resolved.page] : [];
  });
  const completed = completedPages?.(model.site);
  const apiOf = new Map(model.site.apis.flatMap((api) => api.pages.map((page) => [page, api] as const)));
  const seen =
    completed &&
    ((page: Page) => {
      const api = apiOf.get(page);
      if (api) completed(api, page);
    });
  return {
    ...found,
    ...(compared ? { compareNotes: compared.notes } : {}),
    site: model.site,
    copies: model.copies,
    content: await pageContent(model.site, model.complete, shown, seen),
  };
}
