/**
 * SPEC Server Object / Server Variable Object / Parameter Object: every `{name}` in `host` and
 * `pathname` is defined in `variables`, every variable is used, and a `default` is one of the
 * `enum` values when both are given (for parameters too, and a parameter's `examples` as well).
 */
import { addressExpressions } from './channel-address.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const serverVariablesRule: Rule = {
  id: 'server-variables',
  description: 'server URL variables are defined and used; defaults are among the enum values',
  run({ index, report }) {
    for (const server of index.of('Server')) {
      const used = ['host', 'pathname'].flatMap((f) => (typeof server.value[f] === 'string' ? addressExpressions(server.value[f] as string) : []));
      const variables = isPlainObject(server.value.variables) ? server.value.variables : {};
      for (const name of new Set(used)) {
        if (!Object.hasOwn(variables, name)) {
          report(
            problem(
              'server-variable-undefined',
              'error',
              fieldAt(server, server.value.host && addressExpressions(String(server.value.host)).includes(name) ? 'host' : 'pathname'),
              `{${name}} is used but not defined in \`variables\``,
              `Add a \`${name}\` entry under \`variables\`, with a default or enum.`,
            ),
          );
        }
      }
      for (const name of Object.keys(variables)) {
        if (!used.includes(name)) {
          report(
            problem(
              'server-variable-unused',
              'warning',
              fieldAt(server, 'variables', name),
              `the variable \`${name}\` is not used in host or pathname`,
              `Use {${name}} in host or pathname, or remove the variable.`,
              true,
            ),
          );
        }
      }
    }
    for (const kind of ['ServerVariable', 'Parameter'] as const) {
      for (const node of index.of(kind)) {
        const { enum: values, default: def } = node.value;
        if (Array.isArray(values) && typeof def === 'string' && !values.includes(def)) {
          report(
            problem(
              `${kind === 'Parameter' ? 'parameter' : 'server-variable'}-default-enum`,
              'error',
              fieldAt(node, 'default'),
              `the default "${def}" is not one of the enum values ${values.map((v) => JSON.stringify(v)).join(', ')}`,
              'Make the default one of the allowed values.',
            ),
          );
        }
        // A parameter's examples are values it takes: one outside its enum shows a value the channel never has.
        if (kind === 'Parameter' && Array.isArray(values) && Array.isArray(node.value.examples)) {
          node.value.examples.forEach((example, i) => {
            if (values.some((v) => v === example)) return;
            report(
              problem(
                'parameter-example-enum',
                'warning',
                fieldAt(node, 'examples', i),
                `the example ${JSON.stringify(example)} is not one of the enum values ${values.map((v) => JSON.stringify(v)).join(', ')}`,
                'Give examples among the allowed values, or add the value to the enum.',
              ),
            );
          });
        }
      }
    }
  },
};
