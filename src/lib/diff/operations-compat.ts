/**
 * Root operations in two versions: what the application does (its action, on which channel,
 * with which messages, with what reply), and the security and bindings it needs. Operations are
 * read with their traits merged.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { compareBindings } from './bindings-compat.ts';
import { quote, sameValue } from './canonical.ts';
import { classifyContent } from './classify.ts';
import { addBase, addHead, child, entries, field, sameMeaning, type DiffContext, type Node, unionKeys, wordingTexts } from './diff-context.ts';
import { effectiveFields } from './effective-fields.ts';
import { channelIdOf, usedMessages } from './message-usage.ts';
import { headChannel, headMessage, pairRenamed } from './renames.ts';
import { compareSecurity } from './security-compat.ts';

export function compareOperations(ctx: DiffContext, b: Node | undefined, h: Node | undefined): void {
  const old = entries(ctx.base, b);
  const now = entries(ctx.head, h);
  // What an operation does, on which channel (a renamed channel under its new id): one removed and
  // one added doing the same (and no other operation doing it in either version) is a rename.
  const does = (side: 'base' | 'head', _id: string, node: Node): string | undefined => {
    if (!isPlainObject(node.value) || (node.value.action !== 'send' && node.value.action !== 'receive')) return undefined;
    const doc = side === 'base' ? ctx.base : ctx.head;
    const channel = channelIdOf(doc, node.value.channel, child(node.at, 'channel'));
    if (channel === undefined) return undefined;
    return `${node.value.action}\u0000${side === 'base' ? headChannel(ctx, channel) : channel}`;
  };
  const renamed = pairRenamed(old, now, does);
  const renamedFrom = new Map([...renamed].map(([from, to]) => [to, from]));
  for (const id of unionKeys(old, now)) {
    const o = old.get(id);
    const n = now.get(id);
    const object = `operation ${id}`;
    const from = renamedFrom.get(id);
    if (o && !n) {
      if (renamed.has(id)) continue;
      addBase(ctx, o.at, {
        rule: 'operation-removed',
        severity: 'breaking',
        object,
        message: `operation ${quote(id)} removed: the application no longer ${actionWords(o)}`,
      });
    } else if (!o && n && from !== undefined) {
      addHead(ctx, n.at, {
        rule: 'operation-renamed',
        severity: 'non-breaking',
        object,
        message: `operation ${quote(from)} renamed ${quote(id)}: it does the same on the same channel, so clients on the wire are not affected; code generated from the document names it differently`,
      });
      compareOperation(ctx, old.get(from)!, n, object);
    } else if (!o && n) addHead(ctx, n.at, { rule: 'operation-added', severity: 'non-breaking', object, message: `operation ${quote(id)} added` });
    else if (o && n) compareOperation(ctx, o, n, object);
  }
}

function actionWords(node: Node): string {
  const action = isPlainObject(node.value) ? node.value.action : undefined;
  return action === 'send' ? 'sends what it sent' : action === 'receive' ? 'receives what it received' : 'does what it did';
}

const label = (key: string): string => key.replace('\u0000', '/');

function compareOperation(ctx: DiffContext, o: Node, n: Node, object: string): void {
  const of = effectiveFields(ctx.base, o);
  const nf = effectiveFields(ctx.head, n);
  const ov = isPlainObject(o.value) ? o.value : {};
  const nv = isPlainObject(n.value) ? n.value : {};
  const action = nv.action === 'send' || nv.action === 'receive' ? nv.action : undefined;
  if (!sameValue(ov.action, nv.action)) {
    addHead(ctx, child(n.at, 'action'), {
      rule: 'operation-action-changed',
      severity: 'breaking',
      object,
      message: `action ${quote(ov.action)} → ${quote(nv.action)}: the application ${nv.action === 'send' ? 'now sends what it received' : 'now receives what it sent'}; both sides must change`,
    });
  }
  const oldChannel = channelIdOf(ctx.base, ov.channel, child(o.at, 'channel'));
  const newChannel = channelIdOf(ctx.head, nv.channel, child(n.at, 'channel'));
  // A channel renamed is the same channel (reported where it is defined).
  if (headChannel(ctx, oldChannel) !== newChannel) {
    addHead(ctx, child(n.at, 'channel'), {
      rule: 'operation-channel-changed',
      severity: 'breaking',
      object,
      message: `channel ${quote(oldChannel ?? '(unknown)')} → ${quote(newChannel ?? '(unknown)')}: the other side still uses the old channel`,
    });
  }
  compareMessageList(ctx, o, n, oldChannel, newChannel, object, action, 'messages');
  compareReply(ctx, field(ctx.base, o, 'reply'), field(ctx.head, n, 'reply'), object, action);
  compareSecurity(ctx, of.get('security'), nf.get('security'), object);
  compareBindings(ctx, of.get('bindings'), nf.get('bindings'), object, 'operation');
  for (const key of ['title', 'summary', 'description', 'tags', 'externalDocs']) {
    const before = of.get(key);
    const after = nf.get(key);
    if (!sameMeaning(ctx, before, after))
      addHead(ctx, after?.at ?? n.at, {
        rule: 'operation-wording-changed',
        severity: 'info',
        object,
        message: `${key} changed (wording only)`,
        ...wordingTexts(key, before?.value, after?.value),
      });
  }
}

/** The messages an operation (or its reply) lists: one dropped breaks its readers or writers; one added to what is sent widens. */
function compareMessageList(
  ctx: DiffContext,
  o: Node,
  n: Node,
  oldChannel: string | undefined,
  newChannel: string | undefined,
  object: string,
  action: 'send' | 'receive' | undefined,
  where: string,
): void {
  // A changed channel is one change already; the lists of two channels are not compared.
  if (headChannel(ctx, oldChannel) !== newChannel) return;
  // Base's messages by the names head has for them (a channel or message renamed).
  const old = new Set(usedMessages(ctx.base, o, oldChannel).map((key) => headMessage(ctx, key)));
  const now = new Set(usedMessages(ctx.head, n, newChannel));
  for (const key of [...old].sort()) {
    if (now.has(key)) continue;
    addHead(ctx, isPlainObject(n.value) && Object.hasOwn(n.value, 'messages') ? child(n.at, 'messages') : n.at, {
      rule: 'operation-message-removed',
      severity: 'breaking',
      object,
      ...(action ? { direction: action } : {}),
      message: `${where === 'reply' ? 'reply ' : ''}message ${quote(label(key))} no longer ${action === 'send' ? 'sent: receivers that rely on it no longer get it' : 'accepted: senders on the old version still send it'}`,
    });
  }
  for (const key of [...now].sort()) {
    if (old.has(key)) continue;
    const { severity, reason } = classifyContent('widen', action ?? 'unused', `message ${label(key)}`);
    addHead(ctx, isPlainObject(n.value) && Object.hasOwn(n.value, 'messages') ? child(n.at, 'messages') : n.at, {
      rule: 'operation-message-added',
      severity,
      object,
      ...(action ? { direction: action } : {}),
      message: `${where === 'reply' ? 'reply ' : ''}message ${quote(label(key))} added; ${reason}`,
    });
  }
}

