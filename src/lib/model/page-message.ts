/** Message pages: content type, correlation id, headers and payload as schema tables, examples. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';
import { brokenReference } from './broken-reference.ts';
import { exampleBlocks } from './example-blocks.ts';
import { messageExampleList } from './message-example-list.ts';
import { otherBindings } from './page-bindings.ts';
import { bindingsOf, type Context, entityByUrl, merged, operationsOn, rowOptions, sub, valueAt } from './page-context.ts';
import { toLink } from './entity-locator.ts';
import { entries } from '../resolve/doc-index.ts';
import { traitsFacts } from './page-traits.ts';
import { runtimeExpressionMeaning } from './runtime-expression-words.ts';
import { escapeText } from '../html-text.ts';
import type { Fact, Page, PageSection } from './page-types.ts';
import type { Entity, Link } from './types.ts';
import { viewRows } from './schema-rows.ts';
import { dropShownExamples, PANEL_EXAMPLES } from './shown-examples.ts';
import { type MessageContent, type MessageContentMemo, messageContentMemo } from '../../perf/message-content-memo.ts';

/**
 * A message used in at most this many places lists them all in one "Used by" with its senders and
 * receivers (as many as a page shows of a "Used by" list, site-data.ts); more, and the page keeps
 * "Sent and received by" apart from a "Used by" list paged on its own pages.
 */
const MERGED_USED_BY = 50;

export function messagePage(ctx: Context, page: Page, message: Record<string, unknown>, at: Location): void {
  const content = messageContent(ctx, message, at, '');
  // A name that is the message's id (springwolf names a message by its class) is over the title already: said once.
  page.facts.push(...content.facts.filter((f) => !(f.label === 'Name' && f.text === page.id)));
  page.sections.push(...content.sections);
  const users = sendersAndReceivers(ctx, page);
  if (users.length > 0 && page.usedBy.length <= MERGED_USED_BY) {
    // One list, "Used by": which operation sends it and which receives it, then what else uses it
    // (its channel), not a second list of nearly the same links under it.
    const named = new Set(users.map((u) => u.url));
    const others = page.usedBy.filter((l) => !named.has(l.url)).map((l) => (l.kind === 'channel' ? { ...l, note: 'the channel that carries it' } : l));
    page.sections.push({ type: 'links', heading: 'Used by', anchor: 'used-by', links: [...users, ...others] });
  } else if (users.length > 0) page.sections.push({ type: 'links', heading: 'Sent and received by', anchor: 'sent-received', links: users });
  traitsFacts(ctx, page, content.origin, at, 'messageTraits');
  otherBindings(ctx, page, bindingsOf(ctx, content.value.bindings, sub(content.origin.bindings ?? at, 'bindings')), false);
}

/**
 * What a message shows wherever it is shown (its own page, an operation's page): content type,
 * name and correlation id as facts, its headers and payload as schemas, its examples (generated
 * from the schemas when it has none). `anchorPrefix` keeps anchors unique on a page that shows
 * several messages ('' on the message's own page).
 */
export function messageContent(ctx: Context, message: Record<string, unknown>, at: Location, anchorPrefix: string): MessageContent {
  const make = (): MessageContent => makeMessageContent(ctx, message, at, anchorPrefix);
  if (!memos.has(ctx)) memos.set(ctx, messageContentMemo());
  const memo = memos.get(ctx);
  return memo ? memo.contentOf(message, at, anchorPrefix, make) : make();
}

/** Each model's memo of message contents (src/perf/message-content-memo.ts), undefined when it is off. */
const memos = new WeakMap<Context, MessageContentMemo | undefined>();

