/**
 * The one place that orders the examples a page shows: the document's order, except that the
 * first right one leads where an earlier one is wrong. The open example is the one a reader
 * copies (and the one a code sample sends), so a wrong one never leads while a right one is
 * there; the document's wrong example follows, folded, its fault under it. The others keep their
 * order, and their titles keep the document's numbers. "Right" is judged by the same checks whose
 * findings are shown beside the examples (rules example, schema-example, discriminator).
 */
export function rightFirst<T>(examples: readonly T[], right: (example: T) => boolean): T[] {
  const first = examples.findIndex(right);
  return first > 0 ? [examples[first]!, ...examples.slice(0, first), ...examples.slice(first + 1)] : [...examples];
}
