/**
 * Turns one ajv error into a sentence a document author understands, naming the object kind
 * (the definition's `title`) and the SPEC rule. Returns undefined for errors that only repeat
 * another one (`if`, the branches of a failed `anyOf`, the inner `pattern` of `propertyNames`).
 */
import type { ErrorObject } from 'ajv';

export interface DescribedError {
  code: string;
  message: string;
  hint: string;
  /** A key below the error's instancePath that the problem is about (unknown field, bad key). */
  child?: string;
  atKey?: boolean;
}

export function describeAjvError(error: ErrorObject): DescribedError | undefined {
  const title = typeof error.parentSchema?.title === 'string' ? error.parentSchema.title : 'this object';
  const field = lastSegment(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (/\/anyOf\/\d+\//.test(error.schemaPath) && error.keyword !== 'anyOf') return undefined;
  switch (error.keyword) {
    case 'if':
    case 'propertyNames':
      return undefined;
    case 'required': {
      const missing = String(params.missingProperty);
      return {
        code: 'spec-required',
        message: `missing required field \`${missing}\` in ${title}`,
        hint: `Add \`${missing}\` (SPEC, Errors #1: required fields).`,
        // Point at the object's key (`info:`), where the field belongs, rather than its first child.
        atKey: true,
      };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      if (extra === '$ref') {
        return {
          code: 'spec-ref-not-allowed',
          message: `a Reference Object is not allowed here: the ${title} must be written inline`,
          hint: 'Replace the $ref with the object itself.',
          child: extra,
          atKey: true,
        };
      }
      if (allowed.length === 0 && /must be empty/.test(title)) {
        return {
          code: 'sns-binding-not-empty',
          message: `unknown field \`${extra}\`: the ${title.replace(' (must be empty)', '')} must be empty`,
          hint: 'Remove the field: the sns server and message bindings have no fields (SPEC, Errors #12).',
          child: extra,
          atKey: true,
        };
      }
      const isBindings = /Bindings Object$/.test(title);
      return {
        code: isBindings ? 'spec-unknown-binding' : 'spec-unknown-field',
        message: isBindings ? `unknown protocol \`${extra}\` in ${title}` : `unknown field \`${extra}\` in ${title}`,
        hint: `Allowed ${isBindings ? 'protocols' : 'fields'}: ${allowed.join(', ')}; custom data goes in an x- extension (e.g. x-${extra}).`,
        child: extra,
        atKey: true,
      };
    }
    case 'pattern':
      if (error.propertyName !== undefined) {
        const key = error.propertyName;
        return {
          code: 'spec-key-pattern',
          message: `the key \`${key}\` does not match ${String(params.pattern)}`,
          hint: 'Use only letters, digits and the characters the pattern allows (SPEC, Errors #11).',
          child: key,
          atKey: true,
        };
      }
      return { code: 'spec-pattern', message: `\`${field}\` must match ${String(params.pattern)}`, hint: 'Correct the value.' };
    case 'type': {
      const expected = String(params.type).split(',').map(article).join(' or ');
      return {
        code: 'spec-type',
        message: `\`${field}\` must be ${expected}, not ${describeValue(error.data)}`,
        hint: `Write ${expected} here (${title}).`,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      return {
        code: 'spec-enum',
        message: `\`${field}\` must be one of ${allowed.join(', ')}, not ${JSON.stringify(error.data)}`,
        hint: 'Use one of the listed values; they are case sensitive.',
      };
    }
    case 'anyOf':
      if (/Message Example/.test(title)) {
        return {
          code: 'spec-example-content',
          message: 'a Message Example Object needs `headers`, `payload` or both',
          hint: 'Add the example payload (and/or headers) (SPEC, Errors #13).',
        };
      }
      return { code: 'spec-schema', message: `${title}: the value is none of the forms it may take`, hint: 'Correct the value.' };
    default:
      return {
        code: 'spec-constraint',
        message: `\`${field}\` ${constraint(error.keyword, params)}${typeof error.parentSchema?.title === 'string' ? ` (${title})` : ''}`,
        hint: 'Correct the value.',
      };
  }
}

/**
 * What a constraint of the format's schema asks, from ajv's parameters (not its sentence: every
 * message is worded here, issue 33). Limits are the schema's, so they are shown as written.
 */
function constraint(keyword: string, params: Record<string, unknown>): string {
  const limit = String(params.limit);
  switch (keyword) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      // ajv's comparison: >=, >, <=, <.
      return `must be ${String(params.comparison)} ${limit}`;
    case 'minLength':
      return `must be at least ${limit} characters long`;
    case 'maxLength':
      return `must be at most ${limit} characters long`;
    case 'minItems':
      return `must have at least ${limit} ${limit === '1' ? 'item' : 'items'}`;
    case 'maxItems':
      return `must have at most ${limit} ${limit === '1' ? 'item' : 'items'}`;
    case 'minProperties':
      return `must have at least ${limit} ${limit === '1' ? 'field' : 'fields'}`;
    case 'maxProperties':
      return `must have at most ${limit} ${limit === '1' ? 'field' : 'fields'}`;
    case 'uniqueItems':
      return `must not list the same item twice (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'oneOf':
      return 'must take exactly one of the forms it may take';
    case 'not':
      return 'has a form it may not take';
    case 'contains':
      return 'has no item of the kind it must hold';
    default:
      return `does not meet the format's \`${keyword}\` rule`;
  }
}

function lastSegment(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i < 0
    ? '(root)'
    : pointer
        .slice(i + 1)
        .replaceAll('~1', '/')
        .replaceAll('~0', '~') || '(root)';
}

function article(type: string): string {
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : type === 'null' ? 'null' : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return `${typeof value} ${String(value)}`;
}
