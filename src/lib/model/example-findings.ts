/**
 * An example that the validator found not to match its schema (rule example-invalid) carries a
 * warning wherever a page shows it (issue 33: the operation page showed it as if it were right):
 * on the message's page, on each operation page that shows the message, in the guides and in the
 * Markdown twins. The findings are matched to the examples by where the document writes them.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { setOwn } from '../own-key.ts';
import type { Page, PageSection } from './page-types.ts';

/** Findings that an example does not match its schema: its payload or headers (example-invalid), its discriminator value (discriminator-example). */
const EXAMPLE_CODES = new Set(['example-invalid', 'discriminator-example']);

/** Whether a finding says that an example does not match its schema. */
export function isExampleFinding(d: Pick<Diagnostic, 'code'>): boolean {
  return EXAMPLE_CODES.has(d.code);
}

/** The example found wrong: the finding points at it or into it (`…/examples/2/payload`). */
const EXAMPLE_AT = /^(.*\/examples\/\d+)(?:\/|$)/;

/** The findings about examples by the example they concern (`<file>#<pointer>`); undefined when there is none. */
export function invalidExamples(diagnostics: readonly Pick<Diagnostic, 'code' | 'file' | 'pointer' | 'message'>[]): Record<string, string[]> | undefined {
  let found: Record<string, string[]> | undefined;
  for (const d of diagnostics) {
    const at = isExampleFinding(d) ? EXAMPLE_AT.exec(d.pointer)?.[1] : undefined;
    if (at === undefined) continue;
    const key = `${d.file}#${at}`;
    found ??= {};
    // Beside the example its label ('example "bad": ', 'example 2: ') would only repeat its caption.
    const said = d.message.replace(/^example (?:\d+|"[\s\S]*?"): (?=the (?:payload|headers) |`|has no )/, '');
    if (Object.hasOwn(found, key)) found[key]!.push(said);
    else setOwn(found, key, [said]);
  }
  return found;
}

type ExamplesSection = Extract<PageSection, { type: 'examples' }>;
/** Each examples section's order as the model made it (the document's), kept apart: a preview marks the same pages again as the findings change. */
const documentOrder = new WeakMap<ExamplesSection, ExamplesSection['examples']>();

/** The examples in the document's order, except that the first one without a fault (nor a note that it could not be checked) leads. */
function rightFirst(section: ExamplesSection): ExamplesSection['examples'] {
  const original = documentOrder.get(section) ?? section.examples;
  documentOrder.set(section, original);
  const first = original.findIndex((e) => e.warnings === undefined && e.note === undefined);
  return first > 0 ? [original[first]!, ...original.slice(0, first), ...original.slice(first + 1)] : [...original];
}

/**
 * Sets (or clears) the warnings of every example a page shows, its own and those of the messages
 * it shows; and puts the first example the validator accepts first, where an earlier one is wrong:
 * the open example is the one a reader copies, so a wrong one never leads while a right one is
 * there (the document's wrong example follows, folded, its fault under it). The others keep
 * their order, and their titles keep the document's numbers.
 */
export function markInvalidExamples(page: Page, findings: Record<string, string[]> | undefined): void {
  const mark = (sections: PageSection[]): void => {
    for (const section of sections) {
      if (section.type === 'messages') for (const message of section.messages) mark(message.sections);
      if (section.type !== 'examples') continue;
      for (const example of section.examples) {
        const key = example.source && `${example.source.file}#${example.source.pointer}`;
        const warnings = key && findings && Object.hasOwn(findings, key) ? findings[key] : undefined;
        if (warnings) example.warnings = warnings;
        else delete example.warnings;
      }
      section.examples = rightFirst(section);
    }
  };
  mark(page.sections);
}
