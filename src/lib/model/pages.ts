/**
 * Page data for every route: what a reader needs from each kind of object, as plain data.
 * Servers, channels, operations and messages get their own layout of facts and sections;
 * schemas become tables; every other object becomes a readable tree (object-view.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown, renderMarkdown } from '../markdown/render-markdown.ts';
import { schemeView } from './security-view.ts';
import { entries } from '../resolve/doc-index.ts';
import { unescapeToken } from '../json-pointer.ts';
import { isPlainObject, isRefObject } from '../resolve/resolved-doc.ts';
import { objectView } from './object-view.ts';
import { fanOut, messageBindingProtocols, otherBindings, protocolsOf, snsBindingAuthorFacts } from './page-bindings.ts';
import { channelPage } from './page-channel.ts';
import { bindingsOf, type Context, entityByUrl, merged, sub, valueAt } from './page-context.ts';
import { brokenReference } from './broken-reference.ts';
import { messagePage, schemaSection } from './page-message.ts';
import { messageLine } from './page-message-line.ts';
import { exampleBlocks } from './example-blocks.ts';
import { holdsPlaceholder } from '../schema/example-value.ts';
import { pathText } from './reused-examples.ts';
import { dropShownExamples, OWN_PAGE_EXAMPLES } from './shown-examples.ts';
import { listFields } from './page-list-fields.ts';
import { operationPage } from './page-operation.ts';
import { bindingsPage, correlationIdPage, messageTraitPage, operationTraitPage, replyPage } from './page-parts.ts';
import { serverPage } from './page-server.ts';
import { safeHref } from './page-values.ts';
import { fanOutDiagram, inDrawnOrder } from './flow-fan-out.ts';
import { channelCarries, operationMessageLabels, operationMessageNames } from './flow-messages.ts';
import { topicView } from './sns.ts';
import { topicTester } from './sns-hands-on.ts';
import type { ExampleBlock, Fact, Page } from './page-types.ts';
import { pageKindOf, type PageBuilder } from './page-kinds.ts';
import type { ComponentMap, Entity } from './types.ts';
import type { PagePeers } from '../portal/flow-types.ts';
import { rightFirst } from './example-order.ts';

export function buildPage(ctx: Context, entity: Entity, content: Location): Page {
  const page = pageSummary(ctx, entity, content);
  completePage(ctx, page, content);
  return page;
}

/** The object a page shows, references followed (an empty object when there is none). */
function pageValue(ctx: Context, content: Location): { value: Record<string, unknown>; resolved: ReturnType<Context['doc']['deref']> } {
  const resolved = ctx.doc.deref(ctx.doc.file(content.file) ? valueAt(ctx, content) : undefined, content);
  return { value: resolved && isPlainObject(resolved.value) ? resolved.value : {}, resolved };
}

/** The Components map of a page's kind (`channel` and `component:channels` share one), from the table of page kinds. */
const mapOf = (entity: Entity): ComponentMap | undefined => pageKindOf(entity.kind)?.map;
const withTraits = (entity: Entity): boolean => pageKindOf(entity.kind)?.traits === true;

type Builder = (
  ctx: Context,
  page: Page,
  value: Record<string, unknown>,
  content: Location,
  peers: PagePeers | undefined,
  resolved: ReturnType<Context['doc']['deref']>,
) => void;

/** A schema's example as its page shows it: a value, no message's part (example-blocks.ts). */
const valueBlocks = (value: unknown): ExampleBlock[] => exampleBlocks({ payload: value }, 'application/json').map((block) => ({ ...block, part: 'value' }));

export { OWN_PAGE_EXAMPLES } from './shown-examples.ts';

/**
 * A component schema's examples beside its table (a reader sees its shape at once, as Redocly and
 * Stripe show one for every object): those the schema gives (`examples`), else values made from it.
 * The values its messages' pages show (generated-examples.ts: one per shape, a generator's
 * placeholders skipped) join the document's where they differ; where the document's are only
 * placeholders (springwolf's `"string"`, `0`), the document's are still shown first, each with
 * what the validator found, and the made ones follow.
 */
