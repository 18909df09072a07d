/**
 * Finds, reads and checks the site configuration, and merges the command-line flags over it.
 * Problems are diagnostics like a document's (file:line:col, rule, message, hint); a build stops
 * on any error in the configuration before it starts.
 */
import { existsSync, statSync, type Stats } from 'node:fs';
import { realPath, reallyWithin } from '../lib/real-path.ts';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareDiagnostics, type Diagnostic, type Problem } from '../lib/diagnostics/diagnostic.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { BACKGROUNDS, contrastRatio, MIN_TEXT_CONTRAST } from '../lib/config/contrast.ts';
import { checkSiteConfig, fieldInFile, type FieldNamer, type SiteConfig } from '../lib/config/site-config.ts';
import type { LoadLimits } from '../lib/load/limits.ts';
import { PositionIndex } from '../lib/load/positions.ts';
import { loadSourceFile } from '../lib/load/source-file.ts';
import { unknownRule } from '../lib/diff/severity-overrides.ts';
import { escapeToken } from '../lib/json-pointer.ts';

export const CONFIG_NAMES = ['apidesc-docs.config.json', 'apidesc-docs.config.yaml', 'apidesc-docs.config.yml', 'apidesc-docs.config.mjs'];

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the file read, if any. */
  file?: string;
  /** Folder that the config's paths (and {path} of editLink) are relative to: the file's, else the working folder. */
  folder: string;
  diagnostics: Diagnostic[];
  /** Text of the file, for code frames. */
  text?: string;
  /** Where each node of a JSON or YAML file is (none for an ES module). */
  index?: PositionIndex;
}

/** `root` (`--root`, absolute) is a folder the configuration's paths may also lead into. */
export async function loadConfig(cwd: string, explicit: string | undefined, limits: LoadLimits, root?: string): Promise<LoadedConfig> {
  const found = explicit ? [resolve(cwd, explicit)] : CONFIG_NAMES.map((name) => join(cwd, name)).filter((path) => existsSync(path));
  if (found.length === 0) return { config: {}, folder: cwd, diagnostics: [] };
  const file = found[0]!;
  const folder = dirname(file);
  const shown = displayPath(file, cwd);
  const diagnostic = (p: Problem, index?: PositionIndex): Diagnostic => {
    const position = p.position ?? index?.find(p.at.pointer, p.atKey) ?? { line: 0, column: 0 };
    return {
      code: p.code,
      severity: p.severity,
      message: p.message,
      ...(p.hint ? { hint: p.hint } : {}),
      file: shown,
      pointer: p.at.pointer,
      line: position.line,
      column: position.column,
    };
  };
  if (found.length > 1) {
    return {
      config: {},
      file,
      folder,
      diagnostics: [
        {
          code: 'config-ambiguous',
          severity: 'error',
          message: `several configuration files: ${found.map((f) => displayPath(f, cwd)).join(', ')}`,
          hint: 'Keep one, or name it with --config.',
          file: shown,
          pointer: '',
          line: 0,
          column: 0,
        },
      ],
    };
  }
  // A configuration found by its name (not named with --config) is the working folder's own: one
  // that is a link leading out of it (or out of --root) would read, and quote, a file the
  // repository does not hold, such as one of the machine running a pull request's build.
  if (!explicit && existsSync(file) && !reallyWithin(root ? [cwd, root] : [cwd], file))
    return {
      config: {},
      file,
      folder,
      diagnostics: [
        {
          code: 'config-outside-folder',
          severity: 'error',
          message: 'the configuration file is a link that leads out of the working folder',
          hint: 'Put the configuration in the repository, or name the file you mean with --config.',
          file: shown,
          pointer: '',
          line: 0,
          column: 0,
        },
      ],
    };
  let value: unknown;
  let index: PositionIndex | undefined;
  let text: string | undefined;
  if (/\.m?js$/i.test(file)) {
    if (!existsSync(file))
      return {
        config: {},
        file,
        folder,
        diagnostics: [
          {
            code: 'load-missing',
            severity: 'error',
            message: 'the configuration file does not exist',
            hint: 'Check the path given to --config.',
            file: shown,
            pointer: '',
            line: 0,
            column: 0,
          },
        ],
      };
    // Importing a pipe or a device would block for ever.
    if (!statSync(file).isFile())
      return {
        config: {},
        file,
        folder,
        diagnostics: [
          {
            code: 'load-unreadable',
            severity: 'error',
            message: 'the configuration is not a regular file',
            hint: 'Name a regular file.',
            file: shown,
            pointer: '',
            line: 0,
            column: 0,
          },
        ],
      };
    try {
      const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
      value = typeof module.default === 'function' ? await (module.default as () => unknown)() : module.default;
    } catch (error) {
      return {
        config: {},
        file,
        folder,
        diagnostics: [
          {
            code: 'config-load',
            severity: 'error',
            message: `the module failed to load: ${error instanceof Error ? error.message : String(error)}`,
            hint: 'The file must be an ES module whose default export is the configuration object.',
            file: shown,
            pointer: '',
            line: 0,
            column: 0,
          },
        ],
      };
    }
  } else {
    const loaded = loadSourceFile(file, limits);
    if (!loaded.file) return { config: {}, file, folder, diagnostics: loaded.problems.map((p) => diagnostic(p)) };
    value = loaded.file.value;
    text = loaded.file.text;
    index = new PositionIndex(loaded.file.text, loaded.file.positions);
  }
  const { config, problems } = checkConfig(value, folder, file, fieldInFile, root ? [folder, root] : [folder]);
  return {
    config,
    file,
    folder,
    diagnostics: problems.map((p) => diagnostic(p, index)).sort(compareDiagnostics),
    ...(text !== undefined ? { text } : {}),
    ...(index ? { index } : {}),
  };
}

