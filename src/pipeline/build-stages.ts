/**
 * The part of `build` that writes (pipeline.ts checks everything first): the staging folder and
 * the work folder, the stages in processes of their own (stage-processes.ts), the site's other
 * files, and the swap of the new site for the old one.
 *
 * How it ends, whatever happens: its children are gone and its folders removed unless the site
 * was swapped in; a stage that failed is reported in one line (stage-child.ts), a fault of the
 * machine as such with the folder it concerns (environment-fault.ts), and a build that stops
 * making progress is stopped (stall-watchdog.ts).
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from './build-options.ts';
import { inputBytes } from '../lib/inputs/expand-inputs.ts';
import { cleanUpOnStop } from '../lib/interrupt.ts';
import { EXIT } from '../lib/exit-codes.ts';
import type { Reporter } from '../lib/reporter.ts';
import type { ResolvedSiteOptions } from '../project/site-options.ts';
import { type TryItLocations, tryItLocations } from '../project/try-it-check.ts';
import type { GuideFiles } from '../site/guide-files.ts';
import { environmentFault, type EnvironmentFault, faultCause, faultHasPlace, faultPlaces, fullDiskFault, type WritePlace } from '../lib/environment-fault.ts';
import { makeStaging, outputFolderProblem, removeOurFolder, swapIn, type ProtectedPath } from './output-folder.ts';
import { type BuildClock, formatTimings, SEARCH_ASKED, STAGES } from './build-timings.ts';
import type { PrepareRequest } from './prepare-stage.ts';
import type { IndexRequest } from './search-stage.ts';
import { writeSiteExtras } from './site-extras.ts';
import { readSiteRoutes } from './site-routes-file.ts';
import { oneDocumentAtATime } from './portal-first-pass.ts';
import { storeBuiltApis } from './cache/api-reuse.ts';
import { writeShardManifest } from './shards/shard-manifest.ts';
import type { StageChild, StageFailure } from './stage-child.ts';
import { type SiteDataInput, type StageResult, startPrepare, startRenderer, startSearch } from './stage-processes.ts';
import { watchForStall } from './stall-watchdog.ts';
import { makeWorkFolder } from './work-folder.ts';

/** Input size (the root documents) from which the renderer starts after the model: about 650 channels. */
const LATE_RENDER_BYTES = 8 * 1024 * 1024;

/** What the checks before found out, for the stages. */
export interface BuildPlan {
  inputs: string[];
  options: BuildOptions;
  cwd: string;
  /** The output folder, as a real path. */
  outDir: string;
  protectedPaths: ProtectedPath[];
  siteOptions: ResolvedSiteOptions;
  /** The guides to render, and what the prepare stage checks of them. */
  guides?: { files: GuideFiles; settings: PrepareRequest['settings']['guides']; refs: PrepareRequest['guideRefs'] };
  /** --compare / --compare-ref. */
  compare?: Pick<PrepareRequest, 'compare' | 'severities' | 'settingChanges'>;
  /** Removed when the build ends (a commit's files, for --compare-ref). */
  removeAtEnd?: () => void;
  clock: BuildClock;
}

/** The pages of the API's objects, one per server, channel, operation, message and component, in words. */
const referencePages = (count: number): string => `${count} reference page${count === 1 ? '' : 's'}`;

