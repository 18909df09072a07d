/**
 * ResolvedDoc → ApiModel for one API: routes, titles, back-references, and the lookups pages
 * need (a named component schema's page from a location). Pages render from this data only.
 */
import type { SampleLanguage } from '../samples/generators.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { publishedPath } from '../diagnostics/to-diagnostic.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { catalogEntry, type CatalogEntry } from './catalog.ts';
import { discriminatorIndex } from './discriminators.ts';
import { EntityLocator } from './entity-locator.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import type { Fact, Page } from './page-types.ts';
import { safeHref } from './page-values.ts';
import { buildPage, completePage, messageProtocols, pageSummary } from './pages.ts';
import { computeRoutes } from './routes.ts';
import type { Entity, RouteEntry } from './types.ts';
import { linkWhereUsed } from './where-used.ts';
import { linkCarriers } from './schema-carriers.ts';
import { flowEndpoints } from './flow-endpoints.ts';
import { type GeneratedExamples, generateExamples, generateSchemaExample } from './generated-examples.ts';
import { ExampleValidator } from '../validate/example-validator.ts';
import { schemaExampleErrors, wrongDiscriminatorExamples } from '../validate/rules/schema-examples.ts';
import type { FlowEndpoint, PagePeers } from '../portal/flow-types.ts';
import type { Timings } from '../timings.ts';
import { type TryItConfig, tryItServersOf } from '../try-it/try-it-config.ts';
import { type Context, DIAGRAMS, sub } from './page-context.ts';
import { declaredPart, type ExampleSite, exampleSites, writtenExamples } from './reused-examples.ts';

export interface ApiModel {
  slug: string;
  title: string;
  version: string;
  descriptionHtml?: string;
  /** Every other Info field, the document id and defaultContentType, ready to show. */
  infoFacts: Fact[];
  entities: Entity[];
  /** Page data of every entity, in the same order (only their summaries with `deferPages`). */
  pages: Page[];
  /**
   * Fills in a page built with `deferPages` (description, facts, sections); `peers`: the other
   * APIs of a portal that meet it (issue 22).
   */
  completePage(page: Page, peers?: PagePeers): void;
  /** What the API brings to a portal's flows: its operations that send or receive, and where. */
  flowEndpoints(): FlowEndpoint[];
  routes: RouteEntry[];
  /** The page of the named component schema written at a location, if any (for schema tables). */
  componentAt(at: Location): { id: string; url: string } | undefined;
  /** What a portal's catalog shows of the API. */
  catalog: CatalogEntry;
}

export interface ModelOptions {
  /**
   * Build only the summary of each page (what lists and navigation show) and leave the rest to
   * `completePage`: `apidesc-docs dev` completes only the pages someone opens.
   */
  deferPages?: boolean;
  /** Where the making of diagrams is measured (`build --timings`). */
  timings?: Timings;
  /** The languages of operations' code samples, in tab order (configuration `codeSamples.languages`). */
  sampleLanguages?: readonly SampleLanguage[];
  /** The servers whose operation pages get a "try it" form (configuration `tryIt`). */
  tryIt?: TryItConfig;
}

