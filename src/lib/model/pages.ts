/**
 * Page data for every route: what a reader needs from each kind of object, as plain data.
 * Servers, channels, operations and messages get their own layout of facts and sections;
 * schemas become tables; every other object becomes a readable tree (object-view.ts).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderInlineMarkdown, renderMarkdown } from '../markdown/render-markdown.ts';
import { entries } from '../resolve/doc-index.ts';
import { joinPointer } from '../resolve/json-pointer.ts';
import { applyTraits, type TraitSource } from '../resolve/merge-traits.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { schemaFormatKind } from '../validate/schema-formats.ts';
import { toLink, type EntityLocator } from './entity-locator.ts';
import { generateExamples } from './generated-examples.ts';
import { deliveryView } from './sns-delivery.ts';
import { filterSummary, operationView, PROTOCOL_LABELS, topicView, type FanOut, type SnsOperationView, type SnsTopicView } from './sns.ts';
import { objectView, type ObjectView } from './object-view.ts';
import { avroRows, protobufRows } from './format-rows.ts';
import { schemaRows } from './schema-rows.ts';
import type { Entity, Link, SchemaRow } from './types.ts';

export interface Fact {
  label: string;
  text?: string;
  link?: Link;
  code?: boolean;
  /** An external URL, only when it is http(s) or mailto (never javascript:, data:, …). */
  href?: string;
  /** Alternatives, each a link (e.g. the security schemes of a server: satisfy one). */
  links?: Link[];
  /** A template (address, URL) split into literal text and `{variable}` names, to highlight the variables. */
  template?: { text: string; variable?: boolean }[];
}

export function templateParts(template: string): { text: string; variable?: boolean }[] {
  return template.split(/(\{[^{}]+\})/).filter((p) => p !== '').map((p) => (/^\{[^{}]+\}$/.test(p) ? { text: p, variable: true } : { text: p }));
}

export function safeHref(url: string): string | undefined {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) && URL.canParse(url.trim()) ? url.trim() : undefined;
}

export type PageSection =
  | { type: 'facts'; heading: string; anchor: string; facts: Fact[] }
  | { type: 'links'; heading: string; anchor: string; links: (Link & { note?: string })[]; empty?: string }
  | { type: 'object'; heading: string; anchor: string; view: ObjectView }
  | { type: 'schema'; heading: string; anchor: string; rows: SchemaRow[]; format?: string }
  | { type: 'source'; heading: string; anchor: string; format: string; code: string }
  | { type: 'examples'; heading: string; anchor: string; generated?: boolean; examples: { title: string; summaryHtml?: string; code: string }[] }
  | { type: 'sns-topic'; heading: string; anchor: string; topic: SnsTopicView; fanOut: FanOut; origin?: Link }
  | { type: 'bindings'; heading: string; anchor: string; protocols: ProtocolBinding[]; origin?: Link }
  | { type: 'sns-operation'; heading: string; anchor: string; view: SnsOperationView; origin?: Link };

/** A validator finding shown on the page it concerns (builds with --allow-invalid). */
export interface PageDiagnostic {
  severity: 'error' | 'warning' | 'info';
  code: string;
  message: string;
  hint?: string;
  /** `file:line:col`. */
  where: string;
  /** JSON pointer of the value it concerns, so a view can show it beside that value. */
  pointer: string;
}

/** Findings about an sns binding are shown beside the values they concern, not in the page's list. */
export function isSnsFinding(d: PageDiagnostic): boolean {
  return /\/bindings\/sns(\/|$)/.test(d.pointer);
}

/** One protocol's binding: its fields as a tree, and the fields that hold schemas as schema tables. */
export interface ProtocolBinding {
  key: string;
  label: string;
  version: string;
  versionDefault: boolean;
  schemas: { field: string; rows: SchemaRow[] }[];
  view: ObjectView;
}

export interface Page extends Entity {
  /** Tag names (after traits are merged), for grouping in navigation. */
  tags: string[];
  /** Protocols: a server's own; a channel's bindings and servers'; an operation's bindings and channel's. */
  protocols: string[];
  diagnostics?: PageDiagnostic[];
  summaryHtml?: string;
  descriptionHtml?: string;
  badges: string[];
  facts: Fact[];
  sections: PageSection[];
}

interface Context {
  doc: ResolvedDoc;
  locator: EntityLocator;
  entities: Entity[];
  componentAt: (at: Location) => { id: string; url: string } | undefined;
  defaultContentType?: string;
}

