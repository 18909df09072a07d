/**
 * How `diff` compares message content where a shortcut or a bound could hide a change: schemas
 * that read the same but lead through `$ref`s into files that changed, `allOf` parts, declared
 * compatibility policies, comparisons that stop at their limits, annotations, open objects, and
 * YAML merge keys.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffTrees, summaryOf } from './diff-fixture.ts';
import { MINIMAL, validateFiles } from './helpers.ts';

const MAIN = (payload: string, components = ''): string =>
  `apidesc: 3.0.0
info: {title: T, version: '1'}
channels:
  c:
    address: c
    messages:
      m:
        payload: ${payload}
operations:
  o: {action: send, channel: {$ref: '#/channels/c'}}
${components}`;

describe('diff: a schema that reads the same but leads into a file that changed', () => {
  it('a local $ref in an unchanged file, to a schema that refers into a changed file', async () => {
    const main = MAIN(
      `{$ref: '#/components/schemas/Order'}`,
      `components:
  schemas:
    Order:
      type: object
      properties:
        status: {$ref: '#/components/schemas/Status'}
    Status: {$ref: 'status.yaml'}
`,
    );
    const report = await diffTrees(
      { 'main.yaml': main, 'status.yaml': '{type: string, enum: [a]}\n' },
      { 'main.yaml': main, 'status.yaml': '{type: string, enum: [a, b]}\n' },
    );
    const change = report.changes.find((c) => c.rule === 'schema-enum-value-added');
    assert.equal(change?.severity, 'breaking', summaryOf(report).join('\n'));
    assert.equal(change!.file, 'status.yaml');
    assert.equal(report.breaking, 1);
  });

  const chain = (leaf: string) => ({
    'main.yaml': MAIN(`{$ref: 'common.yaml#/X'}`),
    'common.yaml': `X:\n  type: object\n  properties:\n    id: {$ref: '#/Y'}\nY:\n  $ref: 'leaf.yaml#/Z'\n`,
    'leaf.yaml': `Z: {type: string, enum: [${leaf}]}\n`,
  });

  it('a chain across files: common.yaml#/X → #/Y → leaf.yaml#/Z', async () => {
    const report = await diffTrees(chain('a'), chain('a, b'));
    assert.deepEqual(
      summaryOf(report).map((l) => l.split(' ').slice(0, 2).join(' ')),
      ['schema-enum-value-added breaking'],
      summaryOf(report).join('\n'),
    );
  });

  it('the same chain, two folders compared', async () => {
    const report = await diffTrees(chain('a'), chain('a, b'), ['main.yaml'], true);
    assert.equal(report.breaking, 1, summaryOf(report).join('\n'));
  });

  it('every file the same: no changes', async () => {
    const report = await diffTrees(chain('a'), chain('a'));
    assert.deepEqual(report, { changes: [], breaking: 0 });
  });
});

describe('diff: a comparison stopped at its limits', () => {
  const doc = (payload: unknown, direction: 'send' | 'receive' = 'send') =>
    JSON.stringify({
      apidesc: '3.0.0',
      info: { title: 'T', version: '1' },
      channels: { c: { address: 'c', messages: { m: { payload } } } },
      operations: { o: { action: direction, channel: { $ref: '#/channels/c' } } },
    });
  // 7,000 sub-schemas, each changed (a maxLength added), then an enum value added behind them.
  const wide = (extra: string[]) => ({
    type: 'object',
    properties: {
      ...Object.fromEntries(
        Array.from({ length: 7_000 }, (_, i) => [
          `p${i}`,
          { type: 'object', properties: { a: { type: 'string', ...(extra.length > 0 ? { maxLength: 5 } : {}) }, b: { type: 'integer' } } },
        ]),
      ),
      zzz: { type: 'string', enum: ['a', ...extra] },
    },
  });
  const deep = (leaf: unknown): unknown => {
    let schema = leaf;
    for (let i = 0; i < 70; i++) schema = { type: 'object', properties: { x: schema } };
    return schema;
  };

  it('past 20,000 pairs of schemas: breaking, said once, so that a change behind it cannot pass', async () => {
    const report = await diffTrees({ 'main.json': doc(wide([])) }, { 'main.json': doc(wide(['b'])) }, ['main.json']);
    const stopped = report.changes.filter((c) => c.rule === 'schema-not-compared');
    assert.equal(stopped.length, 1, summaryOf(report).slice(0, 5).join('\n'));
    assert.equal(stopped[0]!.severity, 'breaking');
    assert.match(stopped[0]!.message, /not compared past 20,000 pairs of schemas.*review the rest by hand; counted as breaking because it may hide/);
  });

  it('past 64 levels: breaking for a sent and for a received message, said once', async () => {
    for (const direction of ['send', 'receive'] as const) {
      const report = await diffTrees(
        { 'main.json': doc(deep({ type: 'string', enum: ['a'] }), direction) },
        { 'main.json': doc(deep({ type: 'string', enum: ['a', 'b'] }), direction) },
        ['main.json'],
      );
      assert.deepEqual(
        report.changes.map((c) => `${c.rule} ${c.severity}`),
        ['schema-not-compared breaking'],
        summaryOf(report).join('\n'),
      );
      assert.match(report.changes[0]!.message, /not compared past 64 levels of nesting/);
    }
  });
});

describe('diff: annotations of a schema', () => {
  const doc = (status: Record<string, unknown>) =>
    JSON.stringify({
      apidesc: '3.0.0',
      info: { title: 'T', version: '1' },
      channels: { c: { address: 'c', messages: { m: { payload: { type: 'object', properties: { status: { type: 'string', ...status } } } } } } },
      operations: { o: { action: 'send', channel: { $ref: '#/channels/c' } } },
    });
  const compare = (base: Record<string, unknown>, head: Record<string, unknown>) =>
    diffTrees({ 'main.json': doc(base) }, { 'main.json': doc(head) }, ['main.json']);

  it('title, description and examples changed: one info change for the schema, short values quoted', async () => {
    const report = await compare(
      { title: 'State', description: 'Where the order is.', examples: ['placed'] },
      { title: 'Status', description: 'Where the order is now.', examples: ['paid'] },
    );
    assert.deepEqual(
      report.changes.map((c) => `${c.severity} ${c.rule} ${c.pointer}`),
      ['info schema-annotation-changed /channels/c/messages/m/payload/properties/status/description'],
      summaryOf(report).join('\n'),
    );
    assert.match(
      report.changes[0]!.message,
      /^payload\.status: description "Where the order is\." → "Where the order is now\.", examples \["placed"\] → \["paid"\], title "State" → "Status" \(wording only\)$/,
    );
  });

  it('a long value is not quoted', async () => {
    const report = await compare({ description: 'a'.repeat(80) }, { description: 'b'.repeat(80) });
    assert.equal(report.changes[0]?.message, 'payload.status: description changed (wording only)');
    assert.equal(report.changes[0]?.severity, 'info');
  });
});

describe('diff: YAML merge keys, read as validate reads them', () => {
  const doc = (id: string) => `apidesc: 3.0.0
info: {title: T, version: '1'}
x-short: &short {type: string, maxLength: 4}
x-long: &long {type: string, maxLength: 5}
channels:
  c:
    address: c
    messages:
      m:
        payload:
          type: object
          properties:
            id: ${id}
operations:
  o: {action: send, channel: {$ref: '#/channels/c'}}
`;

  it('validate: `<<` is an ordinary key (YAML 1.2): unknown in a Message Object, a keyword of no meaning in a schema', async () => {
    const message = await validateFiles({
      'main.yaml': `${MINIMAL}x-common: &common {contentType: application/json}\nchannels:\n  c:\n    address: c\n    messages:\n      m:\n        <<: *common\n        payload: {type: string}\n`,
    });
    assert.deepEqual(
      message.map((d) => `${d.code} ${d.message}`),
      ['spec-unknown-field unknown field `<<` in Message Object'],
    );
    const schema = await validateFiles({ 'main.yaml': doc('{<<: *short, maxLength: 8}') });
    assert.deepEqual(
      schema.filter((d) => d.severity === 'error'),
      [],
    );
  });

  it('diff: `<<` in a schema constrains nothing; a change of it is info, not a constraint changed', async () => {
    const changed = await diffTrees({ 'main.yaml': doc('{<<: *short, type: string}') }, { 'main.yaml': doc('{<<: *long, type: string}') });
    assert.deepEqual(
      changed.changes.map((c) => `${c.severity} ${c.rule}`),
      ['info schema-annotation-changed'],
      summaryOf(changed).join('\n'),
    );
    assert.match(changed.changes[0]!.message, /`<<` is not a JSON Schema keyword: it constrains nothing; .*YAML 1\.2.*nothing is merged/);
    // Written out instead of merged: the same schema as validate reads it (`<<` was no constraint).
    const expanded = await diffTrees({ 'main.yaml': doc('{<<: *short, type: string}') }, { 'main.yaml': doc('{type: string}') });
    assert.equal(expanded.breaking, 0, summaryOf(expanded).join('\n'));
  });
});

describe('diff: x-compatibility changed in the same change as the content', () => {
  const doc = (direction: 'send' | 'receive', values: string[], policy?: string) =>
    JSON.stringify({
      apidesc: '3.0.0',
      info: { title: 'T', version: '1' },
      channels: {
        c: {
          address: 'c',
          messages: { m: { ...(policy ? { 'x-compatibility': policy } : {}), payload: { type: 'object', properties: { status: { enum: values } } } } },
        },
      },
      operations: { o: { action: direction, channel: { $ref: '#/channels/c' } } },
    });
  const compare = (direction: 'send' | 'receive', base: [string[], string?], head: [string[], string?]) =>
    diffTrees({ 'main.json': doc(direction, ...base) }, { 'main.json': doc(direction, ...head) }, ['main.json']);
  const verdicts = (report: Awaited<ReturnType<typeof compare>>) => report.changes.map((c) => `${c.rule} ${c.severity} ${c.direction}`).sort();

  it('NONE added with an enum value added to a sent message: both breaking (judged by the base rule)', async () => {
    const report = await compare('send', [['a']], [['a', 'b'], 'NONE']);
    assert.deepEqual(verdicts(report), ['message-policy-changed breaking NONE', 'schema-enum-value-added breaking send'], summaryOf(report).join('\n'));
    assert.match(
      report.changes.find((c) => c.rule === 'message-policy-changed')!.message,
      /weaker promise than the direction rule \(this application sends it\)/,
    );
  });

  it('FULL → BACKWARD with a value added to a received message: judged by FULL, the base promise', async () => {
    const report = await compare('receive', [['a'], 'FULL'], [['a', 'b'], 'BACKWARD']);
    assert.deepEqual(verdicts(report), ['message-policy-changed breaking BACKWARD', 'schema-enum-value-added breaking FULL'], summaryOf(report).join('\n'));
    assert.match(report.changes.find((c) => c.rule === 'schema-enum-value-added')!.message, /the base version declared x-compatibility: FULL/);
  });

  it('FULL removed from a sent message: a weaker promise, breaking', async () => {
    const report = await compare('send', [['a'], 'FULL'], [['a']]);
    assert.deepEqual(verdicts(report), ['message-policy-changed breaking send'], summaryOf(report).join('\n'));
  });

  it('a stronger policy is non-breaking, and the content is judged by it', async () => {
    const added = await compare('send', [['a', 'b']], [['a'], 'FULL']);
    assert.deepEqual(verdicts(added), ['message-policy-changed non-breaking FULL', 'schema-enum-value-removed breaking FULL'], summaryOf(added).join('\n'));
    const removed = await compare('send', [['a'], 'NONE'], [['a', 'b']]);
    assert.deepEqual(verdicts(removed), ['message-policy-changed non-breaking send', 'schema-enum-value-added breaking send'], summaryOf(removed).join('\n'));
  });
});
