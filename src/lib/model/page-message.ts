/** Message pages: content type, correlation id, headers and payload as schema tables, examples. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { schemaFormatKind } from '../validate/schema-formats.ts';
import { avroRows, protobufRows } from './format-rows.ts';
import { generateExamples } from './generated-examples.ts';
import { otherBindings } from './page-bindings.ts';
import { bindingsOf, type Context, merged, rowOptions, sub } from './page-context.ts';
import { traitsSection } from './page-traits.ts';
import type { Fact, Page, PageSection } from './page-types.ts';
import { schemaRows } from './schema-rows.ts';

export function messagePage(ctx: Context, page: Page, message: Record<string, unknown>, at: Location): void {
  const content = messageContent(ctx, message, at, '');
  page.facts.push(...content.facts);
  page.sections.push(...content.sections);
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
        examples: generated.map((g) => ({ title: g.title, code: JSON.stringify(g.value, null, 2) })),
      });
  }
  return { facts, sections, value, origin: m.origin };
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
        ...(rows.length > 0 ? { folded: true } : {}),
      });
      return sections;
    }
    sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), rowOptions(ctx, anchor)) });
    return sections;
  }
  sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, schema, site, rowOptions(ctx, anchor)) });
  return sections;
}
