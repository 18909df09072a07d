/**
 * sns subscription filter policies (warnings: the format allows them, AWS refuses them or they
 * never match): the policy's own mistakes (src/lib/sns/filter-lint.ts: keys, combinations, bare
 * values, empty lists, numeric ranges, nesting in the attributes scope, unknown operators), and
 * keys the operation's messages never have: in the MessageBody scope against the payload, in the
 * MessageAttributes scope against the headers when the message declares them (sns carries
 * headers as message attributes), and keys no value the schemas list passes, by the matcher.
 * Each finding is placed at the key it concerns.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { entries } from '../../resolve/doc-index.ts';
import { joinPointer } from '../../json-pointer.ts';
import { applyTraits, type TraitSource } from '../../resolve/merge-traits.ts';
import { isPlainObject, type ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { lintPolicy } from '../../sns/filter-lint.ts';
import { matchPolicy } from '../../sns/filter-match.ts';
import { keyRule, listedPolicy, policyKeys, type Scope, shown } from '../../sns/filter-policy.ts';
import { type KeyPresence, schemaDeclares, schemaValuesAt } from '../../sns/schema-keys.ts';
import { effective } from '../effective.ts';
import { fieldAt, problem, type Rule, type RuleContext } from './rule.ts';

export const snsFilterRule: Rule = {
  id: 'sns-filter',
  description: 'SNS filter policies: what AWS refuses (keys, combinations, lists, ranges, nesting) and keys the messages never have (warnings)',
  run(ctx) {
    for (const op of ctx.index.of('Operation')) {
      const merged = effective(ctx.doc, op);
      if (!merged.origin.bindings) continue;
      const bindings = ctx.doc.deref(merged.value.bindings, fieldAt(merged.origin.bindings, 'bindings'));
      if (!bindings || !isPlainObject(bindings.value) || !isPlainObject(bindings.value.sns)) continue;
      const sns = bindings.value.sns;
      let messages: MessageParts[] | undefined;
      for (const [i, consumer] of entries(sns.consumers)) {
        if (!isPlainObject(consumer) || !isPlainObject(consumer.filterPolicy)) continue;
        const policyAt = fieldAt(bindings.at, 'sns', 'consumers', i, 'filterPolicy');
        const scope: Scope = consumer.filterPolicyScope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes';
        for (const f of lintPolicy(consumer.filterPolicy, scope))
          ctx.report(problem(f.code, 'warning', fieldAt(policyAt, ...f.path), f.message, f.hint, f.path.length > 0));
        messages ??= messagesOf(ctx.doc, op.value, op.at);
        for (const key of policyKeys(consumer.filterPolicy)) {
          if (scope === 'MessageAttributes' && key.path.length > 1) continue;
          const part = scope === 'MessageBody' ? 'payload' : 'headers';
          // Only when every message declares the part: a message without headers may carry any attribute.
          if (messages.length === 0 || messages.some((m) => m[part] === undefined)) continue;
          const judged = messages.map((m) => schemaDeclares(ctx.doc, m[part]!.raw, m[part]!.at, key.path));
          if (!judged.every((p: KeyPresence) => p === 'undeclared')) {
            neverMatching(ctx, messages, part, consumer.filterPolicy, key, fieldAt(policyAt, ...key.at));
            continue;
          }
          const name = key.path.join('.');
          ctx.report(
            problem(
              'sns-filter-key-unknown',
              'warning',
              fieldAt(policyAt, ...key.at),
              scope === 'MessageBody'
                ? `no message of this operation has "${name}" in its payload, so this MessageBody filter never matches`
                : `no message of this operation declares the header "${name}", which SNS sends as a message attribute, so this filter never matches`,
              scope === 'MessageBody'
                ? `Check the name against the payload schema${messages.some((m) => m.headers) ? ', or set filterPolicyScope to MessageAttributes if it is a header' : ''}.`
                : 'Check the name against the headers schema, or set filterPolicyScope to MessageBody if it is a property of the payload.',
              true,
            ),
          );
        }
      }
    }
  },
};

/**
 * A key whose conditions no value the schemas allow passes, tried with the matcher (the values
 * listed by `enum` or `const` in every message that has the key): `eventType: [Refund]` where
 * the schema allows OrderPlaced and OrderCancelled never matches.
 */
function neverMatching(
  ctx: RuleContext,
  messages: MessageParts[],
  part: 'headers' | 'payload',
  policy: Record<string, unknown>,
  key: { path: string[]; at: (string | number)[] },
  at: Location,
): void {
  let conditions: unknown = listedPolicy(policy);
  for (const k of key.path) conditions = isPlainObject(conditions) && Object.hasOwn(conditions, k) ? conditions[k] : undefined;
  const rule = keyRule(conditions);
  if (rule.kind !== 'conditions') return;
  const values: unknown[] = [];
  for (const m of messages) {
    const allowed = schemaValuesAt(ctx.doc, m[part]!.raw, m[part]!.at, key.path);
    if (!allowed) return;
    values.push(...allowed);
  }
  const name = key.path[key.path.length - 1]!;
  const probe = { [name]: rule.conditions };
  const passes = values.some((value) => matchPolicy(probe, 'MessageBody', { attributes: {}, body: { [name]: value } }).matches);
  if (passes || values.length === 0) return;
  ctx.report(
    problem(
      'sns-filter-never-matches',
      'warning',
      at,
      `no value the messages allow for "${key.path.join('.')}" passes this filter: the schema allows only ${values.slice(0, 10).map(shown).join(', ')}${values.length > 10 ? ', …' : ''}`,
      'Use the values as the schema writes them (case and spelling count), or widen the schema.',
      true,
    ),
  );
}

interface MessageParts {
  headers?: { raw: unknown; at: Location };
  payload?: { raw: unknown; at: Location };
}

/** The headers and payload of the operation's messages (traits merged), or of every message of its channel when it names none. */
function messagesOf(doc: ResolvedDoc, op: Record<string, unknown>, at: Location): MessageParts[] {
  const sub = (base: Location, ...keys: (string | number)[]): Location => ({ file: base.file, pointer: joinPointer(base.pointer, ...keys) });
  let sites: { raw: unknown; site: Location }[] = [];
  if (Array.isArray(op.messages)) sites = op.messages.map((raw, i) => ({ raw, site: sub(at, 'messages', i) }));
  else {
    const channel = doc.deref(op.channel, sub(at, 'channel'));
    if (channel && isPlainObject(channel.value)) sites = entries(channel.value.messages).map(([id, raw]) => ({ raw, site: sub(channel.at, 'messages', id) }));
  }
  return sites.flatMap(({ raw, site }) => {
    const message = doc.deref(raw, site);
    if (!message || !isPlainObject(message.value)) return [];
    const traits: TraitSource[] = entries(message.value.traits).flatMap(([i, t]) => {
      const trait = doc.deref(t, sub(message.at, 'traits', i));
      return trait && isPlainObject(trait.value) ? [{ value: trait.value, at: trait.at }] : [];
    });
    const m = applyTraits({ value: message.value, at: message.at }, traits);
    const part = (key: 'headers' | 'payload') => (m.value[key] !== undefined ? { raw: m.value[key], at: sub(m.origin[key] ?? message.at, key) } : undefined);
    const headers = part('headers');
    const payload = part('payload');
    return [{ ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) }];
  });
}