function schemaExamples(ctx: Context, page: Page, schema: unknown, at: Location): unknown[] {
  const written = isPlainObject(schema) && Array.isArray(schema.examples) ? schema.examples : [];
  if (written.length > 0) {
    // Made only where it says more than the document: checked against the schema, and none of the document's.
    const made = ctx.schemaExample(schema, at).examples.filter((g) => !g.unchecked && !written.some((w) => isDeepStrictEqual(w, g.value.payload)));
    const placeholders = made.length > 0 && written.every(holdsPlaceholder);
    const writtenTitle = (i: number): string =>
      !placeholders ? `Example ${i + 1}` : written.length === 1 ? "The document's example" : `The document's example ${i + 1}`;
    // Judged as `validate` judges them (rules schema-example, discriminator), where it does: the schema's own JSON Schema.
    const checked = isPlainObject(schema) && !('schemaFormat' in schema) && !('schema' in schema);
    const siteOf = (i: number): Location => sub(sub(at, 'examples'), i);
    // The document's own first, even placeholders a validator finds wrong (the warning under them says why), except that a right one leads: the made ones after, titled as made.
    // Judged lazily: up to the first right one, and the ones shown.
    const ordered = rightFirst<{ written: number } | { made: (typeof made)[number] }>(
      [...written.map((_, i) => ({ written: i })), ...made.map((g) => ({ made: g }))],
      (ex) => !('written' in ex) || !checked || ctx.schemaExampleAccepted(written[ex.written], siteOf(ex.written), schema, at),
    );
    // At most OWN_PAGE_EXAMPLES of the document's: a schema with ten thousand examples gives a page of the same size, saying how many more it has.
    let kept = 0;
    const shown = ordered.filter((ex) => !('written' in ex) || kept++ < OWN_PAGE_EXAMPLES);
    const more = written.length - Math.min(written.length, OWN_PAGE_EXAMPLES);
    page.sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: 'example',
      examples: shown.map((ex) =>
        'written' in ex
          ? {
              title: writtenTitle(ex.written),
              source: { file: ctx.shownFile(at.file), pointer: siteOf(ex.written).pointer },
              blocks: valueBlocks(written[ex.written]),
            }
          : { title: ex.made.title, blocks: valueBlocks(ex.made.value.payload) },
      ),
      ...(more > 0 ? { more } : {}),
    });
    // Every example of the document's counts as said: the rows do not list the ones the page leaves out either.
    return [...made.map((g) => g.value.payload), ...written];
  }
  // A message's own example, at the schema's place in its payload: real values, where the generator
  // would write types. Not for a schema of shapes: one example of each shape says more.
  const shapes = isPlainObject(schema) && [schema.oneOf, schema.anyOf].some((list) => Array.isArray(list) && list.length > 1);
  const reused = shapes ? undefined : ctx.reusedExample(schema, at);
  if (reused) {
    page.sections.push({
      type: 'examples',
      heading: 'Example',
      anchor: 'example',
      examples: [{ title: reused.example, blocks: valueBlocks(reused.value) }],
      reused: { message: reused.message, example: reused.example, path: pathText(reused.path) },
    });
    return [reused.value];
  }
  const generated = ctx.schemaExample(schema, at);
  if (generated.examples.length === 0 && generated.missing.length === 0) return [];
  page.sections.push({
    type: 'examples',
    heading: generated.examples.length > 1 ? 'Examples' : 'Example',
    anchor: 'example',
    generated: true,
    examples: generated.examples.map((g) => ({
      title: g.title,
      blocks: valueBlocks(g.value.payload),
      ...(g.unchecked ? { note: `This example could not be checked: ${g.unchecked}.` } : {}),
    })),
    ...(generated.missing.length > 0 ? { missing: generated.missing } : {}),
  });
  return generated.examples.map((g) => g.value.payload);
}

