/**
 * What a reader typed into the filter tester, read into a message for the matcher, or a
 * readable error: the attributes must be a JSON object of strings, numbers and lists of strings
 * (the String, Number and String.Array types sns filters on); the body may be any text, but a
 * body that is not JSON cannot be tested against a MessageBody filter: `bodyError` says where its
 * JSON is wrong, for those filters to show (filters on the attributes are still tested). Never
 * throws.
 */
import type { Message } from './filter-match.ts';
import { jsonSyntaxMessage } from './json-syntax.ts';

export type TesterInput = { message: Message; bodyError?: string } | { error: string };

export function readTesterInput(attributesText: string, bodyText: string): TesterInput {
  let attributes: unknown = {};
  if (attributesText.trim() !== '') {
    try {
      attributes = JSON.parse(attributesText);
    } catch {
      return { error: `Message attributes: not JSON: ${jsonSyntaxMessage(attributesText)}` };
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
  try {
    return { message: { attributes: attributes as Record<string, unknown>, body: JSON.parse(bodyText) as unknown } };
  } catch {
    return {
      message: { attributes: attributes as Record<string, unknown>, body: undefined },
      bodyError: `Message body: not JSON: ${jsonSyntaxMessage(bodyText)}. A filter on the message body reads JSON only.`,
    };
  }
}
