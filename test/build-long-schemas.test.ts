/**
 * Schemas as generators such as springwolf write them (Java class names as schema names, Markdown
 * with headings in field descriptions, Avro payloads), read well: a schema's page says its
 * description once; a heading inside a field's description is no heading of the page; a
 * package-qualified name reads by its last segment, the whole name in its title, wrapping only
 * between its words; an Avro schema shown as a table has its source folded; "Expand all" and
 * "Collapse all" only on trees with something folded.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info: {title: Shop (springwolf shapes), version: 1.0.0}
channels:
  orders:
    address: orders
    messages:
      placed: {$ref: '#/components/messages/com.acme.shop.dtos.OrderDto'}
      audited: {$ref: '#/components/messages/AuditEntry'}
      custom: {$ref: '#/components/messages/Custom'}
operations:
  receiveOrders:
    action: receive
    channel: {$ref: '#/channels/orders'}
components:
  messages:
    com.acme.shop.dtos.OrderDto:
      payload: {$ref: '#/components/schemas/com.acme.shop.dtos.OrderDto'}
    AuditEntry:
      payload:
        schemaFormat: application/vnd.apache.avro;version=1.9.0
        schema:
          type: record
          name: AuditEntry
          namespace: com.acme.shop.avro
          fields:
            - {name: who, type: string}
            - {name: when, type: long}
    Custom:
      payload:
        schemaFormat: application/vnd.acme.custom;version=1
        schema:
${Array.from({ length: 20 }, (_, i) => `          field${i}: {kind: text, note: number ${i}}`).join('\n')}
  schemas:
    com.acme.shop.dtos.OrderDto:
      type: object
      description: An order as the shop sends it, described once.
      properties:
        lines:
          type: array
          items: {$ref: '#/components/schemas/com.acme.shop.dtos.OrderLineItemPayloadDto'}
        note:
          type: string
          description: |
            ### A note with Markdown

            - **bold**
            - *cursive*
    com.acme.shop.dtos.OrderLineItemPayloadDto:
      type: object
      properties:
        sku: {type: string}
    com.acme.shop.dtos.VehicleBase:
      type: object
      discriminator: vehicleType
      properties:
        vehicleType: {type: string}
      oneOf:
        - {$ref: '#/components/schemas/com.acme.shop.dtos.VehicleElectricPayloadDto'}
        - {$ref: '#/components/schemas/com.acme.shop.dtos.VehicleGasolinePayloadDto'}
    com.acme.shop.dtos.VehicleElectricPayloadDto:
      type: object
      properties:
        batteryCapacity: {type: integer}
    com.acme.shop.dtos.VehicleGasolinePayloadDto:
      type: object
      properties:
        fuelCapacity: {type: integer}
    com.acme.shop.dtos.FlatDto:
      type: object
      properties:
        only: {type: string}
`;

describe('long schemas as generators write them', () => {
  const dir = tempTree({ 'shop.yaml': DOCUMENT });
  let run: { code: number; err: string };
  before(async () => {
    run = await runIn(dir, ['build', 'shop.yaml', '--out', 'site']);
  });
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  const tree = (html: string): string => /<div class="schema-tree"[\s\S]*?(?=<\/section>)/.exec(html)?.[0] ?? '';
  const ORDER = 'components/schemas/com.acme.shop.dtos.orderdto/';

  it("says a schema's description once on its page, and does not link the schema to itself", () => {
    assert.equal(run.code, 0, run.err);
    const html = page(ORDER);
    // Shown once (search's hidden summary of the page, for its results, is not shown).
    const shown = html.replace(/<span data-pagefind-meta="summary"[^>]*>[^<]*<\/span>/g, '');
    assert.equal(shown.split('An order as the shop sends it, described once.').length - 1, 1, 'the description once');
    assert.doesNotMatch(tree(html).split('<ul class="props">')[0]!, /<a href="\/components\/schemas\/com\.acme\.shop\.dtos\.orderdto\/"/);
  });

  it("shows a heading inside a field's description as a bold line, not a heading of the page", () => {
    const html = tree(page(ORDER));
    assert.doesNotMatch(html, /<h[1-6]/);
    assert.match(html, /<p class="md-heading">A note with Markdown<\/p>/);
  });

  it('names package-qualified schemas by their last segment, the whole name in the title, wrapping between words', () => {
    const html = tree(page(ORDER));
    // The array's items by a linked short name; the type "array of …" too.
    assert.match(html, /<span title="com\.acme\.shop\.dtos\.OrderLineItemPayloadDto">Order<wbr>Line<wbr>Item<wbr>Payload<wbr>Dto<\/span>/);
    assert.match(
      html,
      /<a href="\/components\/schemas\/com\.acme\.shop\.dtos\.orderlineitempayloaddto\/" title="com\.acme\.shop\.dtos\.OrderLineItemPayloadDto">Order<wbr>Line<wbr>Item<wbr>Payload<wbr>Dto<\/a>/,
    );
    assert.ok(!html.includes('>com.acme.shop.dtos.OrderLineItemPayloadDto<'), 'never the whole name as text');
    // The message's payload links its schema by the short name.
    assert.match(tree(page('components/messages/com.acme.shop.dtos.orderdto/')), /title="com\.acme\.shop\.dtos\.OrderDto">OrderDto<\/a>/);
  });

  it("names a shape by its schema's short name once, and lists a class name as discriminator value in full (what a sender writes), wrapping only after its dots", () => {
    const html = tree(page('components/schemas/com.acme.shop.dtos.vehiclebase/'));
    assert.match(
      html,
      /<summary><strong><span title="com\.acme\.shop\.dtos\.VehicleElectricPayloadDto">Vehicle<wbr>Electric<wbr>Payload<wbr>Dto<\/span><\/strong><\/summary>/,
    );
    // The discriminator's value said once, in its shape (no separate list of values and shapes).
    assert.match(
      html,
      /<p class="schema-note">When <code>vehicleType<\/code> is <code>&quot;com\.<wbr>acme\.<wbr>shop\.<wbr>dtos\.<wbr>VehicleElectricPayloadDto&quot;<\/code><\/p>/,
    );
    assert.equal(html.match(/VehicleElectricPayloadDto&quot;/g)?.length, 1, 'the value once');
    assert.doesNotMatch(html, /&quot;…/, 'no value shortened');
  });

  it('folds the source of an Avro schema shown as a table', () => {
    const html = page('components/messages/auditentry/');
    assert.match(html, /<code>who<\/code>/, 'the table');
    assert.match(
      html,
      /<details class="fold"><summary>The schema as written <span class="kind">\(\d+ lines, <code>application\/vnd\.apache\.avro;version=1\.9\.0<\/code>\)<\/span><\/summary>/,
    );
  });

  it('folds a schema written in a format it cannot show as a table when it is long', () => {
    assert.match(
      page('components/messages/custom/'),
      /<details class="fold"><summary>The schema as written <span class="kind">\(\d+ lines, <code>application\/vnd\.acme\.custom;version=1<\/code>\)/,
    );
  });

  it('offers "Expand all" and "Collapse all" only where something is folded', () => {
    assert.match(page(ORDER), /<div class="schema-tree" data-schema-tree role="group"/, 'a tree with fields of fields');
    const flat = page('components/schemas/com.acme.shop.dtos.flatdto/');
    assert.match(flat, /<div class="schema-tree" role="group"/);
    assert.doesNotMatch(flat, /data-schema-tree/, 'one field, nothing folded: no buttons');
  });
});
