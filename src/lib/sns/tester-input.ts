/**
 * What a reader typed into the filter tester, read into a message for the matcher, or a
 * readable error about one of the two boxes (`field`): the attributes must be a JSON object of
 * strings, numbers and lists of strings (the String, Number and String.Array types sns filters
 * on), and the body JSON, as the API's messages are. A message that does not parse is an input
 * error, said once under its box (SnsTester.astro): no subscription is said to receive it, as the
 * API would not send it. Never throws.
 */
import type { Message } from './filter-match.ts';
import { jsonSyntaxMessage } from './json-syntax.ts';

export type TesterInput = { message: Message } | { error: string; field: 'attributes' | 'body' };

export function readTesterInput(attributesText: string, bodyText: string): TesterInput {
  let attributes: unknown = {};
  if (attributesText.trim() !== '') {
    try {
      attributes = JSON.parse(attributesText);
    } catch {
      return { error: `Not JSON: ${jsonSyntaxMessage(attributesText)}.`, field: 'attributes' };
    }
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))
    return { error: 'Expected a JSON object, such as {"store": "north", "price": 20}.', field: 'attributes' };
  for (const [name, value] of Object.entries(attributes)) {
    const ok =
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'));
    if (!ok) return { error: `${JSON.stringify(name)} must be a string, a number or a list of strings, not ${JSON.stringify(value)}.`, field: 'attributes' };
  }
  try {
    return { message: { attributes: attributes as Record<string, unknown>, body: JSON.parse(bodyText) as unknown } };
  } catch {
    return { error: `Not JSON: ${jsonSyntaxMessage(bodyText)}.`, field: 'body' };
  }
}
