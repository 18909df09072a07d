/**
 * The renderer's side of the content file (src/site/site-data-file-format.ts): the prepare step
 * appends a line per page while the renderer renders, and a page waits here until its line is
 * in. Lines come in the order of the pages, which is the order Astro renders them in, so a page
 * rarely waits for more than the one being modelled.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Page } from '../lib/model/page-types.ts';
import { fillContent } from './site-data-file-format.ts';

/** How often a waiting page looks for new lines. */
const POLL_MS = 10;
/** Bytes read at a time. */
const READ_CHUNK = 16 << 20;

export class PageContentFeed {
  readonly #file: string;
  readonly #waiting: Page[];
  readonly #position = new Map<Page, number>();
  /** Throws when waiting on makes no sense any more (the build that writes the file is gone). */
  readonly #stillWritten: () => void;
  #filled = 0;
  #fd: number | undefined;
  #offset = 0;
  #rest: Buffer = Buffer.alloc(0);
  readonly #readChunk: number;

  /** `waiting`: the pages whose content lines the file holds, in its order. `readChunk`: bytes read at a time. */
  constructor(file: string, waiting: Page[], stillWritten: () => void, readChunk = READ_CHUNK) {
    this.#file = file;
    this.#readChunk = readChunk;
    this.#waiting = waiting;
    this.#stillWritten = stillWritten;
    waiting.forEach((page, i) => {
      this.#position.set(page, i);
    });
  }

  /** Resolves once `page` has its content (at once for a page that came whole). */
  async arrived(page: Page): Promise<void> {
    const position = this.#position.get(page);
    if (position !== undefined) await this.#readPast(position);
  }

  /** Resolves once every page has its content. */
  async all(): Promise<void> {
    await this.#readPast(this.#waiting.length - 1);
  }

  async #readPast(position: number): Promise<void> {
    while (this.#filled <= position) {
      this.#readAvailable();
      if (this.#filled > position) return;
      this.#stillWritten();
      await new Promise((ready) => setTimeout(ready, POLL_MS));
    }
  }

  /** Fills the pages of every complete line written so far (synchronous: waiters never interleave). */
  #readAvailable(): void {
    this.#fd ??= openSync(this.#file, 'r');
    const size = fstatSync(this.#fd).size;
    // In parts: a build whose renderer starts after the model finds the whole file at once.
    while (this.#offset < size && this.#filled < this.#waiting.length) {
      const chunk = Buffer.allocUnsafe(Math.min(size - this.#offset, this.#readChunk));
      const read = readSync(this.#fd, chunk, 0, chunk.length, this.#offset);
      if (read === 0) break;
      this.#offset += read;
      this.#takeLines(this.#rest.length > 0 ? Buffer.concat([this.#rest, chunk.subarray(0, read)]) : chunk.subarray(0, read));
    }
    if (this.#filled === this.#waiting.length) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
  }

  #takeLines(data: Buffer): void {
    let start = 0;
    for (let end = data.indexOf(10, start); end >= 0; end = data.indexOf(10, start)) {
      const page = this.#waiting[this.#filled];
      if (!page) throw new Error(`the page content file ${this.#file} has more lines than pages`);
      fillContent(page, data.toString('utf8', start, end));
      this.#filled++;
      start = end + 1;
    }
    // Copied: the rest of a chunk must not keep the whole chunk alive.
    this.#rest = Buffer.from(data.subarray(start));
  }
}
