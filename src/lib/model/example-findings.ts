/**
 * An example that the validator found not to match its schema (rules example-invalid,
 * schema-example-invalid) carries a
 * warning wherever a page shows it (issue 33: the operation page showed it as if it were right):
 * on the message's page, on each operation page that shows the message, in the guides and in the
 * Markdown twins. The findings are matched to the examples by where the document writes them.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { setOwn } from '../own-key.ts';
import type { Page, PageSection } from './page-types.ts';

/**
 * Findings that an example does not match its schema: a message example's payload or headers
 * (example-invalid), its discriminator value (discriminator-example), a schema's own example
 * (schema-example-invalid).
 */
const EXAMPLE_CODES = new Set(['example-invalid', 'discriminator-example', 'schema-example-invalid']);

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
    const said = d.message.replace(/^example (?:\d+|"[\s\S]*?"): (?=the (?:payload|headers|example) |`|has no )/, '');
    if (Object.hasOwn(found, key)) found[key]!.push(said);
    else setOwn(found, key, [said]);
  }
  return found;
}

/**
 * Sets (or clears) the warnings of every example a page shows, its own and those of the messages
 * it shows. Their order is the model's (example-order.ts: a right example leads), decided by the
 * same check as these findings, so that every reader of the model sees one order.
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
    }
  };
  mark(page.sections);
}
