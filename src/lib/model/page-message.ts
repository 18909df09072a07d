/** Message pages: content type, correlation id, headers and payload as schema tables, examples. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';
import { brokenReference } from './broken-reference.ts';
import { exampleBlocks } from './example-blocks.ts';
import { otherBindings } from './page-bindings.ts';
import { bindingsOf, type Context, merged, rowOptions, sub } from './page-context.ts';
import { traitsSection } from './page-traits.ts';
import type { Fact, Page, PageSection } from './page-types.ts';
import { viewRows } from './schema-rows.ts';

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
  // Where the examples are written (the message's, or a trait's): the validator's findings name that place.
  const examplesAt = sub(m.origin.examples ?? at, 'examples');
  if (examples.length > 0) {
    sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: anchor('examples'),
      // Numbered as written (as the validator's "example 2" does), whatever else the list holds.
      examples: examples
        .flatMap((ex, i) => (isPlainObject(ex) ? [{ ex, i }] : []))
        .map(({ ex, i }) => ({
          title: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`,
          source: { file: ctx.shownFile(examplesAt.file), pointer: sub(examplesAt, i).pointer },
          ...(typeof ex.summary === 'string' ? { summaryHtml: renderInlineMarkdown(ex.summary) } : {}),
          blocks: exampleBlocks(ex, contentType),
        })),
    });
  } else {
    const generated = ctx.generatedExamples(value, m.origin, at);
    if (generated.examples.length > 0 || generated.missing.length > 0)
      sections.push({
        type: 'examples',
        heading: 'Examples',
        anchor: anchor('examples'),
        generated: true,
        examples: generated.examples.map((g) => ({
          title: g.title,
          blocks: exampleBlocks(g.value, contentType),
          ...(g.unchecked ? { note: `This example could not be checked: ${g.unchecked}.` } : {}),
        })),
        ...(generated.missing.length > 0 ? { missing: generated.missing } : {}),
      });
  }
  return { facts, sections, value, origin: m.origin };
}

/** A schema's sections on a page (see schemaSections). */
export function schemaSection(ctx: Context, page: Page, heading: string, anchor: string, schema: unknown, site: Location): void {
  page.sections.push(...schemaSections(ctx, heading, anchor, schema, site));
}

/**
 * A schema as sections: a table of its normalised view (JSON Schema, OpenAPI, Avro, Protobuf,
 * RAML: src/lib/schema), and the source of a schema written in another format than JSON Schema.
 */
export function schemaSections(ctx: Context, heading: string, anchor: string, schema: unknown, site: Location): PageSection[] {
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
  const format = view.kind !== 'apidesc' && view.format ? { format: view.format } : {};
  if (view.root) {
    const table = viewRows(views, view.root, rowOptions(ctx, anchor));
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
