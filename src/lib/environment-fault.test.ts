/** Faults of the machine told from bugs, and the folder a message names for them. */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { environmentFault, faultCause, faultFolder, faultInText, faultPlaces } from './environment-fault.ts';

describe('environment faults', () => {
  it("are read from Node's errors, a copy's by its target, and not from other errors", () => {
    const dir = mkdtempSync(join(tmpdir(), 'apidesc-fault-test-'));
    try {
      writeFileSync(join(dir, 'a'), 'x');
      let copyError: unknown;
      try {
        copyFileSync(join(dir, 'a'), join(dir, 'missing', 'b'));
      } catch (error) {
        copyError = error;
      }
      // ENOENT is no fault of the machine; the same error as EACCES is, at its target.
      assert.equal(environmentFault(copyError), undefined);
      assert.deepEqual(environmentFault(Object.assign(copyError as object, { code: 'EACCES' })), { code: 'EACCES', path: join(dir, 'missing', 'b') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(environmentFault(Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC', syscall: 'write' })), { code: 'ENOSPC' });
    assert.equal(environmentFault(new TypeError('x is not a function')), undefined);
    assert.equal(environmentFault('ENOSPC'), undefined);
  });

  it("are read from the indexer's Rust errors and panics", () => {
    assert.deepEqual(faultInText('Failed to write file: Read-only file system (os error 30)'), { code: 'EROFS' });
    assert.deepEqual(faultInText('called `Result::unwrap()` on an `Err` value: Os { code: 28, kind: StorageFull, message: "No space left on device" }'), {
      code: 'ENOSPC',
    });
    assert.equal(faultInText('No such file or directory (os error 2)'), undefined, 'not a fault of the machine');
    assert.deepEqual(environmentFault(new Error('the search index could not be written: Permission denied (os error 13)')), { code: 'EACCES' });
  });

  it('are named with their cause and the innermost folder the build writes in that holds them', () => {
    assert.equal(faultCause({ code: 'EDQUOT' }), 'the disk quota is used up (EDQUOT)');
    const places = [
      { path: '/tmp', name: 'the temporary folder /tmp' },
      { path: '/tmp/project', name: '/tmp/project (where the site is built)' },
    ];
    assert.deepEqual(faultPlaces({ code: 'EROFS', path: '/tmp/project/site.partial-1-2/x.html' }, places), ['/tmp/project (where the site is built)']);
    assert.deepEqual(faultPlaces({ code: 'EROFS', path: '/tmp/apidesc-site-1-XXXXXX' }, places), ['the temporary folder /tmp']);
    assert.deepEqual(faultPlaces({ code: 'EACCES', path: '/srv/out/x' }, places), ['/srv/out/x']);
    assert.deepEqual(faultPlaces({ code: 'EMFILE' }, places), ['the temporary folder /tmp', '/tmp/project (where the site is built)']);
    assert.equal(faultFolder('/ro/apidesc-diff-XXXXXX'), '/ro');
  });
});
