/** Message pages: content type, correlation id, headers and payload as schema tables, examples. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { schemaFormatKind } from '../validate/schema-formats.ts';
import { avroRows, protobufRows } from './format-rows.ts';
import { generateExamples } from './generated-examples.ts';
import { otherBindings } from './page-bindings.ts';
import { bindingsOf, type Context, merged, sub } from './page-context.ts';
import { traitsSection } from './page-operation.ts';
import type { Page } from './pages.ts';
import { schemaRows } from './schema-rows.ts';

export function messagePage(ctx: Context, page: Page, message: Record<string, unknown>, at: Location): void {
  const m = merged(ctx, message, at);
  const value = m.value;
  const contentType = typeof value.contentType === 'string' ? value.contentType : ctx.defaultContentType;
  if (contentType) page.facts.push({ label: 'Content type', text: contentType + (typeof value.contentType === 'string' ? '' : ' (the API default)'), code: true });
  if (typeof value.name === 'string') page.facts.push({ label: 'Name', text: value.name, code: true });
  const correlation = value.correlationId !== undefined ? ctx.doc.deref(value.correlationId, sub(m.origin.correlationId ?? at, 'correlationId')) : undefined;
  if (correlation && isPlainObject(correlation.value) && typeof correlation.value.location === 'string') page.facts.push({ label: 'Correlation id', text: correlation.value.location, code: true });
  for (const part of ['headers', 'payload'] as const) {
    if (value[part] !== undefined) schemaSection(ctx, page, part === 'headers' ? 'Headers' : 'Payload', part, value[part], sub(m.origin[part] ?? at, part));
  }
  const examples = Array.isArray(value.examples) ? value.examples : [];
  if (examples.length > 0) {
    page.sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: 'examples',
      examples: examples.filter(isPlainObject).map((ex, i) => ({
        title: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`,
        ...(typeof ex.summary === 'string' ? { summaryHtml: renderInlineMarkdown(ex.summary) } : {}),
        code: JSON.stringify({ ...(ex.headers !== undefined ? { headers: ex.headers } : {}), ...(ex.payload !== undefined ? { payload: ex.payload } : {}) }, null, 2),
      })),
    });
  }
  else {
    const generated = generateExamples(ctx.doc, value, m.origin);
    if (generated.length > 0) page.sections.push({ type: 'examples', heading: 'Examples', anchor: 'examples', generated: true, examples: generated.map((g) => ({ title: g.title, code: JSON.stringify(g.value, null, 2) })) });
  }
  traitsSection(ctx, page, m.origin, at);
  otherBindings(ctx, page, bindingsOf(ctx, value.bindings, sub(m.origin.bindings ?? at, 'bindings')), false);
}

export function schemaSection(ctx: Context, page: Page, heading: string, anchor: string, schema: unknown, site: Location): void {
  const resolved = ctx.doc.deref(schema, site);
  const s = resolved?.value;
  if (resolved && isPlainObject(s) && ('schemaFormat' in s || 'schema' in s)) {
    const kind = schemaFormatKind(s.schemaFormat);
    if (kind === 'openapi') {
      // An OpenAPI 3.0 Schema Object reads like JSON Schema in a table.
      page.sections.push({ type: 'schema', heading, anchor, format: String(s.schemaFormat), rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
      return;
    }
    if (kind !== 'apidesc') {
      const inner = ctx.doc.deref(s.schema, sub(resolved.at, 'schema'));
      const code = typeof inner?.value === 'string' ? inner.value : JSON.stringify(inner?.value, null, 2);
      const rows = kind === 'avro' ? avroRows(inner?.value, anchor) : kind === 'protobuf' && typeof inner?.value === 'string' ? protobufRows(inner.value, anchor) : [];
      if (rows.length > 0) page.sections.push({ type: 'schema', heading, anchor, format: String(s.schemaFormat), rows });
      page.sections.push({ type: 'source', heading: rows.length > 0 ? `${heading} source` : heading, anchor: rows.length > 0 ? `${anchor}-source` : anchor, format: String(s.schemaFormat), code: code ?? '' });
      return;
    }
    page.sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
    return;
  }
  page.sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, schema, site, { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
}
