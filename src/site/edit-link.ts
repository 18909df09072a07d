/** "Edit this page" links: the configuration's pattern with the file and line of what a page shows. */
import { posix } from 'node:path';

/** The edit link of a file (relative to the working folder) at a line; none for files outside the repository. */
export function editUrl(editLink: { pattern: string; prefix: string } | undefined, file: string, line: number): string | undefined {
  if (!editLink || file.startsWith('/') || file.startsWith('..') || /^[a-z]+:/i.test(file)) return undefined;
  const path = posix.normalize(editLink.prefix + file.split('\\').join('/'));
  if (path.startsWith('../')) return undefined;
  return editLink.pattern.replaceAll('{path}', path.split('/').map(encodeURIComponent).join('/')).replaceAll('{line}', String(line));
}
