/** Folder arguments: which files are documents, and links that lead out of the folder. */
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MINIMAL, runIn, tempTree } from '../../test/helpers.ts';
import { expandInputs } from './inputs.ts';

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
