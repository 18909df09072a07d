/**
 * The sns publish commands of every operation page send a message its own schemas allow: on the
 * corpus and the default document, every attribute a command sends is a header the message
 * declares, with a value its schema allows and never the value that names another message of the
 * operation; every body field it sends is one the payload declares, and the body validates
 * against the payload. A value set to reach a subscription's filter is no exception: a cancelled
 * order is not given an order's total, nor the event type `OrderPlaced`, to reach a filter.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Location } from '../src/lib/diagnostics/diagnostic.ts';
import { buildApiModel } from '../src/lib/model/build-model.ts';
import type { PublishVariant } from '../src/lib/model/sns-hands-on-types.ts';
import { applyTraits } from '../src/lib/resolve/merge-traits.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { messageOption, option, shellArgs } from './snippet-runners.ts';

const repo = resolve(import.meta.dirname, '..');

interface MessageSchemas {
  label: string;
  names: string[];
  headers?: { schema: unknown; at: Location };
  payload?: { schema: unknown; at: Location };
}

const at = (base: Location, ...keys: (string | number)[]): Location => ({
  file: base.file,
  pointer: `${base.pointer}${keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`,
});

/** The messages an operation sends, traits merged: by its `messages`, else its channel's. */
function operationMessages(doc: ResolvedDoc, pointer: string): MessageSchemas[] {
  const root: Location = { file: doc.root.path, pointer: '' };
  const op = doc.deref({ $ref: `#${pointer}` }, root);
  if (!op || !isPlainObject(op.value)) return [];
  const channel = doc.deref(op.value.channel, at(op.at, 'channel'));
  const sites: { raw: unknown; site: Location }[] = Array.isArray(op.value.messages)
    ? op.value.messages.map((raw, i) => ({ raw, site: at(op.at, 'messages', i) }))
    : channel && isPlainObject(channel.value) && isPlainObject(channel.value.messages)
      ? Object.entries(channel.value.messages).map(([id, raw]) => ({ raw, site: at(channel.at, 'messages', id) }))
      : [];
  return sites.flatMap(({ raw, site }) => {
    const target = doc.deref(raw, site);
    if (!target || !isPlainObject(target.value)) return [];
    const traits = (Array.isArray(target.value.traits) ? target.value.traits : []).flatMap((t, i) => {
      const trait = doc.deref(t, at(target.at, 'traits', i));
      return trait && isPlainObject(trait.value) ? [{ value: trait.value, at: trait.at }] : [];
    });
    const m = applyTraits({ value: target.value, at: target.at }, traits);
    const id = target.at.pointer.split('/').pop()!;
    const name = typeof m.value.name === 'string' ? m.value.name : undefined;
    const part = (key: 'headers' | 'payload') =>
      m.value[key] === undefined ? {} : { [key]: { schema: m.value[key], at: at(m.origin[key] ?? target.at, key) } };
    return [
      {
        label: typeof m.value.title === 'string' ? m.value.title : (name ?? id),
        names: [id, ...(name ? [name] : [])],
        ...part('headers'),
        ...part('payload'),
      },
    ];
  });
}

/** The properties a JSON Schema declares, its allOf/oneOf/anyOf parts' and references' included. */
function declared(doc: ResolvedDoc, schema: unknown, where: Location, depth = 0): Map<string, { schema: unknown; at: Location }> {
  const out = new Map<string, { schema: unknown; at: Location }>();
  const resolved = depth > 8 ? undefined : doc.deref(schema, where);
  if (!resolved || !isPlainObject(resolved.value)) return out;
  const s = isPlainObject(resolved.value.schema) && resolved.value.schemaFormat !== undefined ? resolved.value.schema : resolved.value;
  const sAt = s === resolved.value ? resolved.at : at(resolved.at, 'schema');
  if (s !== resolved.value) return declared(doc, s, sAt, depth + 1);
  if (isPlainObject(s.properties)) for (const [name, p] of Object.entries(s.properties)) out.set(name, { schema: p, at: at(sAt, 'properties', name) });
  for (const keyword of ['allOf', 'oneOf', 'anyOf'])
    if (Array.isArray(s[keyword]))
      s[keyword].forEach((part, i) => {
        for (const [name, p] of declared(doc, part, at(sAt, keyword, i), depth + 1)) if (!out.has(name)) out.set(name, p);
      });
  return out;
}

/** Whether the payload is a JSON Schema (the default format, or a JSON Schema format named). */
function isJsonSchema(schema: unknown): boolean {
  if (!isPlainObject(schema) || typeof schema.schemaFormat !== 'string') return true;
  return /json|apidesc|asyncapi/i.test(schema.schemaFormat) && !/avro|protobuf|raml/i.test(schema.schemaFormat);
}

/** Names of body fields not declared by the schema, along each path. */
function undeclaredFields(doc: ResolvedDoc, schema: unknown, where: Location, value: unknown, path = ''): string[] {
  if (!isPlainObject(value)) return [];
  const fields = declared(doc, schema, where);
  if (fields.size === 0) return [];
  return Object.entries(value).flatMap(([name, v]) => {
    const field = fields.get(name);
    return field ? undeclaredFields(doc, field.schema, field.at, v, `${path}${name}.`) : [`${path}${name}`];
  });
}

/** The value an attribute carries, as the header it stands for. */
function attributeValue(attribute: unknown): unknown {
  if (!isPlainObject(attribute) || typeof attribute.StringValue !== 'string') return undefined;
  if (attribute.DataType === 'Number') return Number(attribute.StringValue);
  if (attribute.DataType === 'String.Array') return JSON.parse(attribute.StringValue) as unknown;
  return attribute.StringValue;
}

