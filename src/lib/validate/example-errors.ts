/**
 * Why an example does not match its schema, in this tool's words and by the field concerned
 * (issue 33: a warning beside the example says which field is wrong). The JSON Schema validator
 * (@cfworker/json-schema) reports each failing keyword with a sentence of its own ("Instance type
 * "string" is invalid. Expected "integer"."): the keyword decides what is said here, and the
 * values are taken from its sentence; a sentence not foreseen is said by the keyword alone.
 */
import type { OutputUnit } from '@cfworker/json-schema';
import { cutPoint } from '../cut-point.ts';
import { parsePointer } from '../json-pointer.ts';

/** Values quoted in a message are cut at this length (an enum of a thousand values, a long string). */
const QUOTED_CHARS = 80;

/**
 * A place in an example as a reader writes it: `customer.age`, `items[0].sku`; the JSON pointer
 * when a key would read ambiguously (`/a.b/c`); `whole` for the root.
 */
export function fieldName(instanceLocation: string, whole: string): string {
  let pointer = instanceLocation.replace(/^#/, '');
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // Left as written: an odd escape is still readable.
  }
  const parsed = parsePointer(pointer);
  if (!parsed.ok || parsed.tokens.length === 0) return whole;
  if (!parsed.tokens.every((t) => /^[\w$-]+$/.test(t))) return `\`${quoted(pointer)}\``;
  const path = parsed.tokens.map((t, i) => (/^\d+$/.test(t) ? `[${t}]` : i === 0 ? t : `.${t}`)).join('');
  return `\`${quoted(path)}\``;
}

/** `text` cut at QUOTED_CHARS (never inside a surrogate pair), an ellipsis saying so. */
function quoted(text: string): string {
  if (text.length <= QUOTED_CHARS) return text;
  return `${text.slice(0, cutPoint(text, QUOTED_CHARS))}…`;
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const typeWords = (types: string): string =>
  types
    .split('", "')
    .map((t) => article(t))
    .join(' or ');

/** One failing keyword of `part` (the payload, the headers) as a sentence that names its field. */
export function describeSchemaError(unit: OutputUnit, part: string): string {
  const field = fieldName(unit.instanceLocation, `the ${part}`);
  const text = unit.error;
  let m: RegExpExecArray | null;
  switch (unit.keyword) {
    case 'type':
      if ((m = /^Instance type "(\w+)" is invalid\. Expected "(.+)"\.$/.exec(text)))
        return `${field} is ${article(m[1]!)}, where the schema wants ${typeWords(m[2]!)}`;
      break;
    case 'required':
      if ((m = /^Instance does not have required property "(.*)"\.$/.exec(text))) return `${field} lacks the required field \`${quoted(m[1]!)}\``;
      break;
    case 'enum':
      if ((m = /^Instance does not match any of (.*)\.$/.exec(text))) return `${field} is not one of the values the schema lists (${quoted(m[1]!)})`;
      break;
    case 'const':
      if ((m = /^Instance does not match (.*)\.$/.exec(text))) return `${field} is not ${quoted(m[1]!)}, the one value the schema allows`;
      break;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if ((m = /^(.+) is (less|greater) than (or equal to )?\s*(.+)\.$/.exec(text)))
        return `${field} is ${quoted(m[1]!)}, ${m[2] === 'less' ? 'below' : 'above'} the ${m[2] === 'less' ? 'minimum' : 'maximum'} of ${m[4]}${m[3] ? ' (which is excluded)' : ''}`;
      break;
    case 'multipleOf':
      if ((m = /^(.+) is not a multiple of (.+)\.$/.exec(text))) return `${field} is ${quoted(m[1]!)}, not a multiple of ${m[2]}`;
      break;
    case 'minLength':
    case 'maxLength':
      if ((m = /^String is too (short|long) \((\d+) [<>] (\d+)\)\.$/.exec(text)))
        return `${field} is ${m[2]} characters long, ${m[1] === 'short' ? 'fewer' : 'more'} than the ${m[1] === 'short' ? 'minimum' : 'maximum'} of ${m[3]}`;
      break;
    case 'pattern':
      return `${field} does not match the pattern the schema gives`;
    case 'format':
      if ((m = /^String does not match format "(.+)"\.$/.exec(text))) return `${field} is not a valid ${quoted(m[1]!)}`;
      break;
    case 'minItems':
    case 'maxItems':
      if ((m = /^Array has too (few|many) items \((\d+) [<>] (\d+)\)\.$/.exec(text)))
        return `${field} has ${m[2]} items, ${m[1] === 'few' ? 'fewer' : 'more'} than the ${m[1] === 'few' ? 'minimum' : 'maximum'} of ${m[3]}`;
      break;
    case 'uniqueItems':
      if ((m = /^Duplicate items at indexes (\d+) and (\d+)\.$/.exec(text)))
        return `${field} holds the same item twice (at ${m[1]} and ${m[2]}), where items must differ`;
      break;
    case 'false':
      return `${field} is not allowed by the schema`;
    case 'anyOf':
      return `${field} matches none of the alternatives the schema allows (anyOf)`;
    case 'oneOf':
      if ((m = /\((\d+) matches\)/.exec(text)))
        return m[1] === '0'
          ? `${field} matches none of the alternatives the schema allows (oneOf)`
          : `${field} matches ${m[1]} of the schema's alternatives, where exactly one must match (oneOf)`;
      break;
    case 'not':
      return `${field} is what the schema excludes (not)`;
    case 'if':
    case 'then':
    case 'else':
      return `${field} does not meet the schema's condition (if/then/else)`;
    case 'minProperties':
      return `${field} has fewer fields than the schema's minimum`;
    case 'maxProperties':
      return `${field} has more fields than the schema's maximum`;
    case 'dependentRequired':
    case 'dependencies':
      if ((m = /^Instance has "(.*)" but does not have "(.*)"\.$/.exec(text)))
        return `${field} has \`${quoted(m[1]!)}\` but not \`${quoted(m[2]!)}\`, which the schema requires with it`;
      break;
    case 'propertyNames':
      if ((m = /^Property name "(.*)" does not match schema\.$/.exec(text)))
        return `${field} has a field named \`${quoted(m[1]!)}\`, a name the schema does not allow`;
      break;
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return `${field} does not have the items the schema's \`${unit.keyword}\` asks for`;
  }
  return `${field} does not meet the schema's \`${unit.keyword}\``;
}
