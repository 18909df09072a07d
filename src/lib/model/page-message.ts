/** Message pages: content type, correlation id, headers and payload as schema tables, examples. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { schemaFormatKind } from '../validate/schema-formats.ts';
import { avroRows, protobufRows } from './format-rows.ts';
import { generateExamples } from './generated-examples.ts';
import { otherBindings } from './page-bindings.ts';
import { bindingsOf, type Context, entityByUrl, merged, operationsOn, rowOptions, sub, valueAt } from './page-context.ts';
import { toLink } from './entity-locator.ts';
import { entries } from '../resolve/doc-index.ts';
import { traitsSection } from './page-traits.ts';
import type { ExamplePart, Fact, Page, PageSection } from './page-types.ts';
import type { Entity, Link } from './types.ts';
import { schemaRows } from './schema-rows.ts';

export function messagePage(ctx: Context, page: Page, message: Record<string, unknown>, at: Location): void {
  const content = messageContent(ctx, message, at, '');
  page.facts.push(...content.facts);
  page.sections.push(...content.sections);
  const users = sendersAndReceivers(ctx, page);
  if (users.length > 0) page.sections.push({ type: 'links', heading: 'Sent and received by', anchor: 'sent-received', links: users });
  traitsSection(ctx, page, content.origin, at);
  otherBindings(ctx, page, bindingsOf(ctx, content.value.bindings, sub(content.origin.bindings ?? at, 'bindings')), false);
}

/**
 * What a message shows wherever it is shown (its own page, an operation's page): content type,
 * name and correlation id as facts, its headers and payload as schemas, its examples (generated
 * from the schemas when it has none). `anchorPrefix` keeps anchors unique on a page that shows
 * several messages ('' on the message's own page).
 */