function makeMessageContent(ctx: Context, message: Record<string, unknown>, at: Location, anchorPrefix: string): MessageContent {
  const m = merged(ctx, message, at);
  const value = m.value;
  const facts: Fact[] = [];
  const sections: PageSection[] = [];
  const anchor = (name: string): string => (anchorPrefix === '' ? name : `${anchorPrefix}.${name}`);
  const contentType = typeof value.contentType === 'string' ? value.contentType : ctx.defaultContentType;
  if (contentType) facts.push({ label: 'Content type', text: contentType + (typeof value.contentType === 'string' ? '' : ' (the API default)'), code: true });
  if (typeof value.name === 'string') facts.push({ label: 'Name', text: value.name, code: true });
  const correlation = value.correlationId !== undefined ? ctx.doc.deref(value.correlationId, sub(m.origin.correlationId ?? at, 'correlationId')) : undefined;
  if (correlation && isPlainObject(correlation.value) && typeof correlation.value.location === 'string') {
    // Called as the sidebar calls its kind (page-kinds.ts). The expression in words first, the expression as code under it: few readers read `$message.header#/…`.
    const location = correlation.value.location;
    const meaning = runtimeExpressionMeaning(location, 'the message');
    facts.push(
      meaning
        ? { label: 'Correlation ID', text: meaning.charAt(0).toUpperCase() + meaning.slice(1), noteHtml: `<code>${escapeText(location)}</code>` }
        : { label: 'Correlation ID', text: location, code: true },
    );
  }
  for (const part of ['headers', 'payload'] as const) {
    if (value[part] !== undefined)
      sections.push(...schemaSections(ctx, part === 'headers' ? 'Headers' : 'Payload', anchor(part), value[part], sub(m.origin[part] ?? at, part)));
  }
  const list = messageExampleList(ctx, value, m.origin, at);
  const examples = list.written;
  const written: Record<string, unknown>[] = [];
  const shownSource = (source: Location): { file: string; pointer: string } => ({ file: ctx.shownFile(source.file), pointer: source.pointer });
  if (examples.length > 0) {
    sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: anchor('examples'),
      examples: list.examples.map((ex) => ({
        title: ex.title,
        ...(ex.source ? { source: shownSource(ex.source) } : {}),
        ...(typeof ex.value.summary === 'string' ? { summaryHtml: renderInlineMarkdown(ex.value.summary) } : {}),
        blocks: exampleBlocks(ex.value, contentType),
      })),
      ...(list.more ? { more: list.more, moreOf: 'message' as const } : {}),
    });
  } else {
    // The schemas' own examples (the document's words) first, each with what the validator finds
    // wrong with it; then the generated ones that differ from them, each titled as generated.
    const missing = list.generated?.missing ?? [];
    if (list.examples.length > 0 || missing.length > 0)
      sections.push({
        type: 'examples',
        heading: 'Examples',
        anchor: anchor('examples'),
        ...(!list.schemaGiven ? { generated: true } : {}),
        ...(!list.schemaGiven && list.examples.some((g) => g.made?.authored) ? { fieldValues: true } : {}),
        examples: list.examples.map((ex) => ({
          title: ex.title,
          ...(ex.source ? { source: shownSource(ex.source) } : {}),
          blocks: exampleBlocks(ex.value, contentType),
          ...(ex.made?.unchecked ? { note: `This example could not be checked: ${ex.made.unchecked}.` } : {}),
        })),
        ...(missing.length > 0 ? { missing } : {}),
        ...(list.more ? { more: list.more, moreOf: 'payload' as const } : {}),
      });
    written.push(...list.examples.map((ex) => ex.value));
  }
  // The examples (written, else the schemas' and the generated) are shown whole beside the headers and payload: their rows do not repeat them.
  const shown = (examples.length > 0 ? examples.filter(isPlainObject) : written).slice(0, PANEL_EXAMPLES) as Record<string, unknown>[];
  for (const part of ['headers', 'payload'] as const) {
    const rows = sections.find((s) => s.type === 'schema' && s.anchor === anchor(part));
    if (rows?.type === 'schema')
      dropShownExamples(
        rows.rows,
        shown.flatMap((ex) => (ex[part] === undefined ? [] : [ex[part]])),
      );
  }
  return { facts, sections, value, origin: m.origin };
}

/**
 * The operations that carry the message, saying what this application does with it: an
 * operation's own messages go the way of its action, a reply's messages the other way (the
 * operation that receives a request sends its reply). An operation or a reply that lists no
 * messages carries every message of its channel (SPEC). Only the operations that name the
 * message or its channels are read, so that a large document's message pages stay cheap.
 */
