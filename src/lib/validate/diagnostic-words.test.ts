/**
 * Every diagnostic is written by this tool, for a person (issue 33: "the Avro schema is malformed:
 * Cannot read properties of undefined (reading 'logicalType')"). Malformed Avro, Protocol Buffers,
 * RAML and JSON, a rule that crashes, a remote file that cannot be fetched, an example its schema
 * rejects: each is said in this tool's words, naming the field or line concerned where there is one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { join } from 'node:path';
import { freePort, MINIMAL, tempTree, validateFiles, validateYaml } from '../../../test/helpers.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { parseAvro } from '../diff/avro-compat.ts';
import { parseProto } from '../diff/protobuf-compat.ts';
import { runRules } from './rules/index.ts';
import type { Rule } from './rules/rule.ts';
import { validateDocument } from './validate-document.ts';

/** What a runtime's or a library's own text looks like: none of it may reach a diagnostic. */
const FOREIGN =
  /Cannot read propert|is not a function|is not iterable|of undefined|of null|\bundefined\b|\[object Object\]|TypeError|RangeError|SyntaxError|\bNaN\b|in JSON at position|is not valid JSON|Unexpected token|illegal token|getaddrinfo|ECONNREFUSED|Instance type|does not match schema/;

function assertOwnWords(diagnostics: Diagnostic[]): void {
  for (const d of diagnostics) {
    assert.doesNotMatch(d.message, FOREIGN, `${d.code}: ${d.message}`);
    assert.doesNotMatch(d.hint ?? '', FOREIGN, `${d.code} hint: ${d.hint}`);
  }
}

const avroMessage = (schema: unknown): string => `${MINIMAL}components:
  messages:
    m:
      payload:
        schemaFormat: application/vnd.apache.avro;version=1.9.0
        schema: ${JSON.stringify(schema)}
`;

async function formatProblem(yaml: string): Promise<string> {
  const found = await validateYaml(yaml);
  assertOwnWords(found);
  const invalid = found.filter((d) => d.code === 'schema-format-invalid');
  assert.equal(invalid.length, 1, JSON.stringify(found, null, 1));
  return invalid[0]!.message;
}

describe('a malformed Avro schema is described by the field or type that is wrong', () => {
  const record = (fields: unknown[]): unknown => ({ type: 'record', name: 'User', fields });
  const cases: [string, unknown, string][] = [
    ['a field without a type (avsc crashed on it)', record([{ name: 'id' }]), 'field `id` of record `User` has no `type`'],
    [
      'a logicalType on a type that is not an object',
      record([{ name: 'born', type: { type: { type: 'int', logicalType: 'date' } } }]),
      'the `type` of the type of field `born` of record `User` is `{"type":"int","logicalType":"date"}`: in an object it must be a type name (a primitive, record, enum, fixed, array or map)',
    ],
    ['a record without fields', { type: 'record', name: 'User' }, 'record `User` needs `fields`, a list of fields, not nothing'],
    [
      'an unknown type name',
      record([{ name: 'id', type: 'Strng' }]),
      'the type of field `id` of record `User` is `Strng`, which is neither an Avro primitive type (null, boolean, int, long, float, double, bytes, string) nor the name of a record, enum or fixed type defined before it',
    ],
    [
      'a union of a union',
      record([{ name: 'id', type: ['null', ['int', 'string']] }]),
      'branch 2 of the type of field `id` of record `User` (a union) is itself a union: a union cannot hold another union directly; list its types in the outer one',
    ],
    [
      'a type listed twice in a union',
      record([{ name: 'id', type: ['int', 'string', 'int'] }]),
      'the type of field `id` of record `User` is a union that lists `int` twice (branches 1 and 3): each type may appear once',
    ],
    ['a field that is not an object', record([null]), 'field 1 of record `User` is `null`, not an object with `name` and `type`'],
    [
      'two fields of one name',
      record([
        { name: 'a', type: 'int' },
        { name: 'a', type: 'int' },
      ]),
      'record `User` has two fields named `a`',
    ],
    ['an enum without symbols', { type: 'enum', name: 'Kind' }, 'enum `Kind` needs `symbols`, a list of names, not nothing'],
    ['a fixed without a size', { type: 'fixed', name: 'Hash' }, 'fixed `Hash` needs a `size`, a whole number of bytes (0 or more), not nothing'],
    ['an array without items', { type: 'array' }, 'the schema is an array without `items`'],
    ['a record without a name', { type: 'record', fields: [] }, 'the schema is a record without a `name` (a record type must be named)'],
    ['JSON null for the null type', null, 'the schema is JSON null, which is not an Avro type: the null type is written as the string "null"'],
    [
      'a union default of the wrong branch',
      record([{ name: 'nick', type: ['null', 'string'], default: 'x' }]),
      'the default of field `nick` of record `User`, `"x"`, is not a null (the default of a union is of its first type, `null`)',
    ],
    [
      'an order that is not one',
      record([{ name: 'a', type: 'int', order: 'up' }]),
      'field `a` of record `User` has the `order` `"up"`: it is ascending, descending or ignore',
    ],
    [
      'a name avsc reads only once defined',
      record([
        { name: 'a', type: 'Later' },
        { name: 'b', type: { type: 'record', name: 'Later', fields: [] } },
      ]),
      'the type of field `a` of record `User` is `Later`, which is neither an Avro primitive type (null, boolean, int, long, float, double, bytes, string) nor the name of a record, enum or fixed type defined before it',
    ],
  ];
  for (const [name, schema, said] of cases)
    it(name, async () => {
      assert.equal(await formatProblem(avroMessage(schema)), `the Avro schema is malformed: ${said}`);
    });

  it('keeps a valid schema valid: named types, namespaces, recursion, unions, logical types', async () => {
    const valid = {
      type: 'record',
      name: 'User',
      namespace: 'com.example',
      fields: [
        { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['A', 'B'] } },
        { name: 'again', type: 'com.example.Kind' },
        { name: 'short', type: 'Kind' },
        { name: 'friends', type: { type: 'array', items: 'User' } },
        { name: 'nick', type: ['null', 'string'], default: null },
        { name: 'born', type: { type: 'int', logicalType: 'date' } },
        { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 16 } },
        { name: 'tags', type: { type: 'map', values: 'string' }, default: {} },
      ],
    };
    const found = await validateYaml(avroMessage(valid));
    assert.deepEqual(found, []);
  });

  it('says the same in diff, which parses both sides before it compares them', () => {
    const at = { file: 'a.yaml', pointer: '/x' };
    assert.equal(
      parseAvro({ type: 'record', name: 'User', fields: [{ name: 'id' }] }, at),
      'the Avro schema is malformed: field `id` of record `User` has no `type`',
    );
    const proto = parseProto('syntax = "proto3";\nmessage A { Foo a = 1; }', at);
    assert.equal(proto, 'the Protocol Buffers schema is malformed: `A` uses the type `Foo`, which the schema does not define');
  });
});

