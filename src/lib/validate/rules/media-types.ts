/** SPEC: `contentType` and `defaultContentType` are specific media types (type/subtype, no wildcard). */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"]*"))*$`);

export function isSpecificMediaType(value: string): boolean {
  return MEDIA_TYPE.test(value.trim()) && !value.includes('*');
}

export const mediaTypesRule: Rule = {
  id: 'media-type',
  description: 'contentType and defaultContentType are specific media types',
  run({ doc, index, report }) {
    const check = (at: { file: string; pointer: string }, value: unknown): void => {
      if (typeof value === 'string' && !isSpecificMediaType(value)) {
        report(
          problem(
            'media-type',
            'error',
            at,
            `"${value}" is not a specific media type`,
            'Write type/subtype with optional parameters, e.g. application/json or application/cloudevents+json; charset=utf-8.',
          ),
        );
      }
    };
    const root = doc.root.value;
    if (isPlainObject(root)) check(fieldAt({ file: doc.root.path, pointer: '' }, 'defaultContentType'), root.defaultContentType);
    for (const kind of ['Message', 'MessageTrait'] as const) {
      for (const node of index.of(kind)) check(fieldAt(node, 'contentType'), node.value.contentType);
    }
  },
};
