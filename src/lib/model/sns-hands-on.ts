/**
 * The hands-on part of an sns operation's page (issue 24): the filter tester's data (the
 * subscriptions with a filter, and messages to start from: the examples of the operation's
 * messages, headers as message attributes), and the snippets: `aws sns publish` (and the SDK
 * forms) on operations that send, one per distinct filter of the topic's subscriptions, with a
 * message that passes it; `aws sns subscribe` per subscription of the operation. Lists are cut
 * at a fixed length, so that a page does not grow with the document.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { cidrContains } from '../sns/filter-cidr.ts';
import { listedPolicy, type Scope } from '../sns/filter-policy.ts';
import type { Message } from '../sns/filter-match.ts';
import { satisfyPolicy } from '../sns/filter-satisfy.ts';
import { readTesterInput } from '../sns/tester-input.ts';
import { testerResult } from '../sns/tester-result.ts';
import { type AttributeEnums, outsideEnums } from '../sns/tester-enums.ts';
import { type Publication, publishCli, publishJs, publishPython, subscribeCli, type Topic } from '../sns/snippets.ts';
import { jsonText } from '../sns/snippet-quote.ts';
import { PLAIN_STRING } from '../schema/example-value.ts';
import { topicName, topicOfArn } from './sns-topic-name.ts';
import { documentAccount } from './aws-server.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';
import { messageNames } from './generated-examples.ts';
import { admitsChanges, type MessageSchemas } from './own-message-values.ts';
import { type Context, channelServers, entityByUrl, merged, operationsOn, serverProtocol, sub, valueAt } from './page-context.ts';
import { isFifoBinding } from '../sns/fifo-protocols.ts';
import { refusedTopicName } from '../sns/topic-name-rules.ts';
import { type NeverReceived, shortEndpoint, subscriptionVerdictOf, verdictLine } from './sns.ts';
import { neverPasses } from './never-received.ts';
import type {
  PublishVariant,
  Reached,
  Unreachable,
  SnsHandsOn,
  SubscribeSnippet,
  TesterExample,
  TesterSubscription,
  TesterView,
} from './sns-hands-on-types.ts';
import type { Entity } from './types.ts';

export const MAX_TESTED = 20;
export const MAX_PUBLISH_VARIANTS = 10;
export const MAX_SUBSCRIBE = 20;
const MAX_EXAMPLES = 10;
/** AWS takes at most 10 message attributes per message. */
const MAX_ATTRIBUTES = 10;

const ACCOUNT = '<account-id>';
const REGION = '<region>';

/** Protocols AWS offers raw message delivery to. */
const RAW_PROTOCOLS = new Set(['sqs', 'http', 'https', 'firehose']);
/** Headers that are never message attributes: SNS's own HTTP headers, and the FIFO publish parameters. */
const NOT_ATTRIBUTES = /^(x-amz-sns-|MessageGroupId$|MessageDeduplicationId$)/i;

interface OperationInput {
  value: Record<string, unknown>;
  at: Location;
  sns: Record<string, unknown>;
  channel?: Entity;
}

export function snsHandsOn(ctx: Context, op: OperationInput): SnsHandsOn | undefined {
  const channelAt = op.channel ? { file: ctx.doc.root.path, pointer: op.channel.pointer } : undefined;
  const channelValue = channelAt ? ctx.doc.deref(valueAt(ctx, channelAt), channelAt) : undefined;
  const channel = channelValue && isPlainObject(channelValue.value) ? channelValue.value : {};
  const channelSns = channelSnsBinding(ctx, channel, channelValue?.at);
  const topic = topicOf(ctx, op, channel, channelSns);
  const fifo = isFifoBinding(channelSns);
  const examples = examplesOf(ctx, op.value, op.at, channel, channelValue?.at);
  const consumers = subscriptionsOf(op.sns).map((c, i) => ({ c, anchor: consumerAnchor(i) }));

  // Every subscription, those without a filter too (they receive every message); a tester once one has a filter.
  const tested = consumers.slice(0, MAX_TESTED).map(({ c, anchor }) => ({ name: subscriptionName(c), anchor, ...testedPolicy(c, fifo) }));
  const tester = consumers.some(({ c }) => isPlainObject(c.filterPolicy))
    ? testerView(examples, tested, consumers.length - tested.length, attributeEnums(ctx, op.value, op.at, channel, channelValue?.at))
    : undefined;

  const publish = op.value.action === 'send' ? publishVariants(ctx, op, topic, fifo, examples[0]) : { variants: [], total: 0, shown: 0, unreachable: [] };
  // Several messages: the commands for each (its first example), the reader picks the message (SnsSnippets.astro).
  const perMessage = op.value.action === 'send' ? firstOfEachMessage(examples).slice(0, MAX_PUBLISH_MESSAGES) : [];
  const publishMessages =
    perMessage.length > 1
      ? perMessage.map((start) => ({ title: start.messageTitle, publish: publishVariants(ctx, op, topic, fifo, start).variants }))
      : undefined;
  // No command for a subscription AWS refuses on this topic: it would fail (its card says why).
  const creatable = consumers.filter(({ c }) => subscriptionVerdictOf(c, fifo)?.of !== 'subscription');
  const subscribe = creatable.slice(0, MAX_SUBSCRIBE).map(({ c, anchor }) => subscribeSnippet(c, anchor, topic));
  if (!tester && publish.variants.length === 0 && publish.unreachable.length === 0 && subscribe.length === 0) return undefined;
  const variants = [...publish.variants, ...(publishMessages ?? []).flatMap((m) => m.publish)];
  const all = [...variants.flatMap((v) => [v.cli?.code, v.js?.code, v.python?.code]), ...subscribe.map((s) => s.cli.code)].join('\n');
  return {
    ...(tester ? { tester } : {}),
    publish: publish.variants,
    ...(publishMessages ? { publishMessages } : {}),
    unreachable: publish.unreachable.slice(0, MAX_PUBLISH_VARIANTS),
    publishMore: publish.total - publish.shown,
    subscribe,
    subscribeMore: creatable.length - subscribe.length,
    ...(publish.variants.length > 0 ? { receive: receiveSnippet(topic) } : {}),
    ...(topic.contentBasedDeduplication && publish.variants.length > 0 ? { deduplicatesByContent: true as const } : {}),
    // Every <name> a reader fills in: the account, the region, and values the document gives none for.
    placeholders: [...new Set(all.match(/<[A-Za-z][\w.-]*>/g) ?? [])],
  };
}

