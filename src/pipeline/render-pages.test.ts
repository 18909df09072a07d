/** Rendering pages from the renderer's app into the output folder. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../test/helpers.ts';
import { completeSite } from '../site/site-source.ts';
import { pageFile, renderPages, type PageRenderer } from './render-pages.ts';

/** An app that answers every request with a page naming its URL, and records the requests. */
function recordingApp(status = (_url: URL): number => 200): PageRenderer & { requested: string[]; mostAtOnce: number } {
  let inFlight = 0;
  const app = {
    requested: [] as string[],
    mostAtOnce: 0,
    async render(request: Request): Promise<Response> {
      app.requested.push(request.url);
      inFlight++;
      app.mostAtOnce = Math.max(app.mostAtOnce, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      const url = new URL(request.url);
      return new Response(`<p>${url.pathname}</p>`, { status: status(url) });
    },
  };
  return app;
}

/** What the pages would read their data from. */
const locals = { site: completeSite({ apis: [] }) };

describe('renderPages', () => {
  it('writes each page to <url>/index.html, requested under the base path and site origin', async () => {
    const out = join(tempDir(), 'site');
    const app = recordingApp();
    await renderPages(app, ['', 'search/', 'channels/orders.created/', 'channels/orders.created/messages/placed/'], {
      outDir: out,
      locals,
      base: '/docs',
      site: 'https://api.example.com/ignored/path',
    });
    assert.deepEqual(app.requested.sort(), [
      'https://api.example.com/docs/',
      'https://api.example.com/docs/channels/orders.created/',
      'https://api.example.com/docs/channels/orders.created/messages/placed/',
      'https://api.example.com/docs/search/',
    ]);
    assert.equal(readFileSync(join(out, 'index.html'), 'utf8'), '<p>/docs/</p>');
    assert.equal(
      readFileSync(join(out, 'channels/orders.created/messages/placed/index.html'), 'utf8'),
      '<p>/docs/channels/orders.created/messages/placed/</p>',
    );
  });

  it('renders at most `concurrency` pages at a time, and each page once', async () => {
    const urls = Array.from({ length: 30 }, (_, i) => `channels/c${i}/`);
    const app = recordingApp();
    await renderPages(app, urls, { outDir: join(tempDir(), 'site'), locals, concurrency: 3 });
    assert.equal(app.mostAtOnce, 3);
    assert.equal(new Set(app.requested).size, 30);
    assert.equal(app.requested.length, 30);
  });

  it('fails on a page that does not render, naming it', async () => {
    const out = join(tempDir(), 'site');
    const app = recordingApp((url) => (url.pathname === '/channels/broken/' ? 500 : 200));
    await assert.rejects(
      renderPages(app, ['channels/fine/', 'channels/broken/'], { outDir: out, locals, concurrency: 1 }),
      /the page \/channels\/broken\/ could not be rendered \(HTTP 500\)/,
    );
    assert.ok(existsSync(join(out, 'channels/fine/index.html')));
    assert.ok(!existsSync(join(out, 'channels/broken/index.html')));
  });

  it('writes a body byte for byte, whether it comes as one chunk, several, or none', async () => {
    const out = join(tempDir(), 'site');
    // A character of four bytes split across two chunks, as a streamed page could send it.
    const whole = Buffer.from('<p>ü \u{1F600} 漢字</p>');
    const split = whole.indexOf(0xf0) + 2;
    const app: PageRenderer = {
      async render(request: Request): Promise<Response> {
        const path = new URL(request.url).pathname;
        if (path === '/streamed/')
          return new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(whole.subarray(0, split));
                controller.enqueue(whole.subarray(split));
                controller.close();
              },
            }),
          );
        if (path === '/empty/') return new Response(null);
        return new Response(new Uint8Array(whole));
      },
    };
    await renderPages(app, ['streamed/', 'empty/', 'one/'], { outDir: out, locals });
    assert.deepEqual(readFileSync(join(out, 'streamed/index.html')), whole);
    assert.deepEqual(readFileSync(join(out, 'one/index.html')), whole);
    assert.equal(readFileSync(join(out, 'empty/index.html')).length, 0);
  });

  it('refuses a page URL that would lead outside the output folder', async () => {
    const out = join(tempDir(), 'site');
    assert.throws(() => pageFile(out, '../escaped/'), /leads outside the output folder/);
    assert.throws(() => pageFile(out, 'channels/../../escaped/'), /leads outside the output folder/);
    assert.equal(pageFile(out, 'channels/a.b-c/'), join(out, 'channels/a.b-c/index.html'));
    await assert.rejects(renderPages(recordingApp(), ['../escaped/'], { outDir: out, locals }), /leads outside the output folder/);
  });
});
