import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { tempTree } from '../../../test/helpers.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel, type ApiModel } from './build-model.ts';
import { deepChainDocument, type ChainKind } from '../../../test/deep-document.ts';
import { defaultLimits } from '../load/limits.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { generateExamples } from './generated-examples.ts';
import { ExampleValidator } from '../validate/example-validator.ts';
import { MAX_ROW_DEPTH, schemaRows, viewRows } from './schema-rows.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';
import { COMPONENT_KINDS, type SchemaRow } from './types.ts';

const repo = resolve(import.meta.dirname, '../../..');
const orders = join(repo, 'content/orders.apidesc.yaml');

async function model(file: string, root?: string): Promise<{ model: ApiModel; doc: NonNullable<Awaited<ReturnType<typeof validateDocument>>['doc']> }> {
  const { doc } = await validateDocument(file, root ? { root } : {});
  assert.ok(doc);
  return { model: buildApiModel(doc, 'orders', repo), doc };
}

describe('model: routes', () => {
  it('gives every server, channel, operation, channel message and components entry a route', async () => {
    const { model: m, doc } = await model(orders);
    const root = doc.root.value as Record<string, Record<string, Record<string, unknown>>>;
    const pointers = new Set(m.routes.map((r) => r.pointer));
    for (const map of ['servers', 'channels', 'operations'] as const)
      for (const id of Object.keys(root[map]!)) assert.ok(pointers.has(`/${map}/${id}`), `${map}/${id}`);
    for (const map of COMPONENT_KINDS)
      for (const id of Object.keys(root.components![map] ?? {})) assert.ok(pointers.has(`/components/${map}/${id}`), `components/${map}/${id}`);
    assert.ok(pointers.has('/channels/orderEvents/messages/orderPlaced'));
    assert.equal(new Set(m.entities.map((e) => e.url)).size, m.entities.length, 'one page per URL');
  });

  it('serves a channel message that references a components message by the component page, listed under both pointers', async () => {
    const { model: m } = await model(orders);
    const byPointer = new Map(m.routes.map((r) => [r.pointer, r]));
    assert.equal(byPointer.get('/channels/orderEvents/messages/orderPlaced')?.url, 'components/messages/orderplaced/');
    assert.equal(byPointer.get('/components/messages/OrderPlaced')?.url, 'components/messages/orderplaced/');
    assert.deepEqual(byPointer.get('/channels/orderEvents'), {
      api: 'orders',
      kind: 'channel',
      id: 'orderEvents',
      pointer: '/channels/orderEvents',
      url: 'channels/orderevents/',
    });
  });

  it('names pages by title, else name, else id, and knows where each object is written', async () => {
    const { model: m } = await model(orders);
    const channel = m.entities.find((e) => e.pointer === '/channels/orderEvents')!;
    assert.equal(channel.title, 'Order events');
    assert.equal(channel.source.file, 'content/orders.apidesc.yaml');
    assert.ok(channel.source.line > 0);
    assert.equal(m.entities.find((e) => e.pointer === '/components/schemas/Money')!.title, 'Money');
  });
});

describe('model: where used', () => {
  it('links channels to the operations that use them, messages to channels and operations, schemas to users', async () => {
    const { model: m } = await model(orders);
    const used = (pointer: string): string[] => m.entities.find((e) => e.pointer === pointer)!.usedBy.map((l) => l.id);
    assert.deepEqual(used('/channels/orderEvents'), ['publishOrderEvents', 'receiveOrderEventsInWarehouse']);
    assert.deepEqual(used('/components/messages/OrderPlaced'), ['orderEvents', 'publishOrderEvents', 'receiveOrderEventsInWarehouse']);
    assert.deepEqual(used('/components/schemas/Money'), ['Order']);
    assert.deepEqual(used('/components/schemas/Category'), ['Order'], 'a recursive schema does not list itself');
    assert.deepEqual(used('/servers/production'), ['orderEvents', 'shipmentTracking', 'stockCheck']);
    assert.deepEqual(used('/components/securitySchemes/sigv4'), ['requestStockCheck', 'production']);
  });
});

