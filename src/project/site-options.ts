/**
 * The look and links of the site: the configuration file with the command-line flags over it,
 * checked, with paths resolved and files to copy into the site (logo, favicon).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { hasErrors, type Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import { MAX_ASSET_BYTES, publishableAsset } from '../lib/config/site-asset.ts';
import { describeFailure, readRegularFile } from '../lib/load/regular-file.ts';
import { reallyWithin } from '../lib/real-path.ts';
import { displayPath } from '../lib/diagnostics/to-diagnostic.ts';
import { textOn } from '../lib/config/contrast.ts';
import type { SiteConfig } from '../lib/config/site-config.ts';
import type { LoadLimits } from '../lib/load/limits.ts';
import { DEFAULT_SETTINGS, type SiteSettings } from '../site/site-data-types.ts';
import { checkConfig, loadConfig, type LoadedConfig } from './config-file.ts';

/** Flags that override fields of the configuration (paths relative to the working folder). */
export interface SiteFlags {
  config?: string;
  title?: string;
  logo?: string;
  favicon?: string;
  guides?: string;
  sidebar?: string;
  accent?: string;
  editLink?: string;
  base?: string;
  site?: string;
}

export interface ResolvedSiteOptions {
  /** Everything but the guides, which are read with the documents. */
  settings: Omit<SiteSettings, 'guides'>;
  /** Files to publish with the site: absolute source, path relative to the site root, and the bytes to write (an SVG sanitized). */
  assets: { from: string; to: string; content: Buffer }[];
  /** Absolute path of the configuration file read, if any. */
  configFile?: string;
  base?: string;
  site?: string;
  /** Absolute folder of the guides, when there is one. */
  guidesDir?: string;
  /** The configuration as read (its diffSeverity for build --compare; build --compare-ref compares it with the base's). */
  loaded: LoadedConfig;
  diagnostics: Diagnostic[];
  /** Source texts by displayed file name, for code frames. */
  sources: Map<string, string>;
}

/** The configuration fields the command line can set: the option of SiteFlags and the flag as typed. */
const FLAGS: Partial<Record<keyof SiteConfig, { option: Exclude<keyof SiteFlags, 'config'>; flag: string }>> = {
  title: { option: 'title', flag: 'title' },
  logo: { option: 'logo', flag: 'logo' },
  favicon: { option: 'favicon', flag: 'favicon' },
  guides: { option: 'guides', flag: 'guides' },
  sidebar: { option: 'sidebar', flag: 'sidebar' },
  accentColor: { option: 'accent', flag: 'accent' },
  editLink: { option: 'editLink', flag: 'edit-link' },
  base: { option: 'base', flag: 'base' },
  site: { option: 'site', flag: 'site' },
};

const ICON_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

/**
 * `root` (`--root`, relative to `cwd`) is a folder that the paths of the configuration and of the
 * flags may lead into besides their own (the configuration's folder, the working folder).
 */
