/** "Traits applied": which trait gave which field of an operation or a message (SPEC "Traits merge mechanism"). */
import type { Location } from '../diagnostics/diagnostic.ts';
import { toLink } from './entity-locator.ts';
import type { Context } from './page-context.ts';
import type { Page } from './page-types.ts';

export function traitsSection(ctx: Context, page: Page, origin: Record<string, Location>, at: Location): void {
  const fromTraits = Object.entries(origin).filter(([, o]) => o.file !== at.file || o.pointer !== at.pointer);
  if (fromTraits.length === 0) return;
  page.sections.push({
    type: 'facts',
    heading: 'Traits applied',
    anchor: 'traits',
    facts: fromTraits.map(([field, o]) => {
      const link = ctx.locator.at(o);
      return link ? { label: field, link: toLink(link) } : { label: field, text: o.pointer, code: true };
    }),
  });
}
