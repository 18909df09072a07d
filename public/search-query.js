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