/**
 * The value's shape, then the files it names and the readability of its colours. `folder` is
 * where its paths start; `file` names the source in problems (the command line for flags);
 * `allowed` are the folders its paths may lead into (its folder, and `--root`).
 */
export function checkConfig(
  value: unknown,
  folder: string,
  file: string,
  name: FieldNamer = fieldInFile,
  allowed: readonly string[] = [folder],
): { config: SiteConfig; problems: Problem[] } {
  const problems = checkSiteConfig(value, file, name);
  const config = problems.length === 0 ? (value as SiteConfig) : {};
  problems.push(...checkFiles(config, folder, file, name, allowed), ...checkAccent(config, file), ...checkDiffSeverity(config, file, name));
  return { config, problems };
}

/** Each rule given a severity must be one `diff` reports: a misspelt one would never apply. */
function checkDiffSeverity(config: SiteConfig, file: string, name: FieldNamer): Problem[] {
  return Object.keys(config.diffSeverity ?? {}).flatMap((rule): Problem[] => {
    const unknown = unknownRule(rule);
    return unknown
      ? [
          {
            code: 'config-invalid',
            severity: 'error',
            message: `${name('diffSeverity')}: ${unknown}`,
            hint: 'The rules are listed by `apidesc-docs diff --format json` (field "rule") and in the manual (docs/manual/change-review.mdx, "Every rule, and its severity").',
            at: { file, pointer: `/diffSeverity/${escapeToken(rule)}` },
            atKey: true,
          },
        ]
      : [];
  });
}

/**
 * The files and folders the configuration names must exist, be what they should (a regular file,
 * a folder), and stay inside the allowed folders once links are followed: a logo that is a link
 * to a system file would otherwise be published with the site.
 */
function checkFiles(config: SiteConfig, folder: string, file: string, name: FieldNamer, allowed: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (const [field, kind] of [
    ['logo', 'file'],
    ['favicon', 'file'],
    ['guides', 'folder'],
    ['versionFolders', 'folder'],
  ] as const) {
    const path = config[field];
    if (path === undefined) continue;
    const at = { file, pointer: `/${field}` };
    const full = resolve(folder, path);
    if (!reallyWithin(allowed, full)) {
      const real = realPath(full);
      problems.push({
        code: 'config-path-outside',
        severity: 'error',
        message: `${name(field)}: ${path} leads outside ${allowed.join(' and ')}${real !== full ? ` (to ${real})` : ''}`,
        hint: 'Paths of the configuration stay inside its folder (or --root): copy the file or folder there instead of naming or linking it.',
        at,
      });
      continue;
    }
    let stat: Stats;
    try {
      stat = statSync(full);
    } catch {
      problems.push({
        code: 'config-missing-file',
        severity: 'error',
        message: `${name(field)}: the ${kind} ${path} does not exist`,
        hint: `Paths are relative to the folder of the configuration file (${folder}).`,
        at,
      });
      continue;
    }
    if (kind === 'folder' ? stat.isDirectory() : stat.isFile()) continue;
    problems.push({
      code: 'config-missing-file',
      severity: 'error',
      message: `${name(field)}: ${path} is not a ${kind === 'file' ? 'regular file' : 'folder'}`,
      hint: `Name a ${kind}, relative to the folder of the configuration file (${folder}).`,
      at,
    });
  }
  return problems;
}

/** The accent colour is the colour of every link: warn when a theme makes it hard to read. */
function checkAccent(config: SiteConfig, file: string): Problem[] {
  const accent = config.accentColor;
  if (accent === undefined) return [];
  const pair = typeof accent === 'string' ? { light: accent, dark: accent } : accent;
  return (['light', 'dark'] as const).flatMap((theme) => {
    const ratio = contrastRatio(pair[theme], BACKGROUNDS[theme]);
    if (ratio >= MIN_TEXT_CONTRAST) return [];
    return [
      {
        code: 'config-low-contrast',
        severity: 'warning' as const,
        message: `the accent colour ${pair[theme]} has a contrast of ${ratio.toFixed(1)}:1 on the ${theme} theme's background (links need ${MIN_TEXT_CONTRAST}:1)`,
        hint:
          typeof accent === 'string'
            ? 'Give one colour per theme: {"light": "…", "dark": "…"}.'
            : `Choose a ${theme === 'light' ? 'darker' : 'lighter'} colour for the ${theme} theme.`,
        at: { file, pointer: typeof accent === 'string' ? '/accentColor' : `/accentColor/${theme}` },
      },
    ];
  });
}
