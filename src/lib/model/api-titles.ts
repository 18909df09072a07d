/** The titles of a portal's APIs where they are listed together (the switcher, the catalog, llms.txt, the search filter). */
import { isUnfilledVersion } from './version-placeholder.ts';

/**
 * What tells apart the APIs of a portal that share a title (issue 33: a switcher listed one title
 * three times, with nothing to choose by): nothing for a title of its own; the version where no
 * other API of that title has it; else the file the API is read from, which no other API is.
 */
export function titleQualifiers(apis: readonly { title: string; version: string; file: string }[]): (string | undefined)[] {
  const count = <T>(values: T[]): Map<T, number> => values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<T, number>());
  const titles = count(apis.map((a) => a.title));
  const versions = count(apis.map((a) => `${a.title}\n${a.version}`));
  return apis.map((a) => {
    if (titles.get(a.title) === 1) return undefined;
    // A version a build left unfilled (`%REPLACED_BY_MAVEN%`) tells nothing apart: the file does.
    return a.version !== '' && !isUnfilledVersion(a.version) && versions.get(`${a.title}\n${a.version}`) === 1 ? `version ${a.version}` : a.file;
  });
}

/** An API's title where APIs are listed together: with its qualifier (titleQualifiers) when it has one. */
export function listedTitle(api: { title: string; qualifier?: string }): string {
  return api.qualifier ? `${api.title} (${api.qualifier})` : api.title;
}
