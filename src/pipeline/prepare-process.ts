/**
 * Runs prepareSite (prepare-stage.ts) in its own process, started by stage-processes.ts. Reads the
 * request as JSON from stdin; writes the site data to its SITE_DATA_FD and sends the summary of
 * the site on its IPC channel (prepare-channel.ts). Exits 0 when all is written, otherwise with
 * the exit code the build stops with. Internal errors exit 3 with a message, like the command line.
 */
import { readFileSync } from 'node:fs';
import { endWithParent } from './child-lifetime.ts';
import { EXIT, processIO } from '../cli/io.ts';
import { finishPrepared, siteDataOut } from './prepare-channel.ts';
import { prepareSite, type PrepareRequest } from './prepare-stage.ts';

endWithParent();
const request = JSON.parse(readFileSync(0, 'utf8')) as PrepareRequest;
const out = siteDataOut();
try {
  const result = await prepareSite(request, out, processIO);
  if (typeof result === 'number') process.exitCode = result;
  else await finishPrepared(out, result);
} catch (error) {
  processIO.err(`apidesc-docs: internal error: ${error instanceof Error ? error.message : String(error)}`);
  if (request.options.debug && error instanceof Error && error.stack) processIO.err(error.stack);
  else processIO.err('Run again with --debug for the stack trace, and please report it.');
  process.exitCode = EXIT.internal;
}
// A build stopped before the site data was complete: its pipe must not keep the process alive.
out.destroy();