const sub = (at: Location, ...keys: (string | number)[]): Location => ({ file: at.file, pointer: joinPointer(at.pointer, ...keys) });

export function buildPage(ctx: Context, entity: Entity, content: Location): Page {
  const resolved = ctx.doc.deref(ctx.doc.file(content.file) ? valueAt(ctx, content) : undefined, content);
  const value = resolved && isPlainObject(resolved.value) ? resolved.value : {};
  const page: Page = { ...entity, tags: [], protocols: [], badges: [], facts: [], sections: [] };
  if (typeof value.summary === 'string') page.summaryHtml = renderInlineMarkdown(value.summary);
  if (typeof value.description === 'string') page.descriptionHtml = renderMarkdown(value.description);
  const kind = entity.kind.replace('component:', '');
  if (kind === 'server' || kind === 'servers') serverPage(ctx, page, value, content);
  else if (kind === 'channel' || kind === 'channels') channelPage(ctx, page, value, content);
  else if (kind === 'operation' || kind === 'operations') operationPage(ctx, page, value, content);
  else if (kind === 'message' || kind === 'messages') messagePage(ctx, page, value, content);
  else if (kind === 'schemas') schemaSection(ctx, page, 'Schema', 'schema', resolved?.value, content);
  else page.sections.push({ type: 'object', heading: 'Definition', anchor: 'definition', view: objectView(ctx.doc, ctx.locator, resolved?.value, content) });
  // Tags and external docs may come from traits: show the merged object's.
  const shown = kind === 'operation' || kind === 'operations' || kind === 'message' || kind === 'messages' ? merged(ctx, value, content).value : value;
  commonSections(ctx, page, shown, content);
  page.protocols = protocolsOf(ctx, page, shown, content);
  if (kind !== 'server' && kind !== 'servers') page.badges.push(...page.protocols);
  return page;
}

function valueAt(ctx: Context, at: Location): unknown {
  let value: unknown = ctx.doc.file(at.file)?.value;
  for (const token of at.pointer.split('/').slice(1).map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))) {
    value = isPlainObject(value) ? value[token] : Array.isArray(value) ? value[Number(token)] : undefined;
  }
  return value;
}

function serverPage(ctx: Context, page: Page, server: Record<string, unknown>, at: Location): void {
  const host = String(server.host ?? '');
  const pathname = typeof server.pathname === 'string' ? server.pathname : '';
  const protocol = String(server.protocol ?? '');
  page.badges.push(protocol + (typeof server.protocolVersion === 'string' ? ` ${server.protocolVersion}` : ''));
  const variables = isPlainObject(server.variables) ? server.variables : {};
  const fill = (template: string): string => template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const v = ctx.doc.deref(variables[name], sub(at, 'variables', name))?.value;
    return isPlainObject(v) && typeof v.default === 'string' ? v.default : isPlainObject(v) && Array.isArray(v.enum) && typeof v.enum[0] === 'string' ? v.enum[0] : whole;
  });
  page.facts.push({ label: 'URL template', text: `${protocol}://${host}${pathname}`, code: true, template: templateParts(`${protocol}://${host}${pathname}`) });
  page.facts.push({ label: 'Example URL', text: `${protocol}://${fill(host)}${fill(pathname)}`, code: true });
  if (Object.keys(variables).length > 0) page.sections.push({ type: 'object', heading: 'Variables', anchor: 'variables', view: objectView(ctx.doc, ctx.locator, variables, sub(at, 'variables')) });
  securitySection(ctx, page, server.security, sub(at, 'security'), 'Security');
  const channels = ctx.entities.filter((e) => e.kind === 'channel' && channelServers(ctx, e).some((s) => s.url === page.url));
  page.sections.push({ type: 'links', heading: 'Channels on this server', anchor: 'channels', links: channels.map(toLink), empty: 'No channel of this API uses this server.' });
}

/** The servers of a root channel: its list, or every root server when the list is absent or empty (SPEC). */
function channelServers(ctx: Context, channel: Entity): Link[] {
  const value = ctx.doc.deref(valueAt(ctx, { file: ctx.doc.root.path, pointer: channel.pointer }), { file: ctx.doc.root.path, pointer: channel.pointer });
  const list = value && isPlainObject(value.value) && Array.isArray(value.value.servers) ? value.value.servers : [];
  if (list.length === 0) return ctx.entities.filter((e) => e.kind === 'server').map(toLink);
  return list.flatMap((s, i) => ctx.locator.link(s, sub(value!.at, 'servers', i)) ?? []);
}

