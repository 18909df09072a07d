/**
 * The examples made for each shape of a payload's `oneOf` are titled so that a reader can tell
 * them apart and match each to its shape in the table: shapes that extend one base with `allOf`
 * all carry the base's title (a springwolf document's VehicleBase, its Electric and Gasoline
 * payloads), so the title then says the shape's own name, as the table's heading does (the
 * discriminator's value, a class name by its last part), else its place.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSite, tempTree } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info: { title: Vehicles, version: '1.0.0' }
channels:
  vehicles:
    address: vehicles
    messages:
      vehicle:
        payload: { $ref: '#/components/schemas/com.example.VehicleBase' }
      part:
        payload:
          oneOf:
            - allOf: [{ $ref: '#/components/schemas/PartBase' }, { type: object, required: [kind], properties: { kind: { const: wheel } } }]
            - allOf: [{ $ref: '#/components/schemas/PartBase' }, { type: object, required: [kind], properties: { kind: { const: door } } }]
operations:
  publishVehicle: { action: send, channel: { $ref: '#/channels/vehicles' } }
components:
  schemas:
    com.example.VehicleBase:
      title: VehicleBase
      type: object
      discriminator: vehicleType
      required: [vehicleType]
      properties:
        vehicleType: { type: string }
        topSpeed: { type: integer }
      oneOf:
        - { $ref: '#/components/schemas/com.example.ElectricCar' }
        - { $ref: '#/components/schemas/com.example.PetrolCar' }
    com.example.ElectricCar:
      allOf:
        - { $ref: '#/components/schemas/com.example.VehicleBase' }
        - { type: object, properties: { batteryCapacity: { type: integer } } }
    com.example.PetrolCar:
      allOf:
        - { $ref: '#/components/schemas/com.example.VehicleBase' }
        - { type: object, properties: { fuelCapacity: { type: integer } } }
    PartBase:
      title: Part
      type: object
      properties: { name: { type: string } }
`;

/** The titles of the generated examples a page shows, each once, in order. */
function generatedTitles(html: string): string[] {
  return [...new Set([...html.matchAll(/Generated example, ([^<",]+(?:, shape \d+)?)/g)].map((m) => m[1]!))];
}

describe("generated examples of a payload's shapes", { timeout: 180_000 }, () => {
  let dir = '';
  let site = '';
  before(async () => {
    dir = tempTree({ 'vehicles.yaml': DOCUMENT });
    site = await buildSite(['vehicles.yaml', '--allow-invalid'], dir, { work: dir, out: join(dir, 'site') });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are titled by the discriminator value of each shape, a class name by its last part, when the shapes share the base title', () => {
    const html = readFileSync(join(site, 'channels/vehicles/messages/vehicle/index.html'), 'utf8');
    assert.deepEqual(generatedTitles(html), ['ElectricCar', 'PetrolCar']);
  });

  it('are titled by their place when nothing else tells them apart', () => {
    const html = readFileSync(join(site, 'channels/vehicles/messages/part/index.html'), 'utf8');
    assert.deepEqual(generatedTitles(html), ['Part, shape 1', 'Part, shape 2']);
  });
});
