/** Shared by the browser tests: a static server for a built site, and Debian's Chromium. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
export async function serveSite(root: string, prefix = '/', { notFound = false } = {}): Promise<{ server: Server; base: string }> {
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
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}` };
}

/** Debian's Chromium with the flags this machine needs (TOOLCHAIN.md); says how to get it when missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  assert.ok(existsSync(executablePath), `Chromium is missing at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath,
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

/** Runs `apidesc-docs <args>` from `cwd` without printing; resolves to the exit code. */
export async function runCli(args: string[], cwd: string): Promise<number> {
  const { main } = await import('../src/cli/main.ts');
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    return await main(args, { out: () => {}, err: () => {} });
  } finally {
    process.chdir(previous);
  }
}

/**
 * axe-core findings (WCAG 2.1 A/AA, plus landmarks and heading order) on each URL, in the light
 * and the dark theme, as readable lines; an empty list means none.
 */
export async function accessibilityFindings(browser: Browser, base: string, urls: string[]): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    for (const url of urls) {
      await page.goto(base + url);
      const wcag = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const structure = await new AxeBuilder({ page })
        .withRules(['heading-order', 'landmark-one-main', 'landmark-unique', 'page-has-heading-one', 'region'])
        .analyze();
      for (const v of [...wcag.violations, ...structure.violations])
        findings.push(`${colorScheme} /${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
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
