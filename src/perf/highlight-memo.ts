/**
 * The same code is highlighted once per build. A message's examples appear on its own page and
 * on the page of each operation that sends or receives it, and sns snippets repeat across the
 * consumers of a topic: on a generated document of 100 channels, 1,594 pieces of code hold 970
 * different ones (36 % of the bytes repeat). Highlighting is a pure function of the code and its
 * language, so each is tokenized once and its HTML given to every page that shows it.
 *
 * Bounded: past MEMO_CHARS of code and HTML kept, new results are no longer kept (later repeats
 * are highlighted again), so a document full of distinct code does not grow the process.
 */
import type { HighlightJob } from '../lib/highlight/highlight-page.ts';

/** Characters of code and HTML kept at most (about 128 MB at two bytes a character). */
export const MEMO_CHARS = 64 * 1024 * 1024;

export class HighlightMemo {
  readonly #html = new Map<string, string>();
  #chars = 0;

  /**
   * Applies what is known to `jobs` and highlights the rest with `highlight`, each different
   * piece of code once (its result then goes to every job that shows it).
   */
  async run(jobs: HighlightJob[], highlight: (jobs: HighlightJob[]) => Promise<void>): Promise<void> {
    const waiting = new Map<string, HighlightJob[]>();
    for (const job of jobs) {
      const key = `${job.kind}\0${job.lang}\0${job.text}`;
      const known = this.#html.get(key);
      if (known !== undefined) job.apply(known);
      else {
        const same = waiting.get(key);
        if (same) same.push(job);
        else waiting.set(key, [job]);
      }
    }
    const unique: HighlightJob[] = [];
    for (const [key, same] of waiting) {
      const [first] = same;
      unique.push({
        kind: first!.kind,
        text: first!.text,
        lang: first!.lang,
        apply: (html) => {
          this.#keep(key, html);
          for (const job of same) job.apply(html);
        },
      });
    }
    if (unique.length > 0) await highlight(unique);
  }

  #keep(key: string, html: string): void {
    if (this.#chars + key.length + html.length > MEMO_CHARS) return;
    this.#chars += key.length + html.length;
    this.#html.set(key, html);
  }
}
