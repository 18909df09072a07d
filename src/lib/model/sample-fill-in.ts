/**
 * What a code sample leaves for the reader to fill in (page-samples.ts), as one sentence: for text
 * without the panel's list of them (the page's Markdown twin, a guide's card).
 */
import type { FillIn } from './page-types.ts';

export function fillInSentence(fillIn: FillIn[]): string {
  const each = fillIn.map((f) => (f.about ? `${f.placeholder} (${f.about.replace(/\.$/, '')})` : f.placeholder));
  return `Before running, fill in what the API description gives no value for: ${each.join('; ')}.`;
}
