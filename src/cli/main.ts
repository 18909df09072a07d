#!/usr/bin/env node
/**
 * apidesc-docs command line: `validate`, `build`. Parses flags, delegates, maps outcomes to the
 * exit codes in src/lib/exit-codes.ts. No stack trace reaches the user unless --debug is given.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environmentFault, faultCause, faultFolder } from '../lib/environment-fault.ts';
import { defaultLimits } from '../lib/load/limits.ts';
import { CLI_OPTIONS, COMMANDS } from './cli-options.ts';
import { EXIT } from '../lib/exit-codes.ts';
import { processReporter, type Reporter } from '../lib/reporter.ts';
import { nearestName } from '../lib/near-name.ts';
import { CONTENT_FOLDER, CONVENTIONAL_FILES, findDefaultDocument, LOOKED_FOR } from '../project/default-document.ts';
import { parseSeverityFlag } from '../lib/diff/severity-overrides.ts';
import type { ChangeSeverity } from '../lib/diff/types.ts';
import { changesCommand, type ChangesFormat } from './changes-command.ts';
import type { SiteFlags } from '../project/site-options.ts';
import type { OutputFormat } from '../pipeline/validate-inputs.ts';
import { validateCommand } from './validate-command.ts';
import { parseShard } from '../pipeline/shards/shard-plan.ts';

const USAGE = `Usage:
  apidesc-docs validate <file-or-folder…> [options]
  apidesc-docs build [file-or-folder…] [--out dist] [--base /path/] [--site https://…] [options]
  apidesc-docs build <file-or-folder> --compare <base> | --compare-ref <git ref> [options]
  apidesc-docs build <file-or-folder> --versions 'v*' | <ref,ref…> [options]
  apidesc-docs build [file-or-folder…] --shard i/n --out <folder> [options]
  apidesc-docs merge <shard folder…> [--out dist]
  apidesc-docs dev [file-or-folder…] [--port 4321]
  apidesc-docs preview [--out dist] [--port 4322]
  apidesc-docs changes <before.json|URL> <after.json> [--format markdown|text|json] [--preview-url URL]
  apidesc-docs diff <base> <head> [--format text|json|sarif|markdown] [--fail-on breaking|any|none]
  apidesc-docs diff --base-ref <git ref> <file-or-folder> [options]

Without a document named, build and dev look for ${CONVENTIONAL_FILES.join(', ')}
in the working folder, then a ${CONTENT_FOLDER}/ folder.

Options:
  --format text|json|sarif   diagnostics output (validate; default text); changes: markdown|text|json;
                             diff: text|json|sarif|markdown
  --compare <base>           build: a Changes page against this document or folder, as
                             diff reports it, and a badge on each changed page
  --compare-ref <ref>        build: the same against this git commit (e.g. origin/main)
  --versions <pattern|refs>  build: every version git has under the tags that match (e.g. 'v*')
                             or the refs listed (v1.0.0,v2.0.0), under /<version>/, the working
                             tree at the root; a version switcher, a changelog and its feed
  --preview-url <url>        where the new site is served, for links (changes, diff)
  --base-ref <ref>           diff: read the base from this git commit (e.g. origin/main)
  --fail-on breaking|any|none
                             diff: exit 1 when a breaking change (default), any change, or
                             nothing is found
  --severity <rule>=<level>  diff, and build with --compare or --compare-ref: report changes of
                             this rule as breaking, non-breaking or info (repeatable, once per rule)
  --root <folder>            folder that file $refs may not leave (default: the repository
                             that holds the document, the nearest folder upwards with .git;
                             else the working folder when the document is in it; else the
                             document's folder)
  --allow-remote-refs        fetch http(s) $refs (10 s timeout, size limit applies)
  --strict                   examples that do not match their schema (or a parameter's enum),
                             defaults of the wrong type and discriminators missing from
                             \`required\` are errors (SPEC Errors #13, #14, #9; rules
                             example-invalid, schema-example-invalid, parameter-example-enum,
                             schema-default-type, discriminator-not-required), not warnings
  --max-bytes <n>            largest input file in bytes (default 52428800)
  --max-depth <n>            deepest nesting accepted (default 500)
  --out <folder>             output folder (build, merge; default dist)
  --base <path>              path the site is served from (build; default /)
  --site <url>               public origin of the site, for canonical URLs (build)
  --port <n>                 port on 127.0.0.1 (dev: default 4321; preview: default 4322)
  --allow-invalid            build even when documents have errors, showing them on the pages
                             (previews of pull requests; exit 0 when the site was built)
  --config <file>            site configuration (default: apidesc-docs.config.json, .yaml,
                             .yml or .mjs in the working folder, if there is one)
  --title, --logo, --favicon, --guides <folder>, --sidebar tag|channel|none,
  --accent <#hex>, --edit-link <url with {path}>
                             override the fields of the configuration (build, dev)
  --no-color                 plain text output
  --timings                  build: print where the time went, stage by stage (elapsed and
                             processor time)
  --cache <folder>           build: the build cache of a portal, where unchanged APIs are
                             copied from (default node_modules/.cache/apidesc-docs, where
                             the working folder has node_modules)
  --shard i/n                build: only the pages of the APIs in shard i of n (assigned by
                             size, the same in every shard), for merge; no search index
  --debug                    print stack traces of internal errors
  -h, --help                 this help
  -v, --version              the version

Exit codes: 0 valid (warnings allowed), 1 invalid document, 2 usage error or unreadable input
(build: also a base of --compare that cannot be read), or a fault of the machine (a full disk,
a folder that cannot be written, a stage killed), 3 internal error.
diff: 0 nothing breaks, 1 something breaks (--fail-on), 2 usage error or unreadable input.`;

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export async function main(argv: string[], io: Reporter = processReporter): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof CLI_OPTIONS }>>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: CLI_OPTIONS,
    });
  } catch (error) {
    return shortProblem(io, optionProblem(error), HELP_POINTER);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.out(packageVersion());
    return EXIT.ok;
  }
  const [command, ...inputs] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  if (!(COMMANDS as readonly string[]).includes(command)) {
    const meant = nearestName(command, COMMANDS);
    return shortProblem(io, `unknown command "${command}"${meant ? `: did you mean ${meant}?` : ` (the commands: ${COMMANDS.join(', ')})`}`, HELP_POINTER);
  }
  if (command === 'changes') {
    const format = values.format as ChangesFormat;
    if (!['text', 'json', 'markdown'].includes(format)) return usage(io, `--format of changes must be markdown, text or json, not "${values.format}"`);
    if (values['preview-url'] !== undefined && !/^https?:\/\/\S+$/.test(values['preview-url']))
      return usage(io, `--preview-url must be an http(s) URL, not "${values['preview-url']}"`);
    return changesCommand(inputs, { format, cwd: process.cwd(), ...(values['preview-url'] ? { previewUrl: values['preview-url'] } : {}) }, io);
  }
  if (command !== 'diff' && (values['base-ref'] !== undefined || values['fail-on'] !== undefined)) return usage(io, '--base-ref and --fail-on belong to diff');
  if (command !== 'build' && values.cache !== undefined) return usage(io, '--cache belongs to build');
  if (command !== 'build' && values.shard !== undefined) return usage(io, '--shard belongs to build');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (typeof shard === 'string') return shortProblem(io, shard, 'apidesc-docs build --shard 1/4 --out shard-1 builds the first of four shards');
  if (command !== 'build' && (values.compare !== undefined || values['compare-ref'] !== undefined || values.versions !== undefined))
    return usage(io, '--compare, --compare-ref and --versions belong to build');
  if (values.versions !== undefined && (values.compare !== undefined || values['compare-ref'] !== undefined))
    return usage(io, '--versions compares each version with the one before: give it without --compare or --compare-ref');
  if (values.versions !== undefined && shard !== undefined) return usage(io, '--versions builds every version in one run: give it without --shard');
  if (values.severity !== undefined && command !== 'diff' && !(command === 'build' && (values.compare !== undefined || values['compare-ref'] !== undefined)))
    return shortProblem(
      io,
      '--severity belongs to diff, and to build with --compare or --compare-ref',
      'apidesc-docs --help lists the options of each command',
    );
  const severities: Record<string, ChangeSeverity> = {};
  for (const flag of values.severity ?? []) {
    const parsed = parseSeverityFlag(flag);
    if (typeof parsed === 'string') return severityProblem(io, parsed);
    // The same rule twice with two levels: which one was meant is not for the tool to guess.
    const earlier = Object.hasOwn(severities, parsed.rule) ? severities[parsed.rule] : undefined;
    if (earlier !== undefined && earlier !== parsed.severity)
      return severityProblem(io, `--severity ${parsed.rule} is given twice, as ${earlier} and as ${parsed.severity}: give it once`);
    severities[parsed.rule] = parsed.severity;
  }
  if (values.compare !== undefined && values['compare-ref'] !== undefined) return usage(io, 'give --compare or --compare-ref, not both');
  const format = values.format as OutputFormat;
  if (command !== 'diff' && !['text', 'json', 'sarif'].includes(format)) return usage(io, `--format must be text, json or sarif, not "${values.format}"`);
  const limits = { ...defaultLimits };
  for (const [flag, key] of [
    ['max-bytes', 'maxBytes'],
    ['max-depth', 'maxDepth'],
  ] as const) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) return usage(io, `--${flag} must be a positive integer, not "${raw}"`);
    limits[key] = n;
  }
  const common = {
    limits,
    allowRemoteRefs: values['allow-remote-refs'],
    strict: values.strict,
    ...(values.root ? { root: values.root } : {}),
    format,
    color: !values['no-color'] && process.stdout.isTTY === true && !process.env.NO_COLOR,
    version: packageVersion(),
  };
  const siteFlags: SiteFlags = {};
  for (const key of ['config', 'title', 'logo', 'favicon', 'guides', 'sidebar', 'accent'] as const) {
    const value = values[key];
    if (value !== undefined) siteFlags[key] = value;
  }
  if (values['edit-link'] !== undefined) siteFlags.editLink = values['edit-link'];
  try {
    switch (command) {
      case 'validate':
        if (inputs.length === 0) return usage(io, 'validate needs at least one file or folder');
        return await validateCommand(inputs, { ...common, checkSite: siteFlags }, io);
      case 'build': {
        // Loaded on demand: `validate` needs none of the site's modules (shiki, Pagefind, the model).
        const documents = inputs.length > 0 ? inputs : defaultInputs(io, 'build');
        if (typeof documents === 'number') return documents;
        const buildOptions = {
          ...common,
          outDir: values.out,
          allowInvalid: values['allow-invalid'],
          debug: values.debug,
          timings: values.timings,
          siteFlags,
          ...(values.base ? { base: values.base } : {}),
          ...(values.site ? { site: values.site } : {}),
          ...(values.compare !== undefined ? { compare: values.compare } : {}),
          ...(values['compare-ref'] !== undefined ? { compareRef: values['compare-ref'] } : {}),
          ...(values.severity !== undefined ? { severities } : {}),
          ...(values.cache !== undefined ? { cache: values.cache } : {}),
        };
        const versionsFrom = values.versions !== undefined ? { refs: values.versions } : await versionFoldersOf(siteFlags.config, limits, values.root);
        if (versionsFrom && values.compare === undefined && values['compare-ref'] === undefined) {
          if (shard) return usage(io, 'the configuration builds every version (versionFolders) in one run: give it without --shard');
          const { buildVersions } = await import('../pipeline/versions/build-versions.ts');
          return await buildVersions(documents, versionsFrom, buildOptions, io);
        }
        const { buildSite } = await import('../pipeline/pipeline.ts');
        return await buildSite(documents, { ...buildOptions, ...(shard ? { shard } : {}) }, io);
      }
      case 'merge': {
        // Loaded on demand, as build's modules are.
        const { mergeShards } = await import('../pipeline/shards/merge-shards.ts');
        return await mergeShards(inputs, { outDir: values.out, cwd: process.cwd(), debug: values.debug }, io);
      }
      case 'diff': {
        if (!['text', 'json', 'sarif', 'markdown'].includes(values.format))
          return usage(io, `--format of diff must be text, json, sarif or markdown, not "${values.format}"`);
        const failOn = values['fail-on'] ?? 'breaking';
        if (!['breaking', 'any', 'none'].includes(failOn)) return usage(io, `--fail-on must be breaking, any or none, not "${failOn}"`);
        if (values['preview-url'] !== undefined && !/^https?:\/\/\S+$/.test(values['preview-url']))
          return usage(io, `--preview-url must be an http(s) URL, not "${values['preview-url']}"`);
        // Loaded on demand: the other commands need none of the comparison's modules.
        const { diffCommand } = await import('./diff-command.ts');
        return await diffCommand(
          inputs,
          {
            format: values.format as import('../lib/diff/format-diff.ts').DiffFormat,
            failOn: failOn as import('./diff-command.ts').FailOn,
            ...(values['base-ref'] !== undefined ? { baseRef: values['base-ref'] } : {}),
            ...(values['preview-url'] !== undefined ? { previewUrl: values['preview-url'] } : {}),
            ...(values.root ? { root: values.root } : {}),
            ...(values.config !== undefined ? { config: values.config } : {}),
            severities,
            allowRemoteRefs: values['allow-remote-refs'],
            limits,
            cwd: process.cwd(),
            color: common.color,
            version: common.version,
          },
          io,
        );
      }
      case 'dev': {
        const port = Number(values.port ?? '4321');
        if (!Number.isInteger(port) || port <= 0 || port > 65535) return usage(io, `--port must be a port number, not "${values.port}"`);
        const documents = inputs.length > 0 ? inputs : defaultInputs(io, 'dev');
        if (typeof documents === 'number') return documents;
        const { devCommand } = await import('../dev/dev-server.ts');
        return await devCommand(documents, { ...common, port, cwd: process.cwd(), siteFlags }, io);
      }
      case 'preview': {
        const port = Number(values.port ?? '4322');
        if (!Number.isInteger(port) || port < 0 || port > 65535) return usage(io, `--port must be a port number, not "${values.port}"`);
        if (inputs.length > 0) return usage(io, 'preview serves the built site named by --out (default dist), not documents');
        const { previewCommand } = await import('../dev/preview-server.ts');
        return await previewCommand({ outDir: values.out, port, cwd: process.cwd() }, io);
      }
      default:
        return shortProblem(io, `unknown command "${command}"`, HELP_POINTER);
    }
  } catch (error) {
    // The machine's fault (a full disk, a folder that cannot be written, too many open files) is not a bug.
    const fault = environmentFault(error);
    if (fault) {
      io.err(`apidesc-docs: ${fault.path ? `${faultFolder(fault.path)}: ` : ''}${faultCause(fault)}.`);
      return EXIT.environment;
    }
    io.err(`apidesc-docs: internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (values.debug && error instanceof Error && error.stack) io.err(error.stack);
    else io.err('Run again with --debug for the stack trace, and please report it.');
    return EXIT.internal;
  }
}

/**
 * The document `build` or `dev` reads when none is named (src/project/default-document.ts), said in one
 * line; or, when there is none to find, what was looked for and the usage code.
 */