describe('model: schema rows', () => {
  it("reads as one tree: allOf parts merged (with the part each field comes from), array items as the array's own fields, anchors as data paths", async () => {
    const { model: m, doc } = await model(orders);
    const rows = schemaRows(
      doc,
      { $ref: '#/components/schemas/Order' },
      { file: doc.root.path, pointer: '/x' },
      { anchorPrefix: 'payload', componentAt: (at) => m.componentAt(at) },
    );
    const byName = (name: string) => rows.find((r) => r.name === name);
    assert.equal(rows[0]!.type, 'object');
    assert.deepEqual(rows[0]!.component, { id: 'Order', url: 'components/schemas/order/' });
    assert.deepEqual(rows[0]!.extends, [{ id: 'OrderRef', url: 'components/schemas/orderref/' }]);
    assert.deepEqual(byName('orderId'), {
      anchor: 'payload.orderId',
      name: 'orderId',
      depth: 1,
      type: 'string',
      required: true,
      constraints: ['pattern ^ord-[0-9]+$'],
      flags: [],
      from: { id: 'OrderRef', url: 'components/schemas/orderref/' },
    });
    assert.equal(byName('placedAt')!.format, 'date-time');
    assert.equal(byName('placedAt')!.from, undefined, 'written in the schema itself');
    assert.equal(byName('lines')!.type, 'array of object');
    assert.deepEqual(byName('lines')!.constraints, ['≥ 1 item']);
    assert.equal(
      rows.some((r) => r.name === '[items]' || /allOf \d/.test(r.name)),
      false,
      'no rows for the mechanics',
    );
    assert.deepEqual([byName('sku')!.anchor, byName('sku')!.depth], ['payload.lines[].sku', 2]);
    assert.deepEqual(byName('quantity')!.constraints, ['≥ 1']);
    assert.deepEqual(byName('currency')!.constraints, ['exactly 3 chars']);
    assert.equal(byName('currency')!.default, 'EUR');
    assert.deepEqual(byName('unitPrice')!.component, { id: 'Money', url: 'components/schemas/money/' });
    assert.equal(new Set(rows.map((r) => r.anchor)).size, rows.length, 'anchors are unique');
  });

  it('shows recursion as a back-reference, and alternatives as shapes named by their discriminator value', async () => {
    const { model: m, doc } = await model(orders);
    const rows = schemaRows(
      doc,
      { $ref: '#/components/schemas/Order' },
      { file: doc.root.path, pointer: '/x' },
      { anchorPrefix: 'p', componentAt: (at) => m.componentAt(at) },
    );
    const parent = rows.find((r) => r.name === 'parent')!;
    assert.deepEqual(parent.backReference, { anchor: rows.find((r) => r.name === 'category')!.anchor, name: 'category' });
    assert.equal(rows.filter((r) => r.name === 'parent').length, 1, 'no endless expansion');
    assert.equal(rows.find((r) => r.name === 'payment')!.combinator, 'oneOf');
    assert.deepEqual(
      rows.filter((r) => r.alternative).map((r) => [r.name, r.anchor, r.component?.id]),
      [
        ['card', 'p.payment(card)', 'CardPayment'],
        ['invoice', 'p.payment(invoice)', 'InvoicePayment'],
      ],
    );
    assert.equal(rows.find((r) => r.name === 'dueDays')!.anchor, 'p.payment(invoice).dueDays');
    assert.equal(rows.find((r) => r.name === 'dueDays')!.default, 30);
    assert.deepEqual(rows.find((r) => r.name === 'dueDays')!.constraints, ['≥ 0', '≤ 90']);
    assert.equal(rows.find((r) => r.anchor === 'p.payment(card).method')!.const, 'card');
  });

  it("names a discriminator's subtypes on the base, found from oneOf and from schemas that extend it with allOf, and the base and value on each subtype", async () => {
    const dir = tempTree({
      'pets.yaml': `apidesc: 3.0.0
info: {title: Pets, version: '1'}
components:
  schemas:
    io.github.acme.pets.Pet:
      type: object
      discriminator: petType
      required: [petType, name]
      properties:
        petType: {type: string}
        name: {type: string}
    io.github.acme.pets.Cat:
      allOf:
        - $ref: '#/components/schemas/io.github.acme.pets.Pet'
        - type: object
          properties:
            huntingSkill: {type: string, enum: [clueless, lazy, aggressive]}
    io.github.acme.pets.Dog:
      allOf:
        - $ref: '#/components/schemas/io.github.acme.pets.Pet'
        - type: object
          properties:
            petType: {const: dog}
            packSize: {type: integer, enum: [1]}
`,
    });
    const { model: m } = await model(join(dir, 'pets.yaml'));
    const rowsOf = (id: string) => {
      const section = m.pages.find((p) => p.pointer === `/components/schemas/${id}`)!.sections.find((s) => s.type === 'schema');
      assert.ok(section && section.type === 'schema');
      return section.rows;
    };
    const pet = rowsOf('io.github.acme.pets.Pet')[0]!;
    assert.deepEqual(pet.discriminator, {
      property: 'petType',
      subtypes: [
        { value: 'io.github.acme.pets.Cat', schema: { id: 'io.github.acme.pets.Cat', url: 'components/schemas/io.github.acme.pets.cat/' } },
        { value: 'dog', schema: { id: 'io.github.acme.pets.Dog', url: 'components/schemas/io.github.acme.pets.dog/' } },
      ],
    });
    const cat = rowsOf('io.github.acme.pets.Cat');
    assert.deepEqual(cat[0]!.selectedBy, [
      { base: { id: 'io.github.acme.pets.Pet', url: 'components/schemas/io.github.acme.pets.pet/' }, property: 'petType', value: 'io.github.acme.pets.Cat' },
    ]);
    assert.deepEqual(
      cat.slice(1).map((r) => [r.name, r.required, r.from?.id]),
      [
        ['petType', true, 'io.github.acme.pets.Pet'],
        ['name', true, 'io.github.acme.pets.Pet'],
        ['huntingSkill', false, undefined],
      ],
    );
    assert.deepEqual(cat.find((r) => r.name === 'huntingSkill')!.enum, ['clueless', 'lazy', 'aggressive']);
    // A single allowed value reads as a constant; a property defined again by a part shows what both say.
    const dog = rowsOf('io.github.acme.pets.Dog');
    assert.equal(dog.find((r) => r.name === 'packSize')!.const, 1);
    assert.deepEqual(
      dog.filter((r) => r.name === 'petType').map((r) => [r.type, r.const, r.from?.id]),
      [['string', 'dog', 'io.github.acme.pets.Pet']],
    );
  });
});

