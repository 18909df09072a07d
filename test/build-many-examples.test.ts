/**
 * No page grows with the examples or values a document gives: a schema table's row shows at most
 * ROW_EXAMPLES as "e.g." and says how many more; a message shows at most OWN_PAGE_EXAMPLES of its
 * own examples, or of those its payload schema gives, and says how many more; an enum (a row's, a
 * channel parameter's) lists at most VALUES_SHOWN values and says how many more; a field's long
 * `const`, `default`, allowed value or example is cut after VALUE_CHARS characters (an object
 * example, indented, after PRETTY_CHARS) and says how many characters are left out. Built from a
 * generated document with pairs of the same shape, one with 1,000 examples (5,000 values), one
 * with one past the cap; the pages and their Markdown twins stay the same size.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { OWN_PAGE_EXAMPLES, ROW_EXAMPLES } from '../src/lib/model/shown-examples.ts';
import { PRETTY_CHARS, VALUE_CHARS, VALUES_SHOWN } from '../src/lib/model/shown-values.ts';
import { buildSite, tempTree } from './helpers.ts';

const MANY = 1_000;
const FEW = OWN_PAGE_EXAMPLES + 1;

/** A schema with a field `reading` that gives `count` examples (all of them right, all different, all as long). */
const field = (count: number): Record<string, unknown> => ({
  type: 'object',
  properties: { reading: { type: 'integer', minimum: 0, examples: Array.from({ length: count }, (_, i) => 100_000 + i) }, unit: { type: 'string' } },
});
/** A message whose payload schema gives `count` examples, the message none of its own; its http binding's header too. */
const message = (count: number): Record<string, unknown> => ({
  name: `Readings${count}`,
  bindings: {
    http: { headers: { type: 'object', properties: { 'x-station': { type: 'integer', examples: Array.from({ length: count }, (_, i) => 700_000 + i) } } } },
  },
  payload: {
    type: 'object',
    properties: { id: { type: 'integer', minimum: 0 }, label: { type: 'string' } },
    required: ['id', 'label'],
    examples: Array.from({ length: count }, (_, i) => ({ id: 100_000 + i, label: `reading ${100_000 + i}` })),
  },
});

/** A message with `count` examples of its own (numbered, none named), its payload schema none. */
const ownExamples = (count: number): Record<string, unknown> => ({
  name: `Own${count}`,
  payload: { type: 'object', properties: { id: { type: 'integer', minimum: 0 }, label: { type: 'string' } }, required: ['id', 'label'] },
  examples: Array.from({ length: count }, (_, i) => ({ payload: { id: 300_000 + i, label: `own ${300_000 + i}` } })),
});

const MANY_VALUES = 5_000;
const FEW_VALUES = VALUES_SHOWN + 1;
/** `count` values, all as long: `V10000`, `V10001`… */
const values = (count: number): string[] => Array.from({ length: count }, (_, i) => `V${10_000 + i}`);
/** A schema whose field `kind` takes one of `count` values, and whose field `tags` holds items that do. */
const enumField = (count: number): Record<string, unknown> => ({
  type: 'object',
  properties: { kind: { type: 'string', enum: values(count) }, tags: { type: 'array', items: { type: 'string', enum: values(count) } } },
});
/** A channel whose address parameter takes one of `count` values, carrying the message with `count` examples of its own. */
const channel = (count: number, examples: number): Record<string, unknown> => ({
  address: `rooms${count}/{room}`,
  parameters: { room: { enum: values(count) } },
  messages: { own: { $ref: `#/components/messages/Own${examples}` } },
});

const LONG_CHARS = 100_000;
/**
 * A schema whose fields' `const`, `default`, allowed values and second examples (a string, an
 * object) are LONG_CHARS characters long. (The first examples are short: the page's example holds
 * them, and a row shows only what that example does not.)
 */
const longValues = (): Record<string, unknown> => {
  const text = (c: string): string => c.repeat(LONG_CHARS);
  return {
    type: 'object',
    properties: {
      fixed: { const: text('a') },
      mode: { type: 'string', default: text('b') },
      code: { type: 'string', enum: [text('c'), text('d')] },
      note: { type: 'string', examples: ['short', text('e')] },
      blob: { type: 'object', properties: { text: { type: 'string' } }, examples: [{ text: 'short' }, { text: text('f') }] },
    },
  };
};