function defaultInputs(io: Reporter, command: 'build' | 'dev'): string[] | number {
  const found = findDefaultDocument(process.cwd());
  if ('found' in found) {
    io.err(`No document named: reading ${found.how === 'file' ? `${found.found} in the working folder` : `the ${found.found}/ folder`}.`);
    return [found.found];
  }
  if ('ambiguous' in found)
    return shortProblem(
      io,
      `${command}: no document named, and the working folder has ${found.ambiguous.join(' and ')}: which one is meant would be a guess`,
      `Name the document: apidesc-docs ${command} ${found.ambiguous[0]}`,
    );
  return shortProblem(
    io,
    `${command}: no document named, and none found: looked for ${LOOKED_FOR} (in ${process.cwd()})`,
    `Name the document or the folder that holds it: apidesc-docs ${command} api/apidesc.yaml`,
  );
}

const HELP_POINTER = 'apidesc-docs --help lists the commands and their options';

/**
 * The configuration's `versionFolders`, as an absolute path, when it has one and no errors (a
 * configuration with errors is reported by the build itself, which stops on it).
 */
async function versionFoldersOf(config: string | undefined, limits: typeof defaultLimits, root: string | undefined): Promise<{ folders: string } | undefined> {
  const cwd = process.cwd();
  // Loaded on demand, as the build's own modules are: `validate` and --help need none of it.
  const { loadConfig } = await import('../project/config-file.ts');
  const loaded = await loadConfig(cwd, config, limits, root !== undefined ? resolve(cwd, root) : undefined);
  if (loaded.config.versionFolders === undefined || loaded.diagnostics.some((d) => d.severity === 'error')) return undefined;
  return { folders: resolve(loaded.folder, loaded.config.versionFolders) };
}

/**
 * What is wrong with the options, in one line: an unknown option with the one it most likely
 * meant ("--fromat": did you mean --format?), else node:util's own words (a value missing).
 */
function optionProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '(-{1,2}[^']*)'/.exec(message)?.[1] : undefined;
  if (unknown === undefined) return message;
  const names = Object.keys(CLI_OPTIONS).map((name) => `--${name}`);
  const meant = unknown.startsWith('--') ? nearestName(unknown.split('=')[0]!, names) : undefined;
  return `unknown option ${unknown}${meant ? `: did you mean ${meant}?` : ''}`;
}

/** A flag that is wrong: the reason and a one-line hint, not the whole usage text (which would bury the reason). */
function shortProblem(io: Reporter, message: string, hint: string): number {
  io.err(`apidesc-docs: ${message}\n  ${hint}`);
  return EXIT.usage;
}

const severityProblem = (io: Reporter, message: string): number =>
  shortProblem(io, message, '--severity <rule>=breaking|non-breaking|info, once per rule, e.g. --severity info-version-changed=breaking (apidesc-docs --help)');

function usage(io: Reporter, message: string): number {
  io.err(`apidesc-docs: ${message}\n\n${USAGE}`);
  return EXIT.usage;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
