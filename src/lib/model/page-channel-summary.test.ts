import '../../../test/seeded-random.ts';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { tempTree } from '../../../test/helpers.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import type { Fact, Page } from './page-types.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function channelPage(doc: Record<string, unknown>): Promise<Page> {
  const dir = tempTree({ 'api.yaml': stringify(doc) });
  dirs.push(dir);
  const { doc: resolved } = await validateDocument(join(dir, 'api.yaml'), { root: dir });
  assert.ok(resolved);
  const page = buildApiModel(resolved, 'api', dir).pages.find((p) => p.kind === 'channel');
  assert.ok(page);
  return page;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const maybe = (): boolean => Math.random() < 0.5;

interface Shape {
  parameter: Record<string, unknown>;
  /** Written as a reference to components/parameters. */
  byRef: boolean;
  /** What the page must say of it. */
  type: string;
  allowed: string[];
  fallback?: string;
  description?: string;
}

/** A parameter as documents write it: in place or by reference, with or without enum, default, description, location, or (the older way) a schema. */
function randomShape(): Shape {
  const allowed = maybe() ? ['eu', 'us', 'ap'].slice(0, 1 + Math.floor(Math.random() * 3)) : [];
  const fallback = maybe() ? (allowed[0] ?? 'x-1') : undefined;
  const description = maybe() ? 'The region of the order.' : undefined;
  const older = Math.random() < 0.3;
  const schemaType = older ? pick(['string', 'integer', undefined]) : undefined;
  const values = { ...(allowed.length > 0 ? { enum: allowed } : {}), ...(fallback !== undefined ? { default: fallback } : {}) };
  const parameter: Record<string, unknown> = {
    ...(description ? { description } : {}),
    ...(maybe() ? { location: '$message.header#/region' } : {}),
    ...(older ? { schema: { ...(schemaType ? { type: schemaType } : {}), ...values } } : values),
  };
  return {
    parameter,
    byRef: maybe(),
    type: schemaType ?? 'string',
    allowed,
    ...(fallback !== undefined ? { fallback } : {}),
    ...(description ? { description } : {}),
  };
}

const documentWith = (shape: Shape, field: Record<string, unknown>): Record<string, unknown> => ({
  apidesc: '3.0.0',
  info: { title: 'T', version: '1.0.0' },
  channels: {
    orders: {
      address: 'orders.{region}',
      parameters: { region: shape.byRef ? { $ref: '#/components/parameters/region' } : shape.parameter },
      messages: { placed: { $ref: '#/components/messages/placed' } },
    },
  },
  components: {
    ...(shape.byRef ? { parameters: { region: shape.parameter } } : {}),
    messages: {
      placed: { payload: { type: 'object', properties: { orderId: { type: 'string' }, sentAt: field, customer: { $ref: '#/components/schemas/Customer' } } } },
    },
    schemas: {
      sentAt: { type: 'string', format: 'date-time', description: 'When it was sent.' },
      count: { type: 'integer' },
      Customer: { type: 'object', properties: { id: { type: 'string' } } },
    },
  },
});

describe('a plain channel page', () => {
  it('types every parameter as what it is (a string unless a schema says otherwise), however it is written, with its values, default and description', async () => {
    for (let i = 0; i < 24; i++) {
      const shape = randomShape();
      const page = await channelPage(documentWith(shape, { $ref: '#/components/schemas/sentAt' }));
      const section = page.sections.find((s) => s.type === 'facts' && s.anchor === 'parameters');
      assert.ok(section?.type === 'facts', JSON.stringify(shape));
      const fact: Fact | undefined = section.facts[0];
      const why = JSON.stringify(shape);
      assert.equal(fact?.label, 'region', why);
      assert.doesNotMatch(fact.text ?? '', /any value/, why);
      assert.ok(fact.text?.startsWith(shape.type), `${fact.text} — ${why}`);
      for (const value of shape.allowed) assert.match(fact.text ?? '', new RegExp(`\\b${value}\\b`), why);
      if (shape.allowed.length > 0) assert.match(fact.text ?? '', /one of/, why);
      if (shape.fallback) assert.match(fact.text ?? '', new RegExp(`default ${shape.fallback}`), why);
      if (shape.description) assert.match(fact.noteHtml ?? '', /The region of the order\./, why);
    }
  });

  it("gives a field's type in the payload line, not the name of a one-value schema it refers to; an object schema by its name", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ $ref: '#/components/schemas/sentAt' }, 'string (date-time)'],
      [{ $ref: '#/components/schemas/count' }, 'integer'],
      [{ type: 'string', format: 'date-time' }, 'string (date-time)'],
      [{ $ref: '#/components/schemas/Customer' }, 'Customer'],
    ];
    for (const [field, type] of cases) {
      const page = await channelPage(documentWith(randomShape(), field));
      const section = page.sections.find((s) => s.type === 'links' && s.anchor === 'messages');
      assert.ok(section?.type === 'links');
      const fields = section.links[0]?.message?.payload?.fields;
      assert.deepEqual(
        fields?.map((f) => `${f.name} ${f.type}`),
        ['orderId string', `sentAt ${type}`, 'customer Customer'],
      );
    }
  });
});
