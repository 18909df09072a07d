/**
 * SPEC "Topic-notification binding", Operation Binding Object: `consumers` is required on the
 * consumer side (action `receive`), `deliveryPolicy` belongs to the producer side (`send`).
 * Bindings are judged after traits are merged (a trait may bring them).
 */
import { joinPointer } from '../../json-pointer.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { effective } from '../effective.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const snsOperationRule: Rule = {
  id: 'sns-operation',
  description: 'sns operation bindings: consumers on receive operations, deliveryPolicy on send operations',
  run({ doc, index, report }) {
    for (const op of index.of('Operation')) {
      const merged = effective(doc, op);
      const bindingsSite = merged.origin.bindings;
      if (!bindingsSite) continue;
      const bindings = doc.deref(merged.value.bindings, fieldAt(bindingsSite, 'bindings'));
      if (!bindings || !isPlainObject(bindings.value) || !isPlainObject(bindings.value.sns)) continue;
      const sns = bindings.value.sns;
      const at = { file: bindings.at.file, pointer: joinPointer(bindings.at.pointer, 'sns') };
      if (op.value.action === 'receive' && sns.consumers === undefined) {
        report(
          problem(
            'sns-consumers-required',
            'error',
            at,
            'an sns binding on a receive (consumer-side) operation needs `consumers`',
            'List the subscriptions that deliver to this application: protocol, endpoint and rawMessageDelivery for each (SPEC, sns Operation Binding Object).',
            true,
          ),
        );
      }
      if (op.value.action === 'receive' && sns.deliveryPolicy !== undefined) {
        report(
          problem(
            'sns-delivery-policy-side',
            'warning',
            fieldAt(at, 'deliveryPolicy'),
            '`deliveryPolicy` at the operation level applies to the producer side (send), but this operation receives',
            "Move it to the producing operation, or into the consumer's own `deliveryPolicy`.",
            true,
          ),
        );
      }
    }
  },
};
