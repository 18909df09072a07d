/**
 * Generated examples read as real values (issue 34): a string the schema says nothing more of is
 * read by its field's name and description (a queue URL, an email address, an id, a date-time, a
 * currency), a number by its name (a quantity, a price); no string holds a control character
 * (a pattern's `\s` gives newlines), on a corpus document that had one; every value is still
 * accepted by the schema's validator, and the same in every build. A command a reader runs puts
 * a placeholder where a header's value is only guessed from its name.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generateExamples } from '../src/lib/model/generated-examples.ts';
import { isPlainObject, type ResolvedDoc } from '../src/lib/resolve/resolved-doc.ts';
import { ExampleValidator } from '../src/lib/validate/example-validator.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { runIn, tempDir } from './helpers.ts';

const DOCUMENT = `apidesc: 3.0.0
info: { title: Hints, version: 1.0.0 }
components:
  messages:
    stockCheck:
      headers:
        type: object
        required: [replyTo, requestId]
        properties:
          replyTo: { type: string, description: Queue URL the answer is sent to. }
          requestId: { type: string, format: uuid }
          callbackUrl: { type: string }
          customerEmail: { type: string }
      payload:
        type: object
        properties:
          orderId: { type: string }
          createdAt: { type: string }
          currency: { type: string }
          country: { type: string, maxLength: 2 }
          quantity: { type: integer, minimum: 1 }
          price: { type: number }
          sku: { type: string, pattern: '^[A-Z]+-[0-9]+$' }
          pair: { type: array, items: { type: string, pattern: '[A-Z\\s]+\\/[A-Z\\s]+' } }
          spaced: { type: string, pattern: '^[a-z]+\\s[a-z]+$' }
          note: { type: string }
          lumens: { type: integer, minimum: 0 }
          torque: { type: integer, minimum: 0 }
          hp: { type: number }
          level: { type: integer, minimum: 0, maximum: 100 }
          settlementCurrency: { type: string, pattern: '^[A-Z]{3}$' }
    stockAnswer:
      payload:
        type: object
        required: [available]
        properties:
          available: { type: boolean }
          missing: { type: array, items: { type: string } }
          lines: { type: array, minItems: 1, items: { type: object, properties: { sku: { type: string } } } }
    strictAnswer:
      payload:
        type: object
        required: [available, missing]
        properties:
          available: { type: boolean }
          missing: { type: array, minItems: 1, items: { type: string } }
`;

async function loaded(file: string): Promise<ResolvedDoc> {
  const result = await validateDocument(file, { root: join(file, '..') });
  assert.ok(result.doc, `${file} loads`);
  return result.doc;
}

/** The generated examples of each message of the document's components, by message id. */
function generatedOf(doc: ResolvedDoc): Map<string, ReturnType<typeof generateExamples>> {
  const out = new Map<string, ReturnType<typeof generateExamples>>();
  const root = doc.root.value;
  const messages = isPlainObject(root) && isPlainObject(root.components) && isPlainObject(root.components.messages) ? root.components.messages : {};
  const validator = new ExampleValidator(doc);
  try {
    for (const [id, message] of Object.entries(messages)) {
      if (!isPlainObject(message)) continue;
      const at = { file: doc.root.path, pointer: `/components/messages/${id}` };
      out.set(id, generateExamples(doc, validator, message, { headers: at, payload: at }));
    }
  } finally {
    validator.close();
  }
  return out;
}