function sendersAndReceivers(ctx: Context, page: Page): (Link & { note: string })[] {
  const channels = new Set(page.usedBy.filter((l) => l.kind === 'channel').map((l) => l.url));
  const candidates = new Map<string, Entity>();
  const add = (url: string): void => {
    const entity = entityByUrl(ctx, url);
    if (entity?.kind === 'operation') candidates.set(entity.url, entity);
  };
  for (const link of page.usedBy) {
    if (link.kind === 'operation') add(link.url);
    else if (link.kind === 'channel' || link.kind === 'component:replies') {
      // The operations on the channel, those whose reply travels on it, and those that use the reply.
      const user = entityByUrl(ctx, link.url);
      if (link.kind === 'channel') for (const op of user ? operationsOn(ctx, user) : []) candidates.set(op.entity.url, op.entity);
      for (const l of user?.usedBy ?? []) add(l.url);
    }
  }
  // Whether a list of messages (absent: all of its channel's) holds this one.
  const carries = (list: unknown, at: Location, channel: Link | undefined): boolean =>
    list === undefined
      ? channel !== undefined && channels.has(channel.url)
      : entries(list).some(([i, m]) => ctx.locator.target(m, sub(at, i))?.url === page.url);
  const users: (Link & { note: string })[] = [];
  for (const entity of [...candidates.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))) {
    const at = { file: ctx.doc.root.path, pointer: entity.pointer };
    const op = ctx.doc.deref(valueAt(ctx, at), at);
    if (!op || !isPlainObject(op.value) || (op.value.action !== 'send' && op.value.action !== 'receive')) continue;
    const link = toLink(entity);
    const channel = ctx.locator.link(op.value.channel, sub(op.at, 'channel'));
    const on = channel ? ` on ${channel.title}` : '';
    // Which operation sends it and which receives it, in the operations' own terms: in one document
    // both may be the same application's, so never "you send it" / "you receive it".
    if (carries(op.value.messages, sub(op.at, 'messages'), channel))
      users.push({ ...link, note: op.value.action === 'send' ? `sends it${on}` : `receives it${on}` });
    const reply = op.value.reply !== undefined ? ctx.doc.deref(op.value.reply, sub(op.at, 'reply')) : undefined;
    if (!reply || !isPlainObject(reply.value)) continue;
    const replyChannel = reply.value.channel !== undefined ? ctx.locator.link(reply.value.channel, sub(reply.at, 'channel')) : undefined;
    if ((reply.value.messages !== undefined || replyChannel) && carries(reply.value.messages, sub(reply.at, 'messages'), replyChannel))
      users.push({ ...link, note: op.value.action === 'receive' ? 'sends it as the reply' : 'receives it as the reply' });
  }
  return users;
}

/** A schema's sections on a page (see schemaSections). */
export function schemaSection(ctx: Context, page: Page, heading: string, anchor: string, schema: unknown, site: Location): void {
  page.sections.push(...schemaSections(ctx, heading, anchor, schema, site, page.kind === 'component:schemas' ? page.url : undefined));
}

/**
 * A schema as sections: a table of its normalised view (JSON Schema, OpenAPI, Avro, Protobuf,
 * RAML: src/lib/schema), and the source of a schema written in another format than JSON Schema.
 */
/** `ownComponent`: the page is this component schema's own (its table is shown whole there). */
export function schemaSections(ctx: Context, heading: string, anchor: string, schema: unknown, site: Location, ownComponent?: string): PageSection[] {
  const sections: PageSection[] = [];
  // A reference that leads to no value is said to be broken, not shown as a schema of "any value".
  const broken = brokenReference(ctx, schema, site);
  if (broken) return [{ type: 'broken-reference', heading, anchor, broken }];
  const resolved = ctx.doc.deref(schema, site);
  const s = resolved?.value;
  const brokenInner = resolved && isPlainObject(s) ? brokenReference(ctx, s.schema, sub(resolved.at, 'schema')) : undefined;
  if (brokenInner) return [{ type: 'broken-reference', heading, anchor, broken: brokenInner }];
  const views = schemaViewsOf(ctx.doc);
  const view = views.view(schema, site);
  const format = (view.kind !== 'apidesc' || view.readAs) && view.format ? { format: view.format, ...(view.readAs ? { formatNote: view.readAs } : {}) } : {};
  if (view.root) {
    const table = viewRows(views, view.root, rowOptions(ctx, anchor, ownComponent));
    sections.push({ type: 'schema', heading, anchor, rows: table.rows, ...format, ...(table.omitted ? { omitted: table.omitted } : {}) });
  }
  if (view.source !== undefined) {
    sections.push({
      type: 'source',
      heading: view.root ? `${heading} source` : heading,
      anchor: view.root ? `${anchor}-source` : anchor,
      format: view.format ?? '',
      code: view.source,
      // Shown as a table above it: the source is a fold below.
      ...(view.root ? { folded: true } : {}),
    });
  }
  return sections;
}
