/**
 * A worker thread that highlights a share of a large site's code (see CodeHighlighter in
 * src/pipeline/site-model.ts). Message in: HighlightTask[]; out: the HTML of each, in order.
 */
import { parentPort } from 'node:worker_threads';
import { loadHighlighter } from './highlight-html.ts';
import { runTask, type HighlightTask } from './highlight-page.ts';

// Loaded as soon as the worker starts: CodeHighlighter.warmUp starts it before there is code.
const highlighter = loadHighlighter();
// One message per batch of a site's pages (CodeHighlighter in src/pipeline/site-model.ts).
parentPort?.on('message', async (tasks: HighlightTask[]) => {
  const h = await highlighter;
  parentPort?.postMessage(tasks.map((task) => runTask(h, task)));
});
