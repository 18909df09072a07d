/**
 * The first half of `apidesc-docs build`: validates the documents, builds the model, and writes
 * what the rest of the build needs into the work folder: the site data for the renderer
 * (`site.json`, a line per page (src/site/site-data-file-format.ts), written whole and then renamed, so the renderer never reads half a file), the
 * source copies (`files/`), and a summary (`prepared.json`). Runs in its own process
 * (prepare-runner.ts), so all of its memory is returned when it ends.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { hasErrors } from '../lib/diagnostics/diagnostic.ts';
import { formatText } from '../lib/diagnostics/format-text.ts';
import type { Page } from '../lib/model/pages.ts';
import type { RouteEntry } from '../lib/model/types.ts';
import type { GuideRef } from '../site/guide-refs.ts';
import type { SiteData, SiteSettings } from '../site/site-data.ts';
import { writeSiteLines } from '../site/site-data-file-format.ts';
import type { BuildOptions } from './build-command.ts';
import { checkGuideRefs } from './guide-check.ts';
import { EXIT, type CliIO } from './io.ts';
import { buildSiteData, highlightSite } from './site-data-file.ts';
import { validateCommand } from './validate-command.ts';

export interface PrepareRequest {
  inputs: string[];
  options: BuildOptions;
  cwd: string;
  work: string;
  dataFile: string;
  settings: SiteSettings;
  /** The reference components of the guides, resolved once the documents are modelled. */
  guideRefs: GuideRef[];
}

/** The site data as lines (site-data-file-format.ts), written in blocks of about a megabyte. */
function writeDataFile(path: string, site: SiteData): void {
  const fd = openSync(path, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    const flush = (): void => {
      writeSync(fd, pending.join(''));
      pending = [];
      size = 0;
    };
    writeSiteLines(site, (chunk) => {
      pending.push(chunk);
      size += chunk.length;
      if (size > 1 << 20) flush();
    });
    flush();
  } finally {
    closeSync(fd);
  }
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What a page shows, without the line numbers that move when lines above it are added or removed. */
function pageDigest(page: Page): string {
  const { line: _line, ...source } = page.source;
  const diagnostics = page.diagnostics?.map(({ where: _where, ...rest }) => rest);
  return digest(JSON.stringify({ ...page, source, ...(diagnostics ? { diagnostics } : {}) }));
}

export interface PreparedSite {
  routes: RouteEntry[];
  /** Every page, relative to the site root (for the sitemap). */
  urls: string[];
  apiCount: number;
  pageCount: number;
  validateMs: number;
}

/** Returns the summary it also writes to `prepared.json`, or the exit code to stop the build with. */
export async function prepareSite({ inputs, options, cwd, work, dataFile, settings, guideRefs }: PrepareRequest, io: CliIO): Promise<PreparedSite | number> {
  const started = performance.now();
  const validation = await validateCommand(inputs, options, io);
  const validateMs = performance.now() - started;
  const buildAnyway = options.allowInvalid === true && validation.exitCode === EXIT.invalid;
  if (validation.exitCode !== EXIT.ok && !buildAnyway) {
    io.err(validation.exitCode === EXIT.invalid ? 'Build stopped: fix the errors above, or build a preview with --allow-invalid.' : 'Build stopped: fix the errors above.');
    return validation.exitCode;
  }
  if (buildAnyway) io.err('Building anyway (--allow-invalid): every page carries a banner, and each finding is shown on the page it concerns.');
  const docs = validation.results.flatMap(({ file, doc, diagnostics }) => (doc ? [{ file, doc, diagnostics }] : []));
  const { site, routes, copies } = buildSiteData(docs, cwd);
  site.settings = settings;
  const refProblems = checkGuideRefs(guideRefs, site.apis, docs.map((d) => d.doc));
  if (refProblems.length > 0) io.out(formatText(refProblems, { color: options.color }));
  if (hasErrors(refProblems) && !options.allowInvalid) {
    io.err('Build stopped: fix the references of the guides above, or build a preview with --allow-invalid (they are then shown as broken).');
    return EXIT.invalid;
  }
  // Before highlighting: the digest is of the content, not of how it is coloured.
  const digests = new Map(site.apis.flatMap((api) => api.pages.map((page) => [api.prefix + page.url, pageDigest(page)] as const)));
  for (const route of routes) {
    const hash = digests.get(route.url);
    if (hash) route.hash = hash;
  }
  for (const guide of settings.guides) routes.push({ api: '', kind: 'guide', id: guide.id, pointer: '', url: `guides/${guide.id}/`, hash: digest(readFileSync(resolve(cwd, guide.file), 'utf8')) });
  await highlightSite(site);
  writeDataFile(`${dataFile}.partial`, site);
  renameSync(`${dataFile}.partial`, dataFile);
  mkdirSync(join(work, 'files'), { recursive: true });
  for (const copy of copies) {
    const target = join(work, 'files', copy.to);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, copy.text());
  }
  const prepared: PreparedSite = {
    routes,
    urls: [...site.apis.flatMap((api) => ['', ...api.pages.map((p) => p.url)].map((u) => api.prefix + u)), ...settings.guides.map((g) => `guides/${g.id}/`)],
    apiCount: site.apis.length,
    pageCount: site.apis.reduce((n, api) => n + api.pages.length, 0),
    validateMs,
  };
  writeFileSync(join(work, 'prepared.json'), JSON.stringify(prepared));
  return prepared;
}