function channelPage(ctx: Context, page: Page, channel: Record<string, unknown>, at: Location): void {
  const address = typeof channel.address === 'string' ? channel.address : undefined;
  page.facts.push(address === undefined ? { label: 'Address', text: 'unknown (set at run time)' } : { label: 'Address', text: address, code: true, template: templateParts(address) });
  if (isPlainObject(channel.parameters)) page.sections.push({ type: 'object', heading: 'Parameters', anchor: 'parameters', view: objectView(ctx.doc, ctx.locator, channel.parameters, sub(at, 'parameters')) });
  const servers = page.kind === 'channel' ? channelServers(ctx, page) : entries(channel.servers).flatMap(([i, s]) => ctx.locator.link(s, sub(at, 'servers', i)) ?? []);
  page.sections.push({ type: 'links', heading: 'Servers', anchor: 'servers', links: servers, empty: 'Available on every server of the API.' });
  const messages = entries(channel.messages).flatMap(([id, m]) => {
    const link = ctx.locator.link(m, sub(at, 'messages', id)) ?? ctx.entities.find((e) => e.pointer === joinPointer(page.pointer, 'messages', id));
    return link ? [{ ...('kind' in link ? toLink(link as Entity) : link), note: id }] : [];
  });
  page.sections.push({ type: 'links', heading: 'Messages', anchor: 'messages', links: messages, empty: 'No messages are defined.' });
  const operations = page.usedBy.filter((l) => l.kind === 'operation' || l.kind === 'component:operations').map((l) => ({ ...l, note: actionOf(ctx, l) }));
  page.sections.push({ type: 'links', heading: 'Operations', anchor: 'operations', links: operations, empty: 'No operation uses this channel.' });
}

function actionOf(ctx: Context, link: Link): string | undefined {
  const entity = ctx.entities.find((e) => e.url === link.url);
  const v = entity && ctx.doc.deref(valueAt(ctx, { file: ctx.doc.root.path, pointer: entity.pointer }), { file: ctx.doc.root.path, pointer: entity.pointer })?.value;
  return isPlainObject(v) && typeof v.action === 'string' ? v.action : undefined;
}

function merged(ctx: Context, value: Record<string, unknown>, at: Location): { value: Record<string, unknown>; origin: Record<string, Location> } {
  const traits: TraitSource[] = entries(value.traits).flatMap(([i, raw]) => {
    const t = ctx.doc.deref(raw, sub(at, 'traits', i));
    return t && isPlainObject(t.value) ? [{ value: t.value, at: t.at }] : [];
  });
  return applyTraits({ value, at }, traits);
}

function traitsSection(ctx: Context, page: Page, origin: Record<string, Location>, at: Location): void {
  const fromTraits = Object.entries(origin).filter(([, o]) => o.file !== at.file || o.pointer !== at.pointer);
  if (fromTraits.length === 0) return;
  page.sections.push({
    type: 'facts',
    heading: 'Traits applied',
    anchor: 'traits',
    facts: fromTraits.map(([field, o]) => {
      const link = ctx.locator.at(o);
      return link ? { label: field, link: toLink(link) } : { label: field, text: o.pointer, code: true };
    }),
  });
}

