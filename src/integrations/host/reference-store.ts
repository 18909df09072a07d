/**
 * Hands the reference from the host's configuration to the host's pages. The integration models
 * the documents when the host's configuration is set up (Node, in the process that runs Astro);
 * the injected pages are compiled by Astro's bundler into other module instances, and render in
 * that same process. Both meet on one global slot, so the site data is never serialised into a
 * module: a document of thousands of channels would be copied as megabytes of source, parsed
 * again by the bundler, and held twice.
 */
import type { SiteData } from '../../site/site-data-types.ts';
import type { SourceCopy } from '../../site/site-model.ts';
import type { HostFiles } from './host-files.ts';
import type { PageContent } from './page-content.ts';

/** What the pages of one reference need. */
export interface HostReference {
  site: SiteData;
  /** The path of the reference below the host's base, without slashes at either end ("reference"). */
  base: string;
  /** The content of its pages, made as they are rendered and let go once written (page-content.ts). */
  content: PageContent;
  /**
   * The folders of the host's locales (Starlight's `locales`: `fr` for `/fr/`, '' for the root
   * locale), each with the reference's pages under it; [''] in a host of one language.
   */
  locales: string[];
  /** The documents' files on this machine: `astro dev` restarts when one changes. */
  readFiles: string[];
  /** `astro build`: the twins, llms files and source copies to publish beside the pages once they are written (host-files.ts). */
  files?: { made: HostFiles; copies: SourceCopy[] };
}

/** One slot per process, shared by every copy of this module (a symbol registered by name is the same everywhere). */
const SLOT = Symbol.for('apidesc-docs.host-references');

type Slots = Map<string, HostReference>;

function slots(): Slots {
  const holder = globalThis as { [SLOT]?: Slots };
  holder[SLOT] ??= new Map();
  return holder[SLOT];
}

/** Keeps the reference of the integration known as `key` (its base): a host may add several. */
export function keepReference(key: string, reference: HostReference): void {
  slots().set(key, reference);
}

/** Every reference the host's integrations made, in the order they were set up. */
export function hostReferences(): HostReference[] {
  return [...slots().values()];
}