/** A field whose first examples (as many as a row shows) are those the schema's own examples hold: the page shows them, the row counts the others. */
const shownAbove = {
  type: 'object',
  properties: { n: { type: 'integer', examples: [1, 2, 3, 4, 5].slice(0, ROW_EXAMPLES + 2) } },
  examples: [1, 2, 3].slice(0, ROW_EXAMPLES).map((n) => ({ n })),
};

const DOCUMENT = {
  apidesc: '3.0.0',
  info: { title: 'Readings', version: '1.0.0' },
  channels: { manyRooms: channel(MANY_VALUES, MANY), fewRooms: channel(FEW_VALUES, FEW) },
  operations: {
    receiveMany: { action: 'receive', channel: { $ref: '#/channels/manyRooms' }, messages: [{ $ref: '#/channels/manyRooms/messages/own' }] },
    receiveFew: { action: 'receive', channel: { $ref: '#/channels/fewRooms' }, messages: [{ $ref: '#/channels/fewRooms/messages/own' }] },
  },
  components: {
    schemas: {
      ManyField: field(MANY),
      FewField: field(FEW),
      ManyValues: enumField(MANY_VALUES),
      FewValues: enumField(FEW_VALUES),
      LongValues: longValues(),
      ShownAbove: shownAbove,
    },
    messages: { ManyPayload: message(MANY), FewPayload: message(FEW), [`Own${MANY}`]: ownExamples(MANY), [`Own${FEW}`]: ownExamples(FEW) },
  },
};

