/**
 * What a page says of the document's examples it leaves out past its limit (OWN_PAGE_EXAMPLES): a
 * schema's own page of its schema's, a message's panel of its own (`of: 'message'`) or of its
 * payload schema's (`of: 'payload'`).
 */
export function moreExamplesNote(more: number, of?: 'message' | 'payload'): string {
  const whose = of === 'message' ? 'this message' : of === 'payload' ? "the payload's schema" : 'this schema';
  return `The document gives ${more} more ${more === 1 ? 'example' : 'examples'} of ${whose}, not shown here.`;
}
