import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { defaultLimits } from './limits.ts';
import { onlyLocalRefs } from './only-local-refs.ts';
import { loadText } from './source-file.ts';

const yes = (text: string): boolean => onlyLocalRefs(Buffer.from(text, 'utf8'));

/** Every `$ref` string of a parsed value. */
function refsOf(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === 'object' && v !== null) {
      const ref = (v as { $ref?: unknown }).$ref;
      if (ref !== undefined) out.push(typeof ref === 'string' ? ref : JSON.stringify(ref));
      stack.push(...Object.values(v));
    }
  }
  return out;
}

/** Every .yaml, .yml and .json file below `dir`. */
function documentsBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ya?ml|json)$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('onlyLocalRefs: a document whose references stay inside it, seen without parsing', () => {
  it('says yes for local references, quoted as YAML and JSON write them', () => {
    assert.equal(yes('a:\n  $ref: \'#/components/schemas/A\'\nb:\n  $ref: "#/x"\n'), true);
    assert.equal(yes('{"a": {"$ref": "#/components/schemas/A"}, "b": {"$ref":"#"}}'), true);
    assert.equal(yes('title: no references at all\n'), true);
  });

  it('says no for a reference to another file, or one it cannot tell', () => {
    assert.equal(yes("a:\n  $ref: './common.yaml#/A'\n"), false);
    assert.equal(yes('a:\n  $ref: common.yaml\n'), false);
    assert.equal(yes('{"a": {"$ref": "common.json"}}'), false);
    // The key written through an escape, or a value that is not a quoted local pointer.
    assert.equal(yes('a: {"\\u0024ref": "common.json"}\n'), false);
    assert.equal(yes('a: {"$r\\x65f": "common.json"}\n'), false);
    assert.equal(yes('a:\n  $ref: *other\n'), false);
    assert.equal(yes("a:\n  description: 'use $ref: common.yaml'\n  $ref: '#/x'\n"), false);
  });

  // Defined where the corpus is (test/corpus.test.ts fails, loudly, where it is not).
  if (HAS_CORPUS)
    it('never says yes for a document of the corpus that refers to another file', () => {
      let local = 0;
      let external = 0;
      for (const file of documentsBelow(CORPUS)) {
        const bytes = readFileSync(file);
        const loaded = loadText(file, bytes.toString('utf8'), /\.json$/i.test(file) ? 'json' : 'yaml', defaultLimits);
        if (!loaded.file) continue;
        const toOtherFiles = refsOf(loaded.file.value).filter((ref) => !ref.startsWith('#'));
        if (toOtherFiles.length > 0) external++;
        else local++;
        if (onlyLocalRefs(bytes)) assert.deepEqual(toOtherFiles, [], `${file}: a reference to another file was not seen`);
      }
      // The corpus has both kinds: the check above met each.
      assert.ok(local > 0 && external > 0, `local ${local}, external ${external}`);
    });
});