/**
 * For each subscription of `indexes` (a receiving operation's own, by their place in the binding's
 * list) that AWS takes as written, the operation's messages its filter can never pass, as their
 * schemas prove, with the conditions that exclude them.
 */
export function neverReceivedBy(ctx: Context, op: OperationInput, indexes: readonly number[]): Map<number, NeverReceived[]> {
  const found = new Map<number, NeverReceived[]>();
  const subscriptions = subscriptionsOf(op.sns);
  const channelAt = op.channel ? { file: ctx.doc.root.path, pointer: op.channel.pointer } : undefined;
  const channelValue = channelAt ? ctx.doc.deref(valueAt(ctx, channelAt), channelAt) : undefined;
  const channel = channelValue && isPlainObject(channelValue.value) ? channelValue.value : {};
  const fifo = isFifoBinding(channelSnsBinding(ctx, channel, channelValue?.at));
  const messages = messageSites(op.value, op.at, channel, channelValue?.at).flatMap(({ raw, site }) => {
    const target = ctx.doc.deref(raw, site);
    if (!target || !isPlainObject(target.value)) return [];
    const m = merged(ctx, target.value, target.at);
    const title = typeof m.value.title === 'string' ? m.value.title : typeof m.value.name === 'string' ? m.value.name : String(site.pointer.split('/').pop());
    // The page the operation's own message list links to.
    const url = (ctx.locator.link(raw, site) ?? ctx.locator.at(site))?.url;
    return [{ title, ...(url ? { url } : {}), shape: messageSchemas(ctx, m.value, m.origin, target.at) }];
  });
  for (const i of indexes) {
    const c = subscriptions[i];
    // No filter takes every message; a refused policy, or one that never matches, is said in its card already.
    if (!c || !isPlainObject(c.filterPolicy) || subscriptionVerdictOf(c, fifo)) continue;
    const policy = c.filterPolicy;
    const never = messages.flatMap(({ title, url, shape }) => {
      const reasons = neverPasses(policy, scopeOf(c), shape);
      return reasons ? [{ message: title, ...(url ? { url } : {}), reasons }] : [];
    });
    if (never.length > 0) found.set(i, never);
  }
  return found;
}

/**
 * The tester of a whole topic (the guide component SnsTopic): every filtered subscription of
 * every operation on the channel, linked to its operation's page, and the channel's messages'
 * examples to start from.
 */
export function topicTester(ctx: Context, channel: Entity): TesterView | undefined {
  const at = { file: ctx.doc.root.path, pointer: channel.pointer };
  const value = ctx.doc.deref(valueAt(ctx, at), at);
  if (!value || !isPlainObject(value.value)) return undefined;
  const fifo = isFifoBinding(channelSnsBinding(ctx, value.value, value.at));
  const subscriptions = operationsOn(ctx, channel).flatMap((o) =>
    subscriptionsOf(o.sns).map((c, i) => ({
      filtered: isPlainObject(c.filterPolicy),
      name: subscriptionName(c),
      url: o.entity.url,
      anchor: consumerAnchor(i),
      ...testedPolicy(c, fifo),
    })),
  );
  if (!subscriptions.some((s) => s.filtered)) return undefined;
  const examples = examplesOf(ctx, {}, at, value.value, value.at);
  const tested = subscriptions.slice(0, MAX_TESTED).map(({ filtered, ...s }) => s);
  return testerView(examples, tested, Math.max(0, subscriptions.length - MAX_TESTED), attributeEnums(ctx, {}, at, value.value, value.at));
}

/**
 * The tester's data, with each subscription's result for the message the form starts from (the
 * first example, or an empty message), matched here as the page's script would match it
 * (tester-result.ts, with the IP library for `cidr`): the page shows those results before any
 * script runs, and loads the script only on the reader's first use of the form.
 */
