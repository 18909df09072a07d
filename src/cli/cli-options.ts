/** The command line's options, as node:util parseArgs reads them (main.ts; the start-up bundle reads the command before the rest loads). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export const CLI_OPTIONS = {
  format: { type: 'string', default: 'text' },
  root: { type: 'string' },
  'allow-remote-refs': { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
  'max-bytes': { type: 'string' },
  'max-depth': { type: 'string' },
  out: { type: 'string', default: 'dist' },
  base: { type: 'string' },
  'allow-invalid': { type: 'boolean', default: false },
  // No default here: dev serves on 4321, preview on 4322.
  port: { type: 'string' },
  site: { type: 'string' },
  config: { type: 'string' },
  title: { type: 'string' },
  logo: { type: 'string' },
  favicon: { type: 'string' },
  guides: { type: 'string' },
  sidebar: { type: 'string' },
  accent: { type: 'string' },
  'edit-link': { type: 'string' },
  'preview-url': { type: 'string' },
  'base-ref': { type: 'string' },
  compare: { type: 'string' },
  'compare-ref': { type: 'string' },
  versions: { type: 'string' },
  'fail-on': { type: 'string' },
  severity: { type: 'string', multiple: true },
  'no-color': { type: 'boolean', default: false },
  debug: { type: 'boolean', default: false },
  timings: { type: 'boolean', default: false },
  cache: { type: 'string' },
  shard: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} satisfies ParseArgsConfig['options'];

/** The commands, in the order --help and the manual list them. */
export const COMMANDS = ['validate', 'build', 'merge', 'dev', 'preview', 'changes', 'diff'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** What an option takes and does: the manual's table of options is made from this (scripts/manual-tables.ts). */
export interface OptionDoc {
  /** The value it takes, as the manual shows it (`<folder>`, `text|json|sarif`); none for a switch. */
  value?: string;
  /** The commands it applies to. */
  commands: readonly CommandName[];
  /** What it does, in Markdown. */
  meaning: string;
}

/** What reads the site's configuration and guides (validate checks them). */
const SITE: readonly CommandName[] = ['validate', 'build', 'dev'];
/** What reads documents. */
const READING: readonly CommandName[] = ['validate', 'build', 'dev', 'diff'];
const configField = (field: string): string => `overrides the configuration's \`${field}\` (a path relative to, and inside, the working folder or \`--root\`)`;

/** Every option, documented (the type makes one missing an error). */
export const OPTION_DOCS: Readonly<Record<keyof typeof CLI_OPTIONS, OptionDoc>> = {
  format: {
    value: 'text|json|sarif',
    commands: ['validate', 'changes', 'diff'],
    meaning: 'diagnostics output of `validate` (default `text`); `changes` takes `markdown`, `text` or `json`; `diff` also takes `markdown`',
  },
  'base-ref': { value: '<ref>', commands: ['diff'], meaning: 'read the base version from this git commit (`origin/main`, a tag, a hash)' },
  compare: {
    value: '<base>',
    commands: ['build'],
    meaning: 'add a Changes page against this document or folder (read as `diff <base>` reads it) and a badge on each changed page',
  },
  'compare-ref': {
    value: '<ref>',
    commands: ['build'],
    meaning: 'the same against the document or folder being built as this git commit has it (as `diff --base-ref`)',
  },
  versions: {
    value: '<pattern|refs>',
    commands: ['build'],
    meaning:
      'a site of every version git has: the tags a pattern matches (`v*`) or the refs listed (`v1.0.0,v2.0.0`), each read from git (never the working tree) and built under `/<version>/`, compared with the version before; the working tree at the root as the newest. Every page gets a version switcher, the root a changelog (`changelog/`), its Markdown twin and an Atom feed (`changelog.xml`)',
  },
  'fail-on': { value: 'breaking|any|none', commands: ['diff'], meaning: 'exit 1 when a breaking change (default), any change, or never' },
  severity: {
    value: '<rule>=<level>',
    commands: ['diff', 'build'],
    meaning:
      "report changes of this rule as `breaking`, `non-breaking` or `info` (repeatable, once per rule; over the configuration's `diffSeverity`); `build` with `--compare` or `--compare-ref` only",
  },
  root: {
    value: '<folder>',
    commands: READING,
    meaning:
      "folder that file `$ref`s may not leave. Default: the repository that holds the document (the nearest folder upwards with `.git`), else the working folder when the document is inside it, else the document's folder. Nothing outside the root is ever read, nor anything inside a `.git` folder",
  },
  'allow-remote-refs': {
    commands: READING,
    meaning:
      'fetch `http(s)` `$ref`s (10 s timeout per document, the size limit applies, at most 50 documents); without it a remote `$ref` is an error that names the URL',
  },
  strict: {
    commands: SITE,
    meaning:
      "examples that do not match their schema (or a parameter's enum), defaults of the wrong type and discriminators missing from `required` (SPEC Errors #13, #14, #9; rules `example-invalid`, `schema-example-invalid`, `parameter-example-enum`, `schema-default-type`, `discriminator-not-required`) are errors instead of warnings",
  },
  'max-bytes': { value: '<n>', commands: READING, meaning: 'largest input file (default 52428800, 50 MB)' },
  'max-depth': { value: '<n>', commands: READING, meaning: 'deepest nesting of arrays and objects (default 500)' },
  out: {
    value: '<folder>',
    commands: ['build', 'merge', 'preview'],
    meaning: 'output folder of `build` and `merge`, the site `preview` serves (default `dist`)',
  },
  base: { value: '<path>', commands: ['build'], meaning: 'path the site is served from, e.g. `/api/` (default `/`): every link and asset follows it' },
  site: { value: '<url>', commands: ['build'], meaning: 'public origin of the site: canonical URLs on every page and a `sitemap.xml`' },
  'allow-invalid': {
    commands: ['build'],
    meaning:
      'build even when a document has errors: a banner on every page, each finding shown on the page of the object it concerns (exit 0 when the site was built); an object whose `$ref` loops or names nothing says so on its page, with a link to the finding. Only previews show findings on their pages (this flag, `--compare`, `--compare-ref`, and `dev`); a build of valid documents without them prints its warnings and publishes none',
  },
  port: { value: '<n>', commands: ['dev', 'preview'], meaning: 'port on 127.0.0.1 of `dev` (default 4321) and `preview` (default 4322)' },
  config: {
    value: '<file>',
    commands: [...SITE, 'diff'],
    meaning: 'the configuration file (default: `apidesc-docs.config.json`, `.yaml`, `.yml` or `.mjs` in the working folder, if one exists)',
  },
  title: { value: '<text>', commands: SITE, meaning: "overrides the configuration's `title`" },
  logo: { value: '<file>', commands: SITE, meaning: configField('logo') },
  favicon: { value: '<file>', commands: SITE, meaning: configField('favicon') },
  guides: { value: '<folder>', commands: SITE, meaning: configField('guides') },
  sidebar: { value: 'tag|channel|none', commands: SITE, meaning: "overrides the configuration's `sidebar`" },
  accent: { value: '<colour>', commands: SITE, meaning: "overrides the configuration's `accentColor`" },
  'edit-link': { value: '<url>', commands: SITE, meaning: "overrides the configuration's `editLink` (a URL with `{path}`)" },
  'preview-url': { value: '<url>', commands: ['changes', 'diff'], meaning: 'where the new site is served, so that entries link into it' },
  timings: {
    commands: ['build'],
    meaning:
      "after the summary line, a table of where the time went: each stage (the model process, the renderer, the search index) and its parts (loading and validation, the model, code highlighting, the Markdown twins and llms files, diagrams, page fingerprints, the site data stream, rendering and writing the pages, Pagefind's search records and index), in elapsed and processor time",
  },
  cache: {
    value: '<folder>',
    commands: ['build'],
    meaning:
      'the build cache of a portal (default `node_modules/.cache/apidesc-docs` where the working folder has `node_modules`, else none): an API whose documents, configuration and what the other APIs put on its pages are unchanged is copied from it instead of rebuilt. Safe to delete; an entry that is damaged is rebuilt, and a folder that holds files this tool did not write is refused',
  },
  shard: {
    value: 'i/n',
    commands: ['build'],
    meaning:
      "build only the pages of the portal's APIs in shard `i` of `n` (APIs assigned by size, the same in every shard), for `merge` to put together; every shard reads every document, so that its pages are those of a build of the whole. No search index (`merge` makes it); not with `--compare`, `--compare-ref`, or guides that show parts of reference pages",
  },
  'no-color': { commands: COMMANDS, meaning: 'plain text (colour is also off when output is not a terminal, or `NO_COLOR` is set)' },
  debug: { commands: COMMANDS, meaning: 'print the stack trace of an internal error' },
  help: { commands: COMMANDS, meaning: 'the commands and their options' },
  version: { commands: COMMANDS, meaning: "the package's version" },
};

/**
 * The command and its file or folder arguments, read leniently (never throws): for what is
 * decided before the command line itself loads (the bundle's code cache, src/perf/cli-bundle.ts).
 * main.ts reads the same arguments strictly and reports what is wrong with them.
 */
export function commandOf(argv: string[]): { command: string | undefined; inputs: string[] } {
  const { positionals } = parseArgs({ args: argv, options: CLI_OPTIONS, allowPositionals: true, strict: false });
  const [command, ...inputs] = positionals;
  return { command, inputs };
}
