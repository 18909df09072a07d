/**
 * A worker thread that highlights a share of a large site's code (see highlightSite in
 * src/cli/site-data-file.ts). Message in: HighlightTask[]; out: the HTML of each, in order.
 */
import { parentPort } from 'node:worker_threads';
import { loadHighlighter } from './highlight-html.ts';
import { runTask, type HighlightTask } from './highlight-page.ts';

parentPort?.once('message', async (tasks: HighlightTask[]) => {
  const h = await loadHighlighter();
  parentPort?.postMessage(tasks.map((task) => runTask(h, task)));
});