export function messageContent(
  ctx: Context,
  message: Record<string, unknown>,
  at: Location,
  anchorPrefix: string,
): { facts: Fact[]; sections: PageSection[]; value: Record<string, unknown>; origin: Record<string, Location> } {
  const m = merged(ctx, message, at);
  const value = m.value;
  const facts: Fact[] = [];
  const sections: PageSection[] = [];
  const anchor = (name: string): string => (anchorPrefix === '' ? name : `${anchorPrefix}.${name}`);
  const contentType = typeof value.contentType === 'string' ? value.contentType : ctx.defaultContentType;
  if (contentType) facts.push({ label: 'Content type', text: contentType + (typeof value.contentType === 'string' ? '' : ' (the API default)'), code: true });
  if (typeof value.name === 'string') facts.push({ label: 'Name', text: value.name, code: true });
  const correlation = value.correlationId !== undefined ? ctx.doc.deref(value.correlationId, sub(m.origin.correlationId ?? at, 'correlationId')) : undefined;
  if (correlation && isPlainObject(correlation.value) && typeof correlation.value.location === 'string')
    facts.push({ label: 'Correlation id', text: correlation.value.location, code: true });
  for (const part of ['headers', 'payload'] as const) {
    if (value[part] !== undefined)
      sections.push(...schemaSections(ctx, part === 'headers' ? 'Headers' : 'Payload', anchor(part), value[part], sub(m.origin[part] ?? at, part)));
  }
  const examples = Array.isArray(value.examples) ? value.examples : [];
  if (examples.length > 0) {
    sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: anchor('examples'),
      examples: examples.filter(isPlainObject).map((ex, i) => ({
        title: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`,
        ...(typeof ex.summary === 'string' ? { summaryHtml: renderInlineMarkdown(ex.summary) } : {}),
        code: JSON.stringify(
          { ...(ex.headers !== undefined ? { headers: ex.headers } : {}), ...(ex.payload !== undefined ? { payload: ex.payload } : {}) },
          null,
          2,
        ),
        parts: exampleParts(ex),
      })),
    });
  } else {
    const generated = generateExamples(ctx.doc, value, m.origin);
    if (generated.length > 0)
      sections.push({
        type: 'examples',
        heading: 'Examples',
        anchor: anchor('examples'),
        generated: true,
        examples: generated.map((g) => ({ title: g.title, code: JSON.stringify(g.value, null, 2), parts: exampleParts(g.value) })),
      });
  }
  return { facts, sections, value, origin: m.origin };
}

/**
 * An example's headers and payload apart, each as JSON (pages show them as two blocks, as a
 * request's headers and body); headers that are an empty object are left out beside a payload.
 */
function exampleParts(example: unknown): ExamplePart[] {
  if (!isPlainObject(example)) return [];
  const emptyHeaders = isPlainObject(example.headers) && Object.keys(example.headers).length === 0 && example.payload !== undefined;
  return (['headers', 'payload'] as const).flatMap((part) =>
    example[part] !== undefined && !(part === 'headers' && emptyHeaders)
      ? [{ label: part === 'headers' ? ('Headers' as const) : ('Payload' as const), code: JSON.stringify(example[part], null, 2) }]
      : [],
  );
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
    if (carries(op.value.messages, sub(op.at, 'messages'), channel))
      users.push({
        ...link,
        note: op.value.action === 'send' ? `this application sends it${on}; you receive it` : `this application receives it${on}; you send it`,
      });
    const reply = op.value.reply !== undefined ? ctx.doc.deref(op.value.reply, sub(op.at, 'reply')) : undefined;
    if (!reply || !isPlainObject(reply.value)) continue;
    const replyChannel = reply.value.channel !== undefined ? ctx.locator.link(reply.value.channel, sub(reply.at, 'channel')) : undefined;
    if ((reply.value.messages !== undefined || replyChannel) && carries(reply.value.messages, sub(reply.at, 'messages'), replyChannel))
      users.push({
        ...link,
        note:
          op.value.action === 'receive' ? 'this application sends it as the reply; you receive it' : 'this application receives it as the reply; you send it',
      });
  }
  return users;
}

/** A schema's sections on a page (see schemaSections). */
export function schemaSection(ctx: Context, page: Page, heading: string, anchor: string, schema: unknown, site: Location): void {
  page.sections.push(...schemaSections(ctx, heading, anchor, schema, site));
}

/**
 * A schema as sections: a table of rows (JSON Schema, OpenAPI, Avro, Protobuf), and the source of
 * a schema written in another format.
 */
export function schemaSections(ctx: Context, heading: string, anchor: string, schema: unknown, site: Location): PageSection[] {
  const sections: PageSection[] = [];
  const resolved = ctx.doc.deref(schema, site);
  const s = resolved?.value;
  if (resolved && isPlainObject(s) && ('schemaFormat' in s || 'schema' in s)) {
    const kind = schemaFormatKind(s.schemaFormat);
    if (kind === 'openapi') {
      // An OpenAPI 3.0 Schema Object reads like JSON Schema in a table.
      sections.push({
        type: 'schema',
        heading,
        anchor,
        format: String(s.schemaFormat),
        rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), rowOptions(ctx, anchor)),
      });
      return sections;
    }
    if (kind !== 'apidesc') {
      const inner = ctx.doc.deref(s.schema, sub(resolved.at, 'schema'));
      const code = typeof inner?.value === 'string' ? inner.value : JSON.stringify(inner?.value, null, 2);
      const rows =
        kind === 'avro' ? avroRows(inner?.value, anchor) : kind === 'protobuf' && typeof inner?.value === 'string' ? protobufRows(inner.value, anchor) : [];
      if (rows.length > 0) sections.push({ type: 'schema', heading, anchor, format: String(s.schemaFormat), rows });
      sections.push({
        type: 'source',
        heading: rows.length > 0 ? `${heading} source` : heading,
        anchor: rows.length > 0 ? `${anchor}-source` : anchor,
        format: String(s.schemaFormat),
        code: code ?? '',
      });
      return sections;
    }
    sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), rowOptions(ctx, anchor)) });
    return sections;
  }
  sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, schema, site, rowOptions(ctx, anchor)) });
  return sections;
}
