/**
 * The shape of the site data: what the build writes (src/pipeline/write-site-data.ts), the site
 * data stream carries (site-stream.ts) and the pages read (site-source.ts, site-data.ts). Its own
 * module so that they name it without importing each other.
 */
import type { CatalogEntry } from '../lib/model/catalog.ts';
import type { Fact, Page, PageDiagnostic } from '../lib/model/page-types.ts';
import type { PortalFlows } from '../lib/portal/flow-types.ts';

export interface SiteApi {
  slug: string;
  title: string;
  /** In a portal, what tells it apart from APIs of the same title (api-slugs.ts, titleQualifiers): its version, else its file. */
  qualifier?: string;
  version: string;
  descriptionHtml?: string;
  infoFacts: Fact[];
  /** URL prefix of this API's pages relative to the site base: '' for a single API, `slug/` in a portal. */
  prefix: string;
  pages: Page[];
  counts: Record<string, number>;
  /** Findings that concern no single page (shown on the overview). */
  diagnostics?: PageDiagnostic[];
  /** Errors in the documents of this API: a banner on every page says the preview is of invalid input. */
  errorCount?: number;
  /**
   * A preview for the document's authors (--allow-invalid, --compare, `dev`): each page's Source
   * says the line its object is written at. A published page names the file, not its lines.
   */
  sourceLines?: true;
  /**
   * The validator's findings about examples that do not match their schemas (example-invalid), by
   * the example (`<file>#<pointer>`, as pages name files): every page that shows the example warns
   * beside it (example-findings.ts), not only the page the finding is listed on.
   */
  invalidExamples?: Record<string, string[]>;
  /** The source files, copied next to the pages (URLs relative to the API). */
  downloads: { label: string; url: string }[];
  /** What a portal's catalog shows of it: summary, protocols, tags, owner. */
  catalog: CatalogEntry;
  /** A build took its pages, twins and llms files from the build cache (src/pipeline/cache/): the renderer leaves its pages out. */
  reused?: true;
}

/** A Markdown or MDX page of the guides folder (src/pages/guides/[...slug].astro renders it). */
export interface GuideSummary {
  /** The guide's URL below `guides/` (guideId of its path in the folder). */
  id: string;
  title: string;
  order: number;
  description?: string;
  /** Path of the file, as shown in diagnostics and edit links. */
  file: string;
  /** The guide starts with its own `# heading` (else the page adds the title as its h1). */
  hasHeading: boolean;
}

/** How the site looks and links out, from the configuration file and flags (src/project/site-options.ts). */
import type { TryItConfig } from '../lib/try-it/try-it-config.ts';

export interface SiteSettings {
  /** Site name: the header's, and the end of every page title (default: the API's title). */
  title?: string;
  /** URLs relative to the site base. */
  logoUrl?: string;
  favicon: { url: string; type: string };
  /** Sidebar groups: by first tag, by channel, none; undefined groups operations by tag. */
  sidebar?: 'tag' | 'channel' | 'none';
  accent?: { light: string; dark: string; lightText: string; darkText: string };
  footerLinks: { label: string; href: string }[];
  /** `{path}` and `{line}` filled per page; `prefix` leads from the folder of the configuration to the working folder. */
  editLink?: { pattern: string; prefix: string };
  /** The pages' `img-src` besides the site itself (configuration `imageSources`); absent: any https URL. */
  imageSources?: string[];
  /** The languages of the operations' code samples (configuration `codeSamples.languages`); absent: JavaScript and Python. */
  sampleLanguages?: ('javascript' | 'python' | 'go' | 'java' | 'shell')[];
  /** The servers whose operation pages get a "try it" form (configuration `tryIt`); absent: none. */
  tryIt?: TryItConfig;
  guides: GuideSummary[];
}

export const DEFAULT_SETTINGS: SiteSettings = { favicon: { url: 'favicon.svg', type: 'image/svg+xml' }, footerLinks: [], guides: [] };

