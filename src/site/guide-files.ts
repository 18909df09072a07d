/**
 * Which guides the renderer publishes: the command line reads and checks the guides folder
 * (src/pipeline/read-guides.ts) and hands the renderer its folder and the files without errors
 * through the environment, which src/site/guides-module.ts reads.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { reallyWithin } from '../lib/real-path.ts';
export interface GuideFiles {
  /** Absolute folder. */
  dir: string;
  /** Paths relative to `dir`; absent: every *.md and *.mdx (`dev`, where guides come and go). */
  files?: string[];
}

const GUIDES_ENV = 'APIDESC_GUIDES';

export function guidesEnvironment(guides: GuideFiles | undefined): Record<string, string> {
  return guides ? { [GUIDES_ENV]: JSON.stringify(guides) } : {};
}

export function guideFilesFromEnvironment(): GuideFiles | undefined {
  const raw = process.env[GUIDES_ENV];
  return raw ? (JSON.parse(raw) as GuideFiles) : undefined;
}

/** Deepest folder of guides read (guides/a/b/c/… ): a loop of folders cannot be walked for ever. */
const MAX_FOLDER_DEPTH = 16;

/**
 * Every guide in `dir` (Markdown and MDX; names starting with `_` are partials; folders starting
 * with `.` and `node_modules` are skipped): paths relative to it, with `/`, sorted; and the
 * entries refused because they are links that lead out of the folder. Links to folders are never
 * followed (a link to `/` would walk the file system); a link to a file is read only when the
 * file really lies inside the folder.
 */
export function guideEntries(dir: string): { paths: string[]; outside: string[] } {
  const paths: string[] = [];
  const outside: string[] = [];
  const walk = (folder: string, depth: number): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_FOLDER_DEPTH && !entry.name.startsWith('.') && entry.name !== 'node_modules') walk(path, depth + 1);
        continue;
      }
      if (!/\.mdx?$/i.test(entry.name) || entry.name.startsWith('_')) continue;
      const rel = relative(dir, path).split(sep).join('/');
      if (entry.isFile()) paths.push(rel);
      else if (entry.isSymbolicLink()) (reallyWithin([dir], path) && isRegularFile(path) ? paths : outside).push(rel);
    }
  };
  walk(dir, 0);
  return { paths: paths.sort(), outside: outside.sort() };
}

/** Every guide in `dir` that may be published (see guideEntries). */
export function guidePaths(dir: string): string[] {
  return guideEntries(dir).paths;
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