describe('model: long chains of schemas (hostile input)', () => {
  const open = (kind: ChainKind, length: number): ResolvedDoc => {
    const dir = tempTree({ 'chain.yaml': deepChainDocument(kind, length) });
    const file = loadSourceFile(join(dir, 'chain.yaml'), defaultLimits).file!;
    return new ResolvedDoc(file, { root: dir, allowRemote: false }, defaultLimits);
  };
  const chain = async (kind: ChainKind, length: number): Promise<ApiModel> =>
    (await model(join(tempTree({ 'chain.yaml': deepChainDocument(kind, length) }), 'chain.yaml'))).model;
  const rowsOf = (m: ApiModel, pointer: string) => {
    const section = m.pages.find((p) => p.pointer === pointer)!.sections.find((s) => s.type === 'schema');
    assert.ok(section && section.type === 'schema');
    return section.rows;
  };

  it('shows MAX_ROW_DEPTH levels of a chain of schemas, then links to the page where it goes on', async () => {
    const m = await chain('property', 40);
    const rows = rowsOf(m, '/components/schemas/s0');
    assert.deepEqual(
      rows.map((r) => r.depth),
      Array.from({ length: MAX_ROW_DEPTH + 1 }, (_, i) => i),
    );
    assert.deepEqual(
      rows.map((r) => r.component?.id),
      Array.from({ length: MAX_ROW_DEPTH + 1 }, (_, i) => `s${i}`),
    );
    assert.deepEqual(rows.at(-1)!.cut, { on: { id: `s${MAX_ROW_DEPTH}`, url: `components/schemas/s${MAX_ROW_DEPTH}/` } });
    assert.ok(rows.slice(0, -1).every((r) => r.cut === undefined));
    // That page shows the next levels; the end of the chain, nothing to cut.
    assert.equal(rowsOf(m, `/components/schemas/s${MAX_ROW_DEPTH}`).at(-1)!.cut?.on?.id, `s${2 * MAX_ROW_DEPTH}`);
    assert.deepEqual(
      rowsOf(m, '/components/schemas/s39').map((r) => [r.depth, r.cut]),
      [
        [0, undefined],
        [1, undefined],
      ],
    );
    // However long the chain: the rows of a table stay as many.
    const doc = open('property', 5000);
    assert.equal(schemaRows(doc, { $ref: '#/components/schemas/s0' }, { file: doc.root.path, pointer: '/x' }, { anchorPrefix: 'p' }).length, MAX_ROW_DEPTH + 1);
  });

  it('links a cut inline level to the nearest schema above it with a page, and says so when there is none', async () => {
    const rows = rowsOf(await chain('nested', 40), '/components/schemas/s0');
    assert.equal(rows.length, MAX_ROW_DEPTH + 1);
    // s0 a b(s1) a b(s2) a b(s3) a b(s4): the row at the limit is s4 itself.
    assert.deepEqual(rows.at(-1)!.cut, { on: { id: 's4', url: 'components/schemas/s4/' } });
    const doc = open('nested', 0);
    const cut = schemaRows(doc, deepInline(MAX_ROW_DEPTH + 3), { file: doc.root.path, pointer: '/x' }, { anchorPrefix: 'p' }).filter((r) => r.cut);
    assert.deepEqual(
      cut.map((r) => [r.depth, r.cut]),
      [[MAX_ROW_DEPTH, {}]],
    );
  });

  it('cuts every kind of chain (items, allOf, references to references)', async () => {
    for (const kind of ['items', 'allOf', 'alias'] as const) {
      const rows = rowsOf(await chain(kind, 40), '/components/schemas/s0');
      assert.ok(rows.length <= MAX_ROW_DEPTH + 1, `${kind}: ${rows.length} rows`);
      if (kind === 'items') assert.ok(rows.at(-1)!.cut?.on, kind);
    }
    // allOf parts are merged into one schema: the chain is one row, which says where merging stopped.
    const allOf = rowsOf(await chain('allOf', 40), '/components/schemas/s0');
    assert.equal(allOf.length, 1);
    assert.match(allOf[0]!.unresolvedHtml ?? '', /nest too deeply/);
  });

  it('makes an example of a long chain from a few schemas, not the whole chain', async () => {
    for (const [kind, example] of [
      ['property', true],
      ['nested', true],
      ['allOf', false],
      ['items', true],
    ] as const) {
      const doc = open(kind, 5000);
      const deref = doc.deref.bind(doc);
      let calls = 0;
      doc.deref = (value, at) => {
        calls++;
        return deref(value, at);
      };
      const message = (doc.root.value as { channels: { chain: { messages: { link: Record<string, unknown> } } } }).channels.chain.messages.link;
      const validator = new ExampleValidator(doc);
      const { examples } = generateExamples(doc, validator, message, { payload: { file: doc.root.path, pointer: '/channels/chain/messages/link' } });
      validator.close();
      assert.equal(examples.length > 0, example, kind);
      // The example reads a few levels; checking it reads each schema of the chain once, as `validate` does for a given example.
      assert.ok(calls < 2 * 5000 + 400, `${kind}: ${calls} schemas read`);
    }
  });
});