function testerView(starts: StartMessage[], subscriptions: Omit<TesterSubscription, 'initial'>[], more: number, enums: AttributeEnums): TesterView {
  const examples = starts.slice(0, MAX_EXAMPLES).map(testerExample);
  if (examples.length === 0) examples.push({ label: 'An empty message', attributes: '{}', body: '{}' });
  const first = examples[0]!;
  const input = readTesterInput(first.attributes, first.body);
  const outside = 'message' in input ? outsideEnums(input.message.attributes, enums) : [];
  return {
    examples,
    subscriptions: subscriptions.map((s) => ({ ...s, initial: testerResult(input, s.policy, s.scope, cidrContains, s.invalid, s.refused) })),
    more,
    ...(Object.keys(enums).length > 0 ? { enums } : {}),
    ...(outside.length > 0 ? { outside } : {}),
  };
}

/** The subscriptions of a binding, as the operation's page numbers their cards (objects only, components/SnsOperation.astro). */
function subscriptionsOf(sns: Record<string, unknown> | undefined): Record<string, unknown>[] {
  return entries(sns?.consumers).flatMap(([, c]) => (isPlainObject(c) ? [c] : []));
}

const consumerAnchor = (i: number): string => `sns-consumer-${i + 1}`;

/** Whether the channel is an sns topic by its own binding (an operation that sends on it publishes to the topic, with or without a binding of its own). */
export function isSnsTopicChannel(ctx: Context, channel: Entity | undefined): boolean {
  if (channel?.kind !== 'channel') return false;
  const at = { file: ctx.doc.root.path, pointer: channel.pointer };
  const value = ctx.doc.deref(valueAt(ctx, at), at);
  return value !== undefined && isPlainObject(value.value) && Object.keys(channelSnsBinding(ctx, value.value, value.at)).length > 0;
}

/**
 * Whether every server the channel lists speaks sns: an operation that sends there publishes to
 * an sns topic though neither it nor its channel carries an sns binding (a request whose reply
 * comes back elsewhere is one). A channel that lists no server is not taken as one.
 */
export function isOnSnsServers(ctx: Context, channel: Entity | undefined): boolean {
  if (channel?.kind !== 'channel') return false;
  const at = { file: ctx.doc.root.path, pointer: channel.pointer };
  const value = ctx.doc.deref(valueAt(ctx, at), at);
  if (!value || !isPlainObject(value.value) || !Array.isArray(value.value.servers) || value.value.servers.length === 0) return false;
  const servers = channelServers(ctx, channel);
  return servers.length > 0 && servers.every((link) => serverProtocol(ctx, link)?.toLowerCase() === 'sns');
}

export function channelSnsBinding(ctx: Context, channel: Record<string, unknown>, at: Location | undefined): Record<string, unknown> {
  if (!at) return {};
  const bindings = ctx.doc.deref(channel.bindings, sub(at, 'bindings'));
  return bindings && isPlainObject(bindings.value) && isPlainObject(bindings.value.sns) ? bindings.value.sns : {};
}

/**
 * The topic's ARN as far as the document gives it: the name AWS sees (sns-topic-name.ts), in the
 * binding's `topic.arn` when that names the same topic, else built from the name and the sns
 * server's region. Whether the topic is FIFO and deduplicates by content: the channel binding's ordering.
 */
function topicOf(ctx: Context, op: OperationInput, channel: Record<string, unknown>, channelSns: Record<string, unknown>): Topic {
  const identifier = isPlainObject(op.sns.topic) ? op.sns.topic : {};
  const ordering = isPlainObject(channelSns.ordering) ? channelSns.ordering : {};
  const name = topicName(channelSns, op.sns.topic, channel.address).name ?? addressAsTopic(channel.address) ?? op.channel?.id ?? TOPIC_PLACEHOLDER;
  const written = typeof identifier.arn === 'string' ? identifier.arn : undefined;
  // An ARN of another topic than the one AWS sees keeps its region and account, not its name.
  const arn = written && topicOfArn(written) !== name ? written.replace(/:[^:]*$/, `:${name}`) : written;
  const region = arn?.split(':')[3] || regionOf(ctx, op.channel);
  const fifo = ordering.type === 'FIFO' || (arn ?? name).endsWith('.fifo');
  return {
    // The account the document's ARNs name (as the server's page says it), else the reader's.
    arn: arn ?? `arn:aws:sns:${region ?? REGION}:${documentAccount(ctx.doc.root.value) ?? ACCOUNT}:${name}`,
    ...(region ? { region } : {}),
    fifo,
    contentBasedDeduplication: fifo && ordering.contentBasedDeduplication === true,
  };
}

/** The topic's name for the reader to fill in, where the document gives none that AWS would take. */
const TOPIC_PLACEHOLDER = '<topic-name>';

/**
 * The channel's address as the topic's name, where no binding names the topic: as written, or the
 * placeholder where AWS would refuse it as a name (`inventory.stock-check`), so that no command
 * targets a topic that cannot exist. A templated address stays as written: its parameters are the
 * reader's to fill in.
 */
function addressAsTopic(address: unknown): string | undefined {
  if (typeof address !== 'string') return undefined;
  return address.includes('{') || refusedTopicName(address) === undefined ? address : TOPIC_PLACEHOLDER;
}

