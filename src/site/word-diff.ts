/**
 * Two texts as one run of words kept, removed and added: how the Changes page shows a reworded
 * description compactly (the words that stayed once, the changed ones struck or marked), as a
 * reviewer reads a text diff. Words and the spaces around them are the units: the pieces joined
 * give back the new text exactly, and the old one up to its spaces. Bounded: past WORD_DIFF_CELLS of the longest-common-run
 * table, the texts are given whole as removed and added.
 */

export interface WordPiece {
  kind: 'same' | 'old' | 'new';
  text: string;
}

/** Cells of the comparison table at most: two descriptions of a few hundred words each. */
export const WORD_DIFF_CELLS = 250_000;

/** A text's words, each with the white space after it. */
const wordsOf = (text: string): string[] => text.match(/\s*\S+\s*|\s+/g) ?? [];

export function wordDiff(before: string, after: string): WordPiece[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  if (a.length * b.length > WORD_DIFF_CELLS)
    return joined([...(before ? [{ kind: 'old' as const, text: before }] : []), ...(after ? [{ kind: 'new' as const, text: after }] : [])]);
  // common[i][j]: the longest run of words a[i..] and b[j..] share, compared without their spaces; at a tie the
  // removed words come first, as a reader reads a correction.
  const key = (w: string) => w.trim();
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = key(a[i]!) === key(b[j]!) ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const pieces: WordPiece[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && key(a[i]!) === key(b[j]!)) {
      pieces.push({ kind: 'same', text: b[j]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) pieces.push({ kind: 'old', text: a[i++]! });
    else pieces.push({ kind: 'new', text: b[j++]! });
  }
  return joined(pieces);
}

/** Neighbouring pieces of one kind as one. */
function joined(pieces: WordPiece[]): WordPiece[] {
  const out: WordPiece[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if (last && last.kind === p.kind) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}
