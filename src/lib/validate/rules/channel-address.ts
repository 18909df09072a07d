/**
 * SPEC Channel Object and Errors #4: `parameters` exactly match the `{expressions}` of the
 * address (present only when the address has expressions); no query or fragment in an address.
 */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export function addressExpressions(address: string): string[] {
  return [...address.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
}

export const channelAddressRule: Rule = {
  id: 'channel',
  description: 'channel parameters match the address expressions (Errors #4); no query or fragment in addresses',
  run({ index, report }) {
    for (const channel of index.of('Channel')) {
      if (channel.value.address === undefined && /[?#]/.test(channel.key) && channel.parent === undefined) {
        // Version 2 used the channel key as the address; a key with a query is such a leftover.
        report(
          problem(
            'channel-address-query',
            'error',
            channel.site,
            `the channel id "${channel.key}" contains a query or fragment, like a version 2 address`,
            'Use a plain id as the key and put the address (without query or fragment) in `address`; query parameters belong in the bindings.',
            true,
          ),
        );
      }
      const address = typeof channel.value.address === 'string' ? channel.value.address : undefined;
      const names = address === undefined ? [] : addressExpressions(address);
      const parameters = isPlainObject(channel.value.parameters) ? channel.value.parameters : undefined;
      if (address !== undefined && /[?#]/.test(address.replace(/\{[^{}]*\}/g, ''))) {
        report(
          problem(
            'channel-address-query',
            'error',
            fieldAt(channel, 'address'),
            `the address "${address}" contains a ${address.includes('?') ? 'query ("?")' : 'fragment ("#")'}`,
            'Remove it from the address: query parameters and fragments belong in the protocol bindings (SPEC, Channel Object).',
          ),
        );
      }
      if (!parameters) {
        if (names.length > 0 && channel.value.parameters === undefined) {
          report(
            problem(
              'channel-parameters-missing',
              'error',
              fieldAt(channel, 'address'),
              `the address uses ${names.map((n) => `{${n}}`).join(', ')} but the channel has no parameters`,
              'Describe each address expression under `parameters` (SPEC, Errors #4).',
            ),
          );
        }
        continue;
      }
      if (names.length === 0) {
        report(
          problem(
            'channel-parameters-unused',
            'error',
            fieldAt(channel, 'parameters'),
            address === undefined
              ? 'the channel has parameters but its address is null or absent'
              : `the channel has parameters but its address "${address}" has no {expressions}`,
            'Remove `parameters`, or use the parameters in the address as {name} (SPEC, Errors #4).',
            true,
          ),
        );
        continue;
      }
      for (const name of names) {
        if (!Object.hasOwn(parameters, name)) {
          report(
            problem(
              'channel-parameters-missing',
              'error',
              fieldAt(channel, 'parameters'),
              `the address uses {${name}} but \`parameters\` has no \`${name}\``,
              `Add a \`${name}\` parameter (SPEC, Errors #4).`,
              true,
            ),
          );
        }
      }
      for (const key of Object.keys(parameters)) {
        if (!names.includes(key)) {
          report(
            problem(
              'channel-parameters-unused',
              'error',
              fieldAt(channel, 'parameters', key),
              `the parameter \`${key}\` is not used in the address "${address}"`,
              `Use {${key}} in the address or remove the parameter (SPEC, Errors #4).`,
              true,
            ),
          );
        }
      }
    }
  },
};
