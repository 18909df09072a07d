/** SPEC Contact Object: `email` is an e-mail address. */
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

// The HTML living standard's pragmatic form of RFC 5322 addr-spec.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export const emailRule: Rule = {
  id: 'email',
  description: 'contact.email is an e-mail address',
  run({ index, report }) {
    for (const info of index.of('Info')) {
      const contact = info.value.contact;
      if (isPlainObject(contact) && typeof contact.email === 'string' && !isEmail(contact.email)) {
        report(
          problem(
            'email-format',
            'error',
            fieldAt(info, 'contact', 'email'),
            `"${contact.email}" is not an e-mail address`,
            'Write an address such as team@example.com.',
          ),
        );
      }
    }
  },
};