function compareReply(ctx: DiffContext, o: Node | undefined, n: Node | undefined, object: string, action: 'send' | 'receive' | undefined): void {
  if (!o && !n) return;
  if (o && !n) {
    addBase(ctx, o.at, {
      rule: 'operation-reply-removed',
      severity: 'breaking',
      object,
      message: 'reply removed: requesters waiting for a reply no longer get one',
    });
    return;
  }
  if (!o && n) {
    addHead(ctx, n.at, { rule: 'operation-reply-added', severity: 'non-breaking', object, message: 'reply added' });
    return;
  }
  const ov = isPlainObject(o!.value) ? o!.value : {};
  const nv = isPlainObject(n!.value) ? n!.value : {};
  const oldAddress = field(ctx.base, o, 'address');
  const newAddress = field(ctx.head, n, 'address');
  if (!sameValue(oldAddress?.value, newAddress?.value)) {
    addHead(ctx, newAddress?.at ?? n!.at, {
      rule: 'operation-reply-address-changed',
      severity: 'breaking',
      object,
      message: 'reply address changed: replies go where the other side does not look',
    });
  }
  const oldChannel = channelIdOf(ctx.base, ov.channel, child(o!.at, 'channel'));
  const newChannel = channelIdOf(ctx.head, nv.channel, child(n!.at, 'channel'));
  if (headChannel(ctx, oldChannel) !== newChannel) {
    addHead(ctx, Object.hasOwn(nv, 'channel') ? child(n!.at, 'channel') : n!.at, {
      rule: 'operation-reply-channel-changed',
      severity: 'breaking',
      object,
      message: `reply channel ${quote(oldChannel ?? '(none)')} → ${quote(newChannel ?? '(none)')}`,
    });
  }
  // The reply goes the other way: the reply to what is sent is received.
  const replyAction = action === 'send' ? 'receive' : action === 'receive' ? 'send' : undefined;
  compareMessageList(ctx, o!, n!, oldChannel, newChannel, object, replyAction, 'reply');
}
