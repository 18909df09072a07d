/**
 * The versions `build --versions` makes pages of: the git refs a pattern or a list names, each
 * with its commit and the commit's date, oldest first. A tag that reads as a semantic version
 * (`v1.2.0`, `2.0.0-rc.1`) is ordered by it; the others by their commit's date (then by name, so
 * that the order never depends on how git listed them).
 */
import { git, GitError } from './git.ts';

export interface VersionRef {
  /** The name as the reader knows it: the tag or branch name (`v1.2.0`), or the ref as given. */
  name: string;
  /** The full ref (`refs/tags/v1.2.0`), or the ref as given when it is not a branch or tag. */
  ref: string;
  commit: string;
  /** The commit's date, YYYY-MM-DD (committer date). */
  date: string;
  /** The commit's time in seconds since 1970 (committer date): orders refs that are not versions, and dates the feed. */
  time: number;
}

/** A pattern of git's own (fnmatch, as `git for-each-ref` reads it) rather than a ref's name. */
const isPattern = (item: string): boolean => /[*?[]/.test(item);

/**
 * The items of `--versions`: a pattern (`v*`) or a comma-separated list of refs (`v1.0.0,v2.0.0`).
 * Empty items are left out.
 */
export function versionItems(spec: string): string[] {
  return spec
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The refs `spec` names in `repository`, oldest first; throws GitError in words when an item
 * names nothing (a pattern no tag matches, a ref git does not know).
 */
export async function versionRefs(repository: string, spec: string): Promise<VersionRef[]> {
  const items = versionItems(spec);
  if (items.length === 0) throw new GitError('--versions names no ref: give a pattern of tags (e.g. "v*") or a list of refs (v1.0.0,v2.0.0)');
  const found = new Map<string, VersionRef>();
  for (const item of items) {
    // A ref that starts with '-' would be read as an option; control characters are no ref's.
    if (item.startsWith('-') || /[\u0000-\u001f]/.test(item)) throw new GitError(`"${item}" is not a git ref`);
    const refs = isPattern(item) ? await tagsMatching(repository, item) : [await namedRef(repository, item)];
    for (const ref of refs) if (!found.has(ref.name)) found.set(ref.name, ref);
  }
  return sortVersions([...found.values()]);
}

const FORMAT =
  '%(refname)%00%(refname:short)%00%(objectname)%00%(*objectname)%00%(committerdate:short)%00%(*committerdate:short)%00%(committerdate:unix)%00%(*committerdate:unix)';

/** The tags `pattern` matches (annotated tags by the commit they point at). */
async function tagsMatching(repository: string, pattern: string): Promise<VersionRef[]> {
  const listed = await git(repository, ['for-each-ref', `--format=${FORMAT}`, `refs/tags/${pattern}`]);
  const refs: VersionRef[] = [];
  for (const line of listed.split('\n')) {
    const [ref, name, object, peeled, date, peeledDate, time, peeledTime] = line.split('\0');
    if (!ref || !name || !object) continue;
    // An annotated tag's own date is when it was tagged; the version is its commit's.
    refs.push({ name, ref, commit: peeled || object, date: peeledDate || date || '', time: Number(peeledTime || time || 0) });
  }
  if (refs.length === 0) {
    const tags = (await git(repository, ['tag', '--list']).catch(() => '')).split('\n').filter((t) => t !== '');
    const some = tags.slice(0, 5).join(', ');
    throw new GitError(
      `no tag matches "${pattern}"${tags.length === 0 ? ' (the repository has no tags)' : ` (its tags: ${some}${tags.length > 5 ? `, and ${tags.length - 5} more` : ''})`}`,
    );
  }
  return refs;
}

/** One ref by its name (a tag, a branch, a commit). */
async function namedRef(repository: string, item: string): Promise<VersionRef> {
  const commit = (await git(repository, ['rev-parse', '--verify', '--quiet', `${item}^{commit}`]).catch(() => '')).trim();
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new GitError(`no commit named "${item}" in the repository (fetch it first, e.g. git fetch --tags)`);
  const [date = '', time = '0'] = (await git(repository, ['show', '-s', '--format=%cs%x00%ct', commit])).trim().split('\0');
  return { name: item, ref: item, commit, date, time: Number(time) };
}

/** `v1.2.3-rc.1` → its parts; undefined for a name that is not a semantic version. */
export function semanticVersion(name: string): { core: [number, number, number]; pre: string[] } | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(name.slice(name.lastIndexOf('/') + 1));
  if (!match) return undefined;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ? match[4].split('.') : [] };
}

/** Semantic versions' order (semver.org, 11): a pre-release comes before its release. */
function compareSemantic(a: NonNullable<ReturnType<typeof semanticVersion>>, b: NonNullable<ReturnType<typeof semanticVersion>>): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return a.core[i]! - b.core[i]!;
  if (a.pre.length === 0 || b.pre.length === 0) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const [x, y] = [a.pre[i]!, b.pre[i]!];
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.pre.length - b.pre.length;
}

/**
 * Oldest first: by semantic version when every name reads as one, else by the commit's date
 * (a list that mixes both has no other order that means anything); then by name.
 */
export function sortVersions(refs: VersionRef[]): VersionRef[] {
  const parsed = refs.map((ref) => ({ ref, semantic: semanticVersion(ref.name) }));
  const allSemantic = parsed.every((p) => p.semantic !== undefined);
  return parsed
    .sort((a, b) => {
      const bySemantic = allSemantic ? compareSemantic(a.semantic!, b.semantic!) : 0;
      if (bySemantic !== 0) return bySemantic;
      if (a.ref.time !== b.ref.time) return a.ref.time - b.ref.time;
      return a.ref.name < b.ref.name ? -1 : a.ref.name > b.ref.name ? 1 : 0;
    })
    .map((p) => p.ref);
}
