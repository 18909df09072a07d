/**
 * Where a `$ref` string points: the same file, another file inside the input root, or a remote
 * URL. Decides what is allowed (SPEC "Reference Object"; issue: file refs never leave the input
 * root, remote refs only when asked) without touching the file system beyond realpath.
 */
import { dirname, isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';
import { reallyWithin, within } from '../real-path.ts';

export type RefTarget =
  | { kind: 'local'; document: string; fragment: string }
  | { kind: 'file'; document: string; fragment: string }
  | { kind: 'remote'; document: string; fragment: string }
  | { kind: 'refused'; code: string; message: string; hint: string };

export interface RefPolicy {
  /** Absolute path of the folder no file reference may leave. */
  root: string;
  allowRemote: boolean;
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export function isRemote(document: string): boolean {
  return /^https?:\/\//i.test(document);
}

/** `from` is the absolute path (or URL) of the file that holds the reference. */
export function targetOf(ref: string, from: string, policy: RefPolicy): RefTarget {
  const hash = ref.indexOf('#');
  const docPart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (docPart === '') return { kind: 'local', document: from, fragment };

  if (isRemote(from) && !SCHEME.test(docPart)) {
    // A relative reference inside a remote document stays remote (RFC 3986 resolution).
    return remote(new URL(docPart, from).href, fragment, policy);
  }
  if (/^https?:/i.test(docPart)) return remote(docPart, fragment, policy);
  if (/^file:/i.test(docPart)) {
    return refused(
      'ref-outside-root',
      `"${ref}" is a file: URL; file: URLs are never followed`,
      'Use a path relative to the file that holds the reference, inside the input folder.',
    );
  }
  if (SCHEME.test(docPart) && !/^[a-zA-Z]:[\\/]/.test(docPart)) {
    return refused(
      'ref-unsupported',
      `"${ref}" uses an unsupported URI scheme`,
      'Reference a file by a relative path, or an http(s) URL with --allow-remote-refs.',
    );
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(docPart);
  } catch {
    return refused('ref-invalid', `"${ref}" has invalid percent-encoding`, 'Encode the path correctly, e.g. a space as %20.');
  }
  if (isAbsolute(decoded) || /^[a-zA-Z]:[\\/]/.test(decoded)) {
    return refused(
      'ref-outside-root',
      `"${ref}" is an absolute path; absolute paths are never followed`,
      'Use a path relative to the file that holds the reference, inside the input folder.',
    );
  }
  const document = resolvePath(dirname(from), decoded);
  if (!within(policy.root, document)) {
    return refused(
      'ref-outside-root',
      `"${ref}" points outside the input folder (the repository that holds the document, or the folder given with --root)`,
      'Move the referenced file into the input folder, or widen the folder with --root.',
    );
  }
  // The root is usually a repository: its .git folder holds credentials (a CI checkout's token in
  // .git/config) that a code frame would print.
  if (relative(policy.root, document).split(sep).includes('.git')) {
    return refused(
      'ref-outside-root',
      `"${ref}" points into the repository's .git folder, which is never read`,
      'Reference files of the documents, not of the repository itself.',
    );
  }
  // A symlink inside the root may still lead outside it: compare real paths when the file exists.
  if (!reallyWithin([policy.root], document)) {
    return refused(
      'ref-outside-root',
      `"${ref}" is a symbolic link to a file outside the input folder`,
      'Copy the file into the input folder instead of linking to it.',
    );
  }
  return { kind: 'file', document, fragment };
}

function remote(url: string, fragment: string, policy: RefPolicy): RefTarget {
  if (!policy.allowRemote) {
    return refused(
      'ref-remote',
      `remote reference ${url} was not fetched`,
      'Pass --allow-remote-refs to fetch remote references, or copy the file into the input folder.',
    );
  }
  return { kind: 'remote', document: url, fragment };
}

function refused(code: string, message: string, hint: string): RefTarget {
  return { kind: 'refused', code, message, hint };
}
