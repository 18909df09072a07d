/** Bindings on pages: other protocols per protocol, the sns fan-out of a topic, and the protocols of each page. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { ownValue } from '../own-key.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { objectView } from './object-view.ts';
import { bindingsOf, channelServers, type Context, entityByUrl, operationsOn, rowOptions, serverProtocol, sub, valueAt } from './page-context.ts';
import type { Fact, Page, ProtocolBinding } from './page-types.ts';
import type { TopicName } from './sns-topic-name.ts';
import { escapeText } from '../html-text.ts';
import { pageKindOf } from './page-kinds.ts';
import { PROTOCOL_NAMES } from './protocol-names.ts';
import { schemaRows } from './schema-rows.ts';
import { retryPolicyText, retryScheduleText, subscriptionDelivery } from './sns-delivery.ts';
import { type FanOut, filterSummary, isRefused, PROTOCOL_LABELS, receivesItself, sqsQueueNames, subscriptionVerdictOf } from './sns.ts';
import { PROTOCOL_KEYS } from '../validate/schema/bindings-schema.ts';
import { isFifoBinding } from '../sns/fifo-protocols.ts';
import type { Entity, Link } from './types.ts';

/** Binding fields that hold a JSON Schema (by protocol): shown as schema tables. */
export const SCHEMA_FIELDS: Record<string, string[]> = {
  kafka: ['key', 'groupId', 'clientId'],
  http: ['query', 'headers'],
  ws: ['query', 'headers'],
  anypointmq: ['headers'],
  jms: ['headers'],
  ibmmq: [],
  googlepubsub: [],
};

/** Bindings of every protocol but sns (which has its own view): per protocol, with its version and schemas as tables. */
export function otherBindings(
  ctx: Context,
  page: Page,
  bindings: { value: Record<string, unknown>; at: Location; link?: Link } | undefined,
  snsShownApart = true,
): void {
  if (!bindings) return;
  const protocols: ProtocolBinding[] = [];
  for (const [key, binding] of Object.entries(bindings.value)) {
    if (key === 'sns' && snsShownApart) continue;
    const at = sub(bindings.at, key);
    const b = isPlainObject(binding) ? binding : {};
    const schemaFields = (ownValue(SCHEMA_FIELDS, key) ?? []).filter((f) => b[f] !== undefined);
    const rest = Object.fromEntries(Object.entries(b).filter(([f]) => f !== 'bindingVersion' && !schemaFields.includes(f)));
    protocols.push({
      key,
      label: ownValue(PROTOCOL_NAMES, key) ?? key,
      version: typeof b.bindingVersion === 'string' ? b.bindingVersion : 'latest',
      versionDefault: typeof b.bindingVersion !== 'string',
      schemas: schemaFields.map((field) => ({ field, rows: schemaRows(ctx.doc, b[field], sub(at, field), rowOptions(ctx, `binding-${key}-${field}`)) })),
      view: isPlainObject(binding) ? objectView(ctx.doc, ctx.locator, rest, at) : objectView(ctx.doc, ctx.locator, binding, at),
    });
  }
  if (protocols.length > 0)
    page.sections.push({ type: 'bindings', heading: 'Bindings', anchor: 'bindings', protocols, ...(bindings.link ? { origin: bindings.link } : {}) });
}

/** Who publishes to this channel's topic and who is subscribed to it, across every operation of the API. */
export function fanOut(ctx: Context, channel: Page): FanOut {
  const result: FanOut = { producers: [], consumers: [] };
  const channelEntity = entityByUrl(ctx, channel.url);
  if (!channelEntity) return result;
  const topicPolicy = producerDeliveryPolicy(ctx, channelEntity);
  const fifo = isFifoTopic(ctx, channelEntity);
  for (const { entity, value, sns, sqs } of operationsOn(ctx, channelEntity)) {
    if (value.action === 'send') result.producers.push(toLink(entity));
    const queueNames = new Set(sqsQueueNames(sqs));
    for (const [, c] of entries(sns?.consumers)) {
      if (!isPlainObject(c)) continue;
      const endpoint = isPlainObject(c.endpoint)
        ? Object.values(c.endpoint)
            .filter((v) => typeof v === 'string')
            .join(', ')
        : '';
      const redrive =
        isPlainObject(c.redrivePolicy) && isPlainObject(c.redrivePolicy.deadLetterQueue)
          ? Object.values(c.redrivePolicy.deadLetterQueue)
              .filter((v) => typeof v === 'string')
              .join(', ')
          : undefined;
      const filter = isPlainObject(c.filterPolicy) ? filterSummary(c.filterPolicy).map((f) => `${f.attribute} ${f.condition}`) : undefined;
      const verdict = subscriptionVerdictOf(c, fifo);
      // Nothing is delivered to a refused subscription: no retries, no dead-letter queue to say.
      const delivery = isRefused(verdict) ? undefined : subscriptionDelivery(c.protocol, c.deliveryPolicy, sns?.deliveryPolicy ?? topicPolicy);
      const retries = delivery?.schedule ? retryPolicyText(delivery) : undefined;
      const fixed = delivery?.schedule && delivery.fixedBy ? { by: delivery.fixedBy, schedule: retryScheduleText(delivery) } : undefined;
      result.consumers.push({
        operation: toLink(entity),
        protocolLabel: ownValue(PROTOCOL_LABELS, String(c.protocol)) ?? String(c.protocol),
        endpoint,
        ...(filter ? { filter } : {}),
        ...(verdict ? { verdict } : {}),
        ...(redrive && !isRefused(verdict) ? { deadLetter: redrive } : {}),
        ...(retries ? { retries } : {}),
        ...(fixed ? { fixed } : {}),
        ...(receivesItself(c, value.action, queueNames) ? { own: true as const } : {}),
      });
    }
  }
  return result;
}

