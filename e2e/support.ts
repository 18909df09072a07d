/**
 * Shared by the browser tests: a site built into a temporary folder, a static server for it, and
 * Debian's Chromium, each bounded in time and closed by closeAll.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildSite, type SiteBuild, within } from '../test/helpers.ts';

// Building a site is shared with the build tests; the command line is also run by the scripts
// that take screenshots of built sites.
export { buildSite, runCli, sharedSite } from '../test/helpers.ts';

/** A built site served on 127.0.0.1: its server, and its base URL (ends with `/`). */
export interface ServedSite {
  server: Server;
  base: string;
}

/** Chromium starts in seconds; a minute is a hang (Playwright's own default is three). */
const LAUNCH_BOUND_MS = 60_000;
/** Closing a browser or a server takes well under a second. */
const CLOSE_BOUND_MS = 15_000;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `root` on 127.0.0.1 under `prefix` (as a site built with `--base prefix`); resolves to
 * the base URL. With `notFound`, an address the site does not have gets the site's 404.html with
 * status 404, as GitHub Pages, Netlify and S3 website hosting answer it (at any depth).
 */
export async function serveSite(root: string, prefix = '/', { notFound = false } = {}): Promise<ServedSite> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x').pathname;
    const missing = (): void =>
      void (notFound ? res.writeHead(404, { 'content-type': TYPES['.html']! }).end(readFileSync(join(root, '404.html'))) : res.writeHead(404).end());
    if (!url.startsWith(prefix)) return missing();
    let path = normalize(join(root, decodeURIComponent(url.slice(prefix.length))));
    if (!path.startsWith(root + sep) && path !== root) return void res.writeHead(403).end();
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) return missing();
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  // Not what keeps a test file's process alive: a test that fails before it closes its server
  // would otherwise hold the process open when its tests are done, and the run would wait for
  // it without end. The browser's connections keep the process alive while pages are read.
  server.unref();
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}` };
}

/** Debian's Chromium with the flags this machine needs (TOOLCHAIN.md); says how to get it when missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  assert.ok(existsSync(executablePath), `Chromium is missing at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath,
    timeout: LAUNCH_BOUND_MS,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Serves the site in `dir` (see serveSite) and opens Chromium; the server is closed again when Chromium does not start. */
export async function serveAndBrowse(dir: string, prefix = '/', options: { notFound?: boolean } = {}): Promise<{ site: ServedSite; browser: Browser }> {
  const site = await serveSite(dir, prefix, options);
  try {
    return { site, browser: await launchChromium() };
  } catch (error) {
    await closeAll(site);
    throw error;
  }
}

/** buildSite, then serveAndBrowse: the site's folder, its server and Chromium. */
export async function buildServeAndBrowse(
  args: string[],
  cwd: string,
  { prefix = '/', notFound = false, ...build }: SiteBuild & { prefix?: string; notFound?: boolean } = {},
): Promise<{ dir: string; site: ServedSite; browser: Browser }> {
  const dir = await buildSite(args, cwd, build);
  return { dir, ...(await serveAndBrowse(dir, prefix, { notFound })) };
}

/** Stops `server` within a bound, dropping its open connections so that it stops at once. */
function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return within(new Promise<void>((closed) => server.close(() => closed())), CLOSE_BOUND_MS, 'stopping the site server');
}

/**
 * Closes browsers, served sites and servers (those not yet made are skipped, as after a failed
 * `before`), each within a bound.
 */
export async function closeAll(...things: (Browser | ServedSite | Server | undefined)[]): Promise<void> {
  const closing = things.map((thing) => {
    if (thing === undefined) return Promise.resolve();
    if (thing instanceof Server) return stop(thing);
    if ('server' in thing) return stop(thing.server);
    return within(thing.close(), CLOSE_BOUND_MS, 'closing Chromium');
  });
  const failed = (await Promise.allSettled(closing)).filter((outcome) => outcome.status === 'rejected');
  if (failed.length > 0) throw failed[0]!.reason;
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const STRUCTURE_RULES = ['heading-order', 'landmark-one-main', 'landmark-unique', 'page-has-heading-one', 'region'];

/**
 * axe-core findings (WCAG 2.1 A/AA, plus landmarks and heading order) on the page as it stands
 * (a menu open, a result chosen), as readable lines; an empty list means none.
 */
export async function pageFindings(page: Page): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  // One run of axe for both: the WCAG tags, and the structure rules (best practices, off in those
  // tags) turned on beside them; two runs walked the page twice. Only violations are reported in
  // full (axe's resultTypes): the passes of a long reference page are thousands of nodes.
  const { violations } = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: Object.fromEntries(STRUCTURE_RULES.map((rule) => [rule, { enabled: true }])),
      resultTypes: ['violations'],
    })
    .analyze();
  return violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * pageFindings on each URL, in the light and the dark theme, each line saying where; an empty
 * list means none.
 */
export async function accessibilityFindings(browser: Browser, base: string, urls: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    for (const url of urls) {
      await page.goto(base + url);
      for (const finding of await pageFindings(page)) findings.push(`${colorScheme} /${url}: ${finding}`);
    }
    await context.close();
  }
  return findings;
}

/**
 * Makes alert(), confirm() and prompt() record their calls in `window.__ran` on every page of
 * `context`, so that a test can tell whether a payload in a document ran (read it with
 * page.evaluate). Pages never call these themselves.
 */
export async function recordScriptCalls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as unknown as { __ran: string[] }).__ran = [];
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      window[name] = ((message?: unknown) => {
        (window as unknown as { __ran: string[] }).__ran.push(`${name}(${String(message)})`);
        return null;
      }) as never;
    }
  });
}
