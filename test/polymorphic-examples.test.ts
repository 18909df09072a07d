/**
 * Polymorphism as generators write it (springwolf: `Base: {discriminator, oneOf: [Car, Van]}`,
 * `Car: {allOf: [Base, {…}]}`): an example is checked against it, not left unchecked because the
 * schema goes round Base → Car → Base; the check still rejects a value the schema does not allow,
 * and a generated example of the base and of each shape is checked and accepted. On a document
 * of the shape springwolf generates for Spring Kafka too (test/fixtures/springwolf: Java class
 * names as schema names, a discriminator whose values are those names, examples that fail).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generateExamples, generateSchemaExample } from '../src/lib/model/generated-examples.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { tempDir } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info: { title: Fleet, version: 1.0.0 }
components:
  messages:
    vehicle:
      payload: { $ref: '#/components/schemas/Vehicle' }
  schemas:
    Vehicle:
      type: object
      discriminator: kind
      properties:
        kind: { type: string }
        topSpeed: { type: integer }
      oneOf:
        - $ref: '#/components/schemas/Electric'
        - $ref: '#/components/schemas/Petrol'
    Electric:
      allOf:
        - $ref: '#/components/schemas/Vehicle'
        - type: object
          properties: { batteryCapacity: { type: integer, minimum: 1 } }
    Petrol:
      allOf:
        - $ref: '#/components/schemas/Vehicle'
        - type: object
          properties: { fuelCapacity: { type: integer } }
`;

/** A Spring Kafka service's document as springwolf generates it (written by hand in that shape). */
const SPRINGWOLF = join(import.meta.dirname, 'fixtures/springwolf/logistics-kafka.json');

async function loaded(file: string): Promise<ResolvedDoc> {
  const result = await validateDocument(file, { root: join(file, '..') });
  assert.ok(result.doc, `${file} loads`);
  return result.doc;
}

const schemaAt = (doc: ResolvedDoc, name: string) => ({ file: doc.root.path, pointer: `/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` });
const schemas = (doc: ResolvedDoc): Record<string, unknown> => {
  const root = doc.root.value;
  return isPlainObject(root) && isPlainObject(root.components) && isPlainObject(root.components.schemas) ? root.components.schemas : {};
};

describe('examples of a polymorphic schema whose shapes extend it', () => {
  const work = tempDir('apidesc-polymorphic-');
  const file = join(work, 'fleet.yaml');
  writeFileSync(file, DOCUMENT);

  it('checks a value against the base and its shapes: accepts a good one, rejects a bad one', async () => {
    const doc = await loaded(file);
    const validator = new ExampleValidator(doc);
    try {
      const vehicle = schemas(doc).Vehicle;
      assert.deepEqual(validator.jsonSchemaErrors({ kind: 'Electric', topSpeed: 180, batteryCapacity: 75 }, vehicle, schemaAt(doc, 'Vehicle')), []);
      const wrong = validator.jsonSchemaErrors({ kind: 'Electric', topSpeed: 'fast' }, vehicle, schemaAt(doc, 'Vehicle'));
      assert.ok(Array.isArray(wrong) && wrong.length > 0, `a text top speed is rejected: ${JSON.stringify(wrong)}`);
      const shape = validator.jsonSchemaErrors({ kind: 'Electric', batteryCapacity: 0 }, schemas(doc).Electric, schemaAt(doc, 'Electric'));
      assert.ok(Array.isArray(shape) && shape.length > 0, `a shape's own constraint holds: ${JSON.stringify(shape)}`);
      // The discriminator picks the shape by its name: a petrol value is not an Electric one.
      const other = validator.jsonSchemaErrors({ kind: 'Petrol', topSpeed: 180 }, schemas(doc).Electric, schemaAt(doc, 'Electric'));
      assert.ok(Array.isArray(other) && other.length > 0, `another shape's value is refused: ${JSON.stringify(other)}`);
      assert.deepEqual(validator.jsonSchemaErrors({ kind: 'Electric', topSpeed: 180 }, schemas(doc).Electric, schemaAt(doc, 'Electric')), []);
    } finally {
      validator.close();
    }
  });

  it('generates examples of the message and of each schema that are checked, none left unchecked', async () => {
    const doc = await loaded(file);
    const validator = new ExampleValidator(doc);
    try {
      const at = { file: doc.root.path, pointer: '/components/messages/vehicle' };
      const root = doc.root.value as { components: { messages: { vehicle: Record<string, unknown> } } };
      const made = generateExamples(doc, validator, root.components.messages.vehicle, { payload: at });
      assert.equal(made.examples.length, 2, JSON.stringify(made));
      for (const example of made.examples) assert.equal(example.unchecked, undefined, example.title);
      for (const [name, schema] of Object.entries(schemas(doc))) {
        const own = generateSchemaExample(doc, validator, schema, schemaAt(doc, name));
        assert.deepEqual(own.missing, [], name);
        for (const example of own.examples) assert.equal(example.unchecked, undefined, `${name}: ${example.title}`);
      }
    } finally {
      validator.close();
    }
  });

  it('checks every example of a springwolf document, ShipmentBase and its shapes included', async () => {
    const doc = await loaded(SPRINGWOLF);
    const validator = new ExampleValidator(doc);
    try {
      const all = schemas(doc);
      const base = 'org.example.logistics.kafka.dtos.discriminator.ShipmentBase';
      assert.ok(all[base], 'the document has the polymorphic ShipmentBase');
      for (const [name, schema] of Object.entries(all)) {
        const own = generateSchemaExample(doc, validator, schema, schemaAt(doc, name));
        for (const example of own.examples) assert.equal(example.unchecked, undefined, `${name}: ${example.title}`);
      }
      const wrong = validator.jsonSchemaErrors({ shipmentType: 'x', weightGrams: 'heavy' }, all[base], schemaAt(doc, base));
      assert.ok(Array.isArray(wrong) && wrong.length > 0, 'a wrong value is rejected');
    } finally {
      validator.close();
    }
  });
});
