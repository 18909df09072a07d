/**
 * Bindings of a server, channel, operation or message in two versions, per protocol. The sns
 * binding is compared by what it means (sns-compat.ts); other protocols' bindings are compared
 * field by field, down to the field that differs and through `$ref`s (a kafka `key` schema kept
 * in components and changed there is a change of the binding): a binding removed is breaking
 * (clients configured by it lose it), a field changed is reported for review, as its effect
 * depends on the protocol.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { quote } from './canonical.ts';
import { addBase, addHead, entries, type DiffContext, type Node, sameThroughRefs, unionKeys } from './diff-context.ts';
import { compareSnsChannel, compareSnsOperation } from './sns-compat.ts';

export type BindingOwner = 'server' | 'channel' | 'operation' | 'message';

export function compareBindings(ctx: DiffContext, b: Node | undefined, h: Node | undefined, object: string, owner: BindingOwner): void {
  const old = entries(ctx.base, b);
  const now = entries(ctx.head, h);
  for (const protocol of unionKeys(old, now)) {
    const o = old.get(protocol);
    const n = now.get(protocol);
    if (o && !n) {
      addBase(ctx, o.at, {
        rule: 'binding-removed',
        severity: 'breaking',
        object,
        message: `${protocol} binding removed: clients configured by it (${fieldNames(o)}) lose that configuration`,
      });
      continue;
    }
    if (!o && n) {
      addHead(ctx, n.at, { rule: 'binding-added', severity: 'non-breaking', object, message: `${protocol} binding added` });
      continue;
    }
    if (!o || !n || sameThroughRefs(ctx.base, o, ctx.head, n)) continue;
    if (protocol === 'sns' && owner === 'channel') compareSnsChannel(ctx, o, n, object);
    else if (protocol === 'sns' && owner === 'operation') compareSnsOperation(ctx, o, n, object);
    else compareFields(ctx, o, n, object, protocol);
  }
}

function fieldNames(node: Node): string {
  const keys = node.value && typeof node.value === 'object' ? Object.keys(node.value) : [];
  return keys.length > 0 ? keys.slice(0, 6).join(', ') : 'no fields';
}

/** Objects nested deeper than this are compared whole (a binding is a handful of levels deep). */
const MAX_FIELD_DEPTH = 16;

/** The fields of two versions of a binding (or of one of its objects), down to the ones that differ. */
function compareFields(ctx: DiffContext, o: Node, n: Node, object: string, protocol: string, path: string[] = []): void {
  const old = entries(ctx.base, o);
  const now = entries(ctx.head, n);
  for (const key of unionKeys(old, now)) {
    const before = old.get(key);
    const after = now.get(key);
    if (before && after && sameThroughRefs(ctx.base, before, ctx.head, after)) continue;
    const name = [...path, key];
    if (before && after && isPlainObject(before.value) && isPlainObject(after.value) && name.length < MAX_FIELD_DEPTH) {
      compareFields(ctx, before, after, object, protocol, name);
      continue;
    }
    const wording = name.length === 1 && key === 'bindingVersion';
    const message = `${protocol} binding: ${name.join('.')} ${quote(before?.value ?? '(none)')} → ${quote(after?.value ?? '(none)')}${wording ? '' : '; what this means depends on the protocol: review the clients configured by it'}`;
    if (after) addHead(ctx, after.at, { rule: 'binding-changed', severity: wording ? 'info' : 'non-breaking', object, message });
    else addBase(ctx, before!.at, { rule: 'binding-changed', severity: 'non-breaking', object, message });
  }
}
