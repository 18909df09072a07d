/**
 * How the build's prepare process (prepare-runner.ts) hands its results over, typed at both ends:
 * - the site data stream (src/site/site-stream.ts) on its file descriptor SITE_DATA_FD: a pipe
 *   straight to the renderer's standard input when the renderer already runs (which drains it
 *   in a thread of its own, input-chunks.ts), or a file the renderer reads once it starts
 *   (pipeline.ts decides);
 * - one message on its IPC channel, the summary of the prepared site, once all is written.
 * Nothing is polled: the renderer reads the stream as it comes, the command waits for the message.
 */
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, fstatSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { PreparedSite } from './prepare-stage.ts';

/** The prepare process's file descriptor for the site data (0–2 are the standard streams, 3 its IPC channel). */
export const SITE_DATA_FD = 4;

/** The one message the prepare process sends. */
export interface PreparedMessage {
  type: 'prepared';
  site: PreparedSite;
}

/** In the prepare process: the site data's way out, a pipe or a file. */
export function siteDataOut(): Writable {
  return fstatSync(SITE_DATA_FD).isFile()
    ? createWriteStream('', { fd: SITE_DATA_FD, flush: false })
    : new Socket({ fd: SITE_DATA_FD, readable: false, writable: true });
}

/** In the prepare process: ends the site data, then sends the summary; resolves once both are out. */
export async function finishPrepared(out: Writable, site: PreparedSite): Promise<void> {
  await new Promise<void>((done, fail) => {
    out.once('error', fail);
    out.end(done);
  });
  const message: PreparedMessage = { type: 'prepared', site };
  await new Promise<void>((done, fail) => {
    if (!process.send) return fail(new Error('the prepare process was started without its IPC channel'));
    process.send(message, undefined, {}, (error) => (error ? fail(error) : done()));
  });
}

/** In the command: the prepared site the child sends, or undefined if it ends without sending it. */
export function preparedSiteOf(child: ChildProcess): Promise<PreparedSite | undefined> {
  return new Promise((done) => {
    let site: PreparedSite | undefined;
    child.on('message', (message: PreparedMessage) => {
      if (message.type === 'prepared') site = message.site;
    });
    child.once('close', () => done(site));
  });
}
