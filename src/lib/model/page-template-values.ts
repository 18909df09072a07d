/**
 * The values of an address's or a URL's `{names}` (a channel's parameters, a server's
 * variables), one line each: its name once, the values it takes and its default, where it is
 * taken from (a parameter's `location`), its description under them. Written in place or as a
 * reference to components, it reads the same.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, sub } from './page-context.ts';
import type { Fact } from './page-types.ts';

export function templateValueFacts(ctx: Context, values: Record<string, unknown>, at: Location): Fact[] {
  return entries(values).map(([name, raw]) => {
    const v = ctx.doc.deref(raw, sub(at, name))?.value;
    const o = isPlainObject(v) ? v : {};
    // Values are strings (SPEC, Parameter and Server Variable Objects); anything else is shown as the JSON it is.
    const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
    const allowed = Array.isArray(o.enum) ? o.enum.map(shown) : [];
    const text = [
      allowed.length > 0 ? `one of ${allowed.join(', ')}` : 'any value',
      o.default !== undefined ? `default ${shown(o.default)}` : undefined,
      typeof o.location === 'string' ? `taken from ${o.location}` : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    const description = typeof o.description === 'string' && o.description.trim() !== '' ? renderMarkdown(o.description) : undefined;
    return { label: name, text, ...(description ? { noteHtml: description } : {}) };
  });
}
