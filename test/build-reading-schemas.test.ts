/**
 * How schemas and their generated examples read on message pages (issue 34): a Schema Object
 * whose `schemaFormat` names a version of its family that the SPEC does not list (generators
 * write `application/vnd.apidesc+json;version=3.1.0`) is shown as the table and generated example
 * it evidently is, with a quiet note that says how it is read, while `validate` keeps warning
 * (and checks no example against it); a format the tool does not read at all says so in plain
 * words, no Markdown shown raw. Schemas of real documents read without noise: fields inherited
 * from a named part are grouped under its short name once, an example is shown once and never
 * beside the same value as "always", object examples are indented JSON, and the shapes of an
 * object are said to be the object's, not its last field's.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { unescapeText } from '../src/lib/html-text.ts';
import { visibleText } from './visible-text.ts';
import { buildSite, tempDir, validateYaml } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info: { title: Formats, version: 1.0.0 }
defaultContentType: application/json
channels:
  vehicles:
    address: vehicles
    messages:
      newer: { $ref: '#/components/messages/newer' }
      drafted: { $ref: '#/components/messages/drafted' }
      custom: { $ref: '#/components/messages/custom' }
operations:
  sendVehicles: { action: send, channel: { $ref: '#/channels/vehicles' } }
components:
  messages:
    newer:
      payload:
        schemaFormat: application/vnd.apidesc+json;version=3.1.0
        schema: { $ref: '#/components/schemas/Vehicle' }
    drafted:
      payload:
        schemaFormat: application/schema+json;version=draft-04
        schema:
          type: object
          required: [wheels]
          properties: { wheels: { type: integer, minimum: 2, maximum: 18 } }
    custom:
      payload:
        schemaFormat: application/x-vendor-shape;version=1
        schema: { shape: wheels }
  schemas:
    Vehicle:
      type: object
      required: [vehicleId, colour]
      properties:
        vehicleId: { type: string, description: The vehicle. }
        colour: { type: string, enum: [red, blue] }
`;

describe('reading schemas of format versions the SPEC does not list', () => {
  const work = tempDir('apidesc-reading-schemas-');
  const site = join(work, 'site');
  const page = (url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
  before(async () => {
    writeFileSync(join(work, 'formats.yaml'), DOCUMENT);
    await buildSite(['formats.yaml'], work, { work, out: site });
  });

  it("reads the format's own Schema Object at version 3.1.0 as a 3.0.0 Schema Object: a table, a generated example, and a note", () => {
    const html = page('components/messages/newer');
    assert.doesNotMatch(html, /The schema as written/, 'the schema is not shown as source only');
    assert.match(html, /class="schema-tree"[^>]*aria-label="Payload"/, 'the payload is a schema table');
    assert.match(html, /id="payload\.vehicleId"/, 'a row for each field');
    // How the format was read is for the authors (validate and build print it too): in the folded Source, not the reading flow.
    const source = html.indexOf('<div class="source"');
    assert.match(
      visibleText(html.slice(source)),
      /Payload schema format application\/vnd\.apidesc\+json;version=3\.1\.0 : read as a 3\.0\.0 Schema Object \(the document names version 3\.1\.0, which this format does not define\)\./,
    );
    assert.doesNotMatch(visibleText(html.slice(0, source)), /read as a 3\.0\.0 Schema Object|version=3\.1\.0/);
    assert.match(visibleText(html), /Generated example/);
    assert.match(visibleText(html), /"colour"\s*:\s*"(red|blue)"/, 'the example follows the schema');
    // Not on the operation that carries it: the message's page tells its authors.
    assert.doesNotMatch(visibleText(page('operations/sendvehicles')), /read as a 3\.0\.0 Schema Object/);
  });

  it('reads JSON Schema of an unlisted draft as JSON Schema draft-07', () => {
    const html = page('components/messages/drafted');
    assert.doesNotMatch(html, /The schema as written/);
    assert.match(
      visibleText(html.slice(html.indexOf('<div class="source"'))),
      /read as JSON Schema draft-07 \(the document names version draft-04, which this format does not define\)\./,
    );
    const wheels = /"wheels"\s*:\s*(\d+)/.exec(visibleText(html));
    assert.ok(wheels && Number(wheels[1]) >= 2 && Number(wheels[1]) <= 18, `a generated example within the bounds: ${visibleText(html)}`);
  });

  it('says in plain words, no Markdown shown raw, that a custom format has no generated example', () => {
    const html = page('components/messages/custom');
    assert.match(html, /The schema as written|Schema format/);
    const note = /class="schema-note" role="note">([^<]*)</.exec(html)?.[1];
    assert.equal(note, 'No payload example: its schema format application/x-vendor-shape;version=1 is shown as written.');
  });

  it('keeps validate at a warning for the unlisted versions, and checks no example against them', async () => {
    const diagnostics = await validateYaml(
      DOCUMENT.replace(
        '\n  messages:\n',
        `
  messages:
    checked:
      payload:
        schemaFormat: application/vnd.apidesc+json;version=3.1.0
        schema: { type: integer }
      examples: [{ payload: not a number }]
`,
      ),
    );
    const versions = diagnostics.filter((d) => d.code === 'schema-format-version');
    assert.deepEqual(
      versions.map((d) => d.severity),
      ['warning', 'warning', 'warning'],
    );
    assert.match(versions[0]!.message, /pages read the schema as a 3\.0\.0 Schema Object, and examples are not checked against it/);
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 'error' || d.code.startsWith('example-')).map((d) => d.code),
      [],
      'no error, and the example is not judged by a reading the SPEC does not list',
    );
  });
});

/** A generator's polymorphic schemas (springwolf-like): qualified names, a discriminator, headers with one value each. */
const POLYMORPHIC = `apidesc: 3.0.0
info: { title: Fleet, version: 1.0.0 }
channels:
  vehicles:
    address: vehicles
    messages:
      vehicle: { $ref: '#/components/messages/vehicle' }
components:
  messages:
    vehicle:
      headers: { $ref: '#/components/schemas/CloudEventHeaders' }
      payload: { $ref: '#/components/schemas/com.example.fleet.VehicleBase' }
  schemas:
    CloudEventHeaders:
      type: object
      properties:
        ce_specversion: { type: string, enum: ['1.0'], examples: ['1.0'] }
        ce_source: { type: string, const: 'http://localhost', examples: ['http://localhost', 'http://fleet.example.com'] }
    com.example.fleet.VehicleBase:
      type: object
      discriminator: vehicleType
      required: [vehicleType]
      properties:
        vehicleType: { type: string }
        topSpeed: { type: integer }
      examples: [{ vehicleType: com.example.fleet.Electric, topSpeed: 120, batteryCapacity: 75 }]
      oneOf:
        - $ref: '#/components/schemas/com.example.fleet.Electric'
        - $ref: '#/components/schemas/com.example.fleet.Gasoline'
    com.example.fleet.Electric:
      type: object
      examples: [{ vehicleType: com.example.fleet.Electric, topSpeed: 120, batteryCapacity: 75 }]
      allOf:
        - $ref: '#/components/schemas/com.example.fleet.VehicleBase'
        - { type: object, properties: { batteryCapacity: { type: integer } } }
    com.example.fleet.Gasoline:
      type: object
      allOf:
        - $ref: '#/components/schemas/com.example.fleet.VehicleBase'
        - { type: object, properties: { fuelCapacity: { type: integer } } }
`;

