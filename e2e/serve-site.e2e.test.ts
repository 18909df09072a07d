/**
 * The browser files' server (support.ts, serveSite): a test that fails before it closes its
 * server must not keep its file's process open, or the whole run would wait for it without end.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../test/helpers.ts';

const support = resolve(import.meta.dirname, 'support.ts');

describe('serveSite', () => {
  it('serves the site, and a server left open does not keep the process alive', { timeout: 60_000 }, async () => {
    const site = tempDir('apidesc-serve-site-');
    writeFileSync(join(site, 'index.html'), '<title>home</title>');
    // A process that serves, reads one page, and never closes its server.
    const script = `const { serveSite } = await import(${JSON.stringify(support)});
const { base } = await serveSite(${JSON.stringify(site)});
const text = await (await fetch(base)).text();
console.log(text);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const ended = await new Promise<boolean>((done) => {
      const bound = setTimeout(() => {
        child.kill('SIGKILL');
        done(false);
      }, 30_000);
      child.on('exit', () => {
        clearTimeout(bound);
        done(true);
      });
    });
    assert.equal(out.trim(), '<title>home</title>');
    assert.ok(ended, 'the process ended on its own with its server still open');
  });
});