/** Every string in a value, at any depth. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : isPlainObject(value) ? Object.values(value).flatMap(strings) : [];

describe('generated example values', () => {
  const work = tempDir('apidesc-example-values-');
  const file = join(work, 'hints.yaml');
  writeFileSync(file, DOCUMENT);

  it("reads a field's name and description for a realistic value, and the schema still accepts it", async () => {
    const made = generatedOf(await loaded(file)).get('stockCheck')!;
    assert.deepEqual(made.missing, []);
    assert.equal(made.examples.length, 1);
    const example = made.examples[0]!;
    assert.equal(example.unchecked, undefined, 'checked by the validator, and accepted (else it would not be shown)');
    const headers = example.value.headers as Record<string, unknown>;
    const payload = example.value.payload as Record<string, unknown>;
    assert.match(String(headers.replyTo), /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com\/\d{12}\/[a-z-]+$/, 'a queue URL, as its description says');
    assert.match(String(headers.callbackUrl), /^https:\/\/\S+$/);
    assert.match(String(headers.customerEmail), /^[^@\s]+@[^@\s]+\.[a-z]+$/);
    assert.match(String(headers.requestId), /^[0-9a-f]{8}-[0-9a-f]{4}-/, 'a format wins over the name');
    assert.equal(payload.orderId, 'order-1042');
    assert.ok(!Number.isNaN(Date.parse(String(payload.createdAt))), `a date-time: ${payload.createdAt}`);
    assert.match(String(payload.currency), /^[A-Z]{3}$/);
    assert.match(String(payload.country), /^[A-Z]{2}$/);
    assert.equal(payload.quantity, 1);
    assert.ok(typeof payload.price === 'number' && payload.price > 0, `a price: ${payload.price}`);
    assert.match(String(payload.sku), /^[A-Z]+-[0-9]+$/, 'a pattern wins over the name');
    assert.equal(payload.note, 'Note', 'a name that says nothing more reads as its words, not the placeholder "string"');
    // A number no name explains reads as a reading, not the placeholder 0: the middle of its
    // bounds, else a value its name picks (the same in every build), so that fields read apart, not all 10.
    assert.equal(payload.level, 50);
    const readings = [payload.lumens, payload.torque, payload.hp];
    assert.ok(
      readings.every((n) => typeof n === 'number' && n > 0),
      `readings: ${readings}`,
    );
    assert.ok(new Set(readings).size > 1, `fields of different names read apart: ${readings}`);
    // A pattern the name's value fits (a currency of three capitals): the currency, not three random capitals ("ANZ").
    assert.ok(['EUR', 'USD', 'GBP', 'JPY'].includes(String(payload.settlementCurrency)), `a currency: ${payload.settlementCurrency}`);
    assert.deepEqual(example.guessedHeaders, ['replyTo', 'callbackUrl', 'customerEmail'], 'the headers guessed from a name are said to be');
  });

  it('makes an answer that does not contradict itself, and a SKU that reads as one', async () => {
    const made = generatedOf(await loaded(file));
    const payload = made.get('stockAnswer')!.examples[0]!.value.payload as Record<string, unknown>;
    assert.equal(payload.available, true);
    assert.deepEqual(payload.missing, [], 'nothing missing when all is available');
    assert.match(String((payload.lines as Record<string, unknown>[])[0]!.sku), /^[A-Z]+-\d+$/, 'a SKU, not "string"');
    // Where the schema wants the list filled, it keeps its item: the example must still be valid.
    const strict = made.get('strictAnswer')!.examples[0]!.value.payload as Record<string, unknown>;
    assert.equal((strict.missing as unknown[]).length, 1);
  });

  it('never puts a control character in a string, even where a pattern asks for whitespace', async () => {
    const payload = generatedOf(await loaded(file)).get('stockCheck')!.examples[0]!.value.payload as Record<string, unknown>;
    for (const text of strings(payload)) assert.doesNotMatch(text, /[\u0000-\u001f\u007f-\u009f]/, JSON.stringify(text));
    assert.match(String(payload.spaced), /^[a-z]+ [a-z]+$/, 'a required whitespace is a plain space');
    assert.ok(Array.isArray(payload.pair) && /[A-Z ]+\/[A-Z ]+/.test(String(payload.pair[0])), JSON.stringify(payload.pair));
  });

  it('makes the same values in every run', async () => {
    const first = JSON.stringify([...generatedOf(await loaded(file))]);
    const second = JSON.stringify([...generatedOf(await loaded(file))]);
    assert.equal(first, second);
  });

  // Only where the corpus is (as the other corpus tests): a test is never skipped.
  if (HAS_CORPUS)
    it('makes the Kraken pair a pair without a newline (the corpus document that had one)', async () => {
      const kraken = join(CORPUS, 'valid/spec-kraken-websocket-request-reply-multiple-channels.yaml');
      const made = generatedOf(await loaded(kraken));
      const all = [...made.values()].flatMap((g) => g.examples.flatMap((e) => strings(e.value)));
      assert.ok(all.length > 0);
      for (const text of all) assert.doesNotMatch(text, /[\u0000-\u001f]/, JSON.stringify(text));
      const subscribe = made.get('subscribe')!.examples[0]!.value.payload as Record<string, unknown>;
      assert.match(String((subscribe.pair as unknown[])[0]), /^[A-Z ]+\/[A-Z ]+$/);
    });

  it('sends in an sns publish command the header value the generated example guessed from its name, as the example shows it', async () => {
    const dir = tempDir('apidesc-example-values-sns-');
    writeFileSync(
      join(dir, 'api.yaml'),
      `apidesc: 3.0.0
info: { title: Orders, version: 1.0.0 }
servers:
  aws: { host: sns.eu-west-1.amazonaws.com, protocol: sns }
channels:
  orderEvents:
    address: order-events.fifo
    bindings: { sns: { name: order-events.fifo, ordering: { type: FIFO } } }
    messages:
      orderPlaced:
        headers:
          type: object
          required: [MessageGroupId]
          properties: { MessageGroupId: { type: string } }
        payload: { type: object, properties: { orderId: { type: string } } }
operations:
  publishOrderEvents: { action: send, channel: { $ref: '#/channels/orderEvents' } }
`,
    );
    const built = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    const twin = readFileSync(join(dir, 'site/operations/publishorderevents/index.md'), 'utf8');
    const command = /aws sns publish[\s\S]*?\n\n/.exec(twin)?.[0] ?? '';
    // One answer to "what goes here": the command sends what the page's example shows, never a bare type name.
    assert.match(twin, /"MessageGroupId": "message-group-1042"/);
    assert.match(command, /--message-group-id message-group-1042 /);
    assert.doesNotMatch(command, /'string'/);
    assert.match(command, /order-1042/, 'the payload keeps its realistic value');
  });
});
