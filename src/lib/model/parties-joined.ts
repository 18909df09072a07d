/** Names as a sentence joins them: "A", "A and B", "A, B and C"; all with commas when more follow ("A, B, C and 2 more": the count reads on after them). */
export function partiesJoined(names: readonly string[], moreFollow: boolean): string {
  if (moreFollow || names.length < 2) return names.join(', ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What comes before the `i`th of `count` names joined so (partiesJoined), for a page that places each name itself. */
export function partySeparator(i: number, count: number, moreFollow: boolean): string {
  if (i === 0) return '';
  return !moreFollow && i === count - 1 ? ' and ' : ', ';
}
