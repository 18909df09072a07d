/**
 * Assertions the view does not read (`dependencies`, `if`/`then`/`else`, `unevaluatedProperties`,
 * …; see written-keywords.ts), compared by their value as written: each allOf part's, by
 * position. One added narrows, one removed widens, one changed may do both.
 */
import { quote } from '../canonical.ts';
import { sameThroughRefs } from '../diff-context.ts';
import type { Effect } from '../types.ts';
import { inHead, type Pair } from './pair.ts';
import { rawAssertions } from './written-keywords.ts';

export function compareWrittenAssertions(p: Pair): void {
  const bw = rawAssertions(p.walk.base, p.b.id);
  const hw = rawAssertions(p.walk.head, p.h.id);
  if (bw.size === 0 && hw.size === 0) return;
  for (const keyword of [...new Set([...bw.keys(), ...hw.keys()])].sort()) {
    const old = bw.get(keyword) ?? [];
    const now = hw.get(keyword) ?? [];
    for (let i = 0; i < Math.max(old.length, now.length); i++) {
      const before = old[i];
      const after = now[i];
      // Through references: a value written the same is still a change when what it references changed.
      if (before && after && sameThroughRefs(p.walk.base.doc, before, p.walk.head.doc, after)) continue;
      const effect: Effect = !before ? 'narrow' : !after ? 'widen' : 'both';
      const what = !before
        ? `${keyword} ${quote(after!.value)} added`
        : !after
          ? `${keyword} ${quote(before.value)} removed`
          : `${keyword} ${quote(before.value)} → ${quote(after.value)}`;
      p.add(
        effect === 'widen' ? 'schema-constraint-relaxed' : effect === 'narrow' ? 'schema-constraint-tightened' : 'schema-constraint-changed',
        effect,
        after ? inHead(after.at) : inHead(p.h.at),
        what,
        before && after ? `a ${p.name} that the old ${keyword} allows and the new one does not, or the other way round` : undefined,
      );
    }
  }
}
