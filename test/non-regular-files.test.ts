/**
 * Files that are not regular files (a named pipe, a socket, a device, a folder named like a
 * file) in every place the tool reads one: the document, a `$ref` target, an entry of a folder
 * argument, the configuration, a guide, the logo. Reading any of them would block or never end;
 * each must be refused with a diagnostic that names it, at once. Every kind meets every place.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { MINIMAL, tempTree } from './helpers.ts';

const bin = resolve(import.meta.dirname, '..', 'bin', 'apidesc-docs.mjs');

type Kind = 'fifo' | 'socket' | 'device' | 'folder';
type Place = 'document' | 'ref' | 'folder-entry' | 'config' | 'guide' | 'logo';

const KINDS: Kind[] = ['fifo', 'socket', 'device', 'folder'];
const PLACES: Place[] = ['document', 'ref', 'folder-entry', 'config', 'guide', 'logo'];

const servers: Server[] = [];
after(() => {
  for (const s of servers) s.close();
});

/** Makes `path` a file of `kind`. A device is reached through a link (its folder is outside any test folder). */
async function makeSpecial(path: string, kind: Kind): Promise<void> {
  if (kind === 'fifo') execFileSync('mkfifo', [path]);
  else if (kind === 'folder') mkdirSync(path);
  else if (kind === 'device') symlinkSync('/dev/zero', path);
  else {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((done) => server.listen(path, done));
  }
}

const withRef = `${MINIMAL}channels:\n  c:\n    address: c\n    messages:\n      m:\n        payload:\n          $ref: './special.yaml'\n`;

/** The tree for a place, the file to make special in it, and the command to run. */
function scenario(place: Place): { files: Record<string, string>; special: string; args: string[] } {
  switch (place) {
    case 'document':
      return { files: {}, special: 'special.yaml', args: ['validate', 'special.yaml'] };
    case 'ref':
      return { files: { 'api.yaml': withRef }, special: 'special.yaml', args: ['validate', 'api.yaml'] };
    case 'folder-entry':
      return { files: { 'apis/a.yaml': MINIMAL }, special: 'apis/special.yaml', args: ['validate', 'apis'] };
    case 'config':
      return { files: { 'api.yaml': MINIMAL }, special: 'apidesc-docs.config.json', args: ['validate', 'api.yaml'] };
    case 'guide':
      return { files: { 'api.yaml': MINIMAL, 'guides/start.md': '# Start\n' }, special: 'guides/special.md', args: ['validate', 'api.yaml'] };
    case 'logo':
      return { files: { 'api.yaml': MINIMAL, 'apidesc-docs.config.json': '{"logo": "special.svg"}' }, special: 'special.svg', args: ['validate', 'api.yaml'] };
  }
}

describe('non-regular files in every place a file is read', () => {
  for (const place of PLACES) {
    for (const kind of KINDS) {
      it(`a ${kind} as the ${place}: refused at once, named, never read`, async () => {
        const { files, special, args } = scenario(place);
        const dir = tempTree(files);
        await makeSpecial(join(dir, special), kind);
        // In a process of its own: a read that blocks would block this one too, beyond any timeout.
        const run = spawnSync(process.execPath, [bin, ...args, '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 15_000 });
        assert.equal(run.signal, null, `did not finish: ${run.stderr}`);
        const r = { code: run.status, out: run.stdout, err: run.stderr };
        assert.notEqual(r.code, 3, r.err);
        const diagnostics = JSON.parse(r.out) as { code: string; file: string; message: string }[];
        const named = diagnostics.filter((d) => d.file.endsWith(special.split('/').pop()!) || d.message.includes(special.split('/').pop()!));
        // A folder named like a document or a guide is simply not one; everything else is reported.
        const ignored = kind === 'folder' && (place === 'folder-entry' || place === 'guide');
        // A guide that is a pipe or a socket is not listed as a guide either (only links are followed).
        const unlisted = place === 'guide' && (kind === 'fifo' || kind === 'socket');
        if (ignored || unlisted) {
          assert.equal(r.code, 0, `${r.out}${r.err}`);
        } else {
          assert.ok(r.code === 1 || r.code === 2, `exit ${r.code}: ${r.out}`);
          assert.ok(named.length > 0, `a diagnostic names ${special}: ${r.out}`);
        }
      });
    }
  }
});
