/**
 * A portal's first pass one document at a time (issue 37). The cross-API facts of a portal (flows,
 * "Sent by" / "Received by", the catalog, the system map, the titles' qualifiers) need every API's
 * summary, not every API's document. Loaded all at once, a shard of a portal of 100 documents held
 * all 100 (about 10 MB each once parsed with their positions and modelled) until it ended, though
 * it makes the pages of a quarter of them (bench/README.md, "Portals, sixth round").
 *
 * Here each document is loaded, validated and modelled, its summary taken (the very summary the
 * build cache keeps: cache/api-summary.ts), and the document let go before the next is read. The
 * rest of the build then treats these summaries as it treats the cache's: an API whose pages are
 * made here is loaded once more to make them (prepare-stage.ts). What it costs: the documents
 * whose pages are made are read and modelled twice.
 */
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { CODE_FRAME_CONTEXT } from '../lib/diagnostics/format-text.ts';
import type { ModelOptions } from '../lib/model/build-model.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { type ValidateOptions, validateDocument } from '../lib/validate/validate-document.ts';
import { type DocToModel, firstPassOf } from '../site/site-model.ts';
import type { KeyFile } from './cache/api-cache-key.ts';
import { type ApiSummary, type SummaryHit, summaryToKeep } from './cache/api-summary.ts';
import type { SummarySpill } from './shards/summary-spill.ts';
import { thinSummary } from './shards/thin-summary.ts';

export interface FirstPassRequest {
  /** Every document of the portal (the expanded inputs, in their order). */
  files: readonly string[];
  /** The APIs' folders, one per file (apiSlugs). */
  slugs: readonly string[];
  /** Documents whose summaries are known already (the build cache's): not read. */
  known: ReadonlySet<string>;
  /** How documents are loaded and validated (the build's options). */
  options: ValidateOptions;
  cwd: string;
  modelOptions: ModelOptions;
  /** What the model is given of a document and its findings (a preview shows them all, a published site only its examples'). */
  toModel: (file: string, doc: ResolvedDoc, diagnostics: Diagnostic[]) => DocToModel;
  /** Sees each summary as it is made (to keep it in the build cache). */
  made?: (file: string, index: number, kept: { json: string; files: KeyFile[] }) => void;
  /** A shard's: each summary is put aside whole there and held thinned (shards/thin-summary.ts). */
  thinned?: SummarySpill;
}

/**
 * The summaries of the documents not `known`, by file; undefined when a document cannot be loaded
 * (the portal's folders are then made of fewer documents, and the build reads every document as
 * before, to report what is wrong). A document that reads remote files or leaves files unparsed
 * has no summary (summaryToKeep) and is left out: the build loads it as before.
 */
export async function firstPassOneByOne(request: FirstPassRequest): Promise<Map<string, SummaryHit> | undefined> {
  const { files, slugs, known, options, cwd, modelOptions, toModel, made, thinned } = request;
  const hits = new Map<string, SummaryHit>();
  for (const [index, file] of files.entries()) {
    if (known.has(file)) continue;
    const { doc, diagnostics } = await validateDocument(file, options);
    if (!doc) return undefined;
    const kept = summaryToKeep(doc, diagnostics, firstPassOf(slugs, index, toModel(file, doc, diagnostics), cwd, modelOptions), cwd);
    if (!kept) continue;
    made?.(file, index, kept);
    // Parsed back from its JSON, as the build cache gives it back: a build from these summaries is
    // then a build from the cache's, whose pages are those of a cold build (test/build-cache*.test.ts).
    const summary = JSON.parse(kept.json) as ApiSummary;
    if (thinned) {
      thinned.keep(file, kept.json);
      thinSummary(summary);
    }
    // Findings name their files from the folder validation was given, as validate-inputs.ts shows them.
    hits.set(file, { summary, texts: framedLines(doc.files, diagnostics, options.cwd ?? process.cwd()) });
  }
  return hits;
}

/**
 * The files' texts as the findings' code frames read them (format-text.ts): every line a frame
 * shows, at its place, and the others empty. A document's text is as large as the document (a
 * generated one of 50 channels: 645 KB, with about 100 findings in a preview), and a shard's
 * first pass would otherwise hold every document's text until the findings are printed.
 */
function framedLines(files: readonly { path: string; text: string }[], diagnostics: readonly Diagnostic[], cwd: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { path, text } of files) {
    const shown = displayPath(path, cwd);
    const framed = new Set<number>();
    for (const d of diagnostics)
      if (d.file === shown && d.line > 0) for (let n = d.line - CODE_FRAME_CONTEXT; n <= d.line + CODE_FRAME_CONTEXT; n++) framed.add(n);
    if (framed.size === 0) continue;
    texts.set(
      path,
      text
        .split('\n')
        .map((line, i) => (framed.has(i + 1) ? line : ''))
        .join('\n'),
    );
  }
  return texts;
}