export function buildApiModel(doc: ResolvedDoc, slug: string, cwd = process.cwd(), options: ModelOptions = {}): ApiModel {
  const { entities, manifest, content } = computeRoutes(doc, slug, cwd);
  const locator = new EntityLocator(doc, entities, content);
  linkWhereUsed(doc, entities, locator);
  linkCarriers(entities);
  const schemaPages = new Map<string, Entity>();
  for (const entity of entities) {
    const at = content.get(entity);
    if (entity.kind === 'component:schemas' && at) schemaPages.set(`${at.file}#${at.pointer}`, entity);
  }
  const root = isPlainObject(doc.root.value) ? doc.root.value : {};
  const info = isPlainObject(root.info) ? root.info : {};
  const componentAt = (at: Location): { id: string; url: string } | undefined => {
    const page = schemaPages.get(`${at.file}#${at.pointer}`);
    return page && { id: page.id, url: page.url };
  };
  // How many pages use a component schema (where-used.ts): one shown on many pages is shown whole on its own page only.
  const componentUses = (at: Location): number => schemaPages.get(`${at.file}#${at.pointer}`)?.usedBy.length ?? 0;
  const contentOf = (entity: Entity): Location => content.get(entity) ?? { file: doc.root.path, pointer: entity.pointer };
  let validator: ExampleValidator | undefined;
  const generated = new Map<string, GeneratedExamples>();
  let sites: Map<string, ExampleSite[]> | undefined;
  const partsAccepted = new WeakMap<object, Map<string, boolean>>();
  const schemaExamplesAccepted = new Map<string, boolean>();
  /** The schemas' examples whose discriminator value selects no schema (rule discriminator), by where they are written. */
  let wrongDiscriminators: Set<string> | undefined;
  const discriminators = discriminatorIndex(doc, componentAt);
  // Shapes named in generated examples' titles as the schema table names them (alternative-name.ts).
  const naming = { componentAt, discriminators };
  const ctx: Context = {
    doc,
    locator,
    entities,
    componentAt,
    componentUses,
    discriminators,
    generatedExamples: (message: Record<string, unknown>, origin: Record<string, Location>, at: Location): GeneratedExamples => {
      const key = `${at.file}#${at.pointer}`;
      let made = generated.get(key);
      if (!made) generated.set(key, (made = generateExamples(doc, (validator ??= new ExampleValidator(doc)), message, origin, at, naming)));
      return made;
    },
    examplePartsAccepted: (message: Record<string, unknown>, origin: Record<string, Location>, at: Location, example: Record<string, unknown>): boolean => {
      // Judged once per example and message (a panel, its operations' panels and samples ask again).
      const messageKey = `${at.file}#${at.pointer}`;
      let verdicts = partsAccepted.get(example);
      if (!verdicts) partsAccepted.set(example, (verdicts = new Map()));
      let accepted = verdicts.get(messageKey);
      if (accepted === undefined) {
        accepted = (['payload', 'headers'] as const).every((part) => {
          if (!Object.hasOwn(example, part) || message[part] === undefined) return true;
          // Checked as `validate` checks an example (rules/examples.ts): a part it could not check is no finding.
          const errors = (validator ??= new ExampleValidator(doc)).messagePartErrors(example[part], message[part], sub(origin[part] ?? at, part), part);
          return !Array.isArray(errors) || errors.length === 0;
        });
        verdicts.set(messageKey, accepted);
      }
      return accepted;
    },
    schemaExampleAccepted: (
      example: unknown,
      at: Location,
      schema: unknown,
      schemaAt: Location,
      dialect: 'json-schema' | 'openapi' = 'json-schema',
    ): boolean => {
      const key = `${at.file}#${at.pointer}`;
      let accepted = schemaExamplesAccepted.get(key);
      if (accepted === undefined) {
        wrongDiscriminators ??= wrongDiscriminatorExamples(doc);
        // Checked as `validate` checks it (rules/schema-examples.ts): an example it could not check is no finding.
        // An OpenAPI 3.0 schema's `example`: read as OpenAPI reads its keywords, as the rule checks it.
        const errors = wrongDiscriminators.has(key)
          ? ['discriminator']
          : dialect === 'openapi'
            ? (validator ??= new ExampleValidator(doc)).jsonSchemaErrors(example, schema, schemaAt, 'example', 'openapi')
            : schemaExampleErrors((validator ??= new ExampleValidator(doc)), example, schema, schemaAt);
        accepted = !Array.isArray(errors) || errors.length === 0;
        schemaExamplesAccepted.set(key, accepted);
      }
      return accepted;
    },
    schemaExample: (schema: unknown, at: Location): GeneratedExamples =>
      generateSchemaExample(doc, (validator ??= new ExampleValidator(doc)), schema, at, naming),
    reusedExample: (schema: unknown, at: Location): ExampleSite | undefined => {
      sites ??= exampleSites(doc, writtenExamples(ctx, entities, contentOf));
      const accepts = (value: unknown): boolean => {
        const errors = (validator ??= new ExampleValidator(doc)).messagePartErrors(value, schema, at, 'value', 'as-read');
        return Array.isArray(errors) && errors.length === 0;
      };
      // The schema's own fields of the part, else the part whole; never one the schema rejects.
      for (const site of sites.get(`${at.file}#${at.pointer}`) ?? []) {
        const own = declaredPart(doc, schema, at, site.value);
        if (accepts(own)) return { ...site, value: own };
        if (own !== site.value && accepts(site.value)) return site;
      }
      return undefined;
    },
    ...(typeof root.defaultContentType === 'string' ? { defaultContentType: root.defaultContentType } : {}),
    ...(options.sampleLanguages ? { sampleLanguages: options.sampleLanguages } : {}),
    ...(options.tryIt ? { tryIt: tryItServersOf(options.tryIt, doc) } : {}),
    shownFile: (file: string) => publishedPath(file, cwd, doc.policy.root),
    diagram: <T>(make: () => T): T => (options.timings ? options.timings.measure(DIAGRAMS, make) : make()),
  };
  const pages = entities.map((entity) => (options.deferPages ? pageSummary(ctx, entity, contentOf(entity)) : buildPage(ctx, entity, contentOf(entity))));
  const entityOf = new WeakMap(pages.map((page, i) => [page, entities[i]!]));
  return {
    slug,
    title: typeof info.title === 'string' ? info.title : slug,
    version: typeof info.version === 'string' ? info.version : '',
    ...(typeof info.description === 'string' ? { descriptionHtml: renderMarkdown(info.description) } : {}),
    infoFacts: infoFacts(doc, root, info),
    entities,
    pages,
    routes: manifest,
    completePage: (page, peers) => {
      const entity = entityOf.get(page);
      if (entity) completePage(ctx, page, contentOf(entity), peers);
    },
    flowEndpoints: () => flowEndpoints(ctx),
    componentAt,
    catalog: catalogEntry(info, pages, [...new Set(entities.flatMap((entity) => messageProtocols(ctx, entity, contentOf(entity))))]),
  };
}

