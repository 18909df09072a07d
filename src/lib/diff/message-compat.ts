/**
 * One message in two versions: its content (payload, headers, content type, correlation id)
 * judged by the direction rule (classify.ts) or by the policy it declares (`x-compatibility`),
 * its name and bindings, and its wording. The message is read with its traits merged, as readers
 * of the site see it.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { compareBindings } from './bindings-compat.ts';
import { quote, sameValue } from './canonical.ts';
import { classifyUnder, isPolicy, policyChange, type ContentFinding } from './classify.ts';
import { addBase, addHead, field, rootNode, type DiffContext, type Node, wordingTexts } from './diff-context.ts';
import { effectiveFields } from './effective-fields.ts';
import { compareSchemaField } from './schema-compat.ts';
import type { CompatibilityPolicy, Usage } from './types.ts';

/** The policy a version of the message declares: it replaces the direction rule. */
function policyOf(fields: Map<string, Node>): CompatibilityPolicy | undefined {
  const declared = fields.get('x-compatibility')?.value;
  return isPolicy(declared) ? declared : undefined;
}

export function compareMessage(ctx: DiffContext, b: Node, h: Node, object: string, usage: Usage): void {
  const bm = effectiveFields(ctx.base, b);
  const hm = effectiveFields(ctx.head, h);
  // Content is judged by the stricter of the base's rule and the head's: a change that also
  // weakens the policy is still held to the promise consumers relied on.
  const basePolicy = policyOf(bm);
  const policy = policyOf(hm);
  const baseDirection = basePolicy ?? usage;
  const direction = policy ?? usage;
  const findings: ContentFinding[] = [];
  for (const key of ['headers', 'payload']) {
    compareSchemaField(ctx.base, ctx.head, bm.get(key), hm.get(key), key, findings);
  }
  let stopped = false;
  for (const f of findings) {
    // One comparison stopped at its limits is said once per message (headers and payload alike).
    if (f.judge === 'unfinished' && (stopped || !(stopped = true))) continue;
    const { severity, reason, breaks, direction: by } = classifyUnder(f, baseDirection, direction);
    ctx.changes.push({
      rule: f.rule,
      severity,
      side: f.side,
      at: f.at,
      object,
      direction: by,
      ...(breaks ? { breaks } : {}),
      message: reason ? `${f.what}; ${reason}` : f.what,
    });
  }
  const bp = bm.get('x-compatibility');
  const hp = hm.get('x-compatibility');
  if (!sameValue(bp?.value, hp?.value)) {
    const at = hp?.at ?? bp!.at;
    const USAGE: Record<Usage, string> = {
      send: 'this application sends it',
      receive: 'this application receives it',
      both: 'this application sends and receives it',
      unused: 'no operation uses it',
    };
    const rule = (d: Usage | CompatibilityPolicy): string => (isPolicy(d) ? `the ${d} policy` : `the direction rule (${USAGE[d]})`);
    const moved = policyChange(baseDirection, direction);
    ctx.changes.push({
      rule: 'message-policy-changed',
      severity: moved === 'weakened' ? 'breaking' : 'non-breaking',
      side: hp ? 'head' : 'base',
      at,
      object,
      direction,
      message: `x-compatibility ${quote(bp?.value ?? '(none)')} → ${quote(hp?.value ?? '(none)')}: ${
        moved === 'weakened'
          ? `a weaker promise than ${rule(baseDirection)}, which its readers and writers relied on (this change is judged by the stricter of the two)`
          : moved === 'strengthened'
            ? `a stronger promise than ${rule(baseDirection)}: from now on its content is judged by ${rule(direction)}`
            : `its content is judged by ${rule(direction)}, which promises the same as before`
      }`,
    });
  }
  // The content type readers decode with: the message's own, else the document's default.
  const defaultOf = (doc: DiffContext['base']): unknown => field(doc, rootNode(doc), 'defaultContentType')?.value;
  const baseDefault = defaultOf(ctx.base);
  const headDefault = defaultOf(ctx.head);
  compareValueField(ctx, bm, hm, 'contentType', object, direction, (own, now) => {
    const was = own ?? baseDefault;
    const is = now ?? headDefault;
    if (sameValue(was, is)) return ['info', `content type ${now === undefined ? 'no longer stated: the default' : 'now stated:'} ${quote(is)}, as before`];
    if (was === undefined) return ['non-breaking', `content type ${quote(is)} now stated (before, neither the message nor the document said)`];
    return ['breaking', `content type ${quote(was)} → ${quote(is ?? '(none)')}: readers and writers on the old version encode and decode it differently`];
  });
  const bc = bm.get('correlationId');
  const hc = hm.get('correlationId');
  const location = (n: Node | undefined): unknown => (isPlainObject(n?.value) ? n.value.location : undefined);
  if (bc && !hc)
    addBase(ctx, bc.at, {
      rule: 'message-correlation-id-removed',
      severity: 'breaking',
      object,
      direction,
      message: 'correlation id removed: whoever matched messages by it can no longer',
    });
  else if (!bc && hc)
    addHead(ctx, hc.at, {
      rule: 'message-correlation-id-added',
      severity: 'non-breaking',
      object,
      direction,
      message: `correlation id ${quote(location(hc))} added`,
    });
  else if (bc && hc && !sameValue(location(bc), location(hc))) {
    addHead(ctx, hc.at, {
      rule: 'message-correlation-id-changed',
      severity: 'breaking',
      object,
      direction,
      message: `correlation id moved from ${quote(location(bc))} to ${quote(location(hc))}: the other side looks for it in the old place`,
    });
  }
  compareValueField(ctx, bm, hm, 'name', object, direction, (was, is) => [
    was !== undefined ? 'breaking' : 'non-breaking',
    `machine-friendly name ${quote(was ?? '(none)')} → ${quote(is ?? '(none)')}: code generated from the old version uses the old name`,
  ]);
  for (const key of ['title', 'summary', 'description', 'examples', 'tags', 'externalDocs']) {
    compareValueField(ctx, bm, hm, key, object, direction, () => [
      'info',
      `${key} ${bm.has(key) ? (hm.has(key) ? 'changed' : 'removed') : 'added'} (wording only)`,
    ]);
  }
  compareBindings(ctx, bm.get('bindings'), hm.get('bindings'), object, 'message');
}

type Verdict = (was: unknown, is: unknown) => ['breaking' | 'non-breaking' | 'info', string];

function compareValueField(
  ctx: DiffContext,
  bm: Map<string, Node>,
  hm: Map<string, Node>,
  key: string,
  object: string,
  direction: Usage | CompatibilityPolicy,
  verdict: Verdict,
): void {
  const b = bm.get(key);
  const h = hm.get(key);
  if (!b && !h) return;
  if (b && h && sameValue(b.value, h.value)) return;
  const [severity, message] = verdict(b?.value, h?.value);
  ctx.changes.push({
    rule: `message-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-changed`,
    severity,
    side: h ? 'head' : 'base',
    at: (h ?? b)!.at,
    object,
    direction,
    message,
    ...wordingTexts(key, b?.value, h?.value),
  });
}
