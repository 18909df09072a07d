/**
 * The reference inside a plain Astro site (test/fixtures/astro-site, not Starlight), in the
 * site's own layout given as `layout` to apidescDocs(), with the files the standalone build
 * publishes beside its pages; a document with an error stops the build; `astro dev` shows a
 * document's edits.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, until } from './helpers.ts';
import { astroBuild, brokenLinks, type HostSite, hostSite, nodeRun, REPO } from './host-site.ts';

const ORDERS = readFileSync(join(REPO, 'content', 'orders.apidesc.yaml'), 'utf8');

const page = (site: HostSite, path: string): string => readFileSync(join(site.dir, 'dist', path, 'index.html'), 'utf8');

describe('apidesc-docs/astro in an Astro site', { timeout: 600_000 }, () => {
  let site: HostSite;
  let build: { code: number | null; output: string };
  before(async () => {
    site = hostSite('astro-site', { 'api/orders.apidesc.yaml': ORDERS });
    build = await astroBuild(site.dir);
  });
  after(() => site.remove());

  it("renders every object's page under /reference/ inside the site's layout, with its title and headings", () => {
    assert.equal(build.code, 0, build.output);
    const html = page(site, 'reference/components/schemas/order');
    assert.match(html, /<title>Order · Team site<\/title>/, "the layout's title");
    assert.match(html, /<header class="team-header">/, "the layout's header");
    assert.match(html, /<aside class="team-toc">[\s\S]*<a href="#h-schema">Definition<\/a>[\s\S]*<\/aside>/, "the layout lists the page's headings");
    assert.equal(html.match(/<h1\b/g)?.length, 1, "one title: the layout's");
    assert.match(
      html,
      /<main>[\s\S]*<div class="apidesc-ref not-content">[\s\S]*class="schema-tree"[\s\S]*<\/main>/,
      "the reference's schema table in the layout's slot",
    );
    for (const path of ['reference', 'reference/channels/orderevents', 'reference/operations', 'reference/operations/publishorderevents'])
      assert.ok(existsSync(join(site.dir, 'dist', path, 'index.html')), `${path} is built`);
  });

  it('links the pages below the base, and keeps its styles to the reference', () => {
    const html = page(site, 'reference/channels/orderevents');
    assert.match(html, /href="\/reference\/operations\/publishorderevents\/"/);
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => readFileSync(join(site.dir, 'dist', m[1]!), 'utf8'));
    const reference = sheets.find((css) => css.includes('.apidesc-ref{'));
    assert.ok(reference, "the reference's stylesheet");
    // The site's own elements keep the site's look: no rule of the reference's styles names an element outside its wrapper.
    assert.doesNotMatch(reference, /(^|\})\s*(html|body|main|header|nav|h[1-6]|a|p|code|pre|ul|table|\*)\b[^{}]*\{/);
  });

  it('publishes the Markdown twins, llms.txt and the downloads the pages link, and links nothing else that is not built', () => {
    const dist = join(site.dir, 'dist');
    assert.match(page(site, 'reference/channels/orderevents'), /<a class="page-markdown" href="\/reference\/channels\/orderevents\/index\.md"/);
    assert.match(readFileSync(join(dist, 'reference/channels/orderevents/index.md'), 'utf8'), /^# Order events\n/);
    assert.match(readFileSync(join(dist, 'llms.txt'), 'utf8'), /- \[Order events\]\(\/reference\/channels\/orderevents\/index\.md\)/);
    assert.equal(readFileSync(join(dist, 'reference/source/orders.apidesc.yaml'), 'utf8'), ORDERS);
    assert.deepEqual(brokenLinks(dist, 'reference'), []);
  });

  it("type-checks the site's configuration against Astro's types", async () => {
    const tsc = await nodeRun([join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', site.dir], site.dir);
    assert.equal(tsc.code, 0, tsc.output);
  });
});

describe('apidesc-docs/astro without a layout, and with a broken document', { timeout: 600_000 }, () => {
  it('renders the reference in a plain page', async () => {
    const site = hostSite('astro-site', { 'api/orders.apidesc.yaml': ORDERS });
    try {
      const config = join(site.dir, 'astro.config.mjs');
      writeFileSync(config, readFileSync(config, 'utf8').replace(", layout: './src/layouts/Docs.astro'", ''));
      const build = await astroBuild(site.dir);
      assert.equal(build.code, 0, build.output);
      const html = page(site, 'reference/components/schemas/order');
      assert.match(html, /<title>Order<\/title>/);
      assert.match(html, /<nav aria-label="On this page">[\s\S]*href="#h-schema"/);
      assert.doesNotMatch(html, /team-header/);
    } finally {
      site.remove();
    }
  });

  it('stops the build with the findings of validate', async () => {
    const site = hostSite('astro-site', {
      'api/orders.apidesc.yaml': ORDERS.replace("$ref: '#/components/messages/OrderPlaced'", "$ref: '#/components/messages/Nope'"),
    });
    try {
      const build = await astroBuild(site.dir);
      assert.notEqual(build.code, 0);
      assert.match(build.output, /api\/orders\.apidesc\.yaml:\d+:\d+ {2}error {2}ref-unresolved/);
      assert.match(build.output, /The API documents have errors \(above\): the reference was not built/);
      assert.doesNotMatch(build.output, /Browser APIs|Stack trace/);
    } finally {
      site.remove();
    }
  });
});

describe('apidesc-docs/astro in a site with its own llms.txt', { timeout: 600_000 }, () => {
  it("keeps the site's llms.txt, and puts the reference's under its base", async () => {
    const own = '# Team site\n\n- [Guides](/guides/)\n';
    const site = hostSite('astro-site', { 'api/orders.apidesc.yaml': ORDERS, 'public/llms.txt': own });
    try {
      const build = await astroBuild(site.dir);
      assert.equal(build.code, 0, build.output);
      assert.equal(readFileSync(join(site.dir, 'dist/llms.txt'), 'utf8'), own, "the site's own, as written");
      assert.match(readFileSync(join(site.dir, 'dist/reference/llms.txt'), 'utf8'), /^# Order Fulfilment Events\n/);
      assert.match(build.output, /The site has its own llms\.txt, kept as it is: the reference's is at \/reference\/llms\.txt/);
    } finally {
      site.remove();
    }
  });
});

describe('astro dev with the reference', { timeout: 300_000 }, () => {
  it('shows an edited document once Astro has restarted', async () => {
    const site = hostSite('astro-site', { 'api/orders.apidesc.yaml': ORDERS });
    const port = await freePort();
    // --ignore-lock: in the foreground, and no lock file left in the site.
    const child = spawn(process.execPath, [join(REPO, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--ignore-lock'], {
      cwd: site.dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const closed = new Promise((done) => child.on('close', done));
    const bound = setTimeout(() => child.kill('SIGKILL'), 240_000);
    try {
      const url = `http://127.0.0.1:${port}/reference/channels/orderevents/`;
      const titled = (title: string) => async () => {
        const response = await fetch(url);
        const html = await response.text();
        return html.includes(`<title>${title} · Team site</title>`) ? html : undefined;
      };
      await until(`the page at ${url}\n${output}`, titled('Order events'), 90_000);
      writeFileSync(join(site.dir, 'api/orders.apidesc.yaml'), ORDERS.replace('    title: Order events\n', '    title: Order happenings\n'));
      await until(`the edited title\n${output}`, titled('Order happenings'), 90_000);
    } finally {
      child.kill('SIGTERM');
      await closed;
      clearTimeout(bound);
      site.remove();
    }
  });
});
