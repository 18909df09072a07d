/**
 * What `preview` and `dev` share about the requests they answer on 127.0.0.1: whom they answer
 * (only requests addressed to this machine by a loopback name or address, so that a web page
 * cannot reach them through DNS rebinding), where they may send a reader (only a path of this
 * site, percent-encoded: a `Location` never names another host, and never holds a character an
 * HTTP header cannot carry), and that no request ends the server (an unexpected failure is a 500
 * for that request alone).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import ipaddr from 'ipaddr.js';

/**
 * Whether the `Host` of a request names this machine on `port`: `localhost` (or a name under
 * `.localhost`, which browsers resolve to the machine itself, RFC 6761), or a loopback address
 * (`127.x.x.x`, `[::1]`). Another name may be an attacker's DNS name that now points here
 * (DNS rebinding): its pages would read this server as their own origin. The port must be the
 * server's; only a server on port 80 may be addressed without one.
 */
export function isLocalHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!m) return false;
  const given = m[2] === undefined ? 80 : Number(m[2]);
  if (given !== port) return false;
  const name = m[1]!.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const address = name.startsWith('[') ? name.slice(1, -1) : name;
  // Only addresses written in full: `127.1` or `0x7f.1` are not what a browser sends for a loopback URL.
  const written = name.startsWith('[') ? ipaddr.IPv6.isValid(address) : ipaddr.IPv4.isValidFourPartDecimal(address);
  return written && ipaddr.process(address).range() === 'loopback';
}

/** The answer to a request whose `Host` is not this machine. */
export function refuseForeignHost(res: ServerResponse, port: number): void {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(`Forbidden: this server answers only requests for http://127.0.0.1:${port}/ or http://localhost:${port}/.\n`);
}

/**
 * The path of a request split into its segments, each percent-decoded on its own (so that an
 * encoded `/` stays inside its segment, where it is refused); the query is left out, and an
 * empty last segment stands for a trailing slash. `malformed`: not in origin form
 * (`http://host/…`, `*`) or broken percent-encoding. `refused`: a path that could only lead
 * outside the site or to another host: a segment `.` or `..`, one holding `/`, `\` or a NUL,
 * or an empty segment before the last (`//`).
 */
export function pathSegments(url: string | undefined): string[] | 'malformed' | 'refused' {
  if (url === undefined || !url.startsWith('/')) return 'malformed';
  const raw = url
    .replace(/[?#].*$/s, '')
    .split('/')
    .slice(1);
  const segments: string[] = [];
  let refused = false;
  for (const [i, part] of raw.entries()) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return 'malformed';
    }
    refused ||= (segment === '' && i < raw.length - 1) || segment === '.' || segment === '..' || /[/\\\0]/.test(segment);
    segments.push(segment);
  }
  return refused ? 'refused' : segments;
}

/**
 * A `Location` on this site for the path of `segments` (a trailing slash with `folder`): each
 * segment percent-encoded, so that the header holds ASCII only (Node refuses anything above
 * U+00FF in a header, and a browser would read Latin-1 wrongly) and no segment can make it
 * `//host` or `/\host`, which a browser takes for another site.
 */
export function siteLocation(segments: readonly string[], folder: boolean): string {
  const names = segments.filter((s) => s !== '');
  const path = `/${names.map((s) => encodeURIComponent(s.toWellFormed())).join('/')}`;
  const location = folder && names.length > 0 ? `${path}/` : path;
  // Never another host, whatever the segments held: a `Location` of a path only.
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(location) ? location : '/';
}

/** Distinct failures told in the terminal at most (a burst of hostile requests must not flood it). */
const MAX_TOLD = 100;

/**
 * `handler` with every failure it does not expect contained: the request gets a 500 (or, once
 * its answer has started, its connection is closed), the terminal gets one line per distinct
 * failure, and the server goes on answering the others.
 */
export function containFailures<Rest extends unknown[]>(
  handler: (req: IncomingMessage, res: ServerResponse, ...rest: Rest) => void | Promise<void>,
  log: (line: string) => void,
): (req: IncomingMessage, res: ServerResponse, ...rest: Rest) => void {
  // Each distinct failure is told once, however often it repeats.
  const told = new Set<string>();
  const fail = (res: ServerResponse, error: unknown): void => {
    const cause = error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error);
    if (!told.has(cause) && told.size < MAX_TOLD) {
      told.add(cause);
      log(`apidesc-docs: a request failed (${cause}); it was answered 500 and the server goes on. Please report it.`);
    }
    try {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Internal server error\n');
    } catch {
      // The connection is gone already: nothing is left to answer.
      res.destroy();
    }
  };
  return (req, res, ...rest) => {
    try {
      const answer = handler(req, res, ...rest);
      if (answer) answer.catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  };
}
