/**
 * Runs prepareSite (prepare-site.ts) in its own process, spawned by build-command.ts. Reads the
 * request as JSON from stdin; exits 0 when the site data is written, otherwise with the exit code
 * the build stops with. Internal errors exit 3 with a message, like the command line.
 */
import { readFileSync } from 'node:fs';
import { endWithParent } from './child-lifetime.ts';
import { EXIT, processIO } from './io.ts';
import { prepareSite, type PrepareRequest } from './prepare-site.ts';

endWithParent();
const request = JSON.parse(readFileSync(0, 'utf8')) as PrepareRequest;
try {
  const result = await prepareSite(request, processIO);
  process.exitCode = typeof result === 'number' ? result : EXIT.ok;
} catch (error) {
  processIO.err(`apidesc-docs: internal error: ${error instanceof Error ? error.message : String(error)}`);
  if (request.options.debug && error instanceof Error && error.stack) processIO.err(error.stack);
  else processIO.err('Run again with --debug for the stack trace, and please report it.');
  process.exitCode = EXIT.internal;
}
