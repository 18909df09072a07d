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
  // Titles counted once (a folder of thousands of documents is not scanned again for each).
  const byTitle = (list: Candidate[]): Map<string, Candidate[]> => {
    const out = new Map<string, Candidate[]>();
    for (const c of list) {
      if (c.title === undefined) continue;
      const same = out.get(c.title);
      if (same) same.push(c);
      else out.set(c.title, [c]);
    }
    return out;
  };
  const leftBase = [...byName.values()];
  const headTitles = byTitle(unmatchedHead);
  const baseTitles = byTitle(leftBase);
  const paired = new Set<Candidate>();
  for (const h of unmatchedHead) {
    const candidates = h.title === undefined ? undefined : baseTitles.get(h.title);
    const b = h.title !== undefined && headTitles.get(h.title)!.length === 1 && candidates?.length === 1 ? candidates[0] : undefined;
    if (b) {
      paired.add(b);
      pairs.push({ api: name(h, headFolder), base: b, head: h });
    } else pairs.push({ api: name(h, headFolder), head: h });
  }
  for (const b of leftBase) if (!paired.has(b)) pairs.push({ api: name(b, baseFolder), base: b });
  return pairs.sort((x, y) => (x.api < y.api ? -1 : x.api > y.api ? 1 : 0));
}