/** `{type: object, properties: {a: {…}}}`, `levels` deep, inline. */
function deepInline(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

const corpus = CORPUS;

describe('model: every corpus document gets a page per object', () => {
  const roots: [string, string | undefined][] = [];
  // Defined only when the corpus is there; test/corpus.test.ts fails loudly when it is not.
  if (HAS_CORPUS) {
    for (const name of readdirSync(join(corpus, 'valid')).sort()) roots.push([join(corpus, 'valid', name), undefined]);
    for (const set of readdirSync(join(corpus, 'multi-file')).sort()) {
      const dir = join(corpus, 'multi-file', set);
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
      for (const file of walk(dir)) if (/^apidesc:/m.test(readFileSync(file, 'utf8'))) roots.push([file, dir]);
    }
  }
  for (const [file, root] of roots) {
    it(file.slice(corpus.length + 1), async () => {
      const { model: m, doc } = await model(file, root);
      const value = doc.root.value as Record<string, Record<string, unknown>>;
      const pointers = new Set(m.routes.map((r) => r.pointer));
      const expected = [
        ...['servers', 'channels', 'operations'].flatMap((map) =>
          Object.keys(value[map] ?? {}).map((id) => `/${map}/${id.replaceAll('~', '~0').replaceAll('/', '~1')}`),
        ),
        ...COMPONENT_KINDS.flatMap((map) =>
          Object.keys((value.components as Record<string, Record<string, unknown>> | undefined)?.[map] ?? {}).map(
            (id) => `/components/${map}/${id.replaceAll('~', '~0').replaceAll('/', '~1')}`,
          ),
        ),
      ];
      for (const pointer of expected) assert.ok(pointers.has(pointer), `missing route for ${pointer}`);
      assert.equal(new Set(m.entities.map((e) => e.url)).size, m.entities.length, 'URLs are unique');
      for (const route of m.routes) assert.match(route.url, /^[a-z0-9._/-]+\/$/);
    });
  }
});

describe('model: pages', () => {
  it('generates an example from the schemas of a message without examples, marked as generated', async () => {
    const { model: m } = await model(orders);
    const page = m.pages.find((p) => p.pointer === '/components/messages/StockCheckRequested')!;
    const section = page.sections.find((s) => s.type === 'examples');
    assert.ok(section && section.type === 'examples' && section.generated);
    const [headers, payload] = section.examples[0]!.blocks.map((b) => JSON.parse(b.code)) as [
      Record<string, unknown>,
      { items: { sku: string; quantity: number }[] },
    ];
    const example = { headers, payload };
    assert.deepEqual(Object.keys(example.headers).sort(), ['replyTo', 'requestId']);
    assert.equal(typeof example.payload.items[0]!.quantity, 'number');
    const given = m.pages.find((p) => p.pointer === '/components/messages/OrderPlaced')!.sections.find((s) => s.type === 'examples');
    assert.ok(given && given.type === 'examples' && !given.generated && given.examples[0]!.title === 'twoItems');
  });

  it('generates no example from a schema that asks for huge arrays or strings (hostile input), says why, and others as usual', async () => {
    const dir = tempTree({
      'huge.yaml': `apidesc: 3.0.0\ninfo: {title: T, version: '1'}\ncomponents:\n  schemas:\n    Row: {type: array, minItems: 1000, items: {type: string}}\n  messages:\n    nested:\n      payload: {type: array, minItems: 1000, items: {$ref: '#/components/schemas/Row'}}\n    long:\n      payload: {type: string, minLength: 1000000000}\n    fine:\n      payload: {type: array, minItems: 2, items: {type: integer}}\n`,
    });
    const { model: m } = await model(join(dir, 'huge.yaml'));
    const generated = (id: string) => m.pages.find((p) => p.pointer === `/components/messages/${id}`)!.sections.find((s) => s.type === 'examples');
    for (const [id, reason] of [
      ['nested', /needs at least 1000 items/],
      ['long', /needs a string of at least 1000000000 characters/],
    ] as const) {
      const section = generated(id);
      assert.ok(section && section.type === 'examples');
      assert.deepEqual(section.examples, [], id);
      assert.match(section.missing?.join(' ') ?? '', reason, id);
    }
    const fine = generated('fine');
    assert.ok(fine && fine.type === 'examples');
    assert.equal((JSON.parse(fine.examples[0]!.blocks[0]!.code) as number[]).length, 2);
  });

  it('generates one example per oneOf branch', async () => {
    const dir = tempTree({
      'oneof.yaml': `apidesc: 3.0.0\ninfo: {title: T, version: '1'}\ncomponents:\n  messages:\n    light:\n      payload:\n        oneOf:\n          - {type: object, title: Dimmed, required: [percent], properties: {percent: {type: integer}}}\n          - {type: object, title: Switched, required: [on], properties: {on: {type: boolean}}}\n    overlapping:\n      payload:\n        oneOf:\n          - {type: object, properties: {percent: {type: integer}}}\n          - {type: object, properties: {on: {type: boolean}}}\n`,
    });
    const { model: m } = await model(join(dir, 'oneof.yaml'));
    const sections = m.pages.flatMap((p) => p.sections).filter((s) => s.type === 'examples' && s.generated);
    const light = sections.find((s) => s.type === 'examples' && s.examples.length === 2);
    assert.ok(light && light.type === 'examples');
    assert.deepEqual(
      light.examples.map((e) => [e.title, JSON.parse(e.blocks[0]!.code)]),
      [
        // A percent reads as one (name-hints.ts).
        ['Generated example, Dimmed', { percent: 50 }],
        ['Generated example, Switched', { on: true }],
      ],
    );
    // Shapes that nothing tells apart: every value of one matches the other, which oneOf forbids. Said, not shown.
    const overlapping = m.pages.find((p) => p.pointer === '/components/messages/overlapping')!.sections.find((s) => s.type === 'examples');
    assert.ok(overlapping && overlapping.type === 'examples');
    assert.deepEqual(overlapping.examples, []);
    assert.match(overlapping.missing?.[0] ?? '', /also matches another of its shapes, and the schema allows exactly one/);
  });

  it('highlights address and URL variables, fills the example URL from defaults, and lists server security for operations', async () => {
    const { model: m } = await model(orders);
    const server = m.pages.find((p) => p.pointer === '/servers/production')!;
    assert.deepEqual(server.facts.find((f) => f.label === 'URL template')!.template, [
      { text: 'sns://sns.' },
      { text: '{region}', variable: true },
      { text: '.amazonaws.com' },
    ]);
    // The filled-in address is said once, in the Connect block, not again as an "Example URL" fact.
    assert.equal(
      server.facts.find((f) => f.label === 'Example URL'),
      undefined,
    );
    const connect = server.sections.find((s) => s.type === 'connect');
    assert.ok(connect?.type === 'connect');
    assert.match(connect.code, /^host +sns\.eu-west-1\.amazonaws\.com$/m);
    const op = m.pages.find((p) => p.pointer === '/operations/publishOrderEvents')!;
    const security = op.sections.find((s) => s.anchor === 'security');
    assert.ok(security && security.type === 'security');
    assert.deepEqual(
      security.groups.map((g) => [g.link?.title, g.schemes.map((s) => [s.name, s.link?.url, s.type])]),
      [['Production topics', [['sigv4', 'components/securityschemes/sigv4/', 'httpApiKey']]]],
    );
  });

  it('shows every Info field on the overview, with external links only for safe URLs', async () => {
    const { model: m } = await model(orders);
    const labels = m.infoFacts.map((f) => f.label);
    assert.deepEqual(labels, [
      'Id',
      'Default content type',
      'Terms of service',
      'Contact',
      'Contact URL',
      'Contact e-mail',
      'License',
      'Tags',
      'Documentation',
    ]);
    assert.equal(m.infoFacts.find((f) => f.label === 'Contact e-mail')!.href, 'mailto:commerce-platform@example.com');
  });
});

describe('model: other schema formats as tables', () => {
  /** The payload rows of a message whose payload is written in another schema format. */
  async function formatRows(schemaFormat: string, schema: unknown): Promise<SchemaRow[]> {
    const dir = tempTree({
      'api.json': JSON.stringify({
        apidesc: '3.0.0',
        info: { title: 't', version: '1' },
        components: { messages: { m: { payload: { schemaFormat, schema } } } },
      }),
    });
    const { doc } = await validateDocument(join(dir, 'api.json'), { root: dir });
    assert.ok(doc);
    const views = schemaViewsOf(doc);
    const view = views.view({ schemaFormat, schema }, { file: doc.root.path, pointer: '/components/messages/m/payload' });
    assert.ok(view.root);
    return viewRows(views, view.root, { anchorPrefix: 'payload' }).rows;
  }

  it('shows an Avro record as rows: fields (required unless they have a default), nullable unions, enums, defaults, logical types', async () => {
    const rows = await formatRows('application/vnd.apache.avro;version=1.9.0', {
      type: 'record',
      name: 'Parcel',
      fields: [
        { name: 'id', type: 'string', doc: 'The *parcel* id.' },
        { name: 'scan', type: { type: 'enum', name: 'Scan', symbols: ['IN', 'OUT'] } },
        { name: 'at', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'where', type: ['null', 'string'], default: null },
        { name: 'next', type: ['null', 'Parcel'] },
        { name: 'tags', type: { type: 'array', items: 'string' } },
      ],
    });
    assert.deepEqual(
      rows.map((r) => [r.name, r.type, r.depth, r.required, r.nullable ?? false]),
      [
        ['', 'record Parcel', 0, false, false],
        ['id', 'string', 1, true, false],
        ['scan', 'enum Scan', 1, true, false],
        ['at', 'long, timestamp-millis', 1, true, false],
        ['where', 'string', 1, false, true],
        ['next', 'record Parcel', 1, true, true],
        ['tags', 'array of string', 1, true, false],
      ],
    );
    assert.match(rows[1]!.descriptionHtml!, /<em>parcel<\/em>/);
    assert.deepEqual(rows[2]!.enum, ['IN', 'OUT']);
    assert.equal(rows[4]!.default, null);
    // The record inside itself is a back-reference, not an endless expansion.
    assert.equal(rows[5]!.backReference?.anchor, 'payload');
  });

  it('shows Protocol Buffers messages as rows with field numbers, repeated and nested messages, recursion as a back-reference', async () => {
    const rows = await formatRows(
      'application/vnd.google.protobuf;version=3',
      'syntax = "proto3";\nmessage Order {\n  string id = 1;\n  repeated Line lines = 2;\n  Status status = 3;\n  Order replaces = 4;\n}\nmessage Line { string sku = 1; int32 quantity = 2; }\nenum Status { NEW = 0; PAID = 1; }\n',
    );
    assert.deepEqual(
      rows.map((r) => [r.name, r.type, r.constraints.join(' ')]),
      [
        ['', 'message Order', ''],
        ['id', 'string', 'field 1'],
        ['lines', 'array of message Line', 'field 2'],
        ['sku', 'string', 'field 1'],
        ['quantity', 'int32', 'field 2'],
        ['status', 'enum Status', 'field 3 or another number (an open enum)'],
        ['replaces', 'message Order', 'field 4'],
      ],
    );
    assert.deepEqual(rows.find((r) => r.name === 'status')!.enum, ['NEW', 'PAID']);
    assert.ok(rows.find((r) => r.name === 'replaces')!.backReference);
  });
});
