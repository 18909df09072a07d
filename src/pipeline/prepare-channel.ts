/**
 * How the build's prepare process (prepare-process.ts) hands its results over, typed at both ends:
 * - the site data stream (src/site/site-stream.ts) on its file descriptor SITE_DATA_FD: a pipe
 *   straight to the renderer's standard input when the renderer already runs (which drains it
 *   in a thread of its own, input-chunks.ts), or a file the renderer reads once it starts
 *   (pipeline.ts decides);
 * - the summary of the prepared site, as the result of the outcome it reports on its IPC channel
 *   once all is written (child-lifetime.ts).
 * The command then tells the renderer that its data is complete (SiteDataComplete): an end of
 * the stream before that message is the prepare stage failing, which that stage reports.
 * Nothing is polled: the renderer reads the stream as it comes, the command waits for the message.
 */
import { createWriteStream, fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';

/** The prepare process's file descriptor for the site data (0–2 are the standard streams, 3 its IPC channel). */
export const SITE_DATA_FD = 4;

/** The command's message to the renderer: the site data it has read, or will read, is all there is. */
export interface SiteDataComplete {
  type: 'site-data-complete';
}

/** In the prepare process: the site data's way out, a pipe or a file. */
export function siteDataOut(): Writable {
  return fstatSync(SITE_DATA_FD).isFile()
    ? createWriteStream('', { fd: SITE_DATA_FD, flush: false })
    : new Socket({ fd: SITE_DATA_FD, readable: false, writable: true });
}

/** In the prepare process: ends the site data; resolves once it is all out. */
export async function endSiteData(out: Writable): Promise<void> {
  await new Promise<void>((done, fail) => {
    out.once('error', fail);
    out.end(done);
  });
}
