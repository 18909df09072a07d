/**
 * The content of the reference's pages (description, facts, sections), made when a page is
 * rendered and let go once it is written, as the standalone build's renderer does
 * (src/site/site-stream.ts): the host's build then holds a few pages' content at a time, not the
 * whole site's (a 1,000-channel document is about 5,000 pages). The pages the host's own MDX
 * pages show parts of are made when the build starts, and kept.
 */
import { descriptionJob, pageJobs } from '../../lib/highlight/highlight-page.ts';
import type { Page } from '../../lib/model/page-types.ts';
import { contentShapesRoutes } from '../../site/site-data.ts';
import type { SiteData } from '../../site/site-data-types.ts';
import { CodeHighlighter } from '../../site/site-model.ts';

/** How the pages of a reference get their content. */
export interface PageContent {
  /** Resolves once `page` has its content, its code highlighted. */
  fill(page: Page): Promise<void>;
  /** `page` was written: its content is let go, unless it is kept (a build writes each page once). */
  release(page: Page): void;
  /**
   * Every page is written: what makes content (the model's caches of examples and validators, the
   * highlighter and its memo of highlighted code) is let go, although the host still holds the
   * pages (Astro keeps every page's props until its build ends).
   */
  end(): void;
}

/**
 * The content of the pages of `site`, whose pages came without it (buildSiteData's `deferPages`);
 * `complete` is the model's (SiteModel.complete). The pages whose content shapes the routes (a
 * server's paged lists) and the pages in `keep` are made now. `completed` sees each page once
 * complete, before its code is highlighted (its Markdown twin is written from it: host-files.ts).
 */
export async function pageContent(
  site: SiteData,
  complete: (page: Page) => Page,
  keep: Iterable<Page>,
  completed?: (page: Page) => void,
): Promise<PageContent> {
  // One thread: the host's build renders meanwhile, and a worker thread would outlive the build's hooks.
  // What makes content, until end() lets it go.
  let maker: { complete: (page: Page) => Page; highlighter: CodeHighlighter } | undefined = {
    complete,
    highlighter: new CodeHighlighter({ parallel: false }),
  };
  const filled = new Map<Page, Promise<void>>();
  const released = new WeakSet<Page>();
  const kept = new Set<Page>(keep);
  const fill = (page: Page): Promise<void> => {
    // The model completes a page once: a page let go cannot be filled again (a build writes each page once).
    if (released.has(page)) return Promise.reject(new Error(`the content of ${page.url} was asked for after its page was written`));
    let done = filled.get(page);
    if (!done) {
      if (!maker) return Promise.reject(new Error(`the content of ${page.url} was asked for after every page was written`));
      // Completed first, whether or not anyone watches: `completed?.(…)` would skip its argument.
      const made = maker.complete(page);
      completed?.(made);
      done = maker.highlighter.run(pageJobs(page));
      filled.set(page, done);
    }
    return done;
  };
  await maker.highlighter.run(site.apis.flatMap((api) => descriptionJob(api.descriptionHtml, (html) => (api.descriptionHtml = html))));
  for (const api of site.apis) for (const page of api.pages) if (contentShapesRoutes(page)) kept.add(page);
  await Promise.all([...kept].map(fill));
  return {
    fill,
    release(page) {
      if (kept.has(page) || !filled.has(page)) return;
      filled.delete(page);
      released.add(page);
      page.facts = [];
      page.sections = [];
      delete page.descriptionHtml;
      delete page.authorFacts;
    },
    end() {
      maker = undefined;
    },
  };
}

/**
 * `content` for a host that writes each page `writes` times (once in each of its locales, whose
 * routes are rendered one after the other): a page's content is let go after its last writing.
 * Until then it is kept, so a site of several locales holds more of the reference's content.
 */
export function writtenInEachLocale(content: PageContent, writes: number): PageContent {
  if (writes <= 1) return content;
  const left = new Map<Page, number>();
  return {
    ...content,
    release(page) {
      const remaining = (left.get(page) ?? writes) - 1;
      if (remaining > 0) left.set(page, remaining);
      else {
        left.delete(page);
        content.release(page);
      }
    },
  };
}
