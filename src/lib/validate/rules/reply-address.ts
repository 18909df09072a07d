/** SPEC Operation Reply Object: with an `address`, the reply channel's own `address` is null or absent. */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const replyAddressRule: Rule = {
  id: 'reply-address',
  description: 'a reply with an address uses a channel whose address is null or absent',
  run({ doc, index, report }) {
    for (const reply of index.of('OperationReply')) {
      if (reply.value.address === undefined || reply.value.channel === undefined) continue;
      const channel = doc.deref(reply.value.channel, fieldAt(reply, 'channel'));
      if (!channel || !isPlainObject(channel.value)) continue;
      const address = channel.value.address;
      if (address !== undefined && address !== null) {
        report(
          problem(
            'reply-address-conflict',
            'error',
            fieldAt(reply, 'address'),
            `the reply has an address, but its channel already has the address "${String(address)}"`,
            "Set the reply channel's address to null (the reply address is found at run time), or remove the reply `address`.",
            true,
          ),
        );
      }
    }
  },
};