function operationPage(ctx: Context, page: Page, op: Record<string, unknown>, at: Location): void {
  const m = merged(ctx, op, at);
  const value = m.value;
  if (typeof value.action === 'string') page.badges.push(value.action);
  const channel = ctx.locator.link(op.channel, sub(at, 'channel'));
  if (channel) page.facts.push({ label: 'Channel', link: channel });
  const messages = Array.isArray(op.messages)
    ? op.messages.flatMap((msg, i) => ctx.locator.link(msg, sub(at, 'messages', i)) ?? [])
    : [];
  page.sections.push({ type: 'links', heading: 'Messages', anchor: 'messages', links: messages, empty: 'Every message of the channel.' });
  if (op.reply !== undefined) {
    const reply = ctx.doc.deref(op.reply, sub(at, 'reply'));
    if (reply && isPlainObject(reply.value)) {
      const facts: Fact[] = [];
      const address = ctx.doc.deref(reply.value.address, sub(reply.at, 'address'));
      if (address && isPlainObject(address.value) && typeof address.value.location === 'string') facts.push({ label: 'Reply address', text: address.value.location, code: true });
      const replyChannel = reply.value.channel !== undefined ? ctx.locator.link(reply.value.channel, sub(reply.at, 'channel')) : undefined;
      if (replyChannel) facts.push({ label: 'Reply channel', link: replyChannel });
      entries(reply.value.messages).forEach(([i, msg]) => {
        const link = ctx.locator.link(msg, sub(reply.at, 'messages', i));
        if (link) facts.push({ label: 'Reply message', link });
      });
      page.sections.push({ type: 'facts', heading: 'Reply', anchor: 'reply', facts });
    }
  }
  const bindings = bindingsOf(ctx, value.bindings, sub(m.origin.bindings ?? at, 'bindings'));
  if (bindings && isPlainObject(bindings.value.sns)) {
    // A trait or a components entry may have brought the binding: say which.
    const fromTrait = m.origin.bindings && (m.origin.bindings.file !== at.file || m.origin.bindings.pointer !== at.pointer) ? ctx.locator.at(m.origin.bindings) : undefined;
    const origin = bindings.link ?? (fromTrait ? toLink(fromTrait) : undefined);
    const topicPolicy = bindings.value.sns.deliveryPolicy ?? producerDeliveryPolicy(ctx, op.channel, sub(at, 'channel'));
    page.sections.push({ type: 'sns-operation', heading: value.action === 'receive' ? 'sns subscriptions' : 'sns publishing', anchor: 'sns', view: operationView(bindings.value.sns, value.action, bindings.value.sqs, 'sns', topicPolicy), ...(origin ? { origin } : {}) });
  }
  securitySection(ctx, page, value.security, sub(m.origin.security ?? at, 'security'), 'Security');
  serverSecuritySection(ctx, page, op.channel, sub(at, 'channel'));
  traitsSection(ctx, page, m.origin, at);
  otherBindings(ctx, page, bindings);
}

function serverProtocol(ctx: Context, link: Link): string | undefined {
  const entity = ctx.entities.find((e) => e.url === link.url);
  const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
  const v = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
  return isPlainObject(v) && typeof v.protocol === 'string' ? v.protocol : undefined;
}

function protocolsOf(ctx: Context, page: Page, value: Record<string, unknown>, at: Location): string[] {
  const kind = page.kind.replace('component:', '');
  if (kind === 'server' || kind === 'servers') return typeof value.protocol === 'string' ? [value.protocol] : [];
  const found = new Set<string>();
  const bindings = bindingsOf(ctx, value.bindings, sub(at, 'bindings'));
  for (const key of Object.keys(bindings?.value ?? {})) if (!key.startsWith('x-')) found.add(key);
  if (kind === 'channel' || kind === 'channels') {
    if (page.kind === 'channel') for (const s of channelServers(ctx, page)) found.add(serverProtocol(ctx, s) ?? '');
  } else if (kind === 'operation' || kind === 'operations') {
    const channel = ctx.locator.target(value.channel, sub(at, 'channel'));
    if (channel?.kind === 'channel') {
      const channelAt = { file: ctx.doc.root.path, pointer: channel.pointer };
      const cv = ctx.doc.deref(valueAt(ctx, channelAt), channelAt);
      if (cv && isPlainObject(cv.value)) for (const key of Object.keys(bindingsOf(ctx, cv.value.bindings, sub(cv.at, 'bindings'))?.value ?? {})) if (!key.startsWith('x-')) found.add(key);
      for (const s of channelServers(ctx, channel)) found.add(serverProtocol(ctx, s) ?? '');
    }
  } else return [];
  found.delete('');
  return [...found].sort();
}

/** The topic-level delivery policy a producer (send operation) of the same channel declares. */
function producerDeliveryPolicy(ctx: Context, channelRef: unknown, site: Location): unknown {
  const channel = ctx.locator.target(channelRef, site);
  for (const entity of ctx.entities.filter((e) => e.kind === 'operation')) {
    const at = { file: ctx.doc.root.path, pointer: entity.pointer };
    const op = ctx.doc.deref(valueAt(ctx, at), at);
    if (!op || !isPlainObject(op.value) || !channel || ctx.locator.target(op.value.channel, sub(op.at, 'channel')) !== channel) continue;
    const m = merged(ctx, op.value, op.at);
    if (m.value.action !== 'send') continue;
    const bindings = bindingsOf(ctx, m.value.bindings, sub(m.origin.bindings ?? op.at, 'bindings'));
    const policy = bindings && isPlainObject(bindings.value.sns) ? bindings.value.sns.deliveryPolicy : undefined;
    if (policy !== undefined) return policy;
  }
  return undefined;
}

