/**
 * A shard's summaries of the APIs other shards make, thinned (issue 37). A shard's first pass
 * reads every API of the portal, and the portal's pages a shard makes (its root, catalog, system
 * map, flows, the API switcher, "Sent by" / "Received by") need of another API its head, its
 * routes, its flow endpoints and its pages' names and places; the lists of what uses each object,
 * the message lines of its lists and each page's findings are read by that API's own pages only.
 * Held whole for 500 APIs of 100 channels, the summaries alone were about 1.7 GB of a shard's
 * memory (bench/README.md, "Portals, seventh round").
 *
 * So each summary is thinned as soon as it is made or read, after its whole JSON is put aside in
 * the build's work folder (summary-spill.ts); once the shard knows its own APIs, their pages are
 * made whole again from it, before anything reads them (prepare-stage.ts).
 */
import type { Page } from '../../lib/model/page-types.ts';
import type { SiteApi } from '../../site/site-data-types.ts';
import { pageSummaryDigest } from '../cache/api-cache-key.ts';
import type { ApiSummary } from '../cache/api-summary.ts';

/**
 * The page summary's fields only the page itself and its API's own lists read: what uses it
 * (`usedBy`, emptied: every page has the list), which messages carry a schema, the message and
 * channel lines of the API's lists, the page's findings, its list and search leads.
 */
const OWN_PAGES_ONLY = ['carriedBy', 'payload', 'carries', 'address', 'simpleType', 'diagnostics', 'summaryHtml', 'leadHtml', 'searchLeadHtml'] as const;

/** Thins `summary`'s pages in place, each page's key digest taken first (the inputs' fingerprint reads whole summaries). */
export function thinSummary(summary: ApiSummary): void {
  for (const page of summary.modelled.api.pages) {
    pageSummaryDigest(page);
    page.usedBy = [];
    for (const field of OWN_PAGES_ONLY) delete page[field];
  }
}

/**
 * Makes `api`'s thinned pages whole again from `whole` (the summary the API's pages were thinned
 * from), in place: the same objects, with the whole page's fields in the whole page's order, so
 * that their JSON (the page fingerprints) is a build of the whole's.
 */
export function makeWhole(api: SiteApi, whole: ApiSummary): void {
  const pages = whole.modelled.api.pages;
  if (pages.length !== api.pages.length || pages.some((page, i) => page.url !== api.pages[i]!.url))
    throw new Error(`the summary put aside for ${api.slug} is not that of its pages`);
  api.pages.forEach((page, i) => {
    const record = page as unknown as Record<string, unknown>;
    for (const key of Object.keys(record)) delete record[key];
    Object.assign(page, pages[i]! satisfies Page);
  });
}