/** The content of each kind of page (PageBuilder of page-kinds.ts): the type keeps one for every name. */
const BUILDERS: Record<PageBuilder, Builder> = {
  server: (ctx, page, value, content) => serverPage(ctx, page, value, content),
  channel: (ctx, page, value, content, peers) => channelPage(ctx, page, value, content, peers),
  operation: (ctx, page, value, content, peers) => operationPage(ctx, page, value, content, peers),
  message: (ctx, page, value, content) => messagePage(ctx, page, value, content),
  schema: (ctx, page, _value, content, _peers, resolved) => {
    // "Definition", not "Schema": the kind above the title says "Schema" already, and the title names it.
    schemaSection(ctx, page, 'Definition', 'schema', resolved?.value, content);
    // The examples are shown whole beside the table: its rows do not repeat them.
    const shown = schemaExamples(ctx, page, resolved?.value, content);
    for (const s of page.sections) if (s.type === 'schema') dropShownExamples(s.rows, shown);
  },
  'security-scheme': (_ctx, page, value) => {
    // The page shows the name and description under its title: the card does not repeat them.
    const scheme = schemeView(value, page.id);
    delete scheme.descriptionHtml;
    scheme.onItsPage = true;
    const title = page.title.toLowerCase();
    const kind = scheme.kind.toLowerCase();
    if (title.startsWith(kind) || title.endsWith(kind)) scheme.kindInTitle = true;
    const map = (l: Page['usedBy'][number]): string | undefined => pageKindOf(l.kind)?.map;
    if (scheme.requiredScopes) scheme.requiredBy = page.usedBy.filter((l) => map(l) === 'servers' || map(l) === 'operations');
    // A card with nothing the title does not say (a key in a header, with no flows or scopes) is left out, not drawn empty.
    const said = scheme.details.length > 0 || scheme.flows.length > 0 || scheme.availableScopes.length > 0 || scheme.requiredScopes !== undefined;
    if (said || !scheme.kindInTitle) page.sections.push({ type: 'security', heading: 'Scheme', anchor: 'scheme', groups: [{ schemes: [scheme] }] });
  },
  reply: (ctx, page, value, _content, _peers, resolved) => replyPage(ctx, page, value, resolved?.at ?? _content),
  'correlation-id': (ctx, page, value) => correlationIdPage(ctx, page, value),
  'operation-trait': (ctx, page, value, content, _peers, resolved) => operationTraitPage(ctx, page, value, resolved?.at ?? content),
  'message-trait': (ctx, page, value, content, _peers, resolved) => messageTraitPage(ctx, page, value, resolved?.at ?? content),
  'channel-bindings': (ctx, page, value, content, _peers, resolved) => bindingsPage(ctx, page, value, resolved?.at ?? content, 'channel'),
  'operation-bindings': (ctx, page, value, content, _peers, resolved) => bindingsPage(ctx, page, value, resolved?.at ?? content, 'operation'),
  bindings: (ctx, page, value, content, _peers, resolved) => bindingsPage(ctx, page, value, resolved?.at ?? content, 'other'),
  definition: (ctx, page, _value, content, _peers, resolved) => {
    page.sections.push({ type: 'object', heading: 'Definition', anchor: 'definition', view: objectView(ctx.doc, ctx.locator, resolved?.value, content) });
  },
};

/**
 * What lists, navigation and search filters need of a page: summary, tags, protocols, badges.
 * Cheap, so `apidesc-docs dev` computes it for every page after an edit and the rest
 * (completePage) only for the pages someone opens.
 */
