/**
 * Which trait gave which field of an operation or a message (SPEC "Traits merge mechanism"): a
 * fact for the object's authors ("Message trait fifoAttributes — gives headers, contentType") in the
 * page's folded "Source", not in its facts: a reader wants the headers, not where they came from.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { escapeText } from '../html-text.ts';
import { toLink } from './entity-locator.ts';
import { pageKindOf } from './page-kinds.ts';
import type { Context } from './page-context.ts';
import type { Fact, Page } from './page-types.ts';

export function traitsFacts(ctx: Context, page: Page, origin: Record<string, Location>, at: Location, traits: 'operationTraits' | 'messageTraits'): void {
  // The reader's word for a trait ("Operation trait"), not the format's.
  const label = pageKindOf(`component:${traits}`)?.word ?? traits;
  const fromTraits = Object.entries(origin).filter(([, o]) => o.file !== at.file || o.pointer !== at.pointer);
  // One fact per trait, in the order of the fields it gave.
  const byTrait = new Map<string, { fact: Fact; fields: string[] }>();
  for (const [field, o] of fromTraits) {
    const link = ctx.locator.at(o);
    const key = link ? link.url : o.pointer;
    let entry = byTrait.get(key);
    if (!entry) {
      entry = { fact: link ? { label, link: toLink(link) } : { label, text: o.pointer, code: true }, fields: [] };
      byTrait.set(key, entry);
    }
    entry.fields.push(field);
  }
  for (const { fact, fields } of byTrait.values())
    (page.authorFacts ??= []).push({ ...fact, noteHtml: `gives ${fields.map((f) => `<code>${escapeText(f)}</code>`).join(', ')}` });
}
