/**
 * Every command ends when the process that started it is gone, as on SIGTERM: a `preview` or
 * `dev` server started through a wrapper that does not pass SIGTERM on (`sh -c`, npx) would
 * otherwise serve on, as an orphan, holding its port. (The build's case, with its partial site,
 * is in build-output-safety.test.ts.)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, MINIMAL, tempTree } from './helpers.ts';
import { bin, killMarked, processesWith, until } from './process-fixture.ts';

/** Whether something listens on `port` of 127.0.0.1. */
const listening = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

async function untilListening(port: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await listening(port))) {
    if (Date.now() > end) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a server whose invoking command is stopped', () => {
  for (const command of ['preview', 'dev'] as const) {
    it(`(${command}, SIGTERM to a \`sh -c\` around it) stops and frees its port`, { timeout: 120_000 }, async () => {
      const dir = tempTree({ 'api.yaml': MINIMAL, 'site/.apidesc-docs': '{"base": "/"}\n', 'site/index.html': 'a site' });
      const port = await freePort();
      const marker = `${dir}-${command}`;
      const args = command === 'preview' ? ['preview', '--out', 'site', '--port', String(port)] : ['dev', 'api.yaml', '--port', String(port)];
      const wrapper = spawn('sh', ['-c', `${[process.execPath, bin, ...args].map((a) => JSON.stringify(a)).join(' ')}; echo ended`], {
        cwd: dir,
        env: { ...process.env, APIDESC_TEST_MARKER: marker },
        stdio: 'ignore',
      });
      try {
        await untilListening(port);
        wrapper.kill('SIGTERM');
        await until('no process of the server is left', () => processesWith(marker).length === 0, 15_000);
        assert.equal(await listening(port), false);
      } finally {
        killMarked(marker);
      }
    });
  }
});
