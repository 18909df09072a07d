/** The site data of several documents: each API under a folder of its own that no site folder takes. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { MINIMAL, tempTree } from '../../test/helpers.ts';
import { loadHighlighter } from '../lib/highlight/highlight-html.ts';
import { runTask, type HighlightJob } from '../lib/highlight/highlight-page.ts';
import { buildSiteData, CodeHighlighter } from './site-model.ts';

describe('portal folders', () => {
  it('never gives an API the name of a folder the site itself uses (search/, guides/, pagefind/, …)', async () => {
    const dir = tempTree({ 'search.yaml': MINIMAL, 'guides.yaml': MINIMAL, 'orders.yaml': MINIMAL });
    const docs = [];
    for (const name of ['search.yaml', 'guides.yaml', 'orders.yaml']) {
      const file = join(dir, name);
      const { doc } = await validateDocument(file, { cwd: dir });
      docs.push({ file, doc: doc! });
    }
    const { site } = buildSiteData(docs, dir);
    assert.deepEqual(
      site.apis.map((a) => a.prefix),
      ['search-api/', 'guides-api/', 'orders/'],
    );
  });
});

describe('CodeHighlighter', () => {
  // 400 pieces and more are split with a worker thread; the worker may be started early (warmUp).
  const jobsFor = (out: string[]): HighlightJob[] =>
    Array.from({ length: 420 }, (_, i) => ({
      kind: 'code' as const,
      text: JSON.stringify({ id: i, name: `n${i}`, ok: i % 2 === 0 }, null, 2),
      lang: 'json',
      apply: (html: string) => (out[i] = html),
    }));

  it('gives every piece the same HTML on two threads, started early or not, as on one', async () => {
    const h = await loadHighlighter();
    const expected = jobsFor([]).map((job) => runTask(h, job));
    for (const early of [false, true]) {
      const out: string[] = [];
      const highlighter = new CodeHighlighter();
      if (early) highlighter.warmUp();
      try {
        await highlighter.run(jobsFor(out));
        assert.equal(highlighter.hasWorker, true);
      } finally {
        await highlighter.close();
      }
      assert.equal(out.length, expected.length);
      assert.deepEqual(out, expected, early ? 'worker started early' : 'worker started with the work');
    }
  });

  it('keeps all the work in its own thread when told not to run in parallel', async () => {
    const h = await loadHighlighter();
    const expected = jobsFor([]).map((job) => runTask(h, job));
    const out: string[] = [];
    const highlighter = new CodeHighlighter({ parallel: false });
    try {
      await highlighter.run(jobsFor(out));
      assert.equal(highlighter.hasWorker, false, 'no worker thread started');
    } finally {
      await highlighter.close();
    }
    assert.deepEqual(out, expected);
  });
});