describe('reading the schemas of a real polymorphic document without noise', () => {
  const work = tempDir('apidesc-reading-schemas-');
  const site = join(work, 'site');
  let base = '';
  let message = '';
  before(async () => {
    writeFileSync(join(work, 'fleet.yaml'), POLYMORPHIC);
    await buildSite(['fleet.yaml'], work, { work, out: site });
    base = readFileSync(join(site, 'components/schemas/com.example.fleet.vehiclebase/index.html'), 'utf8');
    message = readFileSync(join(site, 'components/messages/vehicle/index.html'), 'utf8');
  });

  it("lists the base's fields once: a shape that extends it says how many, linked, and lists its own", () => {
    const electric = /<details class="shape"[^>]*id="schema\(com-example-fleet-Electric\)"[\s\S]*?<\/details>/.exec(base)?.[0] ?? '';
    assert.ok(electric, 'the Electric shape is on the base page');
    assert.doesNotMatch(visibleText(base), /from com\.example\.fleet\.VehicleBase/, 'no row names the whole dotted name of its part');
    const groups = [...electric.matchAll(/<p class="props-from">([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    assert.equal(groups.length, 2, groups.join(' | '));
    assert.match(visibleText(groups[0]!), /^Plus the \d+ fields of VehicleBase above$/);
    assert.equal(visibleText(groups[1]!), 'Own fields');
    assert.match(groups[0]!, /<a href="#schema">/, "the base's fields above are linked");
  });

  it("says the shapes are the object's, not its last field's", () => {
    assert.match(visibleText(base), /VehicleBase is exactly one of 2 shapes, by the value of vehicleType ?:/);
    assert.doesNotMatch(visibleText(base), /Exactly one of 2 shapes/);
  });

  it('shows each example once, and no example that repeats the value a field always has', () => {
    // The base, and its subtype whose examples are merged with the base's: the same value, shown once on the page (in its panel).
    assert.equal(base.split('<figure class="example">').length - 1, 1, 'the example is shown once, beside the table');
    assert.equal(base.split('class="example-value"').length - 1, 0, 'not again under the schema, nor on each shape that repeats it');
    const row = (name: string): string => {
      const start = message.indexOf(`<li class="prop" id="headers.${name}"`);
      return visibleText(message.slice(start, message.indexOf('</li>', start)));
    };
    assert.match(row('ce_specversion'), /always "1\.0"/);
    assert.doesNotMatch(row('ce_specversion'), /e\.g\./, 'no e.g. equal to the one value');
    assert.match(row('ce_source'), /always "http:\/\/localhost"/);
    // Its one other example is not a value it takes (the const refuses it): no e.g.; one example is right, so nothing is said wrong either.
    assert.doesNotMatch(row('ce_source'), /e\.g\./);
    assert.doesNotMatch(row('ce_source'), /does not satisfy/, 'the example equal to the const is right');
  });

  it('writes an object example as indented JSON', () => {
    const block = /<figure class="example">[\s\S]*?<code>([\s\S]*?)<\/code><\/pre>/.exec(base)?.[1];
    assert.ok(block, 'an object example is a block of its own');
    assert.equal(
      unescapeText(block!.replace(/<[^>]+>/g, '')),
      JSON.stringify({ vehicleType: 'com.example.fleet.Electric', topSpeed: 120, batteryCapacity: 75 }, null, 2),
    );
  });
});
