/**
 * A file as a message names it (issue 33): relative to the input root, the folder a document's
 * references may not leave, with `/` between folders; a URL as it is. Messages reach the
 * published pages, their Markdown twins and llms-full.txt, which must never show a path of the
 * machine that built them ("the document root of /home/ci/work/…/user.avsc has no User").
 */
import { basename, isAbsolute, relative, sep } from 'node:path';

export function pathInRoot(file: string, root: string): string {
  if (/^https?:/i.test(file)) return file;
  const rel = relative(root, file);
  // Outside the root (a file named on the command line beside it): its name says enough.
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : basename(file);
}
