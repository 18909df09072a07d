/**
 * Security of a server or an operation in two versions: a list of alternatives (SPEC: one must
 * be satisfied). An alternative removed refuses the clients that used it; one added is another
 * way in. A scheme changed (its type, where the key goes, its URLs, the scopes it needs) refuses
 * clients configured for the old one.
 */
import { isPlainObject, isRefObject } from '../resolve/resolved-doc.ts';
import { canonical, quote, sameValue } from './canonical.ts';
import { addBase, addHead, child, resolveNode, type DiffContext, type Node } from './diff-context.ts';

/** Alternatives by name; `referenced`: written as a Reference Object (the scheme itself is compared where it is defined). */
function alternatives(doc: DiffContext['base'], node: Node | undefined): Map<string, Node & { referenced: boolean }> {
  const out = new Map<string, Node & { referenced: boolean }>();
  if (!node || !Array.isArray(node.value)) return out;
  node.value.forEach((raw, i) => {
    const at = child(node.at, String(i));
    const resolved = resolveNode(doc, { value: raw, at });
    if (!resolved) return;
    // A referenced scheme is known by its name; an inline one by what it asks for.
    const key = isRefObject(raw)
      ? (raw.$ref.split('/').pop() ?? raw.$ref)
      : isPlainObject(raw)
        ? canonical({ type: raw.type, in: raw.in, name: raw.name, scheme: raw.scheme })
        : String(i);
    out.set(out.has(key) ? `${key}#${i}` : key, { value: resolved.value, at: isRefObject(raw) ? at : resolved.at, referenced: isRefObject(raw) });
  });
  return out;
}

export function compareSecurity(ctx: DiffContext, b: Node | undefined, h: Node | undefined, object: string): void {
  const old = alternatives(ctx.base, b);
  const now = alternatives(ctx.head, h);
  if (old.size === 0 && now.size > 0) {
    addHead(ctx, h!.at, {
      rule: 'security-added',
      severity: 'breaking',
      object,
      message: 'security now required: clients that connected without credentials are refused',
    });
    return;
  }
  if (old.size > 0 && now.size === 0) {
    addBase(ctx, b!.at, { rule: 'security-removed', severity: 'non-breaking', object, message: 'no security required any more' });
    return;
  }
  for (const [key, o] of old) {
    const n = now.get(key);
    if (!n)
      addBase(ctx, o.at, {
        rule: 'security-alternative-removed',
        severity: 'breaking',
        object,
        message: `security scheme ${quote(key)} removed: clients that authenticate with it are refused`,
      });
    else if (!o.referenced || !n.referenced) compareScheme(ctx, o, n, object, key);
  }
  for (const [key, n] of now) {
    if (!old.has(key))
      addHead(ctx, n.at, {
        rule: 'security-alternative-added',
        severity: 'non-breaking',
        object,
        message: `security scheme ${quote(key)} added as another way to authenticate`,
      });
  }
}

export function compareScheme(ctx: DiffContext, o: Node, n: Node, object: string, name: string): void {
  if (!isPlainObject(o.value) || !isPlainObject(n.value) || sameValue(o.value, n.value)) return;
  const ov = o.value;
  const nv = n.value;
  for (const key of ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl']) {
    if (sameValue(ov[key], nv[key])) continue;
    addHead(ctx, child(n.at, key), {
      rule: 'security-scheme-changed',
      severity: 'breaking',
      object,
      message: `security scheme ${quote(name)}: ${key} ${quote(ov[key] ?? '(none)')} → ${quote(nv[key] ?? '(none)')}: clients configured for the old scheme are refused`,
    });
  }
  const scopes = (v: Record<string, unknown>): string[] => (Array.isArray(v.scopes) ? v.scopes.filter((s): s is string => typeof s === 'string') : []);
  const needed = scopes(nv).filter((s) => !scopes(ov).includes(s));
  const dropped = scopes(ov).filter((s) => !scopes(nv).includes(s));
  if (needed.length > 0)
    addHead(ctx, child(n.at, 'scopes'), {
      rule: 'security-scopes-added',
      severity: 'breaking',
      object,
      message: `security scheme ${quote(name)} now needs scope ${needed.map((s) => quote(s)).join(', ')}: tokens without it are refused`,
    });
  if (dropped.length > 0)
    addHead(ctx, child(n.at, 'scopes'), {
      rule: 'security-scopes-removed',
      severity: 'non-breaking',
      object,
      message: `security scheme ${quote(name)} no longer needs scope ${dropped.map((s) => quote(s)).join(', ')}`,
    });
  if (!sameValue(ov.flows, nv.flows)) {
    addHead(ctx, child(n.at, 'flows'), {
      rule: 'security-flows-changed',
      severity: 'breaking',
      object,
      message: `security scheme ${quote(name)}: its OAuth flows changed (URLs or available scopes): clients configured for the old ones may fail to get tokens`,
    });
  }
  if (!sameValue(ov.description, nv.description))
    addHead(ctx, n.at, {
      rule: 'security-description-changed',
      severity: 'info',
      object,
      message: `security scheme ${quote(name)}: description changed (wording only)`,
    });
}
