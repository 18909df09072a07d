/**
 * The reference's findings in the host's build: written through Astro's logger with the text
 * `apidesc-docs validate` prints, and an error that stops the build saying only why, in words.
 */
import type { AstroIntegrationLogger } from 'astro';
import type { LoadedReference } from './load-reference.ts';

/**
 * Stops the host's build: a sentence for a person and a hint, as Astro prints its own errors. It
 * has no stack (Astro prints an error's stack when it has one, and this one would only show this
 * package's insides).
 */
export class ReferenceStopped extends Error {
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'apidesc-docs';
    this.hint = hint;
    this.stack = '';
  }

  /**
   * Astro guesses a hint from an error's text when it mentions `document` or `window`, taking
   * them for browser code run on the server; this error's words are about API documents. Its
   * text for such guesses is its name; the message and the hint are printed as they are.
   */
  override toString(): string {
    return this.name;
  }
}

/** Logs what loading found, with the line that counts it: as errors when there are any, else as warnings, else as a note. */
export function logFindings(logger: AstroIntegrationLogger, loaded: LoadedReference): void {
  if (loaded.report === '') logger.info(loaded.summary);
  else if (loaded.errors) logger.error(`${loaded.report}\n${loaded.summary}`);
  else logger.warn(`${loaded.report}\n${loaded.summary}`);
  // The comparison's own words (`compare`), as `build --compare` writes them.
  for (const note of loaded.compareNotes ?? []) if (note.trim() !== '') logger.info(note.trimEnd());
}

/** The error that stops the build when the reference cannot be made (no site data). */
export function stopError(loaded: LoadedReference): ReferenceStopped {
  if (loaded.compareProblem)
    return new ReferenceStopped(
      `${loaded.compareProblem}: the reference was not built.`,
      'Give `compare` a document or folder, or a git ref, that can be read.',
    );
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0)
    return new ReferenceStopped(
      'No API document could be read (above): the reference was not built.',
      'Check the paths given as `documents` to apidescDocs().',
    );
  // The components of the host's pages are checked as the guides of the standalone site are (codes guide-…).
  if (errors.every((d) => d.code.startsWith('guide-')))
    return new ReferenceStopped(
      'A page shows part of the reference by a ref that shows nothing (above): the site was not built.',
      'Fix the ref, or set allowInvalid: true in apidescDocs() to build a preview that shows it as broken.',
    );
  return new ReferenceStopped(
    'The API documents have errors (above): the reference was not built.',
    'Fix them, or set allowInvalid: true in apidescDocs() to build a preview that shows each finding on the page it concerns.',
  );
}
