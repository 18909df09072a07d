/**
 * Which guides the renderer publishes: the command line reads and checks the guides folder
 * (src/cli/read-guides.ts) and hands the renderer its folder and the files without errors
 * through the environment, which src/site/guides-module.ts reads.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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

/** Every guide in `dir` (Markdown and MDX; names starting with `_` are partials): paths relative to it, with `/`, sorted. */
export function guidePaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.mdx?$/i.test(e.name) && !e.name.startsWith('_'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}