/** The region of the channel's sns server: `sns.<region>.amazonaws.com`, a `{region}` variable read as its default. */
function regionOf(ctx: Context, channel: Entity | undefined): string | undefined {
  if (!channel) return undefined;
  for (const link of channelServers(ctx, channel)) {
    const entity = entityByUrl(ctx, link.url);
    const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
    const resolved = at && ctx.doc.deref(valueAt(ctx, at), at);
    const server = resolved?.value;
    if (!resolved || !isPlainObject(server) || server.protocol !== 'sns' || typeof server.host !== 'string') continue;
    const host = server.host.replace(/\{([^}]+)\}/g, (whole, variable: string) => {
      const raw = isPlainObject(server.variables) && Object.hasOwn(server.variables, variable) ? server.variables[variable] : undefined;
      const v = raw === undefined ? undefined : ctx.doc.deref(raw, sub(resolved.at, 'variables', variable))?.value;
      return isPlainObject(v) && typeof v.default === 'string' ? v.default : whole;
    });
    const match = /^sns\.([a-z0-9-]+)\.amazonaws\.com(\.cn)?$/.exec(host);
    if (match) return match[1];
  }
  return undefined;
}

interface StartMessage {
  label: string;
  /** The message's title (its tab over the publish commands) and where it is (one start per message is picked by it). */
  messageTitle: string;
  messageAt: string;
  message: Message;
  headers: Record<string, unknown>;
  /** Headers the schema declares as arrays: sent as String.Array attributes. */
  arrays: Set<string>;
  /** The example's name ("twoItems"), and the file its payload is offered as (`order-placed.json`, after the message's name). */
  exampleTitle: string;
  fileName: string;
  /** Made from the schemas (the document gives no example): its plain strings stand for nothing a command should send. */
  generated: boolean;
  /** Headers of a generated example whose value was guessed from their name: no value a command should send either. */
  guessed?: Set<string>;
  /** The message's own headers and payload: a value set to reach a filter is one they allow. */
  schemas: MessageSchemas;
}

/** The examples of the operation's messages (or of its channel's), else one generated from each message's schemas. */
function examplesOf(
  ctx: Context,
  op: Record<string, unknown>,
  at: Location,
  channel: Record<string, unknown>,
  channelAt: Location | undefined,
): StartMessage[] {
  const out: StartMessage[] = [];
  for (const { raw, site } of messageSites(op, at, channel, channelAt)) {
    const target = ctx.doc.deref(raw, site);
    if (!target || !isPlainObject(target.value)) continue;
    const m = merged(ctx, target.value, target.at);
    const name = typeof m.value.name === 'string' ? m.value.name : typeof m.value.title === 'string' ? m.value.title : site.pointer.split('/').pop()!;
    const arrays = arrayHeaders(ctx, m.value.headers, sub(m.origin.headers ?? target.at, 'headers'));
    const given = Array.isArray(m.value.examples) ? m.value.examples.filter(isPlainObject) : [];
    const schemas = messageSchemas(ctx, m.value, m.origin, target.at);
    const generated = given.length === 0;
    const list = generated
      ? ctx.generatedExamples(m.value, m.origin, target.at).examples
      : given.map((ex, i) => ({ title: typeof ex.name === 'string' ? ex.name : `example ${i + 1}`, value: ex }));
    for (const ex of list) {
      if (out.length >= MAX_EXAMPLES) return out;
      const value = isPlainObject(ex.value) ? ex.value : {};
      const headers = isPlainObject(value.headers) ? value.headers : {};
      // The picker reads as the page does: the message's title, then the example's summary (else its name), not their keys.
      const messageTitle = typeof m.value.title === 'string' ? m.value.title : name;
      const written: Record<string, unknown> = value;
      const summary =
        !generated && typeof written.summary === 'string' && written.summary.trim() !== '' ? written.summary.trim().replace(/\.$/, '') : undefined;
      out.push({
        label: `${messageTitle}: ${summary ?? ex.title}`,
        exampleTitle: ex.title,
        fileName: `${fileStem(name)}.json`,
        messageTitle,
        messageAt: `${target.at.file}#${target.at.pointer}`,
        headers,
        arrays,
        message: { attributes: attributesOf(headers), body: value.payload === undefined ? {} : value.payload },
        generated,
        schemas,
        ...('guessedHeaders' in ex && ex.guessedHeaders ? { guessed: new Set(ex.guessedHeaders) } : {}),
      });
    }
  }
  return out;
}

/** A file name of a message's name: `OrderPlaced` → `order-placed`, nothing but lower-case letters, digits and dashes. */
function fileStem(name: string): string {
  const stem = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || 'message';
}

/** The message's headers and payload as schema nodes, and the names it goes by. */
function messageSchemas(ctx: Context, message: Record<string, unknown>, origin: Record<string, Location>, at: Location): MessageSchemas {
  const views = schemaViewsOf(ctx.doc);
  const part = (name: 'headers' | 'payload') => (message[name] === undefined ? undefined : views.view(message[name], sub(origin[name] ?? at, name)).root);
  const headers = part('headers');
  const payload = part('payload');
  return { views, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}), names: messageNames(message, at) };
}

/** The operation's messages, or its channel's when it names none. */
function messageSites(
  op: Record<string, unknown>,
  at: Location,
  channel: Record<string, unknown>,
  channelAt: Location | undefined,
): { raw: unknown; site: Location }[] {
  return Array.isArray(op.messages)
    ? op.messages.map((raw, i) => ({ raw, site: sub(at, 'messages', i) }))
    : channelAt
      ? entries(channel.messages).map(([id, raw]) => ({ raw, site: sub(channelAt, 'messages', id) }))
      : [];
}

