/**
 * How schemas and their generated examples read on message pages (issue 34): a Schema Object
 * whose `schemaFormat` names a version of its family that the SPEC does not list (generators
 * write `application/vnd.apidesc+json;version=3.1.0`) is shown as the table and generated example
 * it evidently is, with a quiet note that says how it is read, while `validate` keeps warning
 * (and checks no example against it); a format the tool does not read at all says so in plain
 * words, no Markdown shown raw.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { unescapeText } from '../src/lib/html-text.ts';
import { tempDir, validateYaml } from './helpers.ts';

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

/** The text of an HTML fragment, tags removed, spaces collapsed. */
const text = (html: string): string =>
  unescapeText(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('reading schemas of format versions the SPEC does not list', () => {
  const work = tempDir('apidesc-reading-schemas-');
  const site = join(work, 'site');
  const page = (url: string): string => readFileSync(join(site, url, 'index.html'), 'utf8');
  before(async () => {
    writeFileSync(join(work, 'formats.yaml'), DOCUMENT);
    const previous = process.cwd();
    process.chdir(work);
    try {
      assert.equal(await main(['build', 'formats.yaml', '--out', site], { out: () => {}, err: () => {} }), 0);
    } finally {
      process.chdir(previous);
    }
  });

  it("reads the format's own Schema Object at version 3.1.0 as a 3.0.0 Schema Object: a table, a generated example, and a note", () => {
    const html = page('components/messages/newer');
    assert.doesNotMatch(html, /The schema as written/, 'the schema is not shown as source only');
    assert.match(html, /class="schema-tree"[^>]*aria-label="Payload"/, 'the payload is a schema table');
    assert.match(html, /id="payload\.vehicleId"/, 'a row for each field');
    assert.match(
      text(html),
      /Schema format application\/vnd\.apidesc\+json;version=3\.1\.0 : version 3\.1\.0 is not one the format lists: the schema is read as a 3\.0\.0 Schema Object\./,
    );
    assert.match(text(html), /Generated example/);
    assert.match(text(html), /"colour"\s*:\s*"(red|blue)"/, 'the example follows the schema');
    // On the operation that carries it, too.
    assert.match(text(page('operations/sendvehicles')), /The payload schema format's version 3\.1\.0 is not one the format lists/);
  });

  it('reads JSON Schema of an unlisted draft as JSON Schema draft-07', () => {
    const html = page('components/messages/drafted');
    assert.doesNotMatch(html, /The schema as written/);
    assert.match(text(html), /version draft-04 is not one the format lists: the schema is read as JSON Schema draft-07\./);
    const wheels = /"wheels"\s*:\s*(\d+)/.exec(text(html));
    assert.ok(wheels && Number(wheels[1]) >= 2 && Number(wheels[1]) <= 18, `a generated example within the bounds: ${text(html)}`);
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