describe('pages do not grow with the examples a document gives', () => {
  let site = '';
  before(async () => {
    const dir = tempTree({
      'readings.json': JSON.stringify(DOCUMENT),
      // A guide quotes a table: its rows are the reference page's.
      'guides/tour.mdx': '# Tour\n\n<SchemaTable ref="#/components/schemas/ManyField" />\n',
    });
    site = await buildSite(['readings.json', '--allow-invalid'], dir);
  });
  const schemaFile = (name: string, f = 'index.html'): string => join(site, 'components/schemas', name, f);
  const messageFile = (name: string, f = 'index.html'): string => join(site, 'components/messages', name, f);
  const sameSize = (file: (name: string, f?: string) => string, many: string, few: string): void => {
    for (const f of ['index.html', 'index.md']) {
      const a = statSync(file(many, f)).size;
      const b = statSync(file(few, f)).size;
      // The same shape and as many examples shown: only the counts' digits and the names differ.
      assert.ok(Math.abs(a - b) < 300, `${f}: ${a} bytes with ${MANY} examples, ${b} with ${FEW}`);
    }
  };

  it('a row shows a few examples and says how many more, on the page and in its twin', () => {
    const page = readFileSync(schemaFile('manyfield'), 'utf8');
    const eg = page.match(/e\.g\. (.*?)<\/p>/)?.[1] ?? '';
    const values = [...eg.matchAll(/<code>(\d+)<\/code>/g)].map((m) => Number(m[1]));
    assert.ok(values.length > 0 && values.length <= ROW_EXAMPLES, eg);
    const more = MANY - ROW_EXAMPLES;
    assert.match(eg, new RegExp(`and ${more} more$`));
    assert.doesNotMatch(page, new RegExp(`\\b${100_000 + ROW_EXAMPLES}\\b`), 'an example past the cap is not on the page');
    const twin = readFileSync(schemaFile('manyfield', 'index.md'), 'utf8');
    // The value the page's example holds is said there, not again in the row (shown-examples.ts).
    assert.match(twin, new RegExp(`\`reading\`: .*example (\`10000[0-2]\`(, )?){1,${ROW_EXAMPLES}} and ${more} more\n`));
    sameSize(schemaFile, 'manyfield', 'fewfield');
  });

  it("a binding's table and a guide's table cap their rows as the reference's do", () => {
    const binding = readFileSync(messageFile('manypayload'), 'utf8').match(/e\.g\. (<code>70\d+<\/code>.*?)<\/p>/)?.[1] ?? '';
    assert.match(binding, new RegExp(`^(<code>70000[0-2]</code> ?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more$`));
    assert.match(
      readFileSync(messageFile('manypayload', 'index.md'), 'utf8'),
      new RegExp(`\`x-station\`: .*example (\`70000[0-2]\`(, )?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more\n`),
    );
    const guide = readFileSync(join(site, 'guides/tour/index.html'), 'utf8');
    assert.match(guide, new RegExp(`e\\.g\\. (<code>10000[0-2]</code> ?){1,${ROW_EXAMPLES}} and ${MANY - ROW_EXAMPLES} more</p>`));
    assert.doesNotMatch(guide, new RegExp(`\\b${100_000 + ROW_EXAMPLES}\\b`));
  });

  it("a message's payload schema's examples: at most OWN_PAGE_EXAMPLES, and how many more, on the page and in its twin", () => {
    const page = readFileSync(messageFile('manypayload'), 'utf8');
    const shown = new Set([...page.matchAll(/The document's example (\d+)/g)].map((m) => m[1]));
    assert.ok(shown.size > 0 && shown.size <= OWN_PAGE_EXAMPLES, [...shown].join(', '));
    const sentence = `The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of the payload's schema, not shown here.`;
    assert.ok(page.includes(sentence.replaceAll("'", '&#39;')), 'the page says how many more');
    assert.match(
      readFileSync(messageFile('manypayload', 'index.md'), 'utf8'),
      new RegExp(`The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of the payload`),
    );
    assert.doesNotMatch(page, new RegExp(`reading ${100_000 + OWN_PAGE_EXAMPLES}\\b`), 'an example past the cap is not on the page');
    sameSize(messageFile, 'manypayload', 'fewpayload');
  });

  it("a message's own examples: at most OWN_PAGE_EXAMPLES, and how many more, on its page and in its twin", () => {
    const page = readFileSync(messageFile(`own${MANY}`), 'utf8');
    const shown = new Set([...page.matchAll(/own (3\d{5})/g)].map((m) => Number(m[1])));
    assert.ok(shown.size > 0 && shown.size <= OWN_PAGE_EXAMPLES, [...shown].join(', '));
    assert.ok(
      [...shown].every((n) => n < 300_000 + OWN_PAGE_EXAMPLES),
      'the first ones, in order',
    );
    const sentence = `The document gives ${MANY - OWN_PAGE_EXAMPLES} more examples of this message, not shown here.`;
    assert.ok(page.includes(sentence), 'the page says how many more');
    const twin = readFileSync(messageFile(`own${MANY}`, 'index.md'), 'utf8');
    assert.ok(twin.includes(sentence), 'the twin says how many more');
    assert.doesNotMatch(twin, new RegExp(`own ${300_000 + OWN_PAGE_EXAMPLES}\\b`), 'an example past the cap is not in the twin');
    sameSize(messageFile, `own${MANY}`, `own${FEW}`);
  });

  it("an operation's panel shows a few of its message's examples, whatever the message holds", () => {
    const file = (name: string, f = 'index.html'): string => join(site, 'operations', name, f);
    const page = readFileSync(file('receivemany'), 'utf8');
    assert.doesNotMatch(page, new RegExp(`own ${300_000 + OWN_PAGE_EXAMPLES}\\b`), 'an example past the cap is not on the page');
    sameSize(file, 'receivemany', 'receivefew');
  });

  it('an enum lists at most VALUES_SHOWN values and says how many more, on the page and in its twin', () => {
    const more = `and ${MANY_VALUES - VALUES_SHOWN} more values`;
    const page = readFileSync(schemaFile('manyvalues'), 'utf8');
    for (const lead of ['one of', 'each one of']) {
      const line = page.match(new RegExp(`>${lead} (<code>.*?)</p>`))?.[1] ?? '';
      assert.equal([...line.matchAll(/<code>/g)].length, VALUES_SHOWN, line.slice(0, 200));
      assert.ok(line.endsWith(` ${more}`), line.slice(-200));
    }
    assert.doesNotMatch(page, new RegExp(`V${10_000 + VALUES_SHOWN}\\b`), 'a value past the cap is not on the page');
    const twin = readFileSync(schemaFile('manyvalues', 'index.md'), 'utf8');
    assert.match(twin, new RegExp(`\`kind\`: .*one of (\`"V1\\d{4}"\`(, )?){${VALUES_SHOWN}} ${more}`));
    assert.doesNotMatch(twin, new RegExp(`V${10_000 + VALUES_SHOWN}\\b`), 'a value past the cap is not in the twin');
    sameSize(schemaFile, 'manyvalues', 'fewvalues');
  });

  it("a field's long const, default, allowed values and examples are cut, saying how much is left out, on the page and in its twin", () => {
    const page = readFileSync(schemaFile('longvalues'), 'utf8');
    const rows = [...page.matchAll(/<p class="values[^"]*" data-pagefind-ignore>(.*?)<\/p>/gs)].map((m) => m[1]!);
    const said = (letter: string, lead: string): string =>
      rows.find((r) => r.startsWith(lead) && r.includes(letter.repeat(50))) ??
      assert.fail(`no "${lead}" row of ${letter}s in ${rows.map((r) => r.slice(0, 60)).join(' | ')}`);
    for (const [letter, lead] of [
      ['a', 'always'],
      ['b', 'default'],
      ['c', 'one of'],
      ['d', 'one of'],
      ['e', 'e.g. <code>'],
    ] as const) {
      const row = said(letter, lead);
      // JSON's quote, then VALUE_CHARS - 1 of the letters, then the cut.
      assert.ok(row.includes(`${letter.repeat(VALUE_CHARS - 1)}…`) && !row.includes(letter.repeat(VALUE_CHARS)), `${lead}: ${row.slice(0, 80)}…`);
      assert.ok(row.includes(`(${LONG_CHARS + 2 - VALUE_CHARS} more characters)`), `${lead} says how much is left out`);
    }
    // The object example: indented, cut within PRETTY_CHARS, and how much is left out said under it.
    const object = page.match(
      /<pre class="example-value"[^>]*><code>((?:(?!<\/pre>).)*f{50}.*?)<\/code><\/pre>\s*<p class="values kind" data-pagefind-ignore>\((\d+) more characters\)<\/p>/s,
    );
    assert.ok(object, 'the object example is followed by how much is left out');
    assert.ok(object[1]!.replace(/<[^>]+>/g, '').length <= PRETTY_CHARS + 2, 'the object example is cut');
    const twin = readFileSync(schemaFile('longvalues', 'index.md'), 'utf8');
    // (The page's example, whole, is no row: a made-up message of the schema holds its const whole, as a sender must write it.)
    const twinRows = twin.split('\n').filter((line) => /^\s*- `(fixed|mode|code|note)`:/.test(line));
    assert.equal(twinRows.length, 4, twin.slice(0, 400));
    for (const letter of ['a', 'b', 'c', 'd', 'e']) {
      const line = twinRows.find((l) => l.includes(letter.repeat(50))) ?? assert.fail(`no row of ${letter}s`);
      assert.ok(line.includes(`${letter.repeat(VALUE_CHARS - 1)}…\` (${LONG_CHARS + 2 - VALUE_CHARS} more characters)`), `the twin cuts the ${letter}s`);
      assert.ok(!line.includes(letter.repeat(VALUE_CHARS)), `the twin cuts the ${letter}s`);
    }
  });

  it("a row whose few examples the page's example shows still counts the others, on the page and in its twin", () => {
    const page = readFileSync(schemaFile('shownabove'), 'utf8');
    assert.ok(page.includes('<p class="values" data-pagefind-ignore>2 more examples in the document</p>'), 'the page counts them');
    assert.match(readFileSync(schemaFile('shownabove', 'index.md'), 'utf8'), /`n`: integer · optional · 2 more examples in the document\n/);
  });

  it("a channel's parameter lists at most VALUES_SHOWN values and says how many more", () => {
    const file = (name: string, f = 'index.html'): string => join(site, 'channels', name, f);
    const page = readFileSync(file('manyrooms'), 'utf8');
    assert.ok(page.includes(`V${10_000 + VALUES_SHOWN - 1} and ${MANY_VALUES - VALUES_SHOWN} more values`), 'the page says how many more');
    assert.doesNotMatch(page, new RegExp(`V${10_000 + VALUES_SHOWN}\\b`), 'a value past the cap is not on the page');
    assert.doesNotMatch(readFileSync(file('manyrooms', 'index.md'), 'utf8'), new RegExp(`V${10_000 + VALUES_SHOWN}\\b`));
    sameSize(file, 'manyrooms', 'fewrooms');
  });
});