/** A bindings object after its reference, with a link to the components entry it came from. */
function bindingsOf(ctx: Context, raw: unknown, site: Location): { value: Record<string, unknown>; at: Location; link?: Link } | undefined {
  if (raw === undefined) return undefined;
  const resolved = ctx.doc.deref(raw, site);
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  const link = isRefObject(raw) ? ctx.locator.link(raw, site) : undefined;
  return { value: resolved.value, at: resolved.at, ...(link ? { link } : {}) };
}

const PROTOCOL_NAMES: Record<string, string> = {
  http: 'HTTP', ws: 'WebSockets', kafka: 'Kafka', anypointmq: 'Anypoint MQ', amqp: 'AMQP 0-9-1', amqp1: 'AMQP 1.0', mqtt: 'MQTT', mqtt5: 'MQTT 5',
  nats: 'NATS', jms: 'JMS', sns: 'sns (topic notification)', solace: 'Solace', sqs: 'sqs (message queue)', stomp: 'STOMP', redis: 'Redis',
  mercure: 'Mercure', ibmmq: 'IBM MQ', googlepubsub: 'Google Pub/Sub', pulsar: 'Pulsar',
};
/** Binding fields that hold a JSON Schema (by protocol): shown as schema tables. */
const SCHEMA_FIELDS: Record<string, string[]> = {
  kafka: ['key', 'groupId', 'clientId'], http: ['query', 'headers'], ws: ['query', 'headers'], anypointmq: ['headers'], jms: ['headers'], ibmmq: [], googlepubsub: [],
};

/** Bindings of every protocol but sns (which has its own view): per protocol, with its version and schemas as tables. */
function otherBindings(ctx: Context, page: Page, bindings: { value: Record<string, unknown>; at: Location; link?: Link } | undefined, snsShownApart = true): void {
  if (!bindings) return;
  const protocols: ProtocolBinding[] = [];
  for (const [key, binding] of Object.entries(bindings.value)) {
    if (key === 'sns' && snsShownApart) continue;
    const at = sub(bindings.at, key);
    const b = isPlainObject(binding) ? binding : {};
    const schemaFields = (SCHEMA_FIELDS[key] ?? []).filter((f) => b[f] !== undefined);
    const rest = Object.fromEntries(Object.entries(b).filter(([f]) => f !== 'bindingVersion' && !schemaFields.includes(f)));
    protocols.push({
      key,
      label: PROTOCOL_NAMES[key] ?? key,
      version: typeof b.bindingVersion === 'string' ? b.bindingVersion : 'latest',
      versionDefault: typeof b.bindingVersion !== 'string',
      schemas: schemaFields.map((field) => ({ field, rows: schemaRows(ctx.doc, b[field], sub(at, field), { anchorPrefix: `binding-${key}-${field}`, componentAt: ctx.componentAt }) })),
      view: isPlainObject(binding) ? objectView(ctx.doc, ctx.locator, rest, at) : objectView(ctx.doc, ctx.locator, binding, at),
    });
  }
  if (protocols.length > 0) page.sections.push({ type: 'bindings', heading: 'Bindings', anchor: 'bindings', protocols, ...(bindings.link ? { origin: bindings.link } : {}) });
}

