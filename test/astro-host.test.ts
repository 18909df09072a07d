/**
 * The reference inside a plain Astro site (test/fixtures/astro-site, not Starlight), in the
 * site's own layout given as `layout` to apidescDocs(); a document with an error stops the build.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { astroBuild, type HostSite, hostSite, nodeRun, REPO } from './host-site.ts';

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
    assert.match(html, /<aside class="team-toc">[\s\S]*<a href="#h-schema">Schema<\/a>[\s\S]*<\/aside>/, "the layout lists the page's headings");
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
