/**
 * The site for machines (issue 26), written by the prepare stage beside the pages: the Markdown
 * twin of every entity page (`<page>/index.md`, from the same page data the page is rendered
 * from, when the build completes it), then per API `llms.txt` and `llms-full.txt`, and at the
 * root the portal's `llms.txt`, `/.well-known/api-catalog` and a `_headers` file that tells hosts
 * which read it (Netlify, Cloudflare Pages) the catalog's media type.
 *
 * Memory stays flat: a twin is written as soon as its page is complete, and `llms-full.txt` is
 * gathered at the end from the written twins, up to its budget.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '../lib/model/page-types.ts';
import type { SiteApi, SiteData } from '../site/site-data-types.ts';
import { API_CATALOG_PATH, API_CATALOG_TYPE, apiCatalog } from '../site/twins/api-catalog.ts';
import { llmsFullHead, llmsFullTail } from '../site/twins/llms-full.ts';
import { CHANGES_URL, changesTwin } from '../site/twins/changes-twin.ts';
import { groupsByApi } from '../site/changes-view.ts';
import { apiLlmsTxt, type ChangesLink, pagesInOrder, portalLlmsTxt, type SiteLink } from '../site/twins/llms-txt.ts';
import { pageTwin } from '../site/twins/page-twin.ts';
import { apiRoot, twinPath } from '../site/twins/twin-links.ts';
import { pageFile } from './render-pages.ts';

/**
 * Largest `llms-full.txt` of an API, in bytes: about 250,000 tokens, what an assistant can take in
 * at once. Pages past it are left out, in the order llms.txt lists them, and named at its end.
 */
export const LLMS_FULL_BUDGET = 1_000_000;

export interface MachineFilesOptions {
  /** The folder the site is written into. */
  siteDir: string;
  base?: string;
  /** The public origin (--site): llms.txt and the catalog then link with absolute URLs. */
  site?: string;
  /** A budget other than LLMS_FULL_BUDGET (tests). */
  fullBudget?: number;
  /** APIs whose files came from the build cache (src/pipeline/cache/): their llms files are there already. */
  reused?: ReadonlySet<SiteApi>;
}

export class MachineFiles {
  readonly #site: SiteData;
  readonly #options: MachineFilesOptions;
  readonly #base: string;
  /** The API descriptions as Markdown, taken before they are highlighted (a highlighted block loses its language). */
  readonly #heads = new Map<SiteApi, string>();

  constructor(site: SiteData, options: MachineFilesOptions) {
    this.#site = site;
    this.#options = options;
    this.#base = (options.base ?? '/').replace(/\/?$/, '/');
    for (const api of site.apis) this.#heads.set(api, llmsFullHead(api));
  }

  /** Writes the twin of a completed page. */
  page(api: SiteApi, page: Page): void {
    const file = this.#twinFile(api, page);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      pageTwin(page, { apiTitle: api.title, root: apiRoot(this.#base, api.prefix), siteRoot: apiRoot(this.#base, ''), sourceLines: api.sourceLines === true }),
    );
  }

  /** Writes the files that list the twins, once every twin is written. */
  finish(): void {
    const { siteDir } = this.#options;
    const link = this.#link();
    const portal = this.#site.apis.length > 1;
    for (const api of this.#site.apis) {
      if (this.#options.reused?.has(api)) continue;
      mkdirSync(join(siteDir, api.prefix), { recursive: true });
      writeFileSync(join(siteDir, api.prefix, 'llms.txt'), apiLlmsTxt(api, link, portal ? undefined : this.#changesLink(link)));
      this.#writeFull(api, link);
    }
    if (portal) writeFileSync(join(siteDir, 'llms.txt'), portalLlmsTxt(this.#site.settings?.title ?? 'APIs', this.#site.apis, link, this.#changesLink(link)));
    const { changes } = this.#site;
    if (changes) {
      mkdirSync(join(siteDir, CHANGES_URL), { recursive: true });
      writeFileSync(join(siteDir, twinPath(CHANGES_URL)), changesTwin(changes, apiRoot(this.#base, ''), groupsByApi(this.#site)));
    }
    mkdirSync(join(siteDir, dirname(API_CATALOG_PATH)), { recursive: true });
    writeFileSync(join(siteDir, API_CATALOG_PATH), apiCatalog(this.#site.apis, link));
    writeFileSync(join(siteDir, '_headers'), headersFile(this.#base));
  }

  /** The Changes page's twin, for llms.txt (build --compare only). */
  #changesLink(link: SiteLink): ChangesLink | undefined {
    const { changes } = this.#site;
    return (
      changes && {
        url: link(twinPath(CHANGES_URL)),
        against: changes.against,
        counts: changes.counts,
        ...(changes.unavailable !== undefined ? { notCompared: changes.notCompared ?? 'the documents have errors' } : {}),
      }
    );
  }

  /** llms-full.txt: the API's head, then its twins in llms.txt's order while they fit the budget. */
  #writeFull(api: SiteApi, link: SiteLink): void {
    const budget = this.#options.fullBudget ?? LLMS_FULL_BUDGET;
    const pages = pagesInOrder(api.pages);
    const head = Buffer.from(this.#heads.get(api) ?? '');
    const fd = openSync(join(this.#options.siteDir, api.prefix, 'llms-full.txt'), 'w');
    try {
      writeSync(fd, head);
      let used = head.length;
      let included = 0;
      for (const page of pages) {
        const twin = readFileSync(this.#twinFile(api, page));
        if (used + twin.length + 1 > budget) break;
        writeSync(fd, '\n');
        writeSync(fd, twin);
        used += twin.length + 1;
        included++;
      }
      writeSync(fd, llmsFullTail(api, pages, included, budget, link));
    } finally {
      closeSync(fd);
    }
  }

  #twinFile(api: SiteApi, page: Page): string {
    // pageFile refuses a URL that would leave the site; the twin sits beside the page's index.html.
    return join(dirname(pageFile(this.#options.siteDir, api.prefix + page.url)), twinPath(''));
  }

  #link(): SiteLink {
    const { site } = this.#options;
    return site ? (path) => new URL(this.#base + path, site).href : (path) => this.#base + path;
  }
}

/**
 * Netlify and Cloudflare Pages read `_headers` at the root of what they publish: the catalog has
 * no file extension, so they would not know its media type otherwise. Other hosts: docs/manual/machines.md.
 */
function headersFile(base: string): string {
  return `${base}${API_CATALOG_PATH}\n  Content-Type: ${API_CATALOG_TYPE}\n`;
}
