/**
 * Sidebar names that share a long head (springwolf's `SpringKafkaDefaultHeaders-AnotherPayloadDto`,
 * `SpringKafkaDefaultHeaders-MonetaryAmount`, …; Java classes of one package) are listed under that
 * head, said once as a small heading, each entry showing what sets it apart, whole, after a short
 * muted lead (`…Headers-`, the page drawing the "…") that ties it to its head when the heading has scrolled out of view or
 * is covered (`SpringKafkaDefaultHeaders-VehicleBase` never reads as the class `VehicleBase`). Cutting
 * such names to one line with "…" left them unreadable, and wrapping them whole took two or three
 * lines each that all began alike: the head once and the ends alone read as Redocly's nested lists.
 *
 * One level only (a family never holds a family), deterministic for any set of names.
 */

/** A head shorter than this is read at a glance in each name: nothing to gain by saying it once. */
export const MIN_HEAD = 10;

/** A family needs this many members: a heading over one name says nothing. */
export const MIN_MEMBERS = 2;

/** The characters after which a name's head may end (as wrap-points.ts cuts long ids). */
const SEPARATORS = new Set(['.', '-', '_', '$', '/', ':']);

/** An entry: the item, its whole name, and what is shown of it (the name after its family's head). */
export interface FamilyEntry<T> {
  item: T;
  name: string;
  rest: string;
}

/**
 * A row of the list: a name alone, or the names that share `head`, in their order, each shown
 * after `lead` (the head's last word; longer where two families' would be alike; the whole head at most).
 */
export type FamilyRow<T> = { entry: FamilyEntry<T> } | { head: string; lead: string; entries: FamilyEntry<T>[] };

/**
 * The ends of `head` a lead could show, shortest first: its last word (a piece between separators,
 * or a camelCase word of it) with the separator after it, then two words, and so on to the whole
 * head. No "…" in them: the page draws it before a lead that is not the whole head, outside the
 * link's text, whose words stay a part of its name (`Headers-VehicleBase` of
 * `SpringKafkaDefaultHeaders-VehicleBase`), as assistive technology expects of a visible label.
 */
export function leadsOf(head: string): string[] {
  const cuts: number[] = [];
  for (let i = 1; i < head.length - 1; i++) {
    const before = head[i - 1]!;
    const at = head[i]!;
    if (SEPARATORS.has(before) || (/[a-z0-9]/.test(before) && /[A-Z]/.test(at))) cuts.push(i);
  }
  return [...cuts.reverse().map((i) => head.slice(i)), head];
}

/** Each family's lead: the shortest end of its head that no other family of the list shows, so that no two entries read alike. */
function chooseLeads(heads: readonly string[]): Map<string, string> {
  const options = new Map(heads.map((h) => [h, leadsOf(h)]));
  const level = new Map(heads.map((h) => [h, 0]));
  const leadOf = (h: string): string => {
    const all = options.get(h)!;
    return all[Math.min(level.get(h)!, all.length - 1)]!;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const byLead = new Map<string, string[]>();
    for (const h of heads) byLead.set(leadOf(h), [...(byLead.get(leadOf(h)) ?? []), h]);
    for (const alike of byLead.values()) {
      if (alike.length < 2) continue;
      for (const h of alike)
        if (level.get(h)! < options.get(h)!.length - 1) {
          level.set(h, level.get(h)! + 1);
          changed = true;
        }
    }
  }
  return new Map(heads.map((h) => [h, leadOf(h)]));
}

/** The heads a name could be listed under: each of its beginnings that ends at a separator and leaves a word after it. */
function headsOf(name: string): string[] {
  const heads: string[] = [];
  for (let i = MIN_HEAD - 1; i < name.length - 1; i++) {
    if (!SEPARATORS.has(name[i]!)) continue;
    const head = name.slice(0, i + 1);
    // A sentence ("Send order created") is no qualified name; a number alone (springwolf's `-1309245871` hash) says nothing without the word before it.
    if (/\s/.test(head) || /^\d+$/.test(name.slice(i + 1))) continue;
    heads.push(head);
  }
  return heads;
}

/**
 * `items` in their order, those whose names share a long head gathered where the first of them
 * stands. Heads are chosen greedily, the one that saves the most letters first ((members − 1) ×
 * length; ties to the longer head, then the first in code-point order), among names not yet in a
 * family.
 */
export function nameFamilies<T>(items: readonly T[], nameOf: (item: T) => string): FamilyRow<T>[] {
  const names = items.map(nameOf);
  const headOf = new Map<number, string>();
  const candidates = names.map(headsOf);
  for (;;) {
    const counts = new Map<string, number>();
    candidates.forEach((heads, i) => {
      if (headOf.has(i)) return;
      for (const head of heads) counts.set(head, (counts.get(head) ?? 0) + 1);
    });
    let best: { head: string; score: number } | undefined;
    for (const [head, count] of counts) {
      if (count < MIN_MEMBERS) continue;
      const score = (count - 1) * head.length;
      if (!best || score > best.score || (score === best.score && (head.length > best.head.length || (head.length === best.head.length && head < best.head))))
        best = { head, score };
    }
    if (!best) break;
    const chosen = best.head;
    candidates.forEach((heads, i) => {
      if (!headOf.has(i) && heads.includes(chosen)) headOf.set(i, chosen);
    });
  }
  const rows: FamilyRow<T>[] = [];
  const families = new Map<string, FamilyEntry<T>[]>();
  items.forEach((item, i) => {
    const name = names[i]!;
    const head = headOf.get(i);
    if (head === undefined) {
      rows.push({ entry: { item, name, rest: name } });
      return;
    }
    const entry = { item, name, rest: name.slice(head.length) };
    const family = families.get(head);
    if (family) family.push(entry);
    else {
      const entries = [entry];
      families.set(head, entries);
      rows.push({ head, lead: head, entries });
    }
  });
  const leads = chooseLeads([...families.keys()]);
  for (const row of rows) if ('head' in row) row.lead = leads.get(row.head)!;
  return rows;
}