const placeholder = (value: unknown): boolean => typeof value === 'string' && /^<[\w.-]+>$/.test(value);

/** Every problem of one publish command, against its own message's schemas. */
function problems(doc: ResolvedDoc, validator: ExampleValidator, message: MessageSchemas, others: string[], variant: PublishVariant): string[] {
  if (!variant.cli) return [];
  const args = shellArgs(variant.cli.code);
  const found: string[] = [];
  const attributes = JSON.parse(option(args, '--message-attributes') ?? '{}') as Record<string, unknown>;
  const headers = message.headers ? declared(doc, message.headers.schema, message.headers.at) : new Map();
  for (const [name, attribute] of Object.entries(attributes)) {
    const value = attributeValue(attribute);
    if (placeholder(value)) continue;
    if (typeof value === 'string' && others.includes(value)) found.push(`attribute ${name} names another message: ${value}`);
    const header = headers.get(name);
    if (!header) {
      if (headers.size > 0) found.push(`attribute ${name} is no header of the message`);
      continue;
    }
    const sent = Array.isArray(value) && !/array/.test(JSON.stringify(doc.deref(header.schema, header.at)?.value ?? {})) ? value : [value];
    for (const v of sent) {
      const errors = validator.messagePartErrors(v, header.schema, header.at, 'value', 'as-read');
      if (Array.isArray(errors) && errors.length > 0) found.push(`attribute ${name}: ${errors[0]}`);
    }
  }
  // A body that is the example's payload is read from the file the page offers (variant.bodyFile).
  const text = messageOption(args, variant.bodyFile ? { [variant.bodyFile.name]: variant.bodyFile.text } : {});
  if (text !== undefined && message.payload && isJsonSchema(message.payload.schema)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return found;
    }
    for (const field of undeclaredFields(doc, message.payload.schema, message.payload.at, body)) found.push(`body field ${field} is not in the payload`);
    const errors = validator.messagePartErrors(body, message.payload.schema, message.payload.at, 'value', 'as-read');
    if (Array.isArray(errors) && errors.length > 0) found.push(`body: ${errors[0]}`);
  }
  return found.map((p) => `${message.label} (${variant.title}): ${p}`);
}

async function publishProblems(path: string): Promise<{ checked: number; found: string[] }> {
  const { doc } = await validateDocument(path);
  if (!doc) return { checked: 0, found: [] };
  const model = buildApiModel(doc, 'api', repo);
  const validator = new ExampleValidator(doc);
  let checked = 0;
  const found: string[] = [];
  for (const page of model.pages) {
    if (page.kind !== 'operation') continue;
    const section = page.sections.find((s) => s.type === 'sns-operation');
    if (section?.type !== 'sns-operation' || !section.handsOn) continue;
    const messages = operationMessages(doc, page.pointer);
    const groups = section.handsOn.publishMessages ?? (messages[0] ? [{ title: messages[0].label, publish: section.handsOn.publish }] : []);
    for (const group of groups) {
      const message = messages.find((m) => m.label === group.title);
      assert.ok(message, `${path} ${page.url}: no message titled ${group.title}`);
      const others = messages.filter((m) => m !== message).flatMap((m) => m.names.filter((n) => !message.names.includes(n)));
      for (const variant of group.publish) {
        if (variant.cli) checked++;
        found.push(...problems(doc, validator, message, others, variant).map((p) => `${path} ${page.url}: ${p}`));
      }
    }
  }
  return { checked, found };
}

describe('sns publish commands send what their own message allows', { timeout: 300_000 }, () => {
  it('on the default document: Order cancelled is published as a cancelled order, never shaped to reach a filter it cannot pass', async () => {
    const { checked, found } = await publishProblems(join(repo, 'content/orders.apidesc.yaml'));
    assert.ok(checked >= 3, `only ${checked} commands checked`);
    assert.deepEqual(found, []);
  });

  it('on the default document: the FIFO group id is the order id, as the header MessageGroupId says ("The order id."), for every message', async () => {
    const { doc } = await validateDocument(join(repo, 'content/orders.apidesc.yaml'));
    const page = buildApiModel(doc!, 'api', repo).pages.find((p) => p.pointer === '/operations/publishOrderEvents')!;
    const section = page.sections.find((s) => s.type === 'sns-operation');
    assert.ok(section?.type === 'sns-operation' && section.handsOn?.publishMessages);
    const commands = section.handsOn.publishMessages.flatMap((m) =>
      m.publish.flatMap((v) => (v.cli ? [{ title: m.title, code: v.cli.code, files: v.bodyFile ? { [v.bodyFile.name]: v.bodyFile.text } : {} }] : [])),
    );
    assert.deepEqual([...new Set(commands.map((c) => c.title))], ['Order placed', 'Order cancelled']);
    for (const { title, code, files } of commands) {
      const args = shellArgs(code);
      const body = JSON.parse(messageOption(args, files)!) as { orderId: string };
      assert.match(body.orderId, /^ord-[0-9]+$/, title);
      assert.equal(option(args, '--message-group-id'), body.orderId, `${title}: ${code}`);
    }
    assert.ok(!section.handsOn.placeholders.includes('<message-group-id>'), section.handsOn.placeholders.join(', '));
  });

  it('on every corpus document with sns publish commands', { skip: !HAS_CORPUS && 'no corpus' }, async () => {
    let checked = 0;
    const found: string[] = [];
    for (const name of readdirSync(join(CORPUS, 'valid')).sort()) {
      const result = await publishProblems(join(CORPUS, 'valid', name));
      checked += result.checked;
      found.push(...result.found);
    }
    assert.ok(checked > 0, 'no publish command in the corpus');
    assert.deepEqual(found, []);
  });
});