/** Who publishes to this channel's topic and who is subscribed to it, across every operation of the API. */
function fanOut(ctx: Context, channel: Page): FanOut {
  const result: FanOut = { producers: [], consumers: [] };
  const channelEntity = ctx.entities.find((e) => e.url === channel.url);
  const topicPolicy = channelEntity ? producerDeliveryPolicy(ctx, { $ref: `#${channelEntity.pointer.split('/').map(encodeURIComponent).join('/')}` }, { file: ctx.doc.root.path, pointer: '' }) : undefined;
  for (const entity of ctx.entities.filter((e) => e.kind === 'operation')) {
    const at = { file: ctx.doc.root.path, pointer: entity.pointer };
    const op = ctx.doc.deref(valueAt(ctx, at), at);
    if (!op || !isPlainObject(op.value) || ctx.locator.target(op.value.channel, sub(op.at, 'channel'))?.url !== channel.url) continue;
    const m = merged(ctx, op.value, op.at);
    if (m.value.action === 'send') result.producers.push(toLink(entity));
    const bindings = bindingsOf(ctx, m.value.bindings, sub(m.origin.bindings ?? op.at, 'bindings'));
    const sns = bindings && isPlainObject(bindings.value.sns) ? bindings.value.sns : undefined;
    for (const [, c] of entries(sns?.consumers)) {
      if (!isPlainObject(c)) continue;
      const endpoint = isPlainObject(c.endpoint) ? Object.values(c.endpoint).filter((v) => typeof v === 'string').join(', ') : '';
      const redrive = isPlainObject(c.redrivePolicy) && isPlainObject(c.redrivePolicy.deadLetterQueue) ? Object.values(c.redrivePolicy.deadLetterQueue).filter((v) => typeof v === 'string').join(', ') : undefined;
      const filter = isPlainObject(c.filterPolicy) ? filterSummary(c.filterPolicy).map((f) => `${f.attribute} ${f.condition}`) : undefined;
      const delivery = deliveryView(c.deliveryPolicy, sns?.deliveryPolicy ?? topicPolicy);
      const retries = delivery?.schedule ? `${delivery.schedule.length + (delivery.more ?? 0)} retries over about ${delivery.totalSeconds} s (${delivery.backoffFunction ?? 'linear'} backoff)` : undefined;
      result.consumers.push({ operation: toLink(entity), protocolLabel: PROTOCOL_LABELS[String(c.protocol)] ?? String(c.protocol), endpoint, ...(filter ? { filter } : {}), ...(redrive ? { deadLetter: redrive } : {}), ...(retries ? { retries } : {}) });
    }
  }
  return result;
}

function messagePage(ctx: Context, page: Page, message: Record<string, unknown>, at: Location): void {
  const m = merged(ctx, message, at);
  const value = m.value;
  const contentType = typeof value.contentType === 'string' ? value.contentType : ctx.defaultContentType;
  if (contentType) page.facts.push({ label: 'Content type', text: contentType + (typeof value.contentType === 'string' ? '' : ' (the API default)'), code: true });
  if (typeof value.name === 'string') page.facts.push({ label: 'Name', text: value.name, code: true });
  const correlation = value.correlationId !== undefined ? ctx.doc.deref(value.correlationId, sub(m.origin.correlationId ?? at, 'correlationId')) : undefined;
  if (correlation && isPlainObject(correlation.value) && typeof correlation.value.location === 'string') page.facts.push({ label: 'Correlation id', text: correlation.value.location, code: true });
  for (const part of ['headers', 'payload'] as const) {
    if (value[part] !== undefined) schemaSection(ctx, page, part === 'headers' ? 'Headers' : 'Payload', part, value[part], sub(m.origin[part] ?? at, part));
  }
  const examples = Array.isArray(value.examples) ? value.examples : [];
  if (examples.length > 0) {
    page.sections.push({
      type: 'examples',
      heading: 'Examples',
      anchor: 'examples',
      examples: examples.filter(isPlainObject).map((ex, i) => ({
        title: typeof ex.name === 'string' ? ex.name : `Example ${i + 1}`,
        ...(typeof ex.summary === 'string' ? { summaryHtml: renderInlineMarkdown(ex.summary) } : {}),
        code: JSON.stringify({ ...(ex.headers !== undefined ? { headers: ex.headers } : {}), ...(ex.payload !== undefined ? { payload: ex.payload } : {}) }, null, 2),
      })),
    });
  }
  else {
    const generated = generateExamples(ctx.doc, value, m.origin);
    if (generated.length > 0) page.sections.push({ type: 'examples', heading: 'Examples', anchor: 'examples', generated: true, examples: generated.map((g) => ({ title: g.title, code: JSON.stringify(g.value, null, 2) })) });
  }
  traitsSection(ctx, page, m.origin, at);
  otherBindings(ctx, page, bindingsOf(ctx, value.bindings, sub(m.origin.bindings ?? at, 'bindings')), false);
}

