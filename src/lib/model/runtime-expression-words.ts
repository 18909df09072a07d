/**
 * A runtime expression (SPEC "Runtime expression": `$message.header#/replyTo`) in words, for the
 * reader who does not read the syntax: "the header replyTo of the request message". The same
 * words wherever one is shown: a reply's address, a message's correlation id.
 */

/** `subject`: the message the expression reads ("the request message", "the message"); undefined when the expression is not one. */
export function runtimeExpressionMeaning(expression: string, subject: string): string | undefined {
  const match = /^\$message\.(header|payload)(?:#(.*))?$/.exec(expression);
  if (!match) return undefined;
  const path = (match[2] ?? '')
    .split('/')
    .filter(Boolean)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const where = match[1] === 'header' ? 'header' : 'payload field';
  if (path.length === 0) return `the whole ${match[1]} of ${subject}`;
  return `the ${where} ${path.join('.')} of ${subject}`;
}

/**
 * Where a reply goes, in a few words for a diagram's box: "the address in header replyTo" for
 * `$message.header#/replyTo`; the expression as written when it is not one this reads.
 */
export function replyAddressWords(expression: string): string {
  const match = /^\$message\.(header|payload)(?:#(.*))?$/.exec(expression);
  if (!match) return expression;
  const path = (match[2] ?? '')
    .split('/')
    .filter(Boolean)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (path.length === 0) return `the address in the ${match[1]}`;
  return `the address in ${match[1] === 'header' ? 'header' : 'payload field'} ${path.join('.')}`;
}
