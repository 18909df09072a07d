/**
 * Documents laid out as real repositories lay them out: several services sharing files, named
 * by absolute paths from CI scripts, found by a folder argument (issue: what real-world
 * documents showed). The default `$ref` root is the repository; nothing outside it is read,
 * nor its `.git` folder; pages never show the build machine's absolute paths.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { refRoot } from '../src/lib/resolve/ref-root.ts';
import { MINIMAL, runIn, tempDir, tempTree } from './helpers.ts';

const service = (ref: string): string => `${MINIMAL}channels:
  userSignedUp:
    address: user/signedup
    messages:
      signedUp:
        $ref: '${ref}'
`;
const messages = 'UserSignedUp:\n  name: UserSignedUp\n  payload:\n    type: object\n    properties:\n      email: {type: string}\n';

/** A repository (`.git` folder) with two services that share `common/messages.yaml`. */
function repository(): string {
  const dir = tempTree({
    'repo/services/accounts/apidesc.yaml': service('../../common/messages.yaml#/UserSignedUp'),
    'repo/services/mailer/apidesc.yaml': service('../../common/messages.yaml#/UserSignedUp'),
    'repo/common/messages.yaml': messages,
    'repo/.git/config': '[core]\n\trepositoryformatversion = 0\n[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n',
    'repo/node_modules/some-package/apidesc.yaml': MINIMAL,
    'repo/.cache/apidesc.yaml': MINIMAL,
    'repo/services/accounts/fragment.yaml': 'Order: {type: object}\n',
    'outside.yaml': messages,
  });
  return dir;
}

describe('the default $ref root', () => {
  it("is the repository that holds the document, else the working folder, else the document's folder", () => {
    const dir = repository();
    const repo = join(dir, 'repo');
    assert.equal(refRoot(join(repo, 'services/accounts/apidesc.yaml'), '/'), repo);
    const plain = tempTree({ 'api/a.yaml': MINIMAL });
    assert.equal(refRoot('api/a.yaml', plain), plain, 'inside the working folder');
    assert.equal(refRoot(join(plain, 'api/a.yaml'), tempDir()), join(plain, 'api'), "outside it: the document's folder");
    assert.equal(refRoot(join(plain, 'api/a.yaml'), '/', 'api'), '/api', '--root wins');
  });

  it('lets services share files out of the box, named by absolute paths from any folder', async () => {
    const dir = repository();
    const elsewhere = tempDir();
    for (const name of ['accounts', 'mailer']) {
      const r = await runIn(elsewhere, ['validate', join(dir, 'repo', 'services', name, 'apidesc.yaml')]);
      assert.equal(r.code, 0, r.out + r.err);
    }
  });

  it('never reads outside the repository, nor inside its .git folder, and says so once', async () => {
    const dir = repository();
    writeFileSync(join(dir, 'repo/services/accounts/apidesc.yaml'), service('../../../outside.yaml#/UserSignedUp'));
    let r = await runIn(dir, ['validate', 'repo/services/accounts/apidesc.yaml', '--format', 'json']);
    assert.equal(r.code, 1);
    let found = JSON.parse(r.out) as { code: string; message: string }[];
    assert.deepEqual(
      found.map((d) => d.code),
      ['ref-outside-root'],
    );
    assert.match(found[0]!.message, /points outside the input folder \(the repository that holds the document, or the folder given with --root\)$/);
    assert.ok(!found[0]!.message.includes(dir), 'no path of the machine in a message');

    writeFileSync(join(dir, 'repo/services/accounts/apidesc.yaml'), service('../../.git/config'));
    r = await runIn(dir, ['validate', 'repo/services/accounts/apidesc.yaml', '--format', 'json']);
    found = JSON.parse(r.out) as { code: string; message: string }[];
    assert.deepEqual(
      found.map((d) => d.code),
      ['ref-outside-root'],
    );
    assert.match(found[0]!.message, /\.git folder, which is never read/);
    assert.doesNotMatch(r.out + r.err, /c2VjcmV0|extraheader/, 'nothing of the file is printed');
  });
});

describe('a reference that is refused', () => {
  it('is reported once, where it is written, not again at every place that passes through it', async () => {
    const dir = tempTree({
      'api/api.yaml': `${MINIMAL}channels:\n  a:\n    address: a\n    messages:\n      m1: {payload: {$ref: '#/components/schemas/Shared'}}\n      m2: {payload: {$ref: '#/components/schemas/Shared'}}\n      m3: {payload: {$ref: '#/components/schemas/Alias'}}\ncomponents:\n  schemas:\n    Alias: {$ref: '#/components/schemas/Shared'}\n    Shared: {$ref: '../../outside.yaml#/Thing'}\n`,
      'outside.yaml': 'Thing: {type: string}\n',
    });
    const r = await runIn(join(dir, 'api'), ['validate', 'api.yaml', '--format', 'json']);
    const found = JSON.parse(r.out) as { code: string; pointer: string }[];
    assert.deepEqual(
      found.map((d) => `${d.code} ${d.pointer}`),
      ['ref-outside-root /components/schemas/Shared/$ref'],
    );
  });
});

describe('a folder argument', () => {
  it('is searched recursively, skipping node_modules, dot folders, fragments and the sites this tool built', async () => {
    const dir = repository();
    const repo = join(dir, 'repo');
    // A site built inside the repository holds copies of the documents under source/.
    assert.equal((await runIn(repo, ['build', 'services/accounts/apidesc.yaml', '--out', 'site'])).code, 0);
    assert.ok(
      readdirSync(join(repo, 'site', 'source'), { recursive: true })
        .map(String)
        .some((f) => f.endsWith('apidesc.yaml')),
    );
    const r = await runIn(repo, ['validate', '.']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /^2 documents: 0 error/m);
  });
});

describe('paths on the pages', () => {
  it('are relative to the working folder or the repository, never absolute, when the input is named by an absolute path', async () => {
    const dir = repository();
    const elsewhere = tempDir();
    const document = join(dir, 'repo', 'services', 'accounts', 'apidesc.yaml');
    writeFileSync(document, service('../../common/messages.yaml#/UserSignedUp').replace('address: user/signedup', 'address: user/{id}'));
    const r = await runIn(elsewhere, ['build', document, '--out', join(elsewhere, 'site'), '--allow-invalid']);
    assert.equal(r.code, 0, r.out + r.err);
    const pages: string[] = [];
    const walk = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(folder, entry.name));
        else if (entry.name.endsWith('.html')) pages.push(readFileSync(join(folder, entry.name), 'utf8'));
      }
    };
    walk(join(elsewhere, 'site'));
    const all = pages.join('\n');
    assert.ok(!all.includes(dir), 'no page names the absolute folder of the build');
    assert.match(all, /Defined in <code>services\/accounts\/apidesc\.yaml:\d+<\/code>/);
    assert.match(all, /common\/messages\.yaml:\d+/);
    assert.match(all, /services\/accounts\/apidesc\.yaml:\d+:\d+/, 'the finding is located on its page, relative too');
  });
});
