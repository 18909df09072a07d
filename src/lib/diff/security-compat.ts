/**
 * Security of a server or an operation in two versions: a list of alternatives (SPEC: one must
 * be satisfied). An alternative removed refuses the clients that used it; one added is another
 * way in. A scheme changed (its type, where the key goes, its URLs, the scopes it needs) refuses
 * clients configured for the old one, where something requires it.
 *
 * Alternatives are known by what they ask for, not by how they are written: a Reference Object
 * replaced by the same scheme inline (or the reverse) is the same alternative. Two versions are
 * paired by their content first, then by the scheme of components they reference, then by their
 * type when only one alternative of that type is left on either side (an inline api key moved to
 * another header is that key changed); what is left was removed or added.
 * A scheme of components is compared once where it is defined, breaking when a server or an
 * operation (of either version) requires it, and not otherwise.
 */
import { parsePointer } from '../json-pointer.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { canonical, quote } from './canonical.ts';
import { addBase, addHead, child, entries, field, resolveNode, rootNode, sameMeaning, type DiffContext, type Node, wordingTexts } from './diff-context.ts';
import { effectiveFields } from './effective-fields.ts';
import type { ChangeSeverity } from './types.ts';

interface Alternative {
  /** The scheme, its `$ref` followed. */
  node: Node;
  /** Where the alternative is written (the Reference Object, or the inline scheme). */
  at: Node['at'];
  /** The id of the scheme of the root's components it references, if it does. */
  id?: string;
  /** How a message names it. */
  label: string;
}

/** The id of the scheme of the root document's components that a Reference Object names. */
function schemeId(doc: ResolvedDoc, raw: unknown, at: Node['at']): string | undefined {
  if (!isRefObject(raw)) return undefined;
  const target = doc.refLocation(raw.$ref, at);
  if (!target || target.file !== doc.root.path) return undefined;
  const parsed = parsePointer(target.pointer);
  return parsed.ok && parsed.tokens.length === 3 && parsed.tokens[0] === 'components' && parsed.tokens[1] === 'securitySchemes' ? parsed.tokens[2] : undefined;
}

/** An inline scheme in words: `oauth2`, `httpApiKey "X-Key" in header`, `http bearer`. */
function describe(value: unknown): string {
  if (!isPlainObject(value)) return 'inline scheme';
  const words = [typeof value.type === 'string' ? value.type : 'scheme'];
  if (typeof value.scheme === 'string') words.push(value.scheme);
  if (typeof value.name === 'string') words.push(JSON.stringify(value.name));
  if (typeof value.in === 'string') words.push(`in ${value.in}`);
  return `inline ${words.join(' ')}`;
}

function alternatives(doc: ResolvedDoc, node: Node | undefined): Alternative[] {
  if (!node || !Array.isArray(node.value)) return [];
  return node.value.flatMap((raw, i) => {
    const at = child(node.at, String(i));
    const resolved = resolveNode(doc, { value: raw, at });
    if (!resolved) return [];
    const id = schemeId(doc, raw, at);
    const label = id ?? (isRefObject(raw) ? (raw.$ref.split('/').pop() ?? raw.$ref) : describe(resolved.value));
    return [{ node: resolved, at: isRefObject(raw) ? at : resolved.at, ...(id !== undefined ? { id } : {}), label }];
  });
}

/** The kind of scheme (`httpApiKey`, `oauth2`, …). */
const kindOf = (a: Alternative): string => canonical(isPlainObject(a.node.value) ? (a.node.value.type ?? null) : null);
const withoutWording = { omit: (key: string) => key === 'description' || key === 'summary' || key === 'title' };

export function compareSecurity(ctx: DiffContext, b: Node | undefined, h: Node | undefined, object: string): void {
  const old = alternatives(ctx.base, b);
  const now = alternatives(ctx.head, h);
  if (old.length === 0 && now.length > 0) {
    addHead(ctx, h!.at, {
      rule: 'security-added',
      severity: 'breaking',
      object,
      message: 'security now required: clients that connected without credentials are refused',
    });
    return;
  }
  if (old.length > 0 && now.length === 0) {
    addBase(ctx, b!.at, { rule: 'security-removed', severity: 'non-breaking', object, message: 'no security required any more' });
    return;
  }
  const left = new Set(now);
  const unpaired: Alternative[] = [];
  const pairs: [Alternative, Alternative][] = [];
  const take = (o: Alternative, match: (n: Alternative) => boolean): boolean => {
    const n = [...left].find(match);
    if (!n) return false;
    left.delete(n);
    pairs.push([o, n]);
    return true;
  };
  // The same scheme, however written; then the same scheme of components, changed there.
  for (const o of old) if (!take(o, (n) => sameMeaning(ctx, o.node, n.node, withoutWording))) unpaired.push(o);
  const rest = unpaired.filter((o) => o.id === undefined || !take(o, (n) => n.id === o.id));
  // Then one scheme changed: the only one of its type left on either side.
  const count = (list: Iterable<Alternative>, kind: string): number => [...list].filter((a) => kindOf(a) === kind).length;
  const gone = rest.filter((o) => !(count(rest, kindOf(o)) === 1 && count(left, kindOf(o)) === 1 && take(o, (n) => kindOf(n) === kindOf(o))));
  for (const [o, n] of pairs) {
    // A scheme of components referenced on both sides is compared once, where it is defined.
    if (o.id !== undefined && o.id === n.id) continue;
    compareScheme(ctx, o.node, n.node, object, n.label, true);
  }
  for (const o of gone)
    addBase(ctx, o.at, {
      rule: 'security-alternative-removed',
      severity: 'breaking',
      object,
      message: `security scheme ${quote(o.label)} removed: clients that authenticate with it are refused`,
    });
  for (const n of now) {
    if (left.has(n))
      addHead(ctx, n.at, {
        rule: 'security-alternative-added',
        severity: 'non-breaking',
        object,
        message: `security scheme ${quote(n.label)} added as another way to authenticate`,
      });
  }
}

