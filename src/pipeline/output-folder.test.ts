/** What `build --out` may replace, and how leftovers of killed builds are told apart from the user's files. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir, tempTree } from '../../test/helpers.ts';
import { isOurSite, SITE_STAMP } from '../lib/site-stamp.ts';
import { makeStaging, outputFolderProblem, removeLeftovers, removeOurFolder, standardProtectedPaths, swapIn } from './output-folder.ts';

/** The id of a process that has ended (and so cannot be alive). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the output folder', () => {
  it('may be a new folder, an empty one, or a site this tool wrote', () => {
    const dir = tempTree({ 'site/.apidesc-docs': 'stamp', 'site/index.html': '<p>old</p>' });
    mkdirSync(join(dir, 'empty'));
    for (const out of ['new', 'empty', 'site', 'deeper/new']) assert.equal(outputFolderProblem(join(dir, out), out, []), undefined, out);
  });

  it('is refused when it holds files the tool did not write, or is a file', () => {
    const dir = tempTree({ 'mine/notes.txt': 'keep me', 'plain.txt': 'a file', 'linked/.apidesc-docs/x': 'a folder named like the stamp' });
    assert.match(outputFolderProblem(join(dir, 'mine'), 'mine', []) ?? '', /did not write.*no \.apidesc-docs stamp.*remove this one yourself/);
    assert.match(outputFolderProblem(join(dir, 'plain.txt'), 'plain.txt', []) ?? '', /is a file, not a folder/);
    // The stamp must be a regular file, not anything of that name.
    assert.match(outputFolderProblem(join(dir, 'linked'), 'linked', []) ?? '', /did not write/);
    symlinkSync(join(dir, 'plain.txt'), join(dir, 'mine', SITE_STAMP));
    assert.equal(isOurSite(join(dir, 'mine')), false, 'a link named like the stamp does not make a folder ours');
  });

  it('may not be or hold the working folder, the home folder, or anything the build reads, links followed', () => {
    const dir = tempTree({ 'api/api.yaml': 'apidesc: 3.0.0', 'api/guides/a.md': '# A', 'apidesc-docs.config.json': '{}' });
    symlinkSync(join(dir, 'api'), join(dir, 'link-to-api'));
    const protectedPaths = [
      ...standardProtectedPaths(join(dir, 'api')),
      { path: join(dir, 'api', 'api.yaml'), what: 'the input api.yaml' },
      { path: join(dir, 'apidesc-docs.config.json'), what: 'the configuration file' },
    ];
    assert.match(outputFolderProblem(join(dir, 'api'), 'api', protectedPaths) ?? '', /is the working folder/);
    assert.match(outputFolderProblem(dir, '.', protectedPaths) ?? '', /holds the working folder/);
    assert.match(
      outputFolderProblem(join(dir, 'link-to-api'), 'link-to-api', protectedPaths) ?? '',
      /is the working folder/,
      'a link to the folder is the folder',
    );
    assert.match(outputFolderProblem(homedir(), '~', standardProtectedPaths(dir)) ?? '', /is your home folder/);
    assert.match(outputFolderProblem('/', '/', []) ?? '', /root of the file system/);
    const configOnly = [{ path: join(dir, 'apidesc-docs.config.json'), what: 'the configuration file' }];
    assert.match(outputFolderProblem(dir, '.', configOnly) ?? '', /holds the configuration file/);
    // A folder beside them is fine.
    assert.equal(outputFolderProblem(join(dir, 'dist'), 'dist', protectedPaths), undefined);
  });
});

describe('swapping a site in', () => {
  it('stamps the new site first, and replaces the old one only when the new one is in place', () => {
    const dir = tempTree({ 'site/.apidesc-docs': 'stamp', 'site/old.html': 'old' });
    const target = join(dir, 'site');
    const staging = makeStaging(target);
    assert.ok(isOurSite(staging), 'the staging folder is stamped at once');
    assert.match(staging, new RegExp(`site\\.partial-${process.pid}-[0-9a-f]{8}$`));
    writeFileSync(join(staging, 'new.html'), 'new');
    swapIn(staging, target);
    assert.deepEqual(readdirSync(target).sort(), ['.apidesc-docs', 'new.html']);
    assert.deepEqual(readdirSync(dir), ['site'], 'no partial or old copy is left');
  });

  it('removes a folder of its own with the stamp last, and leaves anything else alone', () => {
    const dir = tempTree({ 'ours/.apidesc-docs': 'stamp', 'ours/a/b.html': 'x', 'theirs/notes.txt': 'keep' });
    removeOurFolder(join(dir, 'theirs'));
    assert.equal(readFileSync(join(dir, 'theirs', 'notes.txt'), 'utf8'), 'keep');
    removeOurFolder(join(dir, 'ours'));
    assert.equal(existsSync(join(dir, 'ours')), false);
  });
});

describe('leftovers of killed builds', () => {
  it('are removed once their process is gone, when they are ours or empty', () => {
    const dir = tempDir();
    const dead = deadPid();
    const alive = process.ppid;
    const tree = {
      [`site.partial-${dead}-0a1b2c3d/.apidesc-docs`]: 'stamp',
      [`site.partial-${dead}-0a1b2c3d/index.html`]: 'half',
      [`site.old-${dead}-11112222/.apidesc-docs`]: 'stamp',
      [`site.old-${alive}-33334444/.apidesc-docs`]: 'stamp',
      [`site.partial-${dead}-55556666/notes.txt`]: 'no stamp: not ours',
      [`other.partial-${dead}-77778888/.apidesc-docs`]: 'another output folder',
      [`site.partial-${dead}-keep/.apidesc-docs`]: 'not a name this tool makes',
    };
    for (const [path, text] of Object.entries(tree)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    mkdirSync(join(dir, `site.old-${dead}-9999aaaa`));
    const removed = removeLeftovers(join(dir, 'site'))
      .map((p) => p.slice(dir.length + 1))
      .sort();
    assert.deepEqual(removed, [`site.old-${dead}-11112222`, `site.old-${dead}-9999aaaa`, `site.partial-${dead}-0a1b2c3d`]);
    assert.deepEqual(
      readdirSync(dir).sort(),
      [`other.partial-${dead}-77778888`, `site.old-${alive}-33334444`, `site.partial-${dead}-55556666`, `site.partial-${dead}-keep`].sort(),
    );
  });
});
