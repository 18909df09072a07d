/**
 * Text of documents quoted in bounded outputs (a pull-request comment, SARIF annotations, the
 * Changes page): a message that quotes 20,000 enum values is cut, saying how much was left out
 * and where the whole of it is, so that one value cannot make the output too large to post.
 */
import { cutPoint } from './cut-point.ts';

/**
 * `text` at most about `max` characters long: past it, the text is cut (never inside a surrogate
 * pair) and `… (N more characters; <whole>)` says what was left out and where it is whole.
 */
export function boundedText(text: string, max: number, whole: string): string {
  if (text.length <= max) return text;
  const end = cutPoint(text, max);
  return `${text.slice(0, end)}… (${text.length - end} more characters; ${whole})`;
}
