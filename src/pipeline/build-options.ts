// What `build` is asked to do: the pipeline's request, which the command line fills in from its
// flags; its own module so that the build and its prepare process can both name it without
// importing each other.
import type { SeverityOverrides } from '../lib/diff/severity-overrides.ts';
import type { SiteFlags } from '../project/site-options.ts';
import type { ValidateInputsOptions } from './validate-inputs.ts';
import type { ShardSpec } from './shards/shard-plan.ts';

export interface BuildOptions extends ValidateInputsOptions {
  outDir: string;
  /** Path the site is served from, e.g. `/docs/` (default `/`). */
  base?: string;
  /**
   * Render through the renderer bundle shared by every base path (src/perf/stand-in-base.ts)
   * rather than one made for `base`: `build --versions` gives each version a base of its own.
   */
  standInBase?: boolean;
  /** Public origin for canonical URLs, e.g. `https://api.example.com`. */
  site?: string;
  /** Build even when documents have errors (pull-request previews): the pages show them. */
  allowInvalid?: boolean;
  /** Print stack traces of internal errors. */
  debug?: boolean;
  /** The look of the site (over the configuration file): title, logo, guides folder, … */
  siteFlags?: SiteFlags;
  /** `--compare <document or folder>`: the base of the Changes page (as `diff <base>` reads it). */
  compare?: string;
  /**
   * How the Changes page names the base of `compare`, and its date: `build --versions` compares
   * each version with the one before, read from git into a temporary folder, and names it by its
   * tag and commit rather than by that folder.
   */
  compareAs?: { label: string; date?: string };
  /** `--compare-ref <git ref>`: the base read from this commit, at the path being built (as `diff --base-ref`). */
  compareRef?: string;
  /** `--severity <rule>=<level>`: over the configuration's `diffSeverity`, for the Changes page. */
  severities?: SeverityOverrides;
  /**
   * Start the renderer only once the model process has ended, the site data handed over in a
   * file rather than a pipe. Default: for large inputs only (src/pipeline/pipeline.ts, LATE_RENDER_BYTES).
   */
  renderAfterModel?: boolean;
  /**
   * Make a portal's first pass one document at a time, each let go before the next is read, and
   * load each API's document again while its pages are made (src/pipeline/first-pass.ts). Default:
   * for shards, and for portals of large inputs (prepare-stage.ts, ONE_BY_ONE_BYTES).
   */
  firstPassOneByOne?: boolean;
  /** `--timings`: print where the build's time went, stage by stage (build-timings.ts). */
  timings?: boolean;
  /**
   * `--cache <folder>`: the build cache of a portal (src/pipeline/cache/); default
   * `node_modules/.cache/apidesc-docs` in the working folder. The stages get it as an absolute path.
   */
  cache?: string;
  /** `--shard i/n`: build only the pages of this shard's APIs, for `merge` (src/pipeline/shards/). */
  shard?: ShardSpec;
  /**
   * Where the prepare stage writes the titles of the site's APIs and pages (SiteTitles, JSON):
   * `build --versions` names the objects of a version's page against the newest by the newest's
   * titles, as that newest's own Changes page names them.
   */
  titlesFile?: string;
  /**
   * Where the comparison (`compare`) writes its rename changes (Change[], JSON), when it compared:
   * `build --versions` pairs a version's renamed objects for its switcher from them, rather than
   * comparing the same two versions a second time.
   */
  renamesFile?: string;
}
