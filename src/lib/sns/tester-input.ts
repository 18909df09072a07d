/**
 * What a reader typed into the filter tester, read into a message for the matcher, or a
 * readable error: the attributes must be a JSON object of strings, numbers and lists of strings
 * (the String, Number and String.Array types sns filters on); the body may be any text (a body
 * that is not JSON simply never passes a MessageBody filter). Never throws.
 */
import type { Message } from './filter-match.ts';

export type TesterInput = { message: Message } | { error: string };

export function readTesterInput(attributesText: string, bodyText: string): TesterInput {
  let attributes: unknown = {};
  if (attributesText.trim() !== '') {
    try {
      attributes = JSON.parse(attributesText);
    } catch (error) {
      return { error: `Message attributes: not JSON (${error instanceof Error ? error.message : String(error)})` };
    }
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))
    return { error: 'Message attributes: expected a JSON object, such as {"store": "north", "price": 20}' };
  for (const [name, value] of Object.entries(attributes)) {
    const ok =
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'));
    if (!ok) return { error: `Message attributes: ${JSON.stringify(name)} must be a string, a number or a list of strings, not ${JSON.stringify(value)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  return { message: { attributes: attributes as Record<string, unknown>, body } };
}
