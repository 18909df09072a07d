/**
 * SPEC "Authentication": fields that apply to other scheme types are ignored (warning), and
 * the `scopes` an oauth2 scheme asks for exist in its flows' `availableScopes`.
 */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

const APPLIES_TO: Record<string, string[]> = {
  name: ['httpApiKey'],
  in: ['apiKey', 'httpApiKey'],
  scheme: ['http'],
  bearerFormat: ['http'],
  flows: ['oauth2'],
  openIdConnectUrl: ['openIdConnect'],
  scopes: ['oauth2', 'openIdConnect'],
};

export const securityRule: Rule = {
  id: 'security',
  description: 'security scheme fields fit the scheme type; oauth2 scopes exist in the flows',
  run({ index, report }) {
    for (const scheme of index.of('SecurityScheme')) {
      const type = scheme.value.type;
      if (typeof type !== 'string') continue;
      for (const [field, types] of Object.entries(APPLIES_TO)) {
        if (scheme.value[field] !== undefined && !types.includes(type)) {
          report(
            problem(
              'security-field-ignored',
              'warning',
              fieldAt(scheme, field),
              `\`${field}\` does not apply to a ${type} scheme and is ignored`,
              `\`${field}\` applies to ${types.join(', ')} schemes only: remove it or change the type.`,
              true,
            ),
          );
        }
      }
      if (scheme.value.bearerFormat !== undefined && type === 'http' && String(scheme.value.scheme).toLowerCase() !== 'bearer') {
        report(
          problem(
            'security-bearer-format',
            'warning',
            fieldAt(scheme, 'bearerFormat'),
            '`bearerFormat` applies only to the bearer scheme',
            'Set scheme: bearer or remove bearerFormat.',
            true,
          ),
        );
      }
      if (type === 'oauth2' && Array.isArray(scheme.value.scopes) && isPlainObject(scheme.value.flows)) {
        const available = new Set<string>();
        for (const flow of Object.values(scheme.value.flows)) {
          if (isPlainObject(flow) && isPlainObject(flow.availableScopes)) for (const s of Object.keys(flow.availableScopes)) available.add(s);
        }
        scheme.value.scopes.forEach((s, i) => {
          if (typeof s === 'string' && !available.has(s)) {
            report(
              problem(
                'security-scope-unknown',
                'warning',
                fieldAt(scheme, 'scopes', i),
                `the scope "${s}" is not in any flow's availableScopes`,
                'Add it to availableScopes of the flow that grants it, or fix its spelling.',
              ),
            );
          }
        });
      }
    }
  },
};