export async function resolveSiteOptions(inputs: string[], flags: SiteFlags, cwd: string, limits: LoadLimits, root?: string): Promise<ResolvedSiteOptions> {
  const rootDir = root !== undefined ? resolve(cwd, root) : undefined;
  const loaded = await loadConfig(cwd, flags.config, limits, rootDir);
  const sources = new Map<string, string>();
  if (loaded.file && loaded.text !== undefined) sources.set(displayPath(loaded.file, cwd), loaded.text);
  // Flags are checked like a configuration written on the command line, with paths from the working folder.
  const fromFlags: Record<string, string> = {};
  for (const [field, { option }] of Object.entries(FLAGS)) {
    const value = flags[option];
    if (value !== undefined) fromFlags[field] = value;
  }
  const checked = checkConfig(fromFlags, cwd, 'command line', (field) => `--${FLAGS[field]?.flag ?? field}`, rootDir ? [cwd, rootDir] : [cwd]);
  const diagnostics = [
    ...loaded.diagnostics,
    ...checked.problems.map(
      (p): Diagnostic => ({
        code: p.code,
        severity: p.severity,
        message: p.message,
        ...(p.hint ? { hint: p.hint } : {}),
        file: p.at.file,
        pointer: p.at.pointer,
        line: 0,
        column: 0,
      }),
    ),
  ];
  const file = loaded.config;
  const flagged = checked.config;
  // Each path is resolved from where it was written.
  const path = (field: 'logo' | 'favicon' | 'guides'): string | undefined =>
    flagged[field] !== undefined ? resolve(cwd, flagged[field]) : file[field] !== undefined ? resolve(loaded.folder, file[field]) : undefined;
  const pick = <K extends keyof SiteConfig>(field: K): SiteConfig[K] => flagged[field] ?? file[field];

  const assets: ResolvedSiteOptions['assets'] = [];
  // Read only once the configuration is known to be sound (paths inside their folders, regular files).
  const usable = !hasErrors(diagnostics);
  const logo = usable ? path('logo') : undefined;
  const favicon = usable ? path('favicon') : undefined;
  for (const [file, name] of [
    [logo, 'logo'],
    [favicon, 'favicon'],
  ] as const) {
    if (!file) continue;
    const read = readRegularFile(file, MAX_ASSET_BYTES);
    if (!('data' in read)) {
      diagnostics.push({
        code: 'config-missing-file',
        severity: 'error',
        message: `the ${name} ${displayPath(file, cwd)} cannot be published: ${read.reason === 'too-large' ? `it is larger than ${MAX_ASSET_BYTES / 1024} KB` : describeFailure(read)}`,
        hint: `Name a small image file for the ${name}.`,
        file: displayPath(loaded.file ?? file, cwd),
        pointer: `/${name}`,
        line: 0,
        column: 0,
      });
      continue;
    }
    assets.push({ from: file, to: `assets/${name}${extname(file).toLowerCase()}`, content: publishableAsset(file, read.data) });
  }
  const accent = pick('accentColor');
  const pair = typeof accent === 'string' ? { light: accent, dark: accent } : accent;
  const editLink = pick('editLink');
  const title = pick('title');
  const sidebar = pick('sidebar');
  const base = pick('base');
  const site = pick('site');
  const guidesDir = (usable ? path('guides') : undefined) ?? defaultGuides(inputs, cwd, rootDir);
  const settings: ResolvedSiteOptions['settings'] = {
    ...(title ? { title } : {}),
    ...(logo ? { logoUrl: `assets/logo${extname(logo).toLowerCase()}` } : {}),
    favicon: favicon
      ? { url: `assets/favicon${extname(favicon).toLowerCase()}`, type: ICON_TYPES[extname(favicon).toLowerCase()] ?? 'image/png' }
      : DEFAULT_SETTINGS.favicon,
    ...(sidebar ? { sidebar } : {}),
    ...(pair ? { accent: { ...pair, lightText: textOn(pair.light), darkText: textOn(pair.dark) } } : {}),
    footerLinks: pick('footerLinks') ?? [],
    ...(file.imageSources ? { imageSources: file.imageSources } : {}),
    ...(file.codeSamples?.languages ? { sampleLanguages: file.codeSamples.languages } : {}),
    ...(file.tryIt ? { tryIt: file.tryIt } : {}),
    // {path} is relative to the folder of the configuration (usually the repository's root).
    ...(editLink ? { editLink: { pattern: editLink, prefix: posixPrefix(relative(loaded.folder, cwd)) } } : {}),
  };
  return {
    settings,
    assets,
    ...(loaded.file ? { configFile: loaded.file } : {}),
    ...(base ? { base } : {}),
    ...(site ? { site } : {}),
    ...(guidesDir ? { guidesDir } : {}),
    loaded,
    diagnostics,
    sources,
  };
}

/**
 * `guides/` beside the first document (or in the first folder given), when it exists and is a
 * folder inside the document's folder (or `--root`), links followed.
 */
function defaultGuides(inputs: string[], cwd: string, root: string | undefined): string | undefined {
  const first = inputs[0];
  if (first === undefined) return undefined;
  const input = resolve(cwd, first);
  let folder = dirname(input);
  try {
    if (statSync(input).isDirectory()) folder = input;
  } catch {
    // A missing input is reported by validation.
  }
  const guides = resolve(folder, 'guides');
  return existsSync(guides) && statSync(guides).isDirectory() && reallyWithin(root ? [folder, root] : [folder], guides) ? guides : undefined;
}

const posixPrefix = (rel: string): string => (rel === '' ? '' : rel.split(sep).join('/') + '/');