/** Whether the channel's sns binding makes its topic a FIFO topic, whose subscriptions AWS accepts only for SQS queues. */
export function isFifoTopic(ctx: Context, channel: Entity | undefined): boolean {
  if (channel?.kind !== 'channel') return false;
  const at = { file: ctx.doc.root.path, pointer: channel.pointer };
  const value = ctx.doc.deref(valueAt(ctx, at), at);
  if (!value || !isPlainObject(value.value)) return false;
  return isFifoBinding(bindingsOf(ctx, value.value.bindings, sub(value.at, 'bindings'))?.value.sns);
}

/** The topic-level delivery policy a producer (send operation) of the channel declares. */
export function producerDeliveryPolicy(ctx: Context, channel: Entity | undefined): unknown {
  if (!channel) return undefined;
  return operationsOn(ctx, channel).find((op) => op.value.action === 'send' && op.sns?.deliveryPolicy !== undefined)?.sns?.deliveryPolicy;
}

/**
 * A server's `protocol` that names a protocol: a URI scheme's characters (`kafka`, `kafka-secure`,
 * `amqp1`, `https`), short. An invalid document may hold anything there (an object, a sentence);
 * that is no protocol, and no filter or badge shows it (issue 33).
 */
export function protocolName(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9+.-]{0,31}$/.test(value) ? value : undefined;
}

const BINDING_PROTOCOLS: ReadonlySet<string> = new Set(PROTOCOL_KEYS);

/**
 * The protocols a bindings object names: its keys that are the format's protocols. In an invalid
 * document a binding's own fields (`bindingVersion`, `topic`, `partitions`) may stand where the
 * protocol key belongs: they are not protocols (issue 33).
 */
function bindingProtocols(bindings: Record<string, unknown> | undefined): string[] {
  return Object.keys(bindings ?? {}).filter((key) => BINDING_PROTOCOLS.has(key));
}

/**
 * The protocols a message's bindings name (its traits' merged in by the caller): a portal's card
 * names them when no server, channel or operation does (an API of WebSocket messages without
 * servers).
 */
export function messageBindingProtocols(ctx: Context, value: Record<string, unknown>, at: Location): string[] {
  return bindingProtocols(bindingsOf(ctx, value.bindings, sub(at, 'bindings'))?.value);
}

export function protocolsOf(ctx: Context, page: Page, value: Record<string, unknown>, at: Location): string[] {
  const map = pageKindOf(page.kind)?.map;
  if (map === 'servers') {
    const name = protocolName(value.protocol);
    return name ? [name] : [];
  }
  const found = new Set<string>();
  const bindings = bindingsOf(ctx, value.bindings, sub(at, 'bindings'));
  for (const key of bindingProtocols(bindings?.value)) found.add(key);
  if (map === 'channels') {
    if (page.kind === 'channel') for (const s of channelServers(ctx, page)) found.add(protocolName(serverProtocol(ctx, s)) ?? '');
  } else if (map === 'operations') {
    const channel = ctx.locator.target(value.channel, sub(at, 'channel'));
    if (channel?.kind === 'channel') {
      const channelAt = { file: ctx.doc.root.path, pointer: channel.pointer };
      const cv = ctx.doc.deref(valueAt(ctx, channelAt), channelAt);
      if (cv && isPlainObject(cv.value)) for (const key of bindingProtocols(bindingsOf(ctx, cv.value.bindings, sub(cv.at, 'bindings'))?.value)) found.add(key);
      for (const s of channelServers(ctx, channel)) found.add(protocolName(serverProtocol(ctx, s)) ?? '');
    }
  } else return [];
  found.delete('');
  return [...found].sort();
}

/**
 * Where an sns binding comes from, its version, and a topic name the operation's binding writes
 * that is not the topic AWS sees: for the document's authors, in the page's folded Source.
 */
export function snsBindingAuthorFacts(origin: Link | undefined, version: string | undefined, topic: TopicName = {}): Fact[] {
  const facts: Fact[] = [];
  if (origin) facts.push({ label: 'sns binding from', link: origin });
  if (version) facts.push({ label: 'sns binding version', text: version, code: true });
  if (topic.name && topic.other?.source === 'operation')
    facts.push({
      label: "Topic in the operation's binding",
      text: topic.other.value,
      code: true,
      noteHtml: `not the topic AWS sees: the channel's sns binding names it <code>${escapeText(topic.name)}</code>, which the commands on this page use`,
    });
  return facts;
}
