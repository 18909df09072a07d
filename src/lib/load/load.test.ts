import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codes, validateFiles, validateYaml, where, MINIMAL } from '../../../test/helpers.ts';
import { needsStructureWalk } from './structure-check.ts';

describe('load: every broken input is a diagnostic with a position, never a crash', () => {
  it('reports a missing file with load-missing', async () => {
    const d = await validateFiles({ 'other.yaml': MINIMAL }, 'main.yaml');
    assert.deepEqual(codes(d), ['load-missing']);
  });

  it('reports an empty file and a comments-only file', async () => {
    assert.deepEqual(codes(await validateYaml('')), ['load-empty']);
    assert.deepEqual(codes(await validateYaml('# nothing here\n\n')), ['load-empty']);
  });

  it('tolerates a UTF-8 byte-order mark with a warning', async () => {
    const d = await validateFiles({ 'main.yaml': '\uFEFF' + MINIMAL });
    assert.deepEqual(codes(d), ['load-bom']);
    assert.equal(d[0]!.severity, 'warning');
  });

  it('refuses UTF-16 text', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(MINIMAL, 'utf16le')]);
    assert.deepEqual(codes(await validateFiles({ 'main.yaml': utf16 })), ['load-encoding']);
  });

  it('points at the first invalid UTF-8 byte', async () => {
    const bytes = Buffer.concat([Buffer.from('apidesc: 3.0.0\ninfo:\n  title: caf'), Buffer.from([0xe9]), Buffer.from('\n  version: 1.0.0\n')]);
    const d = await validateFiles({ 'main.yaml': bytes });
    assert.deepEqual(codes(d), ['load-encoding']);
    assert.equal(where(d[0]), 'main.yaml:3:13');
    assert.match(d[0]!.message, /0xe9/);
  });

  it('refuses binary input', async () => {
    assert.deepEqual(codes(await validateFiles({ 'main.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) })), ['load-binary']);
  });

  it('reports YAML syntax errors at the parser position', async () => {
    const d = await validateYaml('apidesc: 3.0.0\ninfo:\n  title: [unclosed\n  version: 1.0.0\n');
    assert.deepEqual(codes(d), ['load-syntax']);
    assert.equal(d[0]!.line > 0, true);
  });

  it('reports JSON syntax errors with line and column', async () => {
    const d = await validateFiles({ 'main.json': '{\n  "apidesc": "3.0.0",\n  "info": { "title": "T", },\n}\n' }, 'main.json');
    assert.deepEqual(codes(d), ['load-syntax']);
    assert.equal(d[0]!.line, 3);
  });

  it('reports duplicate keys in YAML and in JSON', async () => {
    const y = await validateYaml('apidesc: 3.0.0\ninfo:\n  title: A\n  title: B\n  version: 1.0.0\n');
    assert.deepEqual(codes(y), ['load-duplicate-key']);
    assert.equal(y[0]!.line, 4);
    const j = await validateFiles({ 'main.json': '{"apidesc": "3.0.0", "info": {"title": "A", "version": "1", "title": "B"}}' }, 'main.json');
    assert.deepEqual(codes(j), ['load-duplicate-key']);
  });

  it('refuses non-object roots', async () => {
    assert.deepEqual(codes(await validateYaml('- a\n- b\n')), ['load-root-type']);
    assert.deepEqual(codes(await validateFiles({ 'main.json': '"just a string"' }, 'main.json')), ['load-root-type']);
  });

  it('refuses files over the size limit without reading them', async () => {
    const d = await validateYaml(MINIMAL + '# ' + 'x'.repeat(2000) + '\n', { limits: { maxBytes: 1000, maxDepth: 1000, maxExpandedNodes: 1e6 } });
    assert.deepEqual(codes(d), ['load-too-large']);
  });

  it('stops a YAML alias bomb with load-alias-bomb', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill('*' + prev)
          .join(',')}]`,
      );
    }
    const started = Date.now();
    const d = await validateYaml(MINIMAL + levels.join('\n') + '\n');
    assert.deepEqual(codes(d), ['load-alias-bomb']);
    assert.ok(Date.now() - started < 5000, 'the bomb is refused without expanding it');
  });

  it('walks the structure exactly when the text has an anchor or an explicit key', () => {
    const walk = ['a: &x 1', '&a', 'x: [&a 1]', '{&a 1}', ',&a', 'k:&a', '? a', '?', 'a\n?\nb', 'a\t?\tb', 'x: ?\n'];
    const skip = ['a&b', 'a: & b', '&', 'a &', 'a?', 'x ?y', 'x? y', 'url: http://x?y=1 ', 'Why? Because', 'text: AT&T'];
    assert.deepEqual(
      walk.filter((t) => !needsStructureWalk(t)),
      [],
    );
    assert.deepEqual(
      skip.filter((t) => needsStructureWalk(t)),
      [],
    );
  });

  it('validates an object aliased at 40,000 places, each referenced, without comparing every place with every other', async () => {
    const n = 40_000;
    const refs = Array.from({ length: n }, (_, i) => `      m${i}: {$ref: '#/components/messages/m${i}'}`);
    const aliases = Array.from({ length: n - 1 }, (_, i) => `    m${i + 1}: *m`);
    const text = `${MINIMAL}channels:\n  c:\n    address: c\n    messages:\n${refs.join('\n')}\ncomponents:\n  messages:\n    m0: &m {payload: {type: string}}\n${aliases.join('\n')}\n`;
    const started = Date.now();
    assert.deepEqual(codes(await validateYaml(text)), []);
    // Each place used to be compared with every earlier place of the same object: 46 s here.
    assert.ok(Date.now() - started < 15_000, `took ${Date.now() - started} ms`);
  });

  it('refuses a recursive alias', async () => {
    assert.deepEqual(codes(await validateYaml(MINIMAL + 'x-loop: &x {self: *x}\n')), ['load-alias-cycle']);
  });

  it('refuses 100,000-deep nesting in YAML and JSON without overflowing the stack', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    assert.deepEqual(codes(await validateYaml(MINIMAL + 'x-deep: ' + deep + '\n')), ['load-too-deep']);
    const json = `{"apidesc": "3.0.0", "info": {"title": "T", "version": "1"}, "x-deep": ${deep}}`;
    assert.deepEqual(codes(await validateFiles({ 'main.json': json }, 'main.json')), ['load-too-deep']);
  });

  it('validates schemas nested up to the depth limit, and reports deeper ones instead of crashing', async () => {
    const nested = (levels: number): string => {
      const lines = [MINIMAL + 'components:\n  messages:\n    m:\n      examples: [{payload: {}}]\n      payload:'];
      let indent = '        ';
      for (let i = 0; i < levels; i++) {
        lines.push(`${indent}type: object`, `${indent}properties:`, `${indent}  a:`);
        indent += '    ';
      }
      lines.push(`${indent}type: string`);
      return lines.join('\n') + '\n';
    };
    assert.deepEqual(codes(await validateYaml(nested(200))), []);
    assert.deepEqual(codes(await validateYaml(nested(300))), ['load-too-deep']);
    const raised = await validateYaml(nested(400), { limits: { maxBytes: 1e8, maxDepth: 5000, maxExpandedNodes: 1e7 } });
    assert.deepEqual(codes(raised), ['load-too-deep']);
  });

  it('refuses YAML tags outside the JSON schema ruleset, and mappings as keys', async () => {
    assert.deepEqual(codes(await validateYaml(MINIMAL + 'x-when: !!timestamp 2001-12-14\n')), ['load-yaml-tag']);
    assert.deepEqual(codes(await validateYaml(MINIMAL + 'x-map:\n  ? {a: 1}\n  : b\n')), ['load-key-type']);
  });

  it('warns about keys that are not strings in YAML, at the key', async () => {
    const d = await validateYaml(MINIMAL + 'x-codes:\n  200: ok\n  "201": created\n  true: yes\n');
    assert.deepEqual(codes(d), ['load-key-type', 'load-key-type']);
    assert.deepEqual(d.map(where), ['main.yaml:6:3', 'main.yaml:8:3']);
    assert.match(d[0]!.message, /the key 200 is a number/);
  });

  it('finds keys that are not strings inside sequences, flow mappings and deep nesting, with their pointers', async () => {
    const d = await validateYaml(
      MINIMAL +
        'x-list:\n  - 404: missing\n    ok: fine\n  - - {1.5: a, b: c, null: d}\nx-deep:\n  a:\n    - b:\n        false: no\nx-explicit:\n  ? 7 # seven\n  : x\n  ? !!int "8"\n  : y\n',
    );
    assert.deepEqual(
      d.map((x) => [x.code, x.pointer, where(x)]),
      [
        ['load-key-type', '/x-list/0/404', 'main.yaml:6:5'],
        ['load-key-type', '/x-list/1/0/1.5', 'main.yaml:8:8'],
        ['load-key-type', '/x-list/1/0/null', 'main.yaml:8:22'],
        ['load-key-type', '/x-deep/a/0/b/false', 'main.yaml:12:9'],
        ['load-key-type', '/x-explicit/7', 'main.yaml:14:5'],
        ['load-key-type', '/x-explicit/8', 'main.yaml:16:5'],
      ],
    );
  });

  it('takes huge maps and very long strings in its stride (linear, no limit hit, no hang)', async () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const started = Date.now();
    assert.deepEqual(codes(await validateYaml(`${MINIMAL}x-big:\n${keys}\n`)), []);
    const long = 'a'.repeat(20_000_000);
    assert.deepEqual(codes(await validateYaml(`${MINIMAL.replace('title: T', `title: "${long}"`)}`)), []);
    assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
  });

  it('reads YAML 1.2 core scalars as JSON values', async () => {
    // `on`/`yes` are strings in YAML 1.2 (they were booleans in 1.1): a title "on" stays valid.
    assert.deepEqual(codes(await validateYaml('apidesc: 3.0.0\ninfo:\n  title: on\n  version: yes\n')), []);
  });
});
