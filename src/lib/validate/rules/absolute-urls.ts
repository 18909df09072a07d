/** SPEC Errors #2: fields that hold an absolute URL (RFC 3986 4.3), and the root `id` (a URI). */
import type { NodeKind } from '../../resolve/doc-index.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, str, type Rule } from './rule.ts';

const URL_FIELDS: [NodeKind, string[]][] = [
  ['Info', ['termsOfService']],
  ['ExternalDocs', ['url']],
  ['SecurityScheme', ['openIdConnectUrl']],
];

export function isAbsoluteUrl(value: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/.test(value) && URL.canParse(value);
}

export const absoluteUrlsRule: Rule = {
  id: 'url',
  description: 'URL fields hold absolute URLs (Errors #2); the root id is a URI',
  run({ doc, index, report }) {
    const check = (at: { file: string; pointer: string }, value: unknown, what: string): void => {
      const s = str(value);
      if (s !== undefined && !isAbsoluteUrl(s)) {
        report(
          problem(
            'url-absolute',
            'error',
            at,
            `${what} "${s}" is not an absolute URL`,
            'Write a full URL with its scheme, e.g. https://example.com/docs (SPEC, Errors #2).',
          ),
        );
      }
    };
    for (const [kind, fields] of URL_FIELDS) {
      for (const node of index.of(kind)) for (const f of fields) check(fieldAt(node, f), node.value[f], `\`${f}\``);
    }
    for (const info of index.of('Info')) {
      for (const sub of ['contact', 'license'] as const) {
        const obj = info.value[sub];
        if (isPlainObject(obj)) check(fieldAt(info, sub, 'url'), obj.url, `\`${sub}.url\``);
      }
    }
    for (const scheme of index.of('SecurityScheme')) {
      const flows = scheme.value.flows;
      if (!isPlainObject(flows)) continue;
      for (const [flowName, flow] of Object.entries(flows)) {
        if (!isPlainObject(flow)) continue;
        for (const f of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) check(fieldAt(scheme, 'flows', flowName, f), flow[f], `\`${flowName}.${f}\``);
      }
    }
    const root = doc.root.value;
    if (isPlainObject(root) && typeof root.id === 'string' && !isAbsoluteUrl(root.id)) {
      report(
        problem(
          'url-id',
          'error',
          fieldAt({ file: doc.root.path, pointer: '' }, 'id'),
          `id "${root.id}" is not a URI`,
          'Use a URI such as urn:example:orders-service (a URN is recommended).',
        ),
      );
    }
  },
};