/**
 * The values the messages' headers allow, by header, for the headers every message that has them
 * restricts to an enum of strings: a value any of the messages allows is allowed (the tester does
 * not know which message a reader means). A message that declares the header without an enum
 * allows anything.
 */
function attributeEnums(
  ctx: Context,
  op: Record<string, unknown>,
  at: Location,
  channel: Record<string, unknown>,
  channelAt: Location | undefined,
): AttributeEnums {
  const allowed = new Map<string, Set<string> | 'any'>();
  for (const { raw, site } of messageSites(op, at, channel, channelAt)) {
    const target = ctx.doc.deref(raw, site);
    if (!target || !isPlainObject(target.value)) continue;
    const m = merged(ctx, target.value, target.at);
    for (const [name, property] of headerProperties(ctx, m.value.headers, sub(m.origin.headers ?? target.at, 'headers'))) {
      const values = Array.isArray(property.enum) && property.enum.every((v) => typeof v === 'string') ? (property.enum as string[]) : undefined;
      const seen = allowed.get(name);
      if (!values || seen === 'any') allowed.set(name, 'any');
      else allowed.set(name, new Set([...(seen ?? []), ...values]));
    }
  }
  const enums: AttributeEnums = {};
  for (const [name, values] of allowed)
    if (values !== 'any') Object.defineProperty(enums, name, { value: [...values], enumerable: true, writable: true, configurable: true });
  return enums;
}

/** The properties of a JSON Schema headers object, each resolved (a Multi Format Schema Object's inner schema read). */
function headerProperties(ctx: Context, raw: unknown, at: Location): [string, Record<string, unknown>][] {
  const schema = raw === undefined ? undefined : ctx.doc.deref(raw, at);
  const value =
    schema && isPlainObject(schema.value) && isPlainObject(schema.value.schema) ? ctx.doc.deref(schema.value.schema, sub(schema.at, 'schema')) : schema;
  if (!value || !isPlainObject(value.value) || !isPlainObject(value.value.properties)) return [];
  return Object.entries(value.value.properties).flatMap(([name, property]) => {
    const p = ctx.doc.deref(property, sub(value.at, 'properties', name))?.value;
    return isPlainObject(p) ? [[name, p] as [string, Record<string, unknown>]] : [];
  });
}

/** Names of the headers whose schema is an array (a JSON Schema headers object's properties). */
function arrayHeaders(ctx: Context, raw: unknown, at: Location): Set<string> {
  const names = new Set<string>();
  const schema = raw === undefined ? undefined : ctx.doc.deref(raw, at);
  const value =
    schema && isPlainObject(schema.value) && isPlainObject(schema.value.schema) ? ctx.doc.deref(schema.value.schema, sub(schema.at, 'schema')) : schema;
  if (!value || !isPlainObject(value.value) || !isPlainObject(value.value.properties)) return names;
  for (const [name, property] of Object.entries(value.value.properties)) {
    const p = ctx.doc.deref(property, sub(value.at, 'properties', name))?.value;
    if (isPlainObject(p) && p.type === 'array') names.add(name);
  }
  return names;
}