/** Builds the site into `plan.outDir`; returns the exit code. */
export async function runBuildStages(plan: BuildPlan, io: Reporter): Promise<number> {
  const { options, outDir, clock } = plan;
  const { base, site } = plan.siteOptions;
  let staging: string | undefined;
  let work: string | undefined;
  let built = false;
  let stalled = false;
  const stages: StageChild<unknown>[] = [];
  // Stages started ahead that wait to be given their work (the search stage before the pages are
  // written): not named as stuck when the build stalls, since nothing was asked of them yet.
  const waitingForWork = new Set<StageChild<unknown>>();
  const note = (text: string): void => io.err(text);
  // Where the build writes (its work folder is made in the temporary folder), named as a message names them.
  const places: WritePlace[] = [
    { path: tmpdir(), name: `the temporary folder ${tmpdir()}` },
    { path: dirname(outDir), name: `${dirname(outDir)} (where the site for --out ${options.outDir} is built)` },
  ];
  const unchanged = (): void => io.err(`The output folder ${options.outDir} is unchanged.`);
  const reportFault = (fault: EnvironmentFault): number => {
    if (faultHasPlace(fault)) io.err(`apidesc-docs: the build could not write in ${faultPlaces(fault, places).join(' and ')}: ${faultCause(fault)}.`);
    else io.err(`apidesc-docs: the build stopped: ${faultCause(fault)}.`);
    unchanged();
    return EXIT.environment;
  };
  const fail = (failure: StageFailure): number => {
    // The watchdog has said why.
    if (stalled) return EXIT.internal;
    if (failure.fault) return reportFault(failure.fault);
    if (failure.message) io.err(`apidesc-docs: ${failure.message}`);
    if (failure.stack) io.err(options.debug ? failure.stack : 'Run again with --debug for the stack trace, and please report it.');
    if (failure.exitCode === EXIT.environment) unchanged();
    return failure.exitCode;
  };
  const stopWatching = watchForStall({
    onStall: (stalledMs) => {
      stalled = true;
      const names = stages.filter((stage) => stage.running() && !waitingForWork.has(stage)).map((stage) => stage.name);
      io.err(
        `apidesc-docs: internal error: ${names.join(' and ') || 'the build'} used no processor time for ${Math.round(stalledMs / 1000)} s without finishing; the build was stopped. Please report it.`,
      );
      for (const stage of stages) void stage.stop('SIGKILL');
    },
  });
  const stopStages = (signal: 'SIGTERM' | 'SIGKILL'): Promise<unknown> => Promise.all(stages.map((stage) => stage.stop(signal)));
  const removeFolders = (): void => {
    try {
      if (!built && staging) removeOurFolder(staging);
      if (work) rmSync(work, { recursive: true, force: true });
    } catch (error) {
      // The machine refused even that (too many open files): what is left is named after this
      // process, and the next build removes it once the process is gone.
      io.err(
        `apidesc-docs: note: the build's unfinished files could not all be removed (${error instanceof Error ? error.message : String(error)}); the next build removes them.`,
      );
    }
    plan.removeAtEnd?.();
  };
  // Stopped by a signal: the children end first, so that nothing writes into the folders removed next.
  const cleanUp = async (): Promise<void> => {
    await stopStages('SIGKILL');
    removeFolders();
  };
  return cleanUpOnStop(cleanUp, async () => {
    try {
      // Built beside the output folder and swapped in only when everything is written: a failed
      // build never leaves a half-written site where the last good one was.
      staging = makeStaging(outDir, base ?? '/');
      work = makeWorkFolder();
      const siteDir = staging;
      const workDir = work;
      const startRendering = (siteData: SiteDataInput): ReturnType<typeof startRenderer> => {
        const run = startRenderer(
          {
            root: fileURLToPath(new URL('../../', import.meta.url)),
            outDir: siteDir,
            ...(base ? { base } : {}),
            ...(site ? { site } : {}),
            ...(plan.options.standInBase ? { standInBase: true } : {}),
          },
          siteData,
          plan.guides?.files,
          note,
        );
        clock.started(STAGES.render);
        stages.push(run.stage);
        return run;
      };
      // For most documents the renderer starts now: it loads the site's renderer bundle (and makes
      // it, the first time for these sources: about 2 s) while the documents are validated and
      // modelled, and renders each page as its data arrives through a pipe.
      // For large ones it starts once the prepare process has ended, reading the data from the
      // file it wrote, so the two never hold their memory at once: a build's peak stays that of
      // its largest process; its pages are then rendered after the model rather than alongside it.
      const early = !(options.renderAfterModel ?? inputBytes(plan.inputs, plan.cwd) >= LATE_RENDER_BYTES);
      const dataFile = join(workDir, 'site-data.jsonl');
      const startSearching = (): ReturnType<typeof startSearch> => {
        const run = startSearch(io, note, options.debug === true);
        clock.started(STAGES.search);
        stages.push(run.stage);
        waitingForWork.add(run.stage);
        return {
          ...run,
          index: (...args) => {
            waitingForWork.delete(run.stage);
            return run.index(...args);
          },
        };
      };
      let renderer = early ? startRendering('pipe') : undefined;
      clock.started(STAGES.prepare);
      const preparing = startPrepare(
        {
          inputs: plan.inputs,
          options,
          cwd: plan.cwd,
          work: workDir,
          settings: { ...plan.siteOptions.settings, guides: plan.guides?.settings ?? [] },
          guideRefs: plan.guides?.refs ?? [],
          ...withTryItLocations(tryItLocations(plan.siteOptions.loaded, plan.cwd)),
          siteDir,
          ...(base ? { base } : {}),
          ...(site ? { siteUrl: site } : {}),
          ...plan.compare,
        },
        renderer?.siteData ?? dataFile,
        io,
        note,
        oneDocumentAtATime(options, plan.inputs, plan.cwd),
      );
      stages.push(preparing.stage);
      // The search process, too, starts now for those documents: it loads its modules and starts
      // Pagefind's indexer while the model is made, off the build's critical path (the model
      // process, then the search index). For large ones it starts once the model is done, so
      // that it does not hold its memory beside the model process's. A shard's search stage
      // depends on what the model finds (whether it indexes its parts): it starts after it.
      let search = early && !options.shard ? startSearching() : undefined;
      // A renderer that fails meanwhile (killed, a full disk) stops the build at once.
      const prepared = await Promise.race([preparing.result, ...(renderer ? [failureOnly(renderer.result)] : [])]);
      if ('failure' in prepared) return fail(prepared.failure);
      clock.ended(STAGES.prepare, prepared.value.timings);
      // Counted as the lines after it count: reference pages (one per object) here, the site's pages (those lists and guides added) at the end.
      io.err(`Model: ${prepared.value.apiCount} API(s), ${referencePages(prepared.value.pageCount)}. Rendering…`);
      renderer ??= startRendering(dataFile);
      renderer.siteDataComplete();
      // Otherwise the search process starts while the pages are rendered: its start-up is then hidden.
      // A shard indexes the parts of its APIs, or none when `merge` is to index the whole.
      if (!search && !(options.shard && !prepared.value.shard?.indexesItsParts)) search = startSearching();
      const rendered = await renderer.result;
      if ('failure' in rendered) return fail(rendered.failure);
      clock.ended(STAGES.render, rendered.value);
      const heads = writeSiteExtras(siteDir, {
        ...readSiteRoutes(prepared.value.routesFile),
        files: join(workDir, 'files'),
        assets: plan.siteOptions.assets,
        ...(site ? { site } : {}),
        ...(base ? { base } : {}),
        ...(prepared.value.reusedHeads ? { knownHeads: prepared.value.reusedHeads } : {}),
      });
      const { cache } = options;
      const portalIndex = (own?: string[]): IndexRequest['portal'] =>
        prepared.value.searchApis ? { apis: prepared.value.searchApis, ...(cache ? { cacheDir: cache } : {}), ...(own ? { own } : {}) } : undefined;
      // A shard's site is a part of one: its parts of the search index, which `merge` places
      // beside the other shards' (or none, and `merge` indexes the whole).
      if (prepared.value.shard && options.shard) {
        clock.mark(SEARCH_ASKED);
        const indexing = search?.index(siteDir, portalIndex(prepared.value.shard.apis));
        const notKept = cache && prepared.value.toCache ? storeBuiltApis(cache, prepared.value.toCache, siteDir, heads) : undefined;
        if (notKept) io.err(notKept);
        const indexed = await indexing;
        if (indexed && 'failure' in indexed) {
          const full = indexed.failure.fault || indexed.failure.exitCode !== EXIT.environment ? undefined : fullDiskFault(siteDir);
          return fail(full ? { ...indexed.failure, fault: full } : indexed.failure);
        }
        if (indexed) {
          clock.ended(STAGES.search, indexed.value.timings);
          const { partsReused } = indexed.value;
          io.err(`Search index: ${indexed.value.indexed} pages of this shard's APIs, in their parts of the portal's index.`);
          if (partsReused) io.err(`Search index parts: ${partsReused.reused} of ${partsReused.parts} reused from the build cache.`);
        }
        writeShardManifest(siteDir, {
          tool: 'apidesc-docs',
          version: options.version,
          shard: options.shard.index,
          of: options.shard.count,
          inputs: prepared.value.shard.inputs,
          apis: prepared.value.shard.apis,
        });
        const swapProblem = outputFolderProblem(outDir, options.outDir, [
          ...plan.protectedPaths,
          ...prepared.value.readFiles.map((path) => ({ path, what: 'a file the documents reference' })),
        ]);
        if (swapProblem) {
          io.err(`apidesc-docs: ${swapProblem}`);
          return EXIT.usage;
        }
        swapIn(siteDir, outDir);
        built = true;
        io.err(
          `Built shard ${options.shard.index} of ${options.shard.count}: ${prepared.value.shard.apis.length} of the portal's ${prepared.value.apiCount} API(s), into ${options.outDir} in ${clock.summary()}.`,
        );
        if (options.timings) io.err(formatTimings(clock.report()));
        io.err(`Put the shards together: npx apidesc-docs merge <the ${options.shard.count} shard folders> --out dist`);
        return EXIT.ok;
      }
      clock.mark(SEARCH_ASKED);
      // A portal's index in parts of whole APIs, those unchanged copied from the build cache (cache/search-groups.ts).
      if (!search) throw new Error('the search stage was not started');
      const indexing = search.index(siteDir, portalIndex());
      // The APIs built this time go into the build cache while the search index is made.
      const notKept = cache && prepared.value.toCache ? storeBuiltApis(cache, prepared.value.toCache, siteDir, heads) : undefined;
      if (notKept) io.err(notKept);
      const indexed = await indexing;
      if ('failure' in indexed) {
        // An indexer that died says nothing of why; a full disk is the likely cause, and checked.
        const full = indexed.failure.fault || indexed.failure.exitCode !== EXIT.environment ? undefined : fullDiskFault(siteDir);
        return fail(full ? { ...indexed.failure, fault: full } : indexed.failure);
      }
      clock.ended(STAGES.search, indexed.value.timings);
      const { indexed: inIndex, pages } = indexed.value;
      const unindexed = `lists, the search page${plan.compare?.compare ? ', the 404 page and the Changes page' : ' and the 404 page'}`;
      io.err(`Search index: ${inIndex} of the site's ${pages} pages (${unindexed} are not indexed).`);
      const { partsReused } = indexed.value;
      if (partsReused) io.err(`Search index parts: ${partsReused.reused} of ${partsReused.parts} reused from the build cache.`);
      // Checked again at the swap: the files the documents referenced are known now, and the
      // folder may have changed while the site was built.
      const swapProblem = outputFolderProblem(outDir, options.outDir, [
        ...plan.protectedPaths,
        ...prepared.value.readFiles.map((path) => ({ path, what: 'a file the documents reference' })),
      ]);
      if (swapProblem) {
        io.err(`apidesc-docs: ${swapProblem}`);
        return EXIT.usage;
      }
      swapIn(siteDir, outDir);
      built = true;
      io.err(
        `Built ${prepared.value.apiCount} API(s), ${pages} pages (${referencePages(prepared.value.pageCount)}), into ${options.outDir} in ${clock.summary()}.`,
      );
      if (options.timings) io.err(formatTimings(clock.report()));
      // Search needs the site served over HTTP: say how, in one line.
      io.err(`Open it: npx apidesc-docs preview${options.outDir === 'dist' ? '' : ` --out ${quoteArgument(options.outDir)}`}`);
      return EXIT.ok;
    } catch (error) {
      // This process's own writes: the staging folder, the site's other files, the swap.
      const fault = environmentFault(error);
      if (!fault) throw error;
      return reportFault(fault);
    } finally {
      stopWatching();
      await stopStages('SIGTERM');
      removeFolders();
    }
  });
}

/** A stage's result when it is a failure; never settles otherwise. */
async function failureOnly<R>(result: Promise<StageResult<R>>): Promise<StageResult<never>> {
  const settled = await result;
  return 'failure' in settled ? settled : new Promise<never>(() => {});
}

/** An argument as a shell reads it back. */
export function quoteArgument(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The request's field, present only with a configured `tryIt` (a request without it stays as it was). */
const withTryItLocations = (where: TryItLocations | undefined): { tryItLocations?: TryItLocations } => (where ? { tryItLocations: where } : {});
