/** Root servers in two versions: where clients connect, with what protocol and credentials. */
import { compareBindings } from './bindings-compat.ts';
import { quote, sameValue } from './canonical.ts';
import { addBase, addHead, child, compareWording, entries, field, type DiffContext, type Node, unionKeys } from './diff-context.ts';
import { compareSecurity } from './security-compat.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';

export function compareServers(ctx: DiffContext, b: Node | undefined, h: Node | undefined): void {
  const old = entries(ctx.base, b);
  const now = entries(ctx.head, h);
  for (const id of unionKeys(old, now)) {
    const o = old.get(id);
    const n = now.get(id);
    const object = `server ${id}`;
    if (o && !n)
      addBase(ctx, o.at, {
        rule: 'server-removed',
        severity: 'breaking',
        object,
        message: `server ${quote(id)} removed: clients configured to connect to it lose it`,
      });
    else if (!o && n) addHead(ctx, n.at, { rule: 'server-added', severity: 'non-breaking', object, message: `server ${quote(id)} added` });
    // Compared even when written the same: a $ref in it (bindings, variables) may lead to something that changed.
    else if (o && n) compareServer(ctx, o, n, object);
  }
}

function compareServer(ctx: DiffContext, o: Node, n: Node, object: string): void {
  const ov = isPlainObject(o.value) ? o.value : {};
  const nv = isPlainObject(n.value) ? n.value : {};
  for (const key of ['host', 'protocol', 'protocolVersion', 'pathname']) {
    if (sameValue(ov[key], nv[key])) continue;
    const at = Object.hasOwn(nv, key) ? child(n.at, key) : n.at;
    addHead(ctx, at, {
      rule: `server-${key === 'protocolVersion' ? 'protocol-version' : key}-changed`,
      severity: 'breaking',
      object,
      message: `${key} ${quote(ov[key] ?? '(none)')} → ${quote(nv[key] ?? '(none)')}: clients configured for the old ${key === 'protocolVersion' ? 'protocol version' : key} no longer reach the server`,
    });
  }
  const oldVars = entries(ctx.base, field(ctx.base, o, 'variables'));
  const newVars = entries(ctx.head, field(ctx.head, n, 'variables'));
  for (const name of [...new Set([...oldVars.keys(), ...newVars.keys()])].sort()) {
    const ovar = oldVars.get(name);
    const nvar = newVars.get(name);
    if (ovar && !nvar)
      addBase(ctx, ovar.at, {
        rule: 'server-variable-removed',
        severity: 'breaking',
        object,
        message: `variable ${quote(name)} removed: clients that set it build another address`,
      });
    else if (!ovar && nvar)
      addHead(ctx, nvar.at, { rule: 'server-variable-added', severity: 'breaking', object, message: `variable ${quote(name)} added: clients must now set it` });
    else if (ovar && nvar) compareEnumField(ctx, ovar, nvar, object, `variable ${quote(name)}`);
  }
  compareSecurity(ctx, field(ctx.base, o, 'security'), field(ctx.head, n, 'security'), object);
  compareBindings(ctx, field(ctx.base, o, 'bindings'), field(ctx.head, n, 'bindings'), object, 'server');
  compareWording(ctx, o, n, object, 'server-wording-changed');
}

/** Values a server variable or a channel parameter may take: one removed refuses clients that use it. */
export function compareEnumField(ctx: DiffContext, o: Node, n: Node, object: string, what: string): void {
  const ov = isPlainObject(o.value) ? o.value : {};
  const nv = isPlainObject(n.value) ? n.value : {};
  const values = (v: Record<string, unknown>): unknown[] | undefined => (Array.isArray(v.enum) ? v.enum : undefined);
  const was = values(ov);
  const is = values(nv);
  if (was && is) {
    const lost = was.filter((x) => !is.some((y) => sameValue(x, y)));
    const gained = is.filter((x) => !was.some((y) => sameValue(x, y)));
    if (lost.length > 0)
      addHead(ctx, child(n.at, 'enum'), {
        rule: 'value-removed',
        severity: 'breaking',
        object,
        message: `${what}: ${lost.map((v) => quote(v)).join(', ')} no longer allowed: clients that use ${lost.length > 1 ? 'them' : 'it'} are refused`,
      });
    if (gained.length > 0)
      addHead(ctx, child(n.at, 'enum'), {
        rule: 'value-added',
        severity: 'non-breaking',
        object,
        message: `${what}: ${gained.map((v) => quote(v)).join(', ')} now allowed`,
      });
  } else if (!was && is)
    addHead(ctx, child(n.at, 'enum'), {
      rule: 'value-restricted',
      severity: 'breaking',
      object,
      message: `${what}: now limited to ${is.map((v) => quote(v)).join(', ')}`,
    });
  else if (was && !is)
    addBase(ctx, child(o.at, 'enum'), {
      rule: 'value-unrestricted',
      severity: 'non-breaking',
      object,
      message: `${what}: no longer limited to a list of values`,
    });
  if (!sameValue(ov.default, nv.default)) {
    addHead(ctx, Object.hasOwn(nv, 'default') ? child(n.at, 'default') : n.at, {
      rule: 'default-changed',
      severity: 'breaking',
      object,
      message: `${what}: default ${quote(ov.default ?? '(none)')} → ${quote(nv.default ?? '(none)')}: clients that rely on the default get another value`,
    });
  }
  if (!sameValue(ov.location, nv.location))
    addHead(ctx, n.at, {
      rule: 'parameter-location-changed',
      severity: 'breaking',
      object,
      message: `${what}: location ${quote(ov.location ?? '(none)')} → ${quote(nv.location ?? '(none)')}`,
    });
}