/** Headers as sns message attributes: strings, numbers and lists of strings (booleans as strings); others are left out. */
function attributesOf(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_ATTRIBUTES.test(name) || Object.keys(out).length >= MAX_ATTRIBUTES) continue;
    const attribute =
      typeof value === 'string' || typeof value === 'number'
        ? value
        : typeof value === 'boolean'
          ? String(value)
          : Array.isArray(value) && value.every((v) => typeof v === 'string')
            ? value
            : undefined;
    if (attribute !== undefined) Object.defineProperty(out, name, { value: attribute, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function testerExample(start: StartMessage): TesterExample {
  return { label: start.label, attributes: JSON.stringify(start.message.attributes, null, 2), body: JSON.stringify(start.message.body, null, 2) };
}

/**
 * What the tester tests a subscription with: its scope and policy (JSON text), or no policy when
 * it has no filter; why AWS refuses the subscription (on a FIFO topic) or its policy, if it does.
 */
function testedPolicy(c: Record<string, unknown>, fifo: boolean): { scope: Scope; policy?: string; invalid?: string; refused?: string } {
  const verdict = subscriptionVerdictOf(c, fifo);
  const why = verdict?.effect === 'refused' ? verdict.reasons.join('; ') : undefined;
  return {
    scope: scopeOf(c),
    ...(isPlainObject(c.filterPolicy) ? { policy: JSON.stringify(c.filterPolicy) } : {}),
    ...(why !== undefined ? (verdict?.of === 'subscription' ? { refused: why } : { invalid: why }) : {}),
  };
}

function scopeOf(c: Record<string, unknown>): Scope {
  return c.filterPolicyScope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes';
}

function subscriptionName(c: Record<string, unknown>): string {
  const endpoint = subscriptionEndpoint(c);
  // An ARN by its resource name, as a name endpoint is written: every subscription in one list named alike.
  return [String(c.protocol ?? 'subscription'), endpoint && shortEndpoint(endpoint)].filter(Boolean).join(' ');
}

/** The endpoint as the document writes it (a whole ARN, a URL), where the name shortens it. */
function subscriptionEndpoint(c: Record<string, unknown>): string | undefined {
  if (!isPlainObject(c.endpoint)) return undefined;
  const identifier = c.endpoint;
  const value = ['url', 'email', 'phone', 'arn', 'name'].map((k) => identifier[k]).find((v) => typeof v === 'string');
  return typeof value === 'string' ? value : undefined;
}

/** A subscription's name, and its whole endpoint where the name shortens it (an ARN by its resource name). */
function namedSubscription(c: Record<string, unknown>): { name: string; endpoint?: string } {
  const name = subscriptionName(c);
  const endpoint = subscriptionEndpoint(c);
  return { name, ...(endpoint && !name.endsWith(` ${endpoint}`) ? { endpoint } : {}) };
}

/** Messages whose publish commands a reader picks between, at most: each a tab (site.css styles six). */
const MAX_PUBLISH_MESSAGES = 6;

/** The first example of each message, in the order of the messages. */
function firstOfEachMessage(examples: StartMessage[]): StartMessage[] {
  const seen = new Set<string>();
  return examples.filter((start) => !seen.has(start.messageAt) && seen.add(start.messageAt));
}

/** One publish snippet per distinct filter among the topic's subscriptions (those of every operation on the channel). */
function publishVariants(
  ctx: Context,
  op: OperationInput,
  topic: Topic,
  fifo: boolean,
  start: StartMessage | undefined,
): { variants: PublishVariant[]; total: number; shown: number; unreachable: Unreachable[] } {
  const base: Message = start?.message ?? { attributes: {}, body: {} };
  // The topic's subscriptions: those of every operation on the channel (this one's among them).
  const all = op.channel ? operationsOn(ctx, op.channel).flatMap((o) => subscriptionsOf(o.sns)) : subscriptionsOf(op.sns);
  // A subscription AWS refuses, or whose filter policy it refuses or never matches, no message reaches: said apart, with why.
  // One of this operation's own subscriptions has its card on the page, which says why in full: named and linked there, not said again.
  const own = subscriptionsOf(op.sns);
  const unreachable = all.flatMap((c) => {
    const verdict = subscriptionVerdictOf(c, fifo);
    const card = own.indexOf(c);
    return verdict
      ? [
          {
            ...namedSubscription(c),
            line: verdictLine(verdict),
            refused: verdict.effect === 'refused',
            ...(card >= 0 ? { why: `${consumerAnchor(card)}-verdict` } : {}),
          },
        ]
      : [];
  });
  const subscriptions = all.filter((c) => !subscriptionVerdictOf(c, fifo));
  const groups = new Map<string, { scope: Scope; policy?: Record<string, unknown>; names: { name: string; endpoint?: string }[]; bare: boolean }>();
  for (const c of subscriptions) {
    const policy = isPlainObject(c.filterPolicy) ? c.filterPolicy : undefined;
    const listed = policy && listedPolicy(policy);
    const key = listed ? `${scopeOf(c)} ${JSON.stringify(listed)}` : '';
    const group = groups.get(key) ?? { scope: scopeOf(c), ...(listed ? { policy: listed } : {}), names: [], bare: false };
    group.names.push(namedSubscription(c));
    group.bare ||= !!policy && JSON.stringify(policy) !== JSON.stringify(listed);
    groups.set(key, group);
  }
  if (groups.size === 0 && unreachable.length === 0) groups.set('', { scope: 'MessageAttributes', names: [], bare: false });
  // Unfiltered subscriptions first: every message reaches them.
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : 0)).map(([, g]) => g);
  // Only the snippets shown are made.
  const made = ordered.slice(0, MAX_PUBLISH_VARIANTS).map((g): Omit<PublishVariant, 'title'> => {
    const filter = g.policy ? { filter: { scope: g.scope, policy: JSON.stringify(g.policy) } } : {};
    const reaches = g.names.map((named) => ({ ...named, ...filter }));
    // A value that reaches the filter only where the message's own schemas allow it: a cancelled
    // order is not given an order's total, nor the event type of a placed order, to reach a filter.
    const admits = (made: Message): boolean => !start || admitsChanges(start.schemas, g.scope, base, made);
    const message = g.policy ? satisfyPolicy(g.policy, g.scope, base, cidrContains, admits) : base;
    const notes: string[] = [];
    if (g.bare)
      notes.push(
        'The filter writes a value outside a list, which AWS refuses or reads as a nested key; this message passes it as meant, once the value is in a list.',
      );
    if (!message && start && satisfyPolicy(g.policy!, g.scope, base, cidrContains))
      return { reaches, notes: [...notes, `No ${start.messageTitle} message passes this filter: passing it takes a value its schema does not allow.`] };
    if (!message) return { reaches, notes: [...notes, 'No message passes this filter: see the findings on the subscription.'] };
    // The example's own payload, as the page's Examples show it: the commands read it from a file the page offers rather than write it again.
    const bodyFile =
      start && ownPayload(message, base)
        ? {
            name: start.fileName,
            text: `${jsonText(message.body)}\n`,
            example: start.generated ? 'generated example' : `example ${start.exampleTitle}`,
            message: start.messageTitle,
          }
        : undefined;
    const publication = publicationOf(message, start?.headers ?? {}, start?.arrays ?? new Set(), topic, start?.generated ?? false, bodyFile?.name);
    const guessed = guessedAttributes(start, message);
    if (guessed.length > 0)
      notes.push(
        `${guessed.length === 1 ? `The value of ${guessed[0]} is` : `The values of ${guessed.join(' and ')} are`} made up, as in the generated example: send your own.`,
      );
    return {
      reaches,
      notes,
      ...(bodyFile ? { bodyFile } : {}),
      cli: { code: publishCli(topic, publication), lang: 'shell' },
      js: { code: publishJs(topic, publication), lang: 'javascript' },
      python: { code: publishPython(topic, publication), lang: 'python' },
    };
  });
  const variants = mergeSameMessage(made).map((v): PublishVariant => ({ title: publishTitle(v.reaches, subscriptions.length), ...v }));
  return { variants, total: ordered.length, shown: made.length, unreachable };
}