export function pageSummary(ctx: Context, entity: Entity, content: Location): Page {
  const { value } = pageValue(ctx, content);
  const page: Page = { ...entity, tags: [], protocols: [], badges: [], facts: [], sections: [] };
  if (typeof value.summary === 'string') page.summaryHtml = renderInlineMarkdown(value.summary);
  const map = mapOf(entity);
  // Tags may come from traits: the merged object's.
  const shown = withTraits(entity) ? merged(ctx, value, content).value : value;
  page.tags = entries(shown.tags).flatMap(([i, t]) => {
    const tag = ctx.doc.deref(t, sub(content, 'tags', i));
    return tag && isPlainObject(tag.value) && typeof tag.value.name === 'string' ? [tag.value.name] : [];
  });
  page.protocols = protocolsOf(ctx, page, shown, content);
  // The channel an operation uses, for grouping operations by channel in the sidebar.
  const channelRef = isPlainObject(shown.channel) && typeof shown.channel.$ref === 'string' ? /^#\/channels\/([^/]+)$/.exec(shown.channel.$ref) : null;
  if (map === 'operations' && channelRef) page.channel = unescapeToken(channelRef[1]!);
  // The channel its reply travels on, for the overview's drawing (the reply's way back).
  const reply = map === 'operations' && shown.reply !== undefined ? ctx.doc.deref(shown.reply, sub(content, 'reply')) : undefined;
  const replyRef = reply && isPlainObject(reply.value) && isPlainObject(reply.value.channel) ? reply.value.channel.$ref : undefined;
  const replyChannel = typeof replyRef === 'string' ? /^#\/channels\/([^/]+)$/.exec(replyRef) : null;
  if (replyChannel) page.replyChannel = unescapeToken(replyChannel[1]!);
  // A message's payload in a line (its schema, its first fields), for its card where it has no summary.
  if (entity.kind === 'message' || entity.kind === 'component:messages') {
    const payload = messageLine(ctx, shown, content)?.payload;
    if (payload) page.payload = payload;
  }
  if (entity.kind === 'channel') page.carries = channelCarries(ctx, entity, shown, content);
  if (entity.kind === 'operation') {
    page.messages = operationMessageNames(ctx, entity);
    page.messageLabels = operationMessageLabels(ctx, entity);
  }
  if (map === 'servers') {
    // Only a protocol's name: a server whose `protocol` is missing or not text has no badge, not "[object Object]".
    if (page.protocols.length > 0) page.badges.push(page.protocols[0]! + (typeof value.protocolVersion === 'string' ? ` ${value.protocolVersion}` : ''));
  } else {
    if (map === 'operations' && typeof shown.action === 'string') page.badges.push(shown.action);
    page.badges.push(...page.protocols);
  }
  listFields(ctx, page, map, shown, content);
  return page;
}

/** The protocols the bindings of a message page's message name (its traits' too); none for another page. */
export function messageProtocols(ctx: Context, entity: Entity, content: Location): string[] {
  if (mapOf(entity) !== 'messages') return [];
  const { value } = pageValue(ctx, content);
  return messageBindingProtocols(ctx, withTraits(entity) ? merged(ctx, value, content).value : value, content);
}

/** The rest of a page: description, facts and sections. */
export function completePage(ctx: Context, page: Page, content: Location, peers?: PagePeers): void {
  const { value, resolved } = pageValue(ctx, content);
  // A reference that leads nowhere has no facts to show: none is made up ("undefined", "any",
  // an address "set at run time"); the page says what is wrong instead.
  const raw = valueAt(ctx, content);
  const broken = resolved ? undefined : brokenReference(ctx, raw, content);
  if (broken && isRefObject(raw)) {
    page.facts.push({ label: 'Reference', text: raw.$ref, code: true });
    page.sections.push({ type: 'broken-reference', heading: 'Definition', anchor: 'definition', broken });
    return;
  }
  if (typeof value.description === 'string') page.descriptionHtml = renderMarkdown(value.description);
  BUILDERS[pageKindOf(page.kind)?.builder ?? 'definition'](ctx, page, value, content, peers, resolved);
  // External docs may come from traits: the merged object's.
  commonSections(ctx, page, withTraits(page) ? merged(ctx, value, content).value : value, content, peers);
}

