/**
 * A worker thread that highlights a share of a large site's code (see CodeHighlighter in
 * src/site/site-model.ts). Message in: HighlightTask[]; out: HighlightReply, the HTML of
 * each in order, and the thread's processor time so far (`build --timings`).
 */
import { parentPort } from 'node:worker_threads';
import { threadCpuMs } from '../timings.ts';
import { languagesIn, loadLanguages, loadLazyHighlighter } from './highlight-html.ts';
import { runTask, type HighlightTask } from './highlight-page.ts';

export interface HighlightReply {
  html: string[];
  /** Processor time of this thread since it started (loading shiki included). */
  cpuMs: number;
  /** Elapsed time spent on this batch. */
  wallMs: number;
}

// Loaded as soon as the worker starts: CodeHighlighter.warmUp starts it before there is code.
const highlighter = loadLazyHighlighter();
// One message per batch of a site's pages (CodeHighlighter in src/site/site-model.ts).
parentPort?.on('message', async (tasks: HighlightTask[]) => {
  const started = performance.now();
  const h = await highlighter;
  await loadLanguages(h, tasks.flatMap(languagesIn));
  const html = tasks.map((task) => runTask(h, task));
  const reply: HighlightReply = { html, cpuMs: threadCpuMs(), wallMs: performance.now() - started };
  parentPort?.postMessage(reply);
});