/** Whether the body sent is the example's payload unchanged, and long enough (several lines) to be worth a file of its own. */
function ownPayload(message: Message, base: Message): boolean {
  return (
    typeof message.body !== 'string' &&
    message.body !== undefined &&
    JSON.stringify(message.body) === JSON.stringify(base.body) &&
    jsonText(message.body).includes('\n')
  );
}

/** The attributes sent with a value the generated example guessed from the header's name (a queue URL for `replyTo`): the example's value, which the reader replaces. */
function guessedAttributes(start: StartMessage | undefined, message: Message): string[] {
  if (!start?.generated || !start.guessed) return [];
  return Object.keys(message.attributes).filter(
    (name) => start.guessed!.has(name) && message.attributes[name] === start.headers[name] && start.headers[name] !== PLAIN_STRING,
  );
}

/**
 * One snippet for the subscriptions that the same message reaches (the example often passes
 * every filter already): the commands would be byte for byte the same. In the order found.
 */
function mergeSameMessage(variants: Omit<PublishVariant, 'title'>[]): Omit<PublishVariant, 'title'>[] {
  const merged: Omit<PublishVariant, 'title'>[] = [];
  for (const v of variants) {
    const same = v.cli && merged.find((m) => m.cli?.code === v.cli!.code);
    if (!same) {
      merged.push({ ...v, reaches: [...v.reaches], notes: [...v.notes] });
      continue;
    }
    same.reaches.push(...v.reaches);
    for (const note of v.notes) if (!same.notes.includes(note)) same.notes.push(note);
  }
  return merged;
}