/** Info fields beyond title, version and description (SPEC Info Object), plus id and defaultContentType. */
function infoFacts(doc: ResolvedDoc, root: Record<string, unknown>, info: Record<string, unknown>): Fact[] {
  const facts: Fact[] = [];
  const url = (label: string, value: unknown, text?: string): void => {
    if (typeof value !== 'string') return;
    const href = safeHref(value);
    facts.push({ label, text: text ?? value, ...(href ? { href } : {}) });
  };
  if (typeof root.id === 'string') facts.push({ label: 'Id', text: root.id, code: true });
  if (typeof root.defaultContentType === 'string') facts.push({ label: 'Default content type', text: root.defaultContentType, code: true });
  url('Terms of service', info.termsOfService);
  const contact = isPlainObject(info.contact) ? info.contact : undefined;
  if (contact) {
    if (typeof contact.name === 'string') facts.push({ label: 'Contact', text: contact.name });
    url('Contact URL', contact.url);
    if (typeof contact.email === 'string') url('Contact e-mail', `mailto:${contact.email}`, contact.email);
  }
  const license = isPlainObject(info.license) ? info.license : undefined;
  if (license && typeof license.name === 'string') {
    const href = typeof license.url === 'string' ? safeHref(license.url) : undefined;
    facts.push({ label: 'License', text: license.name, ...(href ? { href } : {}) });
  }
  const infoAt = { file: doc.root.path, pointer: '/info' };
  const tags = Array.isArray(info.tags)
    ? info.tags.flatMap((t, i) => {
        const tag = doc.deref(t, { file: infoAt.file, pointer: `${infoAt.pointer}/tags/${i}` });
        return tag && isPlainObject(tag.value) && typeof tag.value.name === 'string' ? [tag.value.name] : [];
      })
    : [];
  if (tags.length > 0) facts.push({ label: 'Tags', text: tags.join(', ') });
  const docs = info.externalDocs !== undefined ? doc.deref(info.externalDocs, { file: infoAt.file, pointer: `${infoAt.pointer}/externalDocs` }) : undefined;
  if (docs && isPlainObject(docs.value) && typeof docs.value.url === 'string') {
    const href = safeHref(docs.value.url);
    const note = typeof docs.value.description === 'string' && docs.value.description.trim() !== '' ? renderMarkdown(docs.value.description) : undefined;
    facts.push({ label: 'Documentation', text: docs.value.url, ...(href ? { href } : {}), ...(note ? { noteHtml: note } : {}) });
  }
  return facts;
}
