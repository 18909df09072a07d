/**
 * Writes the site's search index (search-stage.ts) in a process of its own, started by
 * stage-processes.ts with the model (inputs under 8 MB) or while the pages are still being
 * rendered: it loads the indexer's API and starts the indexer meanwhile, and indexes the folder
 * the command names (IndexRequest) once they are written.
 *
 * Its own process because of how the indexer, Pagefind's binary, fails: on a full disk it
 * panics, and when it is gone (panicked, killed) Pagefind's API never settles its promise. Here
 * the event loop then runs empty, which is reported as the indexer having stopped; and the
 * panic's text goes to this process's standard error, which the command reads to name the
 * cause (stage-processes.ts) instead of showing it.
 */
import { EXIT } from '../lib/exit-codes.ts';
import { processCpuMs, Timings } from '../lib/timings.ts';
import { reapedChildrenCpuMs, stageTimings } from './build-timings.ts';
import { endWithParent, failureOutcome, finishStage } from './child-lifetime.ts';
import { createIndexAhead, type IndexRequest, SEARCH_PARTS, type SearchIndexed, writeSearchIndex } from './search-stage.ts';
import { writePortalIndex } from './cache/search-groups.ts';
import { writeSearchNames } from './search-names.ts';

/** The message of a search stage whose indexer stopped before it answered; the command names the cause. */
const INDEXER_STOPPED =
  'the search indexer (Pagefind) stopped before it had written the index: it was killed, or it failed (run again with --debug for its own messages).';

const timings = new Timings();
// Loading the process and its modules, until here.
timings.add('start-up', performance.now(), processCpuMs());
endWithParent();
// Pagefind's indexer starts while the request is awaited (its start-up is then off the build's path).
createIndexAhead();
// Waiting for the request keeps the process alive (the channel alone does not).
process.channel?.ref();
const { siteDir, portal } = await new Promise<IndexRequest>((start) => process.once('message', start));
process.channel?.unref();
let finished = false;
// Nothing is left to wait for while the index is not written: the indexer is gone.
process.once('beforeExit', () => {
  if (!finished) void finishStage({ exitCode: EXIT.environment, stoppedBy: INDEXER_STOPPED });
});
try {
  const { indexed, pages, indexerCpuMs, partsReused } = portal ? await writePortalIndex(siteDir, portal, timings) : await writeSearchIndex(siteDir, timings);
  timings.measure(SEARCH_PARTS.names, () => writeSearchNames(siteDir));
  finished = true;
  // The indexer's processor time as the system counted it once it ended, where it can be read.
  const result: SearchIndexed = {
    indexed,
    pages,
    timings: stageTimings(timings, reapedChildrenCpuMs() ?? indexerCpuMs),
    ...(partsReused ? { partsReused } : {}),
  };
  await finishStage({ exitCode: EXIT.ok, result });
} catch (error) {
  finished = true;
  // Pagefind's API rejects so when it notices the indexer is gone.
  const stopped = error instanceof Error && /Pagefind backend closed/.test(error.message);
  await finishStage(stopped ? { exitCode: EXIT.environment, stoppedBy: INDEXER_STOPPED } : failureOutcome(error));
}