describe('a malformed Protocol Buffers schema is described by its line and what is wrong there', () => {
  const protoMessage = (source: string): string => `${MINIMAL}components:
  messages:
    m:
      payload:
        schemaFormat: application/vnd.google.protobuf;version=3
        schema: ${JSON.stringify(source)}
`;
  const cases: [string, string, string][] = [
    ['a missing semicolon', 'syntax = "proto3";\nmessage A { string a = 1 }', 'line 2 of the schema: `}` where `;` was expected'],
    ['a field without a number', 'syntax = "proto3";\nmessage A { string a; }', 'line 2 of the schema: `;` where `=` was expected'],
    ['an unclosed message', 'syntax = "proto3";\nmessage A { string a = 1;', 'line 2 of the schema: the schema ends too early (a `}` or a `;` is missing)'],
    ['a misspelt keyword', 'syntax = "proto3";\nmesage A {}', 'line 2 of the schema: `mesage` is not allowed here'],
    ['a field number used twice', 'syntax = "proto3";\nmessage A { string a = 1; string b = 1; }', '`A` uses the field number 1 twice'],
    ['a field name used twice', 'syntax = "proto3";\nmessage A { string a = 1; string a = 2; }', '`A` defines `a` twice'],
    ['a negative field number', 'syntax = "proto3";\nmessage A { string a = -1; }', 'line 2 of the schema: `-1` is not a valid field number'],
    ['a reserved number', 'syntax = "proto3";\nmessage A { reserved 1; string a = 1; }', '`A` uses the field number 1, which it reserves'],
    ['a schema that is not text', '', 'a Protocol Buffers schema must be written inline as a string'],
  ];
  for (const [name, source, said] of cases)
    it(name, async () => {
      const yaml = source === '' ? protoMessage('x').replace('schema: "x"', 'schema: {message: A}') : protoMessage(source);
      assert.equal(await formatProblem(yaml), `the Protocol Buffers schema is malformed: ${said}`);
    });
});