/** "To reach every subscription", "To reach sqs a and sqs b", "To reach sqs a, sqs b, sqs c and 2 more"; "Publish" without subscriptions. */
function publishTitle(reaches: Reached[], subscriptions: number): string {
  if (reaches.length === 0) return 'Publish';
  if (reaches.length === subscriptions && subscriptions > 1) return 'To reach every subscription';
  const names = reaches.map((r) => r.name);
  const shown = names.length <= 3 ? names : [...names.slice(0, 3), `${names.length - 3} more`];
  return `To reach ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`}`;
}

/**
 * What a command sends. A value a generated example made from nothing but a `string` type (the
 * placeholder `"string"`) is no value to send: a visible `<name>` placeholder takes its place, as
 * for the account and region. A value guessed from the header's name (a queue URL for `replyTo`)
 * is sent as the page's example shows it, and said to be made up (publishVariants): one answer to
 * "what goes here" on the page. Values a filter needs were set by satisfyPolicy and stay.
 */
function publicationOf(
  message: Message,
  headers: Record<string, unknown>,
  arrays: Set<string>,
  topic: Topic,
  generated: boolean,
  bodyFile: string | undefined,
): Publication {
  const madeFor = (value: unknown): boolean => generated && value === PLAIN_STRING;
  const header = (name: string, fallback: string): string =>
    typeof headers[name] === 'string' && !madeFor(headers[name]) ? (headers[name] as string) : fallback;
  return {
    // A long body indented, so that the commands show it as JSON on several lines rather than one line cut at the box's edge.
    body: typeof message.body === 'string' ? message.body : jsonText(message.body),
    ...(bodyFile !== undefined ? { bodyFile } : {}),
    // A header the schema declares as an array goes as a String.Array, even when the value made for a filter is one string.
    attributes: Object.entries(message.attributes)
      .slice(0, MAX_ATTRIBUTES)
      .map(([name, value]): [string, unknown] => [name, madeFor(value) ? `<${name}>` : value])
      .map(([name, value]): [string, unknown] => [name, arrays.has(name) && typeof value === 'string' ? [value] : value]),
    ...(topic.fifo ? { groupId: header('MessageGroupId', '<message-group-id>') } : {}),
    // With content-based deduplication AWS makes the deduplication id from the body: the commands leave it out.
    ...(topic.fifo && !topic.contentBasedDeduplication ? { deduplicationId: header('MessageDeduplicationId', '<deduplication-id>') } : {}),
  };
}

function subscribeSnippet(c: Record<string, unknown>, anchor: string, topic: Topic): SubscribeSnippet {
  const protocol = String(c.protocol ?? '');
  const notes: string[] = [];
  const attributes: [string, string][] = [];
  if (isPlainObject(c.filterPolicy)) {
    const listed = listedPolicy(c.filterPolicy);
    attributes.push(['FilterPolicy', JSON.stringify(listed)]);
    if (JSON.stringify(listed) !== JSON.stringify(c.filterPolicy))
      notes.push('The document writes a filter value outside a list; it is in a list here, as AWS requires.');
  }
  if (typeof c.filterPolicyScope === 'string') attributes.push(['FilterPolicyScope', c.filterPolicyScope]);
  if (typeof c.rawMessageDelivery === 'boolean') {
    if (RAW_PROTOCOLS.has(protocol)) attributes.push(['RawMessageDelivery', String(c.rawMessageDelivery)]);
    else if (c.rawMessageDelivery) notes.push(`AWS offers raw message delivery to SQS, HTTP(S) and Firehose subscriptions only, not to ${protocol}.`);
  }
  const redrive = isPlainObject(c.redrivePolicy) ? c.redrivePolicy : undefined;
  const deadLetter = redrive ? endpointOf('sqs', redrive.deadLetterQueue, topic) : undefined;
  if (deadLetter) attributes.push(['RedrivePolicy', JSON.stringify({ deadLetterTargetArn: deadLetter })]);
  if (redrive && typeof redrive.maxReceiveCount === 'number')
    // An SQS subscription's card says the count once, in "If processing fails" (review 18); another protocol's card does not say it.
    notes.push(
      `maxReceiveCount${protocol === 'sqs' ? '' : ` (${redrive.maxReceiveCount})`} is not part of the subscription: it belongs to the redrive policy of the queue that receives.`,
    );
  if (isPlainObject(c.deliveryPolicy)) {
    if (protocol === 'http' || protocol === 'https') attributes.push(['DeliveryPolicy', JSON.stringify(deliveryPolicyAttribute(c.deliveryPolicy))]);
    else notes.push(`The delivery policy is left out: AWS fixes the retries of ${protocol} subscriptions.`);
  }
  if (protocol === 'firehose') {
    attributes.push(['SubscriptionRoleArn', `arn:aws:iam::${accountOfTopic(topic)}:role/<sns-to-firehose-role>`]);
    notes.push('A Firehose subscription needs a role that lets SNS write to the stream (SubscriptionRoleArn).');
  }
  return {
    title: subscriptionName(c),
    anchor,
    notes,
    cli: { code: subscribeCli(topic, { protocol, endpoint: endpointOf(protocol, c.endpoint, topic) ?? '<endpoint>', attributes }), lang: 'shell' },
  };
}

/**
 * How a reader of a publishing operation receives its messages: an SQS queue of theirs subscribed
 * to the topic. The queue's ARN is theirs to give; AWS delivers only once the queue's access
 * policy lets the topic send to it, and a FIFO topic only to a FIFO queue.
 */
function receiveSnippet(topic: Topic): SubscribeSnippet {
  const notes = [
    'Replace <your-queue-arn> with the ARN of your SQS queue. Its access policy must let the topic send to it: sqs:SendMessage for the principal sns.amazonaws.com, with aws:SourceArn the topic’s ARN.',
    ...(topic.fifo ? ['The topic is FIFO: the queue must be a FIFO queue too.'] : []),
  ];
  return {
    title: 'Subscribe your SQS queue',
    notes,
    cli: { code: subscribeCli(topic, { protocol: 'sqs', endpoint: '<your-queue-arn>', attributes: [] }), lang: 'shell' },
  };
}

/** The account of the topic's ARN (written, or the document's), else the reader's to fill in. */
function accountOfTopic(topic: Topic): string {
  return /^arn:[^:]+:sns:[^:]*:(\d{12}):/.exec(topic.arn)?.[1] ?? ACCOUNT;
}

/** The endpoint the Subscribe API takes: a URL, address or number as written, an ARN, or one built from a `name`. */
function endpointOf(protocol: string, identifier: unknown, topic: Topic): string | undefined {
  if (!isPlainObject(identifier)) return undefined;
  for (const kind of ['url', 'email', 'phone', 'arn'] as const) if (typeof identifier[kind] === 'string') return identifier[kind] as string;
  if (typeof identifier.name !== 'string') return undefined;
  const region = topic.region ?? REGION;
  const account = accountOfTopic(topic);
  const name = identifier.name;
  if (protocol === 'lambda') return `arn:aws:lambda:${region}:${account}:function:${name}`;
  if (protocol === 'firehose') return `arn:aws:firehose:${region}:${account}:deliverystream/${name}`;
  if (protocol === 'sqs') return `arn:aws:sqs:${region}:${account}:${name}`;
  return undefined;
}

/** The binding's delivery policy in the shape of the subscription attribute DeliveryPolicy. */
function deliveryPolicyAttribute(policy: Record<string, unknown>): Record<string, unknown> {
  const healthy: Record<string, unknown> = {};
  for (const key of ['minDelayTarget', 'maxDelayTarget', 'numRetries', 'numNoDelayRetries', 'numMinDelayRetries', 'numMaxDelayRetries', 'backoffFunction'])
    if (policy[key] !== undefined) healthy[key] = policy[key];
  return {
    healthyRetryPolicy: healthy,
    ...(typeof policy.maxReceivesPerSecond === 'number' ? { throttlePolicy: { maxReceivesPerSecond: policy.maxReceivesPerSecond } } : {}),
  };
}
