import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveReferenceOptions } from './reference-options.ts';

describe('the options of apidescDocs()', () => {
  it('take one document or folder, or a list, and a base without slashes at either end', () => {
    assert.deepEqual(resolveReferenceOptions({ documents: 'api/' }), { documents: ['api/'], base: 'reference', allowInvalid: false, strict: false });
    assert.deepEqual(resolveReferenceOptions({ documents: ['a.yaml', 'b.yaml'], base: '/docs/api/', allowInvalid: true }), {
      documents: ['a.yaml', 'b.yaml'],
      base: 'docs/api',
      allowInvalid: true,
      strict: false,
    });
    assert.deepEqual(resolveReferenceOptions({ documents: 'api/', codeSamples: { languages: ['python'] } }), {
      documents: ['api/'],
      base: 'reference',
      allowInvalid: false,
      strict: false,
      sampleLanguages: ['python'],
    });
  });

  it('say in words what is wrong', () => {
    const problem = (options: unknown): string => {
      const resolved = resolveReferenceOptions(options);
      assert.ok('problem' in resolved, JSON.stringify(options));
      return resolved.problem;
    };
    assert.match(problem(undefined), /needs its options/);
    assert.match(problem({}), /`documents` names the documents/);
    assert.match(problem({ documents: [] }), /`documents`/);
    assert.match(problem({ documents: ['api/', 3] }), /`documents`/);
    assert.match(problem({ documents: 'api/', base: '../outside' }), /is not a path/);
    assert.match(problem({ documents: 'api/', base: 'a b' }), /is not a path/);
    assert.match(problem({ documents: 'api/', base: '' }), /is not a path/);
    assert.match(problem({ documents: 'api/', allowInvalid: 'yes' }), /`allowInvalid` is true or false/);
    assert.match(problem({ documents: 'api/', codeSamples: { languages: ['cobol'] } }), /^apidescDocs\(\): `codeSamples` must be \{"languages": \[\.\.\.\]\}/);
    assert.match(problem({ documents: 'api/', codeSamples: { language: ['python'] } }), /`codeSamples` must be/);
  });
});