function commonSections(ctx: Context, page: Page, value: Record<string, unknown>, at: Location, peers: PagePeers | undefined): void {
  if (mapOf(page) === 'channels') {
    const bindings = bindingsOf(ctx, value.bindings, sub(at, 'bindings'));
    if (bindings && isPlainObject(bindings.value.sns)) {
      const topic = topicView(bindings.value.sns, page.id, value.address);
      const listed = fanOut(ctx, page);
      const channel = page.kind === 'channel' ? entityByUrl(ctx, page.url) : undefined;
      const tester = channel && topicTester(ctx, channel);
      const diagram = page.kind === 'channel' ? ctx.diagram(() => fanOutDiagram(ctx, page, topic, listed, peers)) : undefined;
      // The table under the picture lists the subscriptions in the picture's order.
      const spread = diagram ? ctx.diagram(() => inDrawnOrder(listed, diagram)) : listed;
      page.sections.push({
        type: 'sns-topic',
        heading: 'Amazon SNS topic',
        anchor: 'sns',
        topic,
        fanOut: spread,
        ...(bindings.link ? { origin: bindings.link } : {}),
        ...(diagram ? { diagram } : {}),
        ...(tester ? { tester } : {}),
      });
      page.authorFacts = [...(page.authorFacts ?? []), ...snsBindingAuthorFacts(bindings.link, topic.versionDefault ? undefined : topic.bindingVersion)];
    }
    otherBindings(ctx, page, bindings);
    inChannelOrder(page);
  }
  if (mapOf(page) === 'servers') otherBindings(ctx, page, bindingsOf(ctx, value.bindings, sub(at, 'bindings')), false);
  if (page.tags.length > 0) page.facts.push({ label: 'Tags', tags: page.tags });
  const docs = externalDocsFact(ctx, value.externalDocs, sub(at, 'externalDocs'), 'External docs');
  if (docs) page.facts.push(docs);
  const tagFacts = describedTags(ctx, value.tags, sub(at, 'tags'));
  if (tagFacts.length > 0) page.sections.push({ type: 'facts', heading: 'Tags', anchor: 'tags', facts: tagFacts });
  if (isRefObject(value)) page.facts.push({ label: 'Reference', text: value.$ref, code: true });
}

/**
 * A channel page's sections in one order, whatever the channel carries: its flow first, as the
 * API's overview opens with its flow, then what it carries (its messages and their payloads),
 * then how an sns topic delivers them (its fan-out and subscriptions, a long part a reader
 * otherwise scrolled past to learn what is sent), then what it is (parameters, servers,
 * operations), the other APIs on it, then bindings and tags. A reader finds each section where the
 * last channel, and the overview, had it.
 */
const CHANNEL_ORDER = ['flow', 'messages', 'sns', 'parameters', 'servers', 'operations', 'other-apis', 'bindings', 'tags'];

function inChannelOrder(page: Page): void {
  const rank = (anchor: string): number => {
    const i = CHANNEL_ORDER.indexOf(anchor);
    return i < 0 ? CHANNEL_ORDER.length : i;
  };
  page.sections.sort((a, b) => rank(a.anchor) - rank(b.anchor));
}

/** External docs (SPEC External Documentation Object) as a fact: the link, and its CommonMark description under it. */
function externalDocsFact(ctx: Context, raw: unknown, at: Location, label: string): Fact | undefined {
  const docs = raw !== undefined ? ctx.doc.deref(raw, at) : undefined;
  if (!docs || !isPlainObject(docs.value) || typeof docs.value.url !== 'string') return undefined;
  const href = safeHref(docs.value.url);
  const description = typeof docs.value.description === 'string' && docs.value.description.trim() !== '' ? renderMarkdown(docs.value.description) : undefined;
  return { label, text: docs.value.url, ...(href ? { href } : {}), ...(description ? { noteHtml: description } : {}) };
}

/** The tags that say more than their name (a description, external docs): one fact each. */
function describedTags(ctx: Context, raw: unknown, at: Location): Fact[] {
  return entries(raw).flatMap(([i, t]) => {
    const tag = ctx.doc.deref(t, sub(at, i));
    if (!tag || !isPlainObject(tag.value) || typeof tag.value.name !== 'string') return [];
    const docs = externalDocsFact(ctx, tag.value.externalDocs, sub(tag.at, 'externalDocs'), tag.value.name);
    const description = typeof tag.value.description === 'string' && tag.value.description.trim() !== '' ? renderMarkdown(tag.value.description) : undefined;
    if (!docs && !description) return [];
    if (!docs) return [{ label: tag.value.name, noteHtml: description! }];
    return [{ ...docs, noteHtml: [description, docs.noteHtml].filter(Boolean).join('') }];
  });
}
