// What a search is run for, from what a reader typed (the header box and the search page): a
// parameter as written in an address, `{streetlightId}`, stands for its name, and an id pasted
// with its quotes or backticks for the id. Addresses and ids with braces inside them
// (`orders-{region}.fifo`) are searched as typed: the index holds them whole.
export function normaliseQuery(query) {
  return query
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[`'"]+|[`'"]+$/g, '').replace(/^\{([^{}]+)\}$/, '$1'))
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * Pagefind's ranking, less in favour of short pages than by default (0.75): a trait or a binding
 * holds a word in a few lines and would outrank the operation and the overview it was asked for.
 */
export const RANKING = { pageLength: 0.2 };

/**
 * Pagefind's excerpt without the page's id and title it starts with ("publishOrderEvents Publish
 * order events. send sns. The order …" → "send sns. The order …"), its matches unmarked; nothing
 * when it does not start so. Shared by the header box and the search page (here, so that the search page loads no more than it needs).
 */
export function withoutTitle(excerpt, title) {
  if (typeof title !== 'string' || title === '') return undefined;
  const plain = String(excerpt ?? '').replace(/<\/?mark>/g, '');
  const lead = new RegExp(`^(?:\\S+\\s+)?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s.·]*`);
  return lead.test(plain) ? plain.replace(lead, '') : undefined;
}
