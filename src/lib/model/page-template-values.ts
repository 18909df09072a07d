/**
 * The values of an address's or a URL's `{names}` (a channel's parameters, a server's
 * variables), one line each: its name once, its type, the values it takes and its default, where
 * it is taken from (a parameter's `location`), its description under them. Written in place or as
 * a reference to components, it reads the same.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, sub } from './page-context.ts';
import type { Fact } from './page-types.ts';
import { moreValuesWords, shownValues } from './shown-values.ts';

export function templateValueFacts(ctx: Context, values: Record<string, unknown>, at: Location): Fact[] {
  return entries(values).map(([name, raw]) => {
    const where = sub(at, name);
    const resolved = ctx.doc.deref(raw, where);
    const o = isPlainObject(resolved?.value) ? resolved.value : {};
    // A parameter written the older way, its values under `schema`, is read from there where it says nothing itself.
    const schema = isPlainObject(o.schema) ? (ctx.doc.deref(o.schema, sub(resolved?.at ?? where, 'schema'))?.value ?? {}) : {};
    const s = isPlainObject(schema) ? schema : {};
    // Values are strings (Parameter and Server Variable Objects); anything else is shown as the JSON it is.
    const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
    const enumOf = Array.isArray(o.enum) ? o.enum : Array.isArray(s.enum) ? s.enum : [];
    const allowed = enumOf;
    const fallback = o.default !== undefined ? o.default : s.default;
    const examples = Array.isArray(o.examples) ? o.examples : Array.isArray(s.examples) ? s.examples : [];
    // At most VALUES_SHOWN of the values or examples, and how many more: a parameter of thousands of values stays one line.
    const listed = (values: unknown[]): string => {
      const { shown: first, more } = shownValues(values);
      return [first.map(shown).join(', '), moreValuesWords(more)].filter(Boolean).join(' ');
    };
    const text = [
      allowed.length > 0 ? `${typeOf(s)}, one of ${listed(allowed)}` : typeOf(s),
      fallback !== undefined && fallback !== null ? `default ${shown(fallback)}` : undefined,
      allowed.length === 0 && examples.length > 0 ? `for example ${listed(examples)}` : undefined,
      typeof o.location === 'string' ? `taken from ${o.location}` : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    const description = typeof o.description === 'string' && o.description.trim() !== '' ? renderMarkdown(o.description) : undefined;
    return { label: name, text, ...(description ? { noteHtml: description } : {}) };
  });
}

/** A value's type: a string, as every part of an address or URL is, unless an older-style schema names another. */
function typeOf(schema: Record<string, unknown>): string {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === 'string' && t !== 'null');
  const type = types.length > 0 ? types.join(' or ') : 'string';
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}
