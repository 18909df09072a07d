/**
 * The model process's work, run by prepare-process.ts (from a bundle of this module when it can):
 * prepareSite (prepare-stage.ts) in a process of its own, started by stage-processes.ts. Reads the
 * request as JSON from stdin; writes the site data to its SITE_DATA_FD (prepare-channel.ts) and
 * reports its outcome on its IPC channel (child-lifetime.ts): the summary of the site once all is
 * written, or the exit code the build stops with (its diagnostics printed), or the fault of the
 * machine or the bug that stopped it, which the command describes.
 */
import { readFileSync } from 'node:fs';
import { EXIT } from '../lib/exit-codes.ts';
import { processReporter } from '../lib/reporter.ts';
import { endWithParent, failureOutcome, finishStage } from './child-lifetime.ts';
import { endSiteData, siteDataOut } from './prepare-channel.ts';
import { prepareSite, type PrepareRequest, type ReportedSite } from './prepare-stage.ts';
import { siteRoutesFile, writeSiteRoutes } from './site-routes-file.ts';

/** What writing into a pipe whose reader has ended fails with. */
const READER_GONE = ['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED'];

/**
 * A renderer that ended closes its end of the pipe: the command reports how it ended and stops
 * this process, which waits for that rather than report a failure of its own. Anything else (a
 * full disk under the data file) ends the stage.
 */
function failed(error: unknown): Promise<void> {
  if (READER_GONE.includes((error as NodeJS.ErrnoException).code ?? '')) {
    process.channel?.ref();
    return new Promise(() => {});
  }
  return finishStage(failureOutcome(error));
}

/**
 * Runs the stage and exits with its outcome (finishStage); the argument list is the bundle
 * loader's (cli-bundle.ts), unused: the request comes on standard input.
 */
export async function main(_argv: string[]): Promise<number> {
  endWithParent();
  const request = JSON.parse(readFileSync(0, 'utf8')) as PrepareRequest;
  const out = siteDataOut();
  out.on('error', (error) => void failed(error));
  try {
    const result = await prepareSite(request, out, processReporter);
    if (typeof result === 'number') {
      // A build stopped before the site data was complete: its pipe must not keep the process alive.
      out.destroy();
      await finishStage({ exitCode: result });
    } else {
      await endSiteData(out);
      // The routes go by file: in the outcome message they were the process's peak (site-routes-file.ts).
      const { routes, flows, flowsNotListed, urls, ...site } = result;
      const routesFile = siteRoutesFile(request.work);
      writeSiteRoutes(routesFile, { routes, flows, ...(flowsNotListed ? { flowsNotListed } : {}), urls });
      await finishStage({ exitCode: EXIT.ok, result: { ...site, routesFile } satisfies ReportedSite });
    }
  } catch (error) {
    out.destroy();
    await failed(error);
  }
  // finishStage exits; failed() waits for the command to stop this process.
  return new Promise<number>(() => {});
}
