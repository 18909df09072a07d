/**
 * Gives the memory the host's build no longer uses back to the system once every page is written
 * (the integrations' `astro:build:generated` hook), before the hooks that run after it.
 *
 * Starlight runs Pagefind when the build is done, in a process of its own, while Astro's process
 * waits for it: Pagefind holds about 1.1 GB for the 5,000 pages of a 1,000-channel document,
 * and Astro's process still held the 1.45 GB it had grown to while rendering, of which V8 used a
 * third; the two together were 2.6 GB. V8 returns its unused pages only on a collection made to
 * reduce memory, which it starts by itself after seconds of idleness (too late: Pagefind has
 * grown by then). A host's Node has no `gc` of its own, so the collection is asked for through a
 * function of a new context, once the flag that provides it is set (as the `expose-gc` package
 * does). See bench/README.md, "Inside Starlight".
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` with its options (V8's own; `flavor: 'last-resort'` frees unused pages at once). */
type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: CollectGarbage | undefined;

/** A full collection, made to reduce memory: what is not in use is returned to the system now. */
export function returnUnusedMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as CollectGarbage;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
