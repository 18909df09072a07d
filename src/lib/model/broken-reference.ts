/**
 * What is wrong with a reference that leads to no value (issue 33: 47 pages of one document said
 * `undefined` under "Definition"): it loops back to itself, it names a place that does not exist,
 * or it may not be followed. The references are walked again hop by hop, without the resolver's
 * cache, so that the page can name every step, and the validator's finding about it is found
 * among the resolver's problems so that the page can link to it.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer, lastToken, parentPointer, parsePointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject } from '../resolve/resolved-doc.ts';
import type { Context } from './page-context.ts';
import type { BrokenReference, TextPart } from './page-types.ts';

/** What the walk found, before it is put in words. */
interface Walk {
  kind: BrokenReference['kind'];
  /** The reference where the chain breaks, as written. */
  ref: string;
  /** The places passed through, the first the one shown; a loop ends where it started. */
  steps: TextPart[];
  /** Why a reference may not be followed. */
  reason?: string;
  /** A loop that the first reference leads into rather than starts. */
  leadsIn?: boolean;
}

/** More hops than any real chain of references has: the walk stops there rather than run on. */
const MAX_HOPS = 64;

const keyOf = (at: Location): string => `${at.file}#${at.pointer}`;

/** Why `raw` (a Reference Object written at `site`) leads to no value; undefined when it does lead to one. */
export function brokenReference(ctx: Context, raw: unknown, site: Location): BrokenReference | undefined {
  if (!isRefObject(raw) || ctx.doc.deref(raw, site)) return undefined;
  const hops: Location[] = [];
  const seen = new Set<string>();
  let value: unknown = raw;
  let at = site;
  for (let i = 0; i < MAX_HOPS; i++) {
    seen.add(keyOf(at));
    hops.push(at);
    if (!isRefObject(value)) break;
    const target = ctx.doc.refLocation(value.$ref, at);
    if (!target) return described(ctx, { kind: 'refused', ref: value.$ref, steps: steps(ctx, hops), reason: refusal(ctx, at, value.$ref) }, hops, undefined);
    if (seen.has(keyOf(target))) {
      // Only the loop itself is named: the references that lead into it are on the way.
      const start = hops.findIndex((hop) => keyOf(hop) === keyOf(target));
      return described(ctx, { kind: 'loop', ref: value.$ref, steps: steps(ctx, [...hops.slice(start), target]), leadsIn: start > 0 }, hops, target);
    }
    const next = rawValueAt(ctx, target);
    if (next === undefined) {
      // The file was read and has no such place, or could not be read at all (its own finding says why).
      const kind = ctx.doc.file(target.file) ? 'missing' : 'unreadable';
      return described(ctx, { kind, ref: value.$ref, steps: steps(ctx, hops) }, hops, target);
    }
    value = next;
    at = target;
  }
  return described(
    ctx,
    { kind: 'refused', ref: raw.$ref, steps: steps(ctx, hops), reason: `"${raw.$ref}" goes through more than ${MAX_HOPS} references` },
    hops,
    undefined,
  );
}

/** The value written at `at`, following only the references met on the way to it (not one found there). */
function rawValueAt(ctx: Context, at: Location): unknown {
  const file = ctx.doc.file(at.file);
  const parsed = parsePointer(at.pointer);
  if (!file || !parsed.ok) return undefined;
  let value: unknown = file.value;
  let where: Location = { file: at.file, pointer: '' };
  for (const token of parsed.tokens) {
    if (isRefObject(value)) {
      const through = ctx.doc.deref(value, where);
      if (!through) return undefined;
      ({ value, at: where } = through);
    }
    if (Array.isArray(value)) value = /^(0|[1-9]\d*)$/.test(token) ? value[Number(token)] : undefined;
    else value = isPlainObject(value) && Object.hasOwn(value, token) ? value[token] : undefined;
    if (value === undefined) return undefined;
    where = { file: where.file, pointer: childPointer(where.pointer, token) };
  }
  return value;
}

/** Each place the references pass through, by the page that shows it, else by its last pointer token. */
function steps(ctx: Context, hops: Location[]): TextPart[] {
  return hops.map((at) => {
    const entity = ctx.locator.at(at);
    if (entity) return { text: entity.title, url: entity.url };
    const last = lastToken(at.pointer);
    return { text: last === '' ? 'the root of its file' : last };
  });
}

/** The resolver's own words for a reference it refused (outside the input folder, not fetched, …). */
function refusal(ctx: Context, site: Location, ref: string): string {
  const problem = ctx.doc.problems.find((p) => p.at.file === site.file && p.at.pointer === `${site.pointer}/$ref`);
  return problem?.message ?? `"${ref}" leads to no value`;
}

function described(ctx: Context, walk: Walk, hops: Location[], target: Location | undefined): BrokenReference {
  const finding = findingPage(ctx, hops, target);
  return { kind: walk.kind, text: words(walk), ...(finding ? { finding } : {}) };
}

/** The sentence a reader sees: what is wrong, the places on the way, the reference that breaks. */
function words(walk: Walk): TextPart[] {
  const arrowed = (list: TextPart[]): TextPart[] => list.flatMap((step, i) => (i === 0 ? [step] : [{ text: ' → ' }, step]));
  // The places between this one and the reference that breaks.
  const between = walk.steps.slice(1);
  const through: TextPart[] = between.length > 0 ? [{ text: ' (reached through ' }, ...arrowed(between), { text: ')' }] : [];
  switch (walk.kind) {
    case 'loop':
      return [
        { text: walk.leadsIn ? 'This reference leads into a loop: ' : 'This reference loops: ' },
        ...arrowed(walk.steps),
        { text: '. It never reaches a definition, so there is nothing to show.' },
      ];
    case 'missing':
      return [{ text: 'This reference points at ' }, { text: walk.ref, code: true }, { text: ', which does not exist' }, ...through, { text: '.' }];
    case 'unreadable':
      return [{ text: 'This reference points at ' }, { text: walk.ref, code: true }, { text: ', in a file that could not be read' }, ...through, { text: '.' }];
    case 'refused':
      return [{ text: `This reference cannot be followed: ${walk.reason ?? `"${walk.ref}" leads to no value`}` }, ...through, { text: '.' }];
  }
}

/**
 * The page that shows the validator's finding: the resolver reports a broken chain once, at the
 * reference where it found the break (for a loop, wherever it first came round; for a missing
 * target, the first reference that named it), which need not be this one.
 */
function findingPage(ctx: Context, hops: Location[], target: Location | undefined): BrokenReference['finding'] {
  const involved = new Set(hops.map(keyOf));
  if (target) involved.add(keyOf(target));
  for (const problem of ctx.doc.problems) {
    if (!problem.code.startsWith('ref-') || !problem.at.pointer.endsWith('/$ref')) continue;
    const site = { file: problem.at.file, pointer: parentPointer(problem.at.pointer) };
    let about = involved.has(keyOf(site));
    if (!about && target) {
      const written = rawValueAt(ctx, site);
      const named = isRefObject(written) ? ctx.doc.refLocation(written.$ref, site) : undefined;
      about = named !== undefined && keyOf(named) === keyOf(target);
    }
    if (!about) continue;
    const page = ctx.locator.containing(site);
    // A finding in a file no page shows is listed on the API's overview.
    return page ? { title: page.title, url: page.url } : { title: 'the overview', url: '' };
  }
  return undefined;
}
