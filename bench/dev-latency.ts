/**
 * `apidesc-docs dev` latency: starts the dev server on a copy of a document, edits the title of
 * its first channel, and times how long until the page for that channel shows the new title,
 * doing what an open browser tab does: wait for the server's reload event, then load the page
 * (polling the page instead would make the server render it dozens of times while it works).
 * Edits are 3 s apart, as when someone edits and looks. Reports the start-up time too (until
 * the first page is served).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binCommand } from './measure.ts';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

async function fetchText(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

async function until(test: () => Promise<boolean>, timeoutS: number): Promise<boolean> {
  const end = performance.now() + timeoutS * 1000;
  while (performance.now() < end) {
    if (await test()) return true;
    await sleep(25);
  }
  return false;
}

export async function devLatency(bin: string, doc: string, edits = 5): Promise<{ startS: number; editS: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'apidesc-dev-bench-'));
  const file = join(dir, 'api.yaml');
  copyFileSync(doc, file);
  const text = readFileSync(file, 'utf8');
  const title = /^ {4}title: "([^"]+)"$/m.exec(text.slice(text.indexOf('\nchannels:')));
  const id = /^ {2}(\w+):$/m.exec(text.slice(text.indexOf('\nchannels:')))?.[1];
  if (!title || !id) throw new Error('no channel title found in the generated document');
  const port = await freePort();
  const started = performance.now();
  const [node, ...args] = binCommand(bin);
  const child = spawn(node!, [...args, 'dev', file, '--port', String(port), '--max-bytes', '200000000'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const page = `http://127.0.0.1:${port}/channels/${id.toLowerCase()}/`;
  try {
    if (!(await until(async () => (await fetchText(page))?.includes(title[1]!) ?? false, 600))) throw new Error(`the dev server never served ${page}`);
    const startS = (performance.now() - started) / 1000;
    const editS: number[] = [];
    const events = await fetch(`http://127.0.0.1:${port}/__apidesc/events`);
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    /** Waits for reload events until the page, loaded after one, passes `test`. */
    const reloadUntil = async (test: (html: string) => boolean): Promise<boolean> => {
      const end = performance.now() + 300_000;
      while (performance.now() < end) {
        const { value, done } = await reader.read();
        if (done) return false;
        if (!decoder.decode(value).includes('event: rebuilt')) continue;
        if (test((await fetchText(page)) ?? '')) return true;
      }
      return false;
    };
    let current = text;
    for (let i = 1; i <= edits; i++) {
      await sleep(3000);
      const marker = `${title[1]} edited ${i}`;
      current = current.replace(title[0], `    title: "${marker}"`);
      const written = performance.now();
      writeFileSync(file, current);
      const shown = await reloadUntil((html) => html.includes(marker));
      editS.push(shown ? (performance.now() - written) / 1000 : NaN);
      current = current.replace(`    title: "${marker}"`, title[0]);
      writeFileSync(file, current);
      await reloadUntil((html) => !html.includes(marker));
    }
    await reader.cancel();
    return { startS, editS };
  } finally {
    child.kill('SIGTERM');
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}
