/** SPEC "Runtime expression": `$message.header[#pointer]` or `$message.payload[#pointer]`. */
import type { NodeKind } from '../../resolve/doc-index.ts';
import { parsePointer } from '../../json-pointer.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export function checkRuntimeExpression(expression: string): string | undefined {
  const m = /^\$message\.(header|payload)(?:#(.*))?$/s.exec(expression);
  if (!m) return 'it must start with $message.header or $message.payload';
  if (m[2] !== undefined) {
    const parsed = parsePointer(m[2]);
    if (!parsed.ok) return `the fragment is not a JSON pointer: ${parsed.reason}`;
  }
  return undefined;
}

const WITH_LOCATION: NodeKind[] = ['CorrelationId', 'OperationReplyAddress', 'Parameter'];

export const runtimeExpressionsRule: Rule = {
  id: 'runtime-expression',
  description: 'location fields are runtime expressions ($message.header#/… or $message.payload#/…)',
  run({ index, report }) {
    for (const kind of WITH_LOCATION) {
      for (const node of index.of(kind)) {
        const location = node.value.location;
        if (typeof location !== 'string') continue;
        const reason = checkRuntimeExpression(location);
        if (reason) {
          report(
            problem(
              'runtime-expression',
              'error',
              fieldAt(node, 'location'),
              `"${location}" is not a runtime expression: ${reason}`,
              'Write e.g. $message.header#/correlationId or $message.payload#/user/id.',
            ),
          );
        }
      }
    }
  },
};