/** The servers and operations that require each scheme of the root's components (by its id), e.g. `server production`. */
export function schemeUsers(doc: ResolvedDoc): Map<string, string[]> {
  const users = new Map<string, Set<string>>();
  const mark = (security: Node | undefined, who: string): void => {
    if (!security || !Array.isArray(security.value)) return;
    security.value.forEach((raw, i) => {
      const id = schemeId(doc, raw, child(security.at, String(i)));
      if (id === undefined) return;
      const set = users.get(id) ?? new Set<string>();
      set.add(who);
      users.set(id, set);
    });
  };
  const root = rootNode(doc);
  for (const [id, server] of entries(doc, field(doc, root, 'servers'))) mark(field(doc, server, 'security'), `server ${id}`);
  for (const [id, operation] of entries(doc, field(doc, root, 'operations'))) mark(effectiveFields(doc, operation).get('security'), `operation ${id}`);
  return new Map([...users].map(([id, set]) => [id, [...set]]));
}

/**
 * Two versions of a scheme. `requiredBy`: true where it is used (an alternative of a server or an
 * operation), else the servers and operations that require it (none: a change breaks no one),
 * looked up only when the scheme changed.
 */
export function compareScheme(ctx: DiffContext, o: Node, n: Node, object: string, name: string, requiredBy: true | (() => string[])): void {
  if (!isPlainObject(o.value) || !isPlainObject(n.value) || sameMeaning(ctx, o, n)) return;
  const required = requiredBy === true ? true : requiredBy();
  const ov = o.value;
  const nv = n.value;
  const used = required === true || required.length > 0;
  const severity = (when: ChangeSeverity): ChangeSeverity => (used ? when : 'non-breaking');
  const unused = 'no server or operation requires it, so no client is refused';
  const users =
    required === true || required.length === 0
      ? ''
      : ` (required by ${required.slice(0, 5).join(', ')}${required.length > 5 ? `, and ${required.length - 5} more` : ''})`;
  const part = (key: string): Node | undefined => field(ctx.base, o, key);
  const now = (key: string): Node | undefined => field(ctx.head, n, key);
  for (const key of ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl']) {
    if (sameMeaning(ctx, part(key), now(key))) continue;
    addHead(ctx, child(n.at, key), {
      rule: 'security-scheme-changed',
      severity: severity('breaking'),
      object,
      message: `security scheme ${quote(name)}: ${key} ${quote(ov[key] ?? '(none)')} → ${quote(nv[key] ?? '(none)')}: ${used ? `clients configured for the old scheme are refused${users}` : unused}`,
    });
  }
  const scopes = (v: Record<string, unknown>): string[] => (Array.isArray(v.scopes) ? v.scopes.filter((s): s is string => typeof s === 'string') : []);
  const needed = scopes(nv).filter((s) => !scopes(ov).includes(s));
  const dropped = scopes(ov).filter((s) => !scopes(nv).includes(s));
  if (needed.length > 0)
    addHead(ctx, child(n.at, 'scopes'), {
      rule: 'security-scopes-added',
      severity: severity('breaking'),
      object,
      message: `security scheme ${quote(name)} now needs scope ${needed.map((s) => quote(s)).join(', ')}: ${used ? `tokens without it are refused${users}` : unused}`,
    });
  if (dropped.length > 0)
    addHead(ctx, child(n.at, 'scopes'), {
      rule: 'security-scopes-removed',
      severity: 'non-breaking',
      object,
      message: `security scheme ${quote(name)} no longer needs scope ${dropped.map((s) => quote(s)).join(', ')}`,
    });
  if (!sameMeaning(ctx, part('flows'), now('flows'))) {
    addHead(ctx, child(n.at, 'flows'), {
      rule: 'security-flows-changed',
      severity: severity('breaking'),
      object,
      message: `security scheme ${quote(name)}: its OAuth flows changed (URLs or available scopes): ${used ? `clients configured for the old ones may fail to get tokens${users}` : unused}`,
    });
  }
  if (!sameMeaning(ctx, part('description'), now('description')))
    addHead(ctx, n.at, {
      rule: 'security-description-changed',
      severity: 'info',
      object,
      message: `security scheme ${quote(name)}: description changed (wording only)`,
      ...wordingTexts('description', part('description')?.value, now('description')?.value),
    });
}
