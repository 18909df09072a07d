/** What a page says of the document's examples it leaves out past its limit (a schema's own page: OWN_PAGE_EXAMPLES). */
export function moreExamplesNote(more: number): string {
  return `The document gives ${more} more ${more === 1 ? 'example' : 'examples'} of this schema, not shown here.`;
}
