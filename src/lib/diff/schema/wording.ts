/**
 * What a schema says without limiting values: annotations and keywords JSON Schema does not know
 * (one `info` finding per schema, short values quoted), and its `default`, which is read by
 * whoever fills in defaults: a change of it is judged as one that readers on the old schema see
 * (breaking where they read the message, see classify.ts).
 */
import { canonical, quote } from '../canonical.ts';
import { ANNOTATIONS, notesOf, type WrittenKeyword } from './written-keywords.ts';
import { keywordAt } from './written-at.ts';
import { shortPath, type Pair, type Where } from './pair.ts';

/** A value short enough to quote in a sentence, else undefined. */
function shortQuote(value: unknown): string | undefined {
  const text = quote(value);
  return text.length <= 40 ? text : undefined;
}

/** Texts (most annotations) are compared as they are; only objects and lists need their canonical text. */
const same = (x: unknown, y: unknown): boolean => x === y || (typeof x === 'object' && typeof y === 'object' && canonical(x) === canonical(y));

function place(before: WrittenKeyword[] | undefined, after: WrittenKeyword[] | undefined): Where {
  const head = after?.[0]?.at;
  return head ? { side: 'head', at: head } : { side: 'base', at: before![0]!.at };
}

export function compareWording(p: Pair): void {
  const bn = notesOf(p.walk.base, p.b.id);
  const hn = notesOf(p.walk.head, p.h.id);
  const changes: string[] = [];
  let where: Where | undefined;
  const keys = [...new Set([...bn.keys(), ...hn.keys()])].sort();
  for (const keyword of keys) {
    const before = bn.get(keyword);
    const after = hn.get(keyword);
    const was = before?.map((n) => n.value);
    const is = after?.map((n) => n.value);
    if (was && is && was.length === is.length && was.every((v, i) => same(v, is[i]))) continue;
    where ??= place(before, after);
    const one = (v: unknown[] | undefined): unknown => (v && v.length === 1 ? v[0] : v);
    const old = was && shortQuote(one(was));
    const now = is && shortQuote(one(is));
    const label = ANNOTATIONS.has(keyword) ? keyword : `\`${keyword}\``;
    changes.push(
      !was
        ? `${label}${now ? ` ${now}` : ''} added`
        : !is
          ? `${label}${old ? ` ${old}` : ''} removed`
          : old && now
            ? `${label} ${old} → ${now}`
            : `${label} changed`,
    );
  }
  if (changes.length > 0) {
    const unknown = keys.filter((k) => !ANNOTATIONS.has(k));
    const merge = unknown.includes('<<')
      ? '; `<<` would be a YAML merge key in YAML 1.1, but YAML 1.2, which this tool reads as validate does, takes it as an ordinary key: nothing is merged'
      : '';
    const notes = [
      ...(unknown.length < keys.length ? ['wording only'] : []),
      ...(unknown.length > 0
        ? [
            `${unknown.map((k) => `\`${k}\``).join(', ')} ${unknown.length > 1 ? 'are not JSON Schema keywords' : 'is not a JSON Schema keyword'}: it constrains nothing${merge}`,
          ]
        : []),
    ];
    p.walk.findings.push({
      rule: 'schema-annotation-changed',
      effect: 'none',
      judge: 'wording',
      ...where!,
      what: `${shortPath(p.path)}: ${changes.join(', ')} (${notes.join('; ')})`,
    });
  }
  compareDefault(p);
}

function compareDefault(p: Pair): void {
  if (p.flip) return; // a default inside `not` means nothing
  const was = p.b.default;
  const is = p.h.default;
  if (canonical(was?.value) === canonical(is?.value)) return;
  const old = was && (shortQuote(was.value) ?? 'the old default');
  const now = is && (shortQuote(is.value) ?? 'the new default');
  const where: Where = is
    ? { side: 'head', at: keywordAt(p.walk.head, p.h.id, 'default') ?? p.h.at }
    : { side: 'base', at: keywordAt(p.walk.base, p.b.id, 'default') ?? p.b.at };
  p.walk.findings.push({
    rule: 'schema-default-changed',
    effect: 'widen',
    judge: 'default',
    ...where,
    what: `${shortPath(p.path)}: default ${!was ? `${now} added` : !is ? `${old} removed` : `${old} → ${now}`}`,
    example: `${old ?? 'no value'} for a ${p.name} left out, where the new schema means ${now ?? 'no value'}`,
  });
}
