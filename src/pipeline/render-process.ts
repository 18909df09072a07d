/**
 * Renders the site in its own process (started by stage-processes.ts), which can start before the
 * documents are validated: it loads the site's renderer (and makes it, the first time) while
 * the model is built, then renders each page as its data arrives (render-pages.ts). A process of
 * its own also keeps the renderer's memory apart from the model's and the command's.
 * Arguments: one JSON object {root, outDir, base?, site?, standInBase?}; the guides are in the environment.
 * Standard input: the site data stream (src/site/site-stream.ts), from the prepare process
 * directly (a pipe) or from the file it wrote. Reports its outcome on its IPC channel
 * (child-lifetime.ts) and prints no failure itself: the command does, once.
 */
import { processCpuMs, Timings } from '../lib/timings.ts';
import { guideFilesFromEnvironment } from '../site/guide-files.ts';
import { readSiteStream } from '../site/site-stream.ts';
import { EXIT } from '../lib/exit-codes.ts';
import { stageTimings, type StageTimings } from './build-timings.ts';
import { endWithParent, failureOutcome, finishStage, sendNote } from './child-lifetime.ts';
import { inputChunks } from './input-chunks.ts';
import type { SiteDataComplete } from './prepare-channel.ts';
import { renderSite } from './render-stage.ts';

const timings = new Timings();
// Loading the process and its modules, until here.
timings.add('start-up', performance.now(), processCpuMs());
const options = JSON.parse(process.argv[2] ?? '{}') as { root: string; outDir: string; base?: string; site?: string; standInBase?: boolean };
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// Astro resolves the site's packages from the working folder while it makes a bundle.
process.chdir(options.root);
// A build stopped early (invalid documents) sends SIGTERM; 'exit' handlers still run.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(143));
endWithParent();

/**
 * The site data, whose end counts only once the command has said that it is complete: an end
 * before that is the prepare stage failing, which it reports and after which the command stops
 * this process. Read on, the pages waiting for their content would fail one by one, each with
 * a message of the renderer's (HTTP 500) about what is only a consequence.
 */
async function* siteDataChunks(): AsyncGenerator<Buffer> {
  yield* inputChunks();
  await siteDataComplete;
}
const siteDataComplete = new Promise<void>((complete) => {
  process.on('message', (message: SiteDataComplete) => {
    if (message?.type === 'site-data-complete') complete();
  });
});
// Waiting for that message keeps the process alive (the channel alone does not).
process.channel?.ref();
void siteDataComplete.then(() => process.channel?.unref());

const guides = guideFilesFromEnvironment();
const source = readSiteStream(siteDataChunks(), timings);
// Awaited by renderSite; a stream that ends early is reported there, not as an unhandled rejection meanwhile.
source.catch(() => {});
try {
  await renderSite({ ...options, ...(guides ? { guides } : {}), timings }, source, {
    onBuild: () => sendNote('Bundling the site renderer for these sources (once; later builds reuse it)…'),
    onWait: () => sendNote('Waiting for another build of the same site folder to finish bundling the renderer…'),
  });
  await finishStage<StageTimings>({ exitCode: EXIT.ok, result: stageTimings(timings) });
} catch (error) {
  await finishStage(failureOutcome(error));
}
