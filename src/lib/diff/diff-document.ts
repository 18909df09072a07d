/**
 * One API in two versions: every object of the document compared (info, servers, channels and
 * their messages, operations, components' security schemes), each change found with its
 * severity and reason. Positions are looked up afterwards (report.ts).
 */
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { quote, sameValue } from './canonical.ts';
import { compareChannels } from './channels-compat.ts';
import { addBase, addHead, child, entries, field, rootNode, sameMeaning, type DiffContext, unionKeys } from './diff-context.ts';
import { messageUsage } from './message-usage.ts';
import { compareOperations } from './operations-compat.ts';
import { compareScheme, schemeUsers } from './security-compat.ts';
import { compareServers } from './servers-compat.ts';
import type { FoundChange } from './types.ts';

export function diffDocument(base: ResolvedDoc, head: ResolvedDoc): FoundChange[] {
  const ctx: DiffContext = { base, head, changes: [] };
  const b = rootNode(base);
  const h = rootNode(head);
  const info = (key: string, doc: ResolvedDoc, node: typeof b): unknown => field(doc, field(doc, node, 'info'), key)?.value;
  if (!sameValue(info('version', base, b), info('version', head, h))) {
    addHead(ctx, child(h.at, 'info', 'version'), {
      rule: 'info-version-changed',
      severity: 'info',
      object: 'info',
      message: `API version ${quote(info('version', base, b) ?? '(none)')} → ${quote(info('version', head, h) ?? '(none)')}`,
    });
  }
  const infoField = (key: string, doc: ResolvedDoc, node: typeof b) => field(doc, field(doc, node, 'info'), key);
  for (const key of ['title', 'description', 'termsOfService', 'contact', 'license', 'tags', 'externalDocs']) {
    // Through $refs: a tag moved into components and referenced is the same tag.
    if (!sameMeaning(ctx, infoField(key, base, b), infoField(key, head, h))) {
      addHead(ctx, field(head, h, 'info')?.at ?? h.at, {
        rule: 'info-changed',
        severity: 'info',
        object: 'info',
        message: `info ${key} changed (wording only)`,
      });
    }
  }
  const version = (node: typeof b): unknown => (node.value as Record<string, unknown> | null)?.apidesc;
  if (!sameValue(version(b), version(h))) {
    addHead(ctx, child(h.at, 'apidesc'), {
      rule: 'format-version-changed',
      severity: 'non-breaking',
      object: 'document',
      message: `format version ${quote(version(b))} → ${quote(version(h))}`,
    });
  }
  const dct = (doc: ResolvedDoc, node: typeof b): unknown => field(doc, node, 'defaultContentType')?.value;
  if (!sameValue(dct(base, b), dct(head, h))) {
    addHead(ctx, child(h.at, 'defaultContentType'), {
      rule: 'default-content-type-changed',
      severity: 'breaking',
      object: 'document',
      message: `defaultContentType ${quote(dct(base, b) ?? '(none)')} → ${quote(dct(head, h) ?? '(none)')}: every message without a content type of its own is encoded differently`,
    });
  }
  compareServers(ctx, field(base, b, 'servers'), field(head, h, 'servers'));
  const usages = { base: messageUsage(base), head: messageUsage(head) };
  compareChannels(ctx, field(base, b, 'channels'), field(head, h, 'channels'), usages);
  compareOperations(ctx, field(base, b, 'operations'), field(head, h, 'operations'));
  // Security schemes are compared where they are defined once, not at every use.
  const schemes = (doc: ResolvedDoc, node: typeof b) => entries(doc, field(doc, field(doc, node, 'components'), 'securitySchemes'));
  const old = schemes(base, b);
  const now = schemes(head, h);
  // A changed scheme breaks the clients of what requires it (in either version); nothing else.
  let users: { base: Map<string, string[]>; head: Map<string, string[]> } | undefined;
  const requiredBy = (id: string) => (): string[] => {
    users ??= { base: schemeUsers(base), head: schemeUsers(head) };
    return [...new Set([...(users.base.get(id) ?? []), ...(users.head.get(id) ?? [])])];
  };
  for (const id of unionKeys(old, now)) {
    const o = old.get(id);
    const n = now.get(id);
    const object = `security scheme ${id}`;
    if (o && n) compareScheme(ctx, o, n, object, id, requiredBy(id));
    else if (o)
      addBase(ctx, o.at, {
        rule: 'security-scheme-removed',
        severity: 'non-breaking',
        object,
        message: `security scheme ${quote(id)} removed from components (where it was used, its removal is reported there)`,
      });
    else if (n)
      addHead(ctx, n.at, { rule: 'security-scheme-added', severity: 'non-breaking', object, message: `security scheme ${quote(id)} added to components` });
  }
  return dedupe(ctx.changes);
}

/** A schema shared by several messages is one change per message; the same finding twice on one object is one. */
function dedupe(changes: FoundChange[]): FoundChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = `${c.object}|${c.rule}|${c.side}|${c.at.file}#${c.at.pointer}|${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
