/**
 * The messages a subscription's filter policy can never pass, proven from the message's own
 * schemas rather than from one example: a field the filter reads that the schema fixes (`const`,
 * `enum`) to values none of which pass, or that the schema never lets the message have (a closed
 * object without it). A receiving operation's page says so beside its own subscription ("the
 * warehouse never gets a cancelled order"). Anything the schema leaves open (a field it does not
 * name in an open object, a field without `const` or `enum`, an array on the way, a schema the
 * views could not take whole) is taken as able to pass: "never" is said only when it is proven.
 *
 * Each value the schema allows is put through the filter matcher itself (filter-match.ts), so
 * this says no more and no less than the tester and the page's other verdicts.
 */
import { setOwn } from '../own-key.ts';
import { NOTHING_ID, otherPropertySchema } from '../schema/merge.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaViews } from '../schema/schema-views.ts';
import { cidrContains } from '../sns/filter-cidr.ts';
import { matchPolicy } from '../sns/filter-match.ts';
import { alternatives, listedPolicy, type PolicyLeaf, type Scope, shown } from '../sns/filter-policy.ts';
import { filterSummary, type NeverReason } from './sns.ts';

/** A message's schemas as the check reads them: the payload for the MessageBody scope, the headers for attributes. */
export interface MessageShape {
  views: SchemaViews;
  headers?: SchemaNode;
  payload?: SchemaNode;
}

/** Headers that are never message attributes: SNS's own HTTP headers and the FIFO publish parameters. */
const NOT_ATTRIBUTES = /^(x-amz-sns-|MessageGroupId$|MessageDeduplicationId$)/i;
/** A policy of more alternatives than this (`$or` multiplies them) is not judged. */
const MAX_ALTERNATIVES = 64;
/** An enum of more values than this is not judged: each value goes through the matcher once per alternative, so work stays in proportion to the document. */
const MAX_VALUES = 256;
/** The values a reason names; more are counted, so the sentence stays one line however long the enum. */
const VALUES_SAID = 4;

/** What the schema guarantees of a field: never there (`missing` names the part that is never there), or only these values (and maybe absent). */
type FieldFacts = { missing: string } | { values: unknown[]; mayBeAbsent: boolean };

/**
 * Why the message can never pass the policy (one reason per alternative of the policy, the first
 * condition that fails it), or undefined when some message of that schema may pass, or when the
 * schema does not say enough to be sure.
 */
export function neverPasses(policy: Record<string, unknown>, scope: Scope, shape: MessageShape): NeverReason[] | undefined {
  const root = scope === 'MessageBody' ? shape.payload : shape.headers;
  if (!root) return undefined;
  const { alternatives: options, truncated } = alternatives(listedPolicy(policy), MAX_ALTERNATIVES);
  if (truncated || options.length === 0) return undefined;
  const reasons: NeverReason[] = [];
  for (const leaves of options) {
    const failing = leaves.map((leaf) => leafNever(leaf, scope, shape.views, root)).find((r) => r !== undefined);
    if (!failing) return undefined;
    if (!reasons.some((r) => r.attribute === failing.attribute && r.condition === failing.condition)) reasons.push(failing);
  }
  return reasons;
}

function leafNever(leaf: PolicyLeaf, scope: Scope, views: SchemaViews, root: SchemaNode): NeverReason | undefined {
  if (scope === 'MessageAttributes' && (leaf.path.length !== 1 || NOT_ATTRIBUTES.test(leaf.path[0]!))) return undefined;
  const facts = fieldFacts(views, root, leaf.path);
  if (!facts) return undefined;
  const name = leaf.path.join('.');
  const key = leaf.path[leaf.path.length - 1]!;
  // The key alone, in the object that would hold it: each value the schema allows, and its absence where allowed.
  const passes = (value: { is: unknown } | undefined): boolean => {
    const holder: Record<string, unknown> = {};
    if (value) setOwn(holder, key, value.is);
    const policy: Record<string, unknown> = {};
    setOwn(policy, key, leaf.conditions);
    // The body's rules for both parts: an absent attribute then passes `exists: false`, as it does on a message that has another attribute.
    return matchPolicy(policy, 'MessageBody', { attributes: {}, body: holder }, { cidr: cidrContains }).matches;
  };
  if ('missing' in facts) {
    if (passes(undefined)) return undefined;
  } else {
    const values = scope === 'MessageAttributes' ? facts.values.map(asAttribute) : facts.values;
    if (values.some((v) => v === undefined)) return undefined;
    if (values.some((v) => passes({ is: v }))) return undefined;
    if (facts.mayBeAbsent && passes(undefined)) return undefined;
  }
  const summary = filterSummary(Object.fromEntries([[name, leaf.conditions]]))[0];
  const noun = scope === 'MessageAttributes' ? 'the attribute ' : '';
  const why =
    'missing' in facts ? `never has ${noun}${facts.missing}` : `has ${noun}${name} ${valuesSaid(facts.values)} only${facts.mayBeAbsent ? ', or none' : ''}`;
  return { attribute: summary?.attribute ?? name, condition: summary?.condition ?? '', why };
}

/** The values a field may hold, the first few by value and the rest counted ("a" or "b" or 10 other values). */
function valuesSaid(values: unknown[]): string {
  const named = values.slice(0, values.length > VALUES_SAID ? VALUES_SAID - 1 : VALUES_SAID).map(shown);
  const rest = values.length - named.length;
  return [...named, ...(rest > 0 ? [`${rest} other values`] : [])].join(' or ');
}

/** A header's value as an sns message attribute (booleans go as strings); undefined for a value no attribute carries. */
function asAttribute(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return undefined;
}

/** Whether the view of a node is whole: a node it could not follow, or cut, proves nothing. */
const whole = (node: SchemaNode): boolean => !node.incomplete && node.unresolved === undefined && node.boolean !== false;

/**
 * What the schema guarantees of the field at `path`: that it is never there, or the values it
 * may hold. Undefined when it guarantees neither (the field may hold anything, or an object on
 * the way may be an array, whose elements the filter reads one by one).
 */
function fieldFacts(views: SchemaViews, root: SchemaNode, path: string[]): FieldFacts | undefined {
  let node = root;
  let mayBeAbsent = false;
  for (const [i, name] of path.entries()) {
    // Only an object (or null) holds the next key for sure: an array, or any type, is not followed.
    if (!whole(node) || !node.types || node.types.length === 0 || node.types.some((t) => t !== 'object' && t !== 'null')) return undefined;
    if (node.types.includes('null')) mayBeAbsent = true;
    const edge = node.properties.find((p) => p.name === name);
    const next = edge ? edge.node : otherPropertySchema(node, name);
    if (next === NOTHING_ID) return { missing: path.slice(0, i + 1).join('.') };
    if (!edge) return undefined;
    if (!edge.required) mayBeAbsent = true;
    node = views.node(next);
  }
  if (!whole(node)) return undefined;
  const values = node.const ? [node.const.value] : node.enum;
  if (!values || values.length === 0 || values.length > MAX_VALUES) return undefined;
  return { values, mayBeAbsent };
}