export interface SiteData {
  apis: SiteApi[];
  /** In a portal, the flows between its APIs by pair (issue 22), bounded: the root's system map and list. */
  flows?: PortalFlows;
  settings?: SiteSettings;
  /** `build --compare`: the Changes page and the badges of changed pages (absent without it). */
  changes?: SiteChanges;
}

/** One change as the Changes page lists it (the fields of `diff --format json`). */
export interface ChangeEntry {
  rule: string;
  message: string;
  /** Who writes the message it concerns (`send`, `receive`, `both`, `unused`), its declared policy, or null. */
  direction: string | null;
  /** Whom a breaking change breaks, when its effect says: `receivers` (a widening), `senders` (a narrowing), or both. */
  breaks?: string;
  pointer: string;
  file: string;
  line: number;
  /** `base` when located in the base (something removed). */
  side: 'base' | 'head';
  /** A reworded text's words before and after (escaped and bounded as the message is). */
  texts?: { before?: string; after?: string };
}

/** The changes of one object under one severity, with the object's page when head has it. */
export interface ChangeObjectGroup {
  /** The id of its heading on the Changes page (what a page's badge links to). */
  anchor: string;
  object: string;
  /** The object's title, from its page in this site (withApiTitles): what a reader calls it. */
  title?: string;
  /** Relative to the site root. */
  url?: string;
  entries: ChangeEntry[];
  /** Changes of this object left off the page. */
  notShown: number;
}

export interface ChangeSeverityGroup {
  severity: 'breaking' | 'non-breaking' | 'info';
  total: number;
  /** `url`: the API's overview in this site (an API removed has none); `title`: that API's (withApiTitles). */
  apis: { api: string; url?: string; title?: string; objects: ChangeObjectGroup[] }[];
  /** Changes of this severity left off the page (past the page's limit). */
  notShown: number;
}

/** The badge of a changed page: `breaking` when any of its changes breaks. */
export interface ChangeBadgeData {
  /** The page, relative to the site root. */
  url: string;
  breaking: boolean;
  /** Its first entry on the Changes page. */
  anchor: string;
  /** What that entry says (diff's message): the page says what changed, not only that it did. */
  summary?: string;
  /** An operation whose own object did not change, but a message it sends or receives did. */
  via?: 'message';
  /**
   * What changed on the page, listed near its top (changesView: the first PAGE_CHANGES in the
   * report's order, breaking first; `more` counts the rest, which the Changes page lists).
   */
  items?: { message: string; breaking: boolean }[];
  more?: number;
  /** `via: 'message'`: the message's page (relative to the site root), where its fields' rows are. */
  viaUrl?: string;
}

/**
 * Where a change is written (head side; a removal: its pointer in the base), for the pages of
 * the components it lies in: a change of a shared schema is reported on the message that uses
 * it, and badges the schema's page too.
 */
export interface ChangePlace {
  /** The API's overview, relative to the site root (`''` for a single API). */
  api: string;
  /** The file as the pages name it; absent for a removal (found in the base). */
  file?: string;
  pointer: string;
  breaking: boolean;
  anchor: string;
}

/** `build --compare`: what the Changes page shows, as `diff` reports it (src/site/changes-view.ts). */
export interface SiteChanges {
  /** The base as given (a path, or a git ref and its commit). */
  against: string;
  /** The versions compared (each side's `info.version`), when both sides give one. */
  versions?: { base: string; head: string };
  /** `--compare-ref`: the date of the base's commit (YYYY-MM-DD). */
  baseDate?: string;
  counts: Record<'breaking' | 'non-breaking' | 'info', number>;
  /** Breaking, non-breaking, info; empty severities left out. */
  groups: ChangeSeverityGroup[];
  badges: ChangeBadgeData[];
  /** Where each change is written (ChangePlace). */
  places?: ChangePlace[];
  /** Why nothing could be compared (a head with errors, built with --allow-invalid; a base with errors). */
  unavailable?: string;
  /** The same in a few words, where the counts would be: "the documents have errors", "the base has errors". */
  notCompared?: string;
  /** A version's changes in a site of every version (`build --versions`): published, so without where each is written in the sources. */
  published?: true;
}
