/**
 * Which base document is which head document. Two files are one API. In two folders (portals),
 * documents are matched by their path inside the folder, then, for the rest, by `info.title`
 * when it is unique on both sides (a file moved); what is left was added or removed.
 */
import { basename, relative, sep } from 'node:path';

export interface Candidate {
  file: string;
  /** The document's `info.title`, if it could be read. */
  title?: string;
}

export interface ApiPair {
  api: string;
  base?: Candidate;
  head?: Candidate;
}

export function pairApis(base: Candidate[], head: Candidate[], baseFolder: string | undefined, headFolder: string | undefined): ApiPair[] {
  if (baseFolder === undefined && headFolder === undefined && base.length === 1 && head.length === 1) {
    return [{ api: basename(head[0]!.file), base: base[0]!, head: head[0]! }];
  }
  const name = (c: Candidate, folder: string | undefined): string => (folder ? relative(folder, c.file).split(sep).join('/') : basename(c.file));
  const pairs: ApiPair[] = [];
  const byName = new Map(base.map((c) => [name(c, baseFolder), c]));
  const unmatchedHead: Candidate[] = [];
  for (const h of head) {
    const key = name(h, headFolder);
    const b = byName.get(key);
    if (b) {
      pairs.push({ api: key, base: b, head: h });
      byName.delete(key);
    } else unmatchedHead.push(h);
  }
  const titleCount = (list: Candidate[], title: string | undefined): number => list.filter((c) => c.title !== undefined && c.title === title).length;
  const leftBase = [...byName.values()];
  for (const h of unmatchedHead) {
    const b =
      h.title !== undefined && titleCount(unmatchedHead, h.title) === 1 && titleCount(leftBase, h.title) === 1
        ? leftBase.find((c) => c.title === h.title)
        : undefined;
    if (b) {
      leftBase.splice(leftBase.indexOf(b), 1);
      pairs.push({ api: name(h, headFolder), base: b, head: h });
    } else pairs.push({ api: name(h, headFolder), head: h });
  }
  for (const b of leftBase) pairs.push({ api: name(b, baseFolder), base: b });
  return pairs.sort((x, y) => (x.api < y.api ? -1 : x.api > y.api ? 1 : 0));
}