function schemaSection(ctx: Context, page: Page, heading: string, anchor: string, schema: unknown, site: Location): void {
  const resolved = ctx.doc.deref(schema, site);
  const s = resolved?.value;
  if (resolved && isPlainObject(s) && ('schemaFormat' in s || 'schema' in s)) {
    const kind = schemaFormatKind(s.schemaFormat);
    if (kind === 'openapi') {
      // An OpenAPI 3.0 Schema Object reads like JSON Schema in a table.
      page.sections.push({ type: 'schema', heading, anchor, format: String(s.schemaFormat), rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
      return;
    }
    if (kind !== 'apidesc') {
      const inner = ctx.doc.deref(s.schema, sub(resolved.at, 'schema'));
      const code = typeof inner?.value === 'string' ? inner.value : JSON.stringify(inner?.value, null, 2);
      const rows = kind === 'avro' ? avroRows(inner?.value, anchor) : kind === 'protobuf' && typeof inner?.value === 'string' ? protobufRows(inner.value, anchor) : [];
      if (rows.length > 0) page.sections.push({ type: 'schema', heading, anchor, format: String(s.schemaFormat), rows });
      page.sections.push({ type: 'source', heading: rows.length > 0 ? `${heading} source` : heading, anchor: rows.length > 0 ? `${anchor}-source` : anchor, format: String(s.schemaFormat), code: code ?? '' });
      return;
    }
    page.sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, s.schema, sub(resolved.at, 'schema'), { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
    return;
  }
  page.sections.push({ type: 'schema', heading, anchor, rows: schemaRows(ctx.doc, schema, site, { anchorPrefix: anchor, componentAt: ctx.componentAt }) });
}

/** SPEC "Use of security declarations" 2: where the servers declare security, it must be satisfied too. */
function serverSecuritySection(ctx: Context, page: Page, channelRef: unknown, site: Location): void {
  const channel = ctx.locator.target(channelRef, site);
  if (!channel) return;
  const facts: Fact[] = [];
  for (const server of channel.kind === 'channel' ? channelServers(ctx, channel) : []) {
    const entity = ctx.entities.find((e) => e.url === server.url);
    const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
    const value = at && ctx.doc.deref(valueAt(ctx, at), at);
    const list = value && isPlainObject(value.value) && Array.isArray(value.value.security) ? value.value.security : [];
    const schemes = list.flatMap((s, i) => ctx.locator.link(s, sub(value!.at, 'security', i)) ?? []);
    if (schemes.length > 0) facts.push({ label: server.title, links: schemes });
  }
  if (facts.length > 0) page.sections.push({ type: 'facts', heading: 'Server security that also applies', anchor: 'server-security', facts });
}

function securitySection(ctx: Context, page: Page, security: unknown, at: Location, heading: string): void {
  if (!Array.isArray(security) || security.length === 0) return;
  page.sections.push({ type: 'object', heading, anchor: 'security', view: objectView(ctx.doc, ctx.locator, security, at) });
}

function commonSections(ctx: Context, page: Page, value: Record<string, unknown>, at: Location): void {
  if (page.kind === 'channel' || page.kind === 'component:channels') {
    const bindings = bindingsOf(ctx, value.bindings, sub(at, 'bindings'));
    if (bindings && isPlainObject(bindings.value.sns)) {
      page.sections.push({ type: 'sns-topic', heading: 'sns topic', anchor: 'sns', topic: topicView(bindings.value.sns, page.id, value.address), fanOut: fanOut(ctx, page), ...(bindings.link ? { origin: bindings.link } : {}) });
    }
    otherBindings(ctx, page, bindings);
  }
  if (page.kind === 'server' || page.kind === 'component:servers') otherBindings(ctx, page, bindingsOf(ctx, value.bindings, sub(at, 'bindings')), false);
  const tags = entries(value.tags).flatMap(([i, t]) => {
    const tag = ctx.doc.deref(t, sub(at, 'tags', i));
    return tag && isPlainObject(tag.value) && typeof tag.value.name === 'string' ? [tag.value.name] : [];
  });
  page.tags = tags;
  if (tags.length > 0) page.facts.push({ label: 'Tags', text: tags.join(', ') });
  const docs = value.externalDocs !== undefined ? ctx.doc.deref(value.externalDocs, sub(at, 'externalDocs')) : undefined;
  if (docs && isPlainObject(docs.value) && typeof docs.value.url === 'string') {
    const href = safeHref(docs.value.url);
    page.facts.push({ label: 'External docs', text: docs.value.url, ...(href ? { href } : {}) });
  }
  if (isRefObject(value)) page.facts.push({ label: 'Reference', text: value.$ref, code: true });
}
