/** Folder arguments: which files are documents (their root has `apidesc`), and links that lead out of the folder. */
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MINIMAL, runIn, tempTree } from '../../../test/helpers.ts';
import { expandInputs } from './expand-inputs.ts';
import { hasApidescRootKey } from './root-key.ts';

describe('folder arguments', () => {
  it('take the documents in the folder, and refuse links that lead out of it, as a $ref through them would be', async () => {
    const outside = tempTree({ 'elsewhere.yaml': MINIMAL });
    const dir = tempTree({ 'apis/a.yaml': MINIMAL, 'apis/fragment.yaml': 'Order: {type: object}\n', 'apis/inner.yaml': MINIMAL });
    symlinkSync(join(outside, 'elsewhere.yaml'), join(dir, 'apis', 'b.yaml'));
    symlinkSync(join(dir, 'apis', 'inner.yaml'), join(dir, 'apis', 'c.yaml'));
    const expanded = expandInputs(['apis'], dir);
    assert.deepEqual(
      expanded.files.map((f) => f.slice(dir.length + 1)),
      ['apis/a.yaml', 'apis/c.yaml', 'apis/inner.yaml'],
    );
    assert.deepEqual(
      expanded.outside.map((o) => o.path.slice(dir.length + 1)),
      ['apis/b.yaml'],
    );
    const r = await runIn(dir, ['validate', 'apis']);
    assert.equal(r.code, 2);
    assert.match(r.out, /apis\/b\.yaml {2}error {2}input-outside-folder {2}this is a symbolic link to .*elsewhere\.yaml, outside the folder given/);
  });
});

describe('which files of a folder are documents', () => {
  // An invalid document (its info has no version): validating it fails, however it is reached.
  const big = 'x'.repeat(70 * 1024);
  const lateJson = JSON.stringify({ info: { title: 'Late', description: big }, channels: {}, apidesc: '3.0.0' }, null, 2);
  const lateYaml = `info:\n  title: Late\n  description: ${big}\napidesc: 3.0.0\n`;
  const nestedJson = JSON.stringify({ components: { schemas: { Envelope: { type: 'object', properties: { apidesc: { type: 'string' } } } } } });
  const nestedYaml = 'Envelope:\n  type: object\n  properties:\n    apidesc:\n      type: string\n';

  it('finds a document whose apidesc key comes after 64 KB, and validates it as the file alone is', async () => {
    for (const [name, text] of [
      ['late.json', lateJson],
      ['late.yaml', lateYaml],
    ] as const) {
      const dir = tempTree({ [`api/${name}`]: text });
      const alone = await runIn(dir, ['validate', `api/${name}`]);
      const folder = await runIn(dir, ['validate', 'api']);
      assert.equal(alone.code, 1, alone.out);
      assert.equal(folder.code, alone.code, `${name}: ${folder.err}`);
      assert.equal(folder.out, alone.out);
    }
  });

  it('skips a fragment with a nested property named apidesc, and says which files it skipped', async () => {
    const dir = tempTree({ 'api/a.yaml': MINIMAL, 'api/schemas.json': nestedJson, 'api/common.yaml': nestedYaml });
    assert.deepEqual(
      expandInputs(['api'], dir).files.map((f) => f.slice(dir.length + 1)),
      ['api/a.yaml'],
    );
    const r = await runIn(dir, ['validate', 'api']);
    assert.equal(r.code, 0, r.out);
    assert.match(r.err, /Skipped 2 files whose root has no `apidesc` key \(fragments, read only through a \$ref\): api\/common\.yaml, api\/schemas\.json\./);
    assert.match(r.err, /1 document: 0 error/);
  });
});

describe('hasApidescRootKey', () => {
  it('is true when the root object has the key, wherever it is and however it is written', () => {
    for (const [text, format] of [
      ['apidesc: 3.0.0\n', 'yaml'],
      ['# a comment\n%YAML 1.2\n---\n"apidesc": 3.0.0\n', 'yaml'],
      ['info:\n  title: T\napidesc: 3.0.0\n', 'yaml'],
      ['{info: {title: T}, apidesc: 3.0.0}\n', 'yaml'],
      ['--- !!map\ninfo: {}\napidesc: 3.0.0\n', 'yaml'],
      ['info:\n  title: [unclosed\napidesc: 3.0.0\n', 'yaml'],
      ['{"apidesc": "3.0.0"}', 'json'],
      ['\ufeff {"info": {"apidesc": 1, "x": [1, {"a": "}"}]}, "tags": ["]", "\\"{"], "apidesc": "3.0.0"}', 'json'],
      ['{"info": {}, "\\u0061pidesc": "3.0.0"}', 'json'],
      ['{"info": {}, "apidesc": "3.0.0", "broken', 'json'],
    ] as const)
      assert.equal(hasApidescRootKey(text, format), true, text);
  });

  it('is false for a fragment, whatever its nested objects or its strings hold', () => {
    for (const [text, format] of [
      ['Envelope:\n  properties:\n    apidesc:\n      type: string\n', 'yaml'],
      ['description: "apidesc: 3.0.0"\n', 'yaml'],
      ['description: |\n  apidesc: 3.0.0\n', 'yaml'],
      ['- apidesc: 3.0.0\n', 'yaml'],
      ['{a: {apidesc: 3.0.0}}\n', 'yaml'],
      ['a: &x\n  apidesc: 1\nb: *x\n', 'yaml'],
      ['  Envelope:\n    apidesc: [unclosed\n', 'yaml'],
      ['{"components": {"schemas": {"A": {"properties": {"apidesc": {"type": "string"}}}}}}', 'json'],
      ['{"description": "\\"apidesc\\": 1", "x": {"apidesc": 1}}', 'json'],
      ['{"x": {"a": 1, "apidesc": 1}, "y": [1, "apidesc"]}', 'json'],
      ['[{"apidesc": "3.0.0"}]', 'json'],
      ['{"a": 1}\n{"apidesc": "3.0.0"}', 'json'],
      ['"apidesc"', 'json'],
      ['', 'json'],
      ['', 'yaml'],
    ] as const)
      assert.equal(hasApidescRootKey(text, format), false, text);
  });
});
