/**
 * The reference components guides can use, and how their `ref` (a JSON pointer into a document)
 * resolves to a page of the model. The build checks every reference with this before rendering
 * (src/pipeline/guide-check.ts) and the components render with it, so both always agree.
 */
import type { Page, PageSection } from '../lib/model/page-types.ts';
import type { SiteApi } from './site-data-types.ts';

/** A use of a reference component in a guide, where it is written. */
export interface GuideRef {
  component: string;
  ref: string;
  api?: string;
  file: string;
  line: number;
  column: number;
}

interface ComponentSpec {
  /** Page kinds the ref may point at; empty: any object. */
  kinds: string[];
  what: string;
  example: string;
  /** The section of the page the component shows, when it needs one. */
  section?: (page: Page) => PageSection | undefined;
}

const sectionOfType = (type: PageSection['type']) => (page: Page) => page.sections.find((s) => s.type === type);

export const GUIDE_COMPONENTS: Record<string, ComponentSpec> = {
  OperationCard: { kinds: ['operation', 'component:operations'], what: 'an operation', example: '#/operations/placeOrder' },
  SchemaTable: {
    kinds: ['component:schemas', 'message', 'component:messages'],
    what: 'a component schema or a message (its payload)',
    example: '#/components/schemas/Order',
    section: (page) =>
      page.sections.find((s) => s.type === 'schema' && (page.kind === 'component:schemas' || s.anchor === 'payload')) ??
      page.sections.find((s) => s.type === 'schema'),
  },
  MessageExample: {
    kinds: ['message', 'component:messages'],
    what: 'a message',
    example: '#/components/messages/OrderPlaced',
    section: sectionOfType('examples'),
  },
  SnsTopic: {
    kinds: ['channel', 'component:channels'],
    what: 'a channel with an sns binding',
    example: '#/channels/orderEvents',
    section: sectionOfType('sns-topic'),
  },
  ApiLink: { kinds: [], what: 'any object', example: '#/channels/orderEvents' },
};

/** URL of a guide below `guides/`: its path in the folder, without the extension, in lower case. */
export function guideId(relativePath: string): string {
  return relativePath
    .replace(/\.mdx?$/i, '')
    .split('/')
    .map(
      (part) =>
        part
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'guide',
    )
    .join('/');
}

export type ResolvedRef = { api: SiteApi; page: Page; section?: PageSection; anchor?: string } | { message: string; hint: string };

const pageIndex = new WeakMap<SiteApi, Map<string, Page>>();

function pageAt(api: SiteApi, pointer: string): Page | undefined {
  let index = pageIndex.get(api);
  if (!index) {
    index = new Map();
    for (const page of api.pages) if (!index.has(page.pointer)) index.set(page.pointer, page);
    pageIndex.set(api, index);
  }
  return index.get(pointer);
}

/** The pointer of a `ref` attribute: `#/a/b`, or `/a/b`; percent-escapes decoded as in URI fragments. */
function pointerOf(ref: string): string | undefined {
  const raw = ref.startsWith('#') ? ref.slice(1) : ref;
  if (raw !== '' && !raw.startsWith('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Resolves a component's `ref` (and `api`, needed in a portal of several APIs). `ApiLink` may
 * point inside an object (a property of a schema): the link goes to the object's page, if
 * `exists` (given by the build, which has the documents) confirms the pointer. `complete` gives
 * a page its content before a section of it is looked for (the build's prepare step models a
 * page's content only when it is needed); the renderer's pages have theirs already.
 */
export function resolveGuideRef(
  apis: SiteApi[],
  use: Pick<GuideRef, 'component' | 'ref' | 'api'>,
  exists?: (api: SiteApi, pointer: string) => boolean,
  complete: (page: Page) => Page = (page) => page,
): ResolvedRef {
  const spec = GUIDE_COMPONENTS[use.component];
  if (!spec) return { message: `unknown component <${use.component}>`, hint: `Components: ${Object.keys(GUIDE_COMPONENTS).join(', ')}.` };
  let api: SiteApi | undefined;
  if (use.api !== undefined) {
    api = apis.find((a) => a.slug === use.api);
    if (!api) return { message: `no API "${use.api}"`, hint: `APIs: ${apis.map((a) => a.slug).join(', ')}.` };
  } else if (apis.length === 1) {
    api = apis[0];
  } else {
    return { message: `ref="${use.ref}" does not say which API it means`, hint: `Add api="…", one of: ${apis.map((a) => a.slug).join(', ')}.` };
  }
  const pointer = pointerOf(use.ref);
  if (pointer === undefined || !api) return { message: `ref="${use.ref}" is not a JSON pointer`, hint: `Write it as a fragment, e.g. ref="${spec.example}".` };
  let page = pageAt(api, pointer);
  let anchor: string | undefined;
  if (!page && spec.kinds.length === 0) {
    // A pointer inside an object: the deepest page that holds it.
    for (let at = pointer; at.includes('/') && !page; ) {
      at = at.slice(0, at.lastIndexOf('/'));
      page = pageAt(api, at);
    }
    if (page && exists && !exists(api, pointer)) page = undefined;
    if (page) anchor = pointer.slice(page.pointer.length);
  }
  if (!page)
    return {
      message: `ref="${use.ref}" does not resolve: ${api.title} has no object with a page at ${pointer || '/'}`,
      hint: `Check the pointer against the document (e.g. ${spec.example}); every page of the site gives its pointer under "Source", at its end.`,
    };
  if (spec.kinds.length > 0 && !spec.kinds.includes(page.kind))
    return {
      message: `<${use.component}> shows ${spec.what}, but ${use.ref} is a ${page.kind.replace('component:', 'component ')}`,
      hint: `Point it at ${spec.what}, or use <ApiLink> to link to any object.`,
    };
  const section = spec.section?.(complete(page));
  if (spec.section && !section)
    return { message: `<${use.component}>: ${use.ref} has nothing to show (${spec.what} is expected)`, hint: `Point it at ${spec.what}.` };
  return { api, page, ...(section ? { section } : {}), ...(anchor ? { anchor } : {}) };
}
