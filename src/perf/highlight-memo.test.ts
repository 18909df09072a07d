/** Code highlighted once per build: every job gets its HTML, each different piece is highlighted once, and the HTML is what highlighting each alone gives. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadHighlighter } from '../lib/highlight/highlight-html.ts';
import { type HighlightJob, runTask } from '../lib/highlight/highlight-page.ts';
import { HighlightMemo } from './highlight-memo.ts';

const jobOf = (text: string, lang: string, out: string[], i: number): HighlightJob => ({ kind: 'code', text, lang, apply: (html) => (out[i] = html) });

describe('HighlightMemo', () => {
  it('highlights each different piece of code once, across runs, and gives every job the HTML it would have alone', async () => {
    const h = await loadHighlighter();
    const texts: [string, string][] = [
      ['{\n  "a": 1\n}', 'json'],
      ['{\n  "a": 1\n}', 'json'],
      ['{\n  "a": 1\n}', 'yaml'],
      ['echo "a"', 'shell'],
    ];
    const memo = new HighlightMemo();
    const highlighted: string[] = [];
    const highlight = async (jobs: HighlightJob[]): Promise<void> => {
      for (const job of jobs) {
        highlighted.push(`${job.lang}:${job.text}`);
        job.apply(runTask(h, job));
      }
    };
    const first: string[] = [];
    await memo.run(
      texts.map(([text, lang], i) => jobOf(text, lang, first, i)),
      highlight,
    );
    assert.equal(highlighted.length, 3, 'the repeated JSON once; the same text in another language apart');
    const second: string[] = [];
    await memo.run(
      texts.map(([text, lang], i) => jobOf(text, lang, second, i)),
      highlight,
    );
    assert.equal(highlighted.length, 3, 'nothing again in a later run');
    const alone = texts.map(([text, lang]) => runTask(h, { kind: 'code', text, lang }));
    assert.deepEqual(first, alone);
    assert.deepEqual(second, alone);
  });
});