describe('other failures are said in words, not in a library’s or the runtime’s text', () => {
  it('RAML that is not YAML names its line', async () => {
    const yaml = `${MINIMAL}components:\n  messages:\n    m:\n      payload:\n        schemaFormat: application/raml+yaml;version=1.0\n        schema: "type: object\\n  bad: [\\n"\n`;
    assert.match(await formatProblem(yaml), /^the RAML schema is malformed: line 2 of the schema: the RAML data type is not valid YAML \(.+\)$/);
  });

  it('JSON syntax: what was expected and what was found, at its line and column', async () => {
    const cases: [string, string, string][] = [
      [
        '{\n  "apidesc": "3.0.0",\n  "info": { "title": "T", },\n}\n',
        '3:27',
        'a property name in double quotes was expected, not `}` (a trailing comma, or a name without quotes?)',
      ],
      ['{"apidesc": "3.0.0" "info": {}}', '1:21', '`,` or `}` was expected after a value, not `"`'],
      ['{"apidesc": "3.0.0", "info": {"title": "T', '1:42', 'a string is not closed by a `"`'],
      ['{"apidesc": "3.0.0"} x', '1:22', 'the JSON value ends, and `x` follows it'],
    ];
    for (const [text, at, said] of cases) {
      const found = await validateFiles({ 'main.json': text }, 'main.json');
      assertOwnWords(found);
      assert.deepEqual(
        found.map((d) => `${d.line}:${d.column} ${d.message}`),
        [`${at} JSON syntax error: ${said}`],
      );
    }
  });

  it('a rule that stops on the unexpected says so, without its exception', async () => {
    const crashing: Rule = {
      id: 'crash',
      description: 'a rule with a bug',
      run: () => {
        const value: { field?: { name: string } } = {};
        void value.field!.name;
      },
    };
    const dir = tempTree({ 'main.yaml': MINIMAL });
    const { doc } = await validateDocument(join(dir, 'main.yaml'), { cwd: dir });
    assert.ok(doc);
    const problems = runRules(doc, [crashing]);
    assert.equal(problems.length, 1);
    assert.equal(
      problems[0]!.message,
      'the check "crash" (a rule with a bug) stopped on something in this document it did not expect, so the document was not checked against it',
    );
  });

  it('a remote file that cannot be fetched: why, in words', async () => {
    const port = await freePort();
    const dir = tempTree({
      'main.yaml': `${MINIMAL}components:\n  schemas:\n    S: {$ref: 'http://127.0.0.1:${port}/s.yaml'}\n`,
    });
    const { diagnostics } = await validateDocument(join(dir, 'main.yaml'), { cwd: dir, allowRemoteRefs: true });
    assertOwnWords(diagnostics);
    assert.ok(
      diagnostics.some((d) => d.message === `fetching http://127.0.0.1:${port}/s.yaml failed: the server refused the connection`),
      JSON.stringify(diagnostics, null, 1),
    );
  });

  it('an example its schema rejects: each wrong field by name and why', async () => {
    const found = await validateYaml(`${MINIMAL}components:
  messages:
    m:
      headers: {type: object, properties: {id: {type: string, format: uuid}}}
      payload:
        type: object
        required: [total, customer]
        additionalProperties: false
        properties:
          total: {type: integer, minimum: 0}
          status: {type: string, enum: [open, shut]}
          note: {type: string, maxLength: 3}
          customer: {type: object, properties: {age: {type: integer}, tags: {type: array, items: {type: string}, uniqueItems: true}}}
      examples:
        - name: bad
          headers: {id: 5}
          payload: {total: -1, status: ajar, note: toolong, customer: {age: 1.5, tags: [a, a]}, extra: 1}
`);
    assertOwnWords(found);
    assert.deepEqual(
      found.map((d) => d.message),
      [
        'example "bad": the headers do not match the message\'s headers schema: `id` is a number, where the schema wants a string',
        'example "bad": the payload does not match the message\'s payload schema: ' +
          [
            '`total` is -1, below the minimum of 0',
            '`status` is not one of the values the schema lists (["open","shut"])',
            '`note` is 7 characters long, more than the maximum of 3',
            '`customer.age` is a number, where the schema wants an integer',
            '`customer.tags` holds the same item twice (at 0 and 1), where items must differ',
          ].join('; '),
      ],
    );
  });

  it('an example that matches none of the alternatives: why the closest one fails, by field', async () => {
    const found = await validateYaml(`${MINIMAL}components:
  messages:
    m:
      payload:
        oneOf:
          - {type: object, required: [error], properties: {error: {type: string}}}
          - {type: object, required: [id, name], properties: {id: {type: integer}, name: {type: string}, pair: {type: array}}}
      examples:
        - payload: {id: 7, name: x, pair: XBT/EUR}
`);
    assertOwnWords(found);
    assert.deepEqual(
      found.map((d) => d.message),
      [
        "example 1: the payload does not match the message's payload schema: the payload matches none of the alternatives the schema allows (oneOf); the closest, alternative 2, fails because `pair` is a string, where the schema wants an array",
      ],
    );
  });

  it('a constraint of the format is worded by this tool', async () => {
    const found = await validateYaml(`${MINIMAL}components:\n  schemas:\n    S: {type: string, maxLength: -1, allOf: []}\n`);
    assertOwnWords(found);
    assert.deepEqual(found.map((d) => d.message).sort(), ['`allOf` must have at least 1 item', '`maxLength` must be >= 0']);
  });
});
