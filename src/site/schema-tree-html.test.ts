import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SchemaRow } from '../lib/model/types.ts';
import { schemaTreeFolds, schemaTreeHtml } from './schema-tree-html.ts';

const href = (url: string): string => `/api/${url}`;
const row = (anchor: string, name: string, depth: number, more: Partial<SchemaRow> = {}): SchemaRow => ({
  anchor,
  name,
  depth,
  type: 'string',
  required: false,
  constraints: [],
  flags: [],
  ...more,
});

describe('schema tree HTML', () => {
  const order = row('payload', 'payload', 0, {
    type: 'object',
    component: { id: 'com.acme.shop.dtos.OrderDto', url: 'components/schemas/orderdto/' },
    descriptionHtml: '<p>An order.</p>',
  });
  const rows = [
    order,
    row('payload.note', 'note "quoted" & <b>', 1, {
      required: true,
      nullable: true,
      enum: ["it's", 'a<b'],
      descriptionHtml: '<h3 id="x">Heading</h3><p>Text</p>',
    }),
    row('payload.lines', 'lines', 1, { type: 'array of com.acme.shop.dtos.LineDto' }),
    row('payload.lines[].sku', 'sku', 2, { constraints: ['1..64 chars'], format: 'uuid' }),
  ];

  it('writes each field with its name, type, chips, values and description, text escaped as Astro escapes it', () => {
    // On the schema's own page: its fields are search records there.
    const html = schemaTreeHtml(rows, { href, self: 'components/schemas/orderdto/' });
    assert.match(
      html,
      /<li class="prop" id="payload.note" data-pagefind-title="OrderDto › note &quot;quoted&quot; &amp; <b>"><p class="prop-head"><a class="prop-name" href="#payload.note"><code>note &quot;quoted&quot; &amp; &lt;b&gt;<\/code><\/a> <span class="prop-type">string<\/span> <span class="req">required<\/span> <span class="req nullable">null allowed<\/span><\/p>/,
    );
    assert.match(html, /<p class="values" data-pagefind-ignore>one of <code>&quot;it&#39;s&quot;<\/code> <code>&quot;a&lt;b&quot;<\/code><\/p>/);
    assert.match(html, /<div class="prop-description"><p class="md-heading" id="x">Heading<\/p><p>Text<\/p><\/div>/);
    assert.match(html, /<p class="chips"><span class="chip">uuid<\/span> <span class="chip">1..64 chars<\/span><\/p>/);
  });

  it('names qualified schemas by their last segment, the whole name in the title, linked to their page', () => {
    const html = schemaTreeHtml(rows, { href });
    assert.match(
      html,
      /^<div class="schema-root" id="payload"><p class="schema-root-line"><span class="prop-type"><a href="\/api\/components\/schemas\/orderdto\/" title="com.acme.shop.dtos.OrderDto">OrderDto<\/a><\/span><span class="kind"> \(object\)<\/span><\/p>/,
    );
    assert.match(html, /array of <span title="com.acme.shop.dtos.LineDto">LineDto<\/span>/);
    assert.match(
      html,
      /<details class="prop-children" open><summary data-pagefind-ignore>1 field of <code>lines<\/code><\/summary><ul class="props"><li class="prop" id="payload.lines\[\].sku"/,
    );
  });

  it("makes a named schema's fields search records on its own page only: elsewhere (a message's payload, a field of its type, a shape, an allOf part) they are left out of the index", () => {
    const money = { id: 'Money', url: 'components/schemas/money/' };
    const ref = { id: 'OrderRef', url: 'components/schemas/orderref/' };
    const card = { id: 'CardPayment', url: 'components/schemas/cardpayment/' };
    const inline = [
      row('payload', 'payload', 0, { type: 'object' }),
      row('payload.orderId', 'orderId', 1, { from: ref }),
      row('payload.note', 'note', 1),
      row('payload.total', 'total', 1, { type: 'Money', component: money }),
      row('payload.total.amount', 'amount', 2, { type: 'number' }),
      row('payload.payment', 'payment', 1, { type: 'object', combinator: 'oneOf' }),
      row('payload.payment(card)', 'card', 2, { alternative: true, type: 'object', component: card }),
      row('payload.payment(card).last4', 'last4', 3),
    ];
    const html = schemaTreeHtml(inline, { href, self: 'components/messages/orderplaced/' });
    const attributes = (anchor: string): string =>
      new RegExp(`<(?:li|details) class="(?:prop|shape)" id="${anchor.replace(/[.()[\]]/g, '\\$&')}"([^>]*)>`).exec(html)?.[1] ?? 'missing';
    // Written in place here: records of this page, titled by their path.
    assert.equal(attributes('payload.note'), ' data-pagefind-title="payload › note"');
    assert.equal(attributes('payload.total'), ' data-pagefind-title="payload › total"');
    assert.match(attributes('payload.payment(card)'), /^ data-pagefind-title="payload › payment › CardPayment"/);
    // Another schema's: its page has them.
    assert.equal(attributes('payload.orderId'), ' data-pagefind-ignore');
    assert.equal(attributes('payload.total.amount'), ' data-pagefind-ignore');
    assert.equal(attributes('payload.payment(card).last4'), ' data-pagefind-ignore');
    // On CardPayment's own page, its fields are its records.
    const own = schemaTreeHtml([row('schema', '', 0, { type: 'object', component: card }), row('schema.last4', 'last4', 1)], { href, self: card.url });
    assert.match(own, /<li class="prop" id="schema.last4" data-pagefind-title="CardPayment › last4">/);
    // A message whose payload is the schema: none of its fields is a record of the message.
    const payload = schemaTreeHtml([row('payload', 'payload', 0, { type: 'object', component: card }), row('payload.last4', 'last4', 1)], {
      href,
      self: 'components/messages/x/',
    });
    assert.match(payload, /<li class="prop" id="payload.last4" data-pagefind-ignore>/);
    assert.doesNotMatch(payload, /data-pagefind-title/);
  });

  it("on the schema's own page: not its name again (the page's title) but its type, no second description; search titles a reader's path (the schema's short name › field › field), or none", () => {
    const own = schemaTreeHtml(rows, { href, self: 'components/schemas/orderdto/', searchTitles: { prefix: 'payload.' } });
    // A plain object: no "object" line between the heading and its fields (Redocly shows none).
    assert.match(own, /^<div class="schema-root" id="payload"><\/div><ul class="props">/);
    assert.doesNotMatch(own.slice(0, own.indexOf('<ul class="props">')), /OrderDto/);
    assert.doesNotMatch(own, /An order\./);
    // Not the anchor's id ("lines[].sku", "payload(com-acme-…).sku"): what DocSearch heads a hit with.
    assert.match(own, /data-pagefind-title="OrderDto › lines › sku"/);
    assert.doesNotMatch(schemaTreeHtml(rows, { href, searchTitles: false }), /data-pagefind-title/);
  });

  it("says the shapes are the object's, the first open, and what is left out past the size limit", () => {
    const shaped = [
      row('payload', 'payload', 0, { type: 'object', combinator: 'anyOf' }),
      row('payload.anyOf1', 'card', 1, { alternative: true, type: 'object' }),
      row('payload.anyOf2', 'cash', 1, { alternative: true, type: 'object' }),
    ];
    const html = schemaTreeHtml(shaped, { href, omitted: 1 });
    assert.match(
      html,
      /<div class="shapes"><p class="shapes-intro"><code>payload<\/code> is one or more of 2 shapes:<\/p><details class="shape" id="payload.anyOf1" data-pagefind-title="payload › card" open><summary><strong>card<\/strong> <span class="kind">object<\/span><\/summary><\/details><details class="shape" id="payload.anyOf2"/,
    );
    assert.match(html, /<p class="schema-note" role="note">1 more field is not listed here/);
    assert.equal(schemaTreeFolds(shaped), true);
    assert.equal(schemaTreeFolds([order, rows[1]!]), false);
    assert.equal(schemaTreeHtml([], { href }), '');
  });

  // As springwolf writes polymorphism: VehicleBase's discriminator names Java classes, and each
  // shape extends VehicleBase (allOf), so its rows bring VehicleBase's fields again.
  const base = { id: 'io.github.acme.fleet.VehicleBase', url: 'components/schemas/vehiclebase/' };
  const electric = { id: 'io.github.acme.fleet.VehicleElectric', url: 'components/schemas/vehicleelectric/' };
  const gasoline = { id: 'io.github.acme.fleet.VehicleGasoline', url: 'components/schemas/vehiclegasoline/' };
  const vehicle = [
    row('schema', '', 0, {
      type: 'object',
      component: base,
      combinator: 'oneOf',
      discriminator: {
        property: 'vehicleType',
        subtypes: [
          { value: electric.id, schema: electric },
          { value: gasoline.id, schema: gasoline },
        ],
      },
    }),
    row('schema.topSpeed', 'topSpeed', 1, { type: 'integer' }),
    row('schema.vehicleType', 'vehicleType', 1),
    row('schema(electric)', electric.id, 1, { alternative: true, type: 'object', component: electric }),
    row('schema(electric).topSpeed', 'topSpeed', 2, { type: 'integer', from: base }),
    row('schema(electric).vehicleType', 'vehicleType', 2, { from: base }),
    row('schema(electric).batteryCapacity', 'batteryCapacity', 2, { type: 'integer' }),
    row('schema(gasoline)', gasoline.id, 1, { alternative: true, type: 'object', component: gasoline }),
    row('schema(gasoline).topSpeed', 'topSpeed', 2, { type: 'integer', from: base }),
    row('schema(gasoline).vehicleType', 'vehicleType', 2, { from: base }),
    row('schema(gasoline).fuelCapacity', 'fuelCapacity', 2, { type: 'integer' }),
  ];

  it('keeps the line of what the root is where it says more than "object": an array, null allowed, a named schema, an object without fields', () => {
    const line = (root: SchemaRow, more: SchemaRow[] = [row('payload.a', 'a', 1)]): string =>
      /<p class="schema-root-line">[\s\S]*?<\/p>/.exec(schemaTreeHtml([root, ...more], { href }))?.[0] ?? '';
    assert.equal(line(row('payload', 'payload', 0, { type: 'object' })), '', 'a plain object with fields: no line');
    assert.match(line(row('payload', 'payload', 0, { type: 'array of object' })), /array of object/);
    assert.match(line(row('payload', 'payload', 0, { type: 'object', nullable: true })), /null allowed/);
    assert.match(line(order), /OrderDto/);
    assert.match(line(row('payload', 'payload', 0, { type: 'object' }), []), /object/);
  });

  it("says a discriminator once, in its shapes: the property in the shapes' intro, each value in its shape, a Java class name in full wrapping after its dots", () => {
    const html = schemaTreeHtml(vehicle, { href, self: base.url });
    assert.doesNotMatch(html, /discriminator-map|says which kind it is/, 'no list of values above the shapes');
    assert.match(
      html,
      /<p class="shapes-intro"><span title="io.github.acme.fleet.VehicleBase">VehicleBase<\/span> is exactly one of 2 shapes, by the value of <code>vehicleType<\/code>:<\/p>/,
    );
    const shape = /<details class="shape" id="schema\(electric\)"[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    assert.match(
      shape,
      /<p class="schema-note">When <code>vehicleType<\/code> is <code>&quot;io\.<wbr>github\.<wbr>acme\.<wbr>fleet\.<wbr>VehicleElectric&quot;<\/code><\/p>/,
    );
    assert.equal(html.split('io.<wbr>github.<wbr>acme.<wbr>fleet.<wbr>VehicleElectric').length - 1, 1, 'the whole value once');
  });

  it("lists a discriminator's values a line each, value → schema, where its subtypes are no shapes of it (they extend it), a Java class name in full (what a sender writes), wrapping after its dots", () => {
    const html = schemaTreeHtml(
      vehicle.filter((r) => !r.anchor.startsWith('schema(')),
      { href, self: base.url },
    );
    const map = /<ul class="discriminator-map">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    assert.match(
      map,
      /^<li><code>&quot;io\.<wbr>github\.<wbr>acme\.<wbr>fleet\.<wbr>VehicleElectric&quot;<\/code> → <a href="\/api\/components\/schemas\/vehicleelectric\/" title="io.github.acme.fleet.VehicleElectric">VehicleElectric<\/a><\/li><li>/,
    );
    assert.doesNotMatch(html, /says which kind it is: /, 'not a run-on sentence');
    assert.doesNotMatch(html, /…VehicleElectric|The values in full/, 'never shortened, so no fold repeats them');
  });

  it("lists the parent's fields once: a shape that extends it says how many and links to them, then lists its own", () => {
    const html = schemaTreeHtml(vehicle, { href, self: base.url });
    const shape = /<details class="shape" id="schema\(electric\)"[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    assert.match(
      shape,
      /<p class="props-from">Plus the 2 fields of <a href="#schema"><span title="io.github.acme.fleet.VehicleBase">VehicleBase<\/span><\/a> above<\/p>/,
    );
    assert.doesNotMatch(shape, /id="schema\(electric\)\.topSpeed"/, 'not listed again');
    assert.match(shape, /id="schema\(electric\)\.batteryCapacity"/);
    assert.equal((html.match(/data-pagefind-title="[^"]*topSpeed"/g) ?? []).length, 1, 'the field is found once, in the parent');
    // Without the parent's fields above (the shape's own page lists them), they stay, grouped.
    const alone = schemaTreeHtml([row('schema', '', 0, { type: 'object', component: electric }), ...vehicle.slice(4, 7).map((r) => ({ ...r, depth: 1 }))], {
      href,
    });
    assert.match(alone, /<p class="props-from">From <a href="\/api\/components\/schemas\/vehiclebase\/"/);
    assert.match(alone, /id="schema\(electric\)\.topSpeed"/);
  });

  it('says an inheritance once: one part in the root line with "Inherited fields" below, several parts where their fields are grouped', () => {
    const part = (id: string): { id: string; url: string } => ({ id, url: `components/schemas/${id.toLowerCase()}/` });
    const [ref, audited] = [part('OrderRef'), part('Audited')];
    const field = (name: string, from?: { id: string; url: string }): SchemaRow => row(`payload.${name}`, name, 1, from ? { from } : {});
    const one = schemaTreeHtml(
      [row('payload', 'payload', 0, { type: 'object', component: part('Order'), extends: [ref] }), field('orderId', ref), field('total')],
      { href },
    );
    const said = (html: string): number => (html.match(/>OrderRef</g) ?? []).length;
    assert.match(one, /<span class="kind"> · extends <a href="\/api\/components\/schemas\/orderref\/">OrderRef<\/a><\/span>/);
    assert.match(one, /<p class="props-from">Inherited fields<\/p>[\s\S]*<p class="props-from">Own fields<\/p>/);
    assert.equal(said(one), 1, one);
    const two = schemaTreeHtml(
      [
        row('payload', 'payload', 0, { type: 'object', component: part('Order'), extends: [ref, audited] }),
        field('orderId', ref),
        field('changedAt', audited),
        field('total'),
      ],
      { href },
    );
    assert.doesNotMatch(two, /extends/);
    assert.match(two, /<p class="props-from">From <a href="\/api\/components\/schemas\/orderref\/">OrderRef<\/a><\/p>/);
    assert.equal(said(two), 1, two);
  });
});
