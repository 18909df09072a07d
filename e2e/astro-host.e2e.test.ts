/**
 * The reference inside a plain Astro site, in a browser, as a user gets it: a site created by the
 * test with this package installed from its packed tarball and Astro at the version this
 * repository pins (test/packed-package.ts), its own layout given to apidescDocs(). The reference's
 * pages are in the site's layout (its header, its "On this page"), their links lead from page to
 * page below the reference's base, their colours follow the site's theme switch as well as the
 * reader's system, and axe-core finds nothing on them in either theme.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { nodeRun, REPO } from '../test/host-site.ts';
import { type PackedProject, packedProject } from '../test/packed-package.ts';
import { accessibilityFindings, closeAll, serveAndBrowse } from './support.ts';

/** The team's layout: its header with a theme switch, its "On this page", the page in its slot. */
const LAYOUT = `---
interface Props {
  title: string;
  headings?: { depth: number; slug: string; text: string }[];
}
const { title, headings = [] } = Astro.props;
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title} · Team site</title>
    <style is:global>
      :root { color-scheme: light; --team-bg: #ffffff; --team-fg: #1b1b1b; }
      :root[data-theme='dark'] { color-scheme: dark; --team-bg: #15171c; --team-fg: #ececec; }
      @media (prefers-color-scheme: dark) {
        :root:not([data-theme='light']) { color-scheme: dark; --team-bg: #15171c; --team-fg: #ececec; }
      }
      body { background: var(--team-bg); color: var(--team-fg); font-family: system-ui, sans-serif; }
      .team-header a, .team-toc a { color: inherit; }
    </style>
  </head>
  <body>
    <header class="team-header">
      <a href="/">Team site</a> · <a href="/reference/">Reference</a>
      <button type="button" id="team-theme">Dark theme</button>
    </header>
    <nav class="team-toc" aria-label="On this page">
      <ul>{headings.filter((h) => h.depth === 2).map((h) => <li><a href={\`#\${h.slug}\`}>{h.text}</a></li>)}</ul>
    </nav>
    <main>
      <h1>{title}</h1>
      <slot />
    </main>
    <script>
      const root = document.documentElement;
      document.getElementById('team-theme')?.addEventListener('click', () => {
        root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
      });
    </script>
  </body>
</html>
`;

const CONFIG = `import apidescDocs from 'apidesc-docs/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  integrations: [apidescDocs({ documents: 'api/', base: 'reference', layout: './src/layouts/Docs.astro' })],
});
`;

describe('an Astro site with the reference from the packed package, in a browser', { timeout: 900_000 }, () => {
  let project: PackedProject;
  let server: Server;
  let base: string;
  let browser: Browser;
  before(async () => {
    project = packedProject(
      {
        'astro.config.mjs': CONFIG,
        'src/layouts/Docs.astro': LAYOUT,
        'src/pages/index.astro': `---\nimport Docs from '../layouts/Docs.astro';\n---\n<Docs title="Team site"><p>Read <a href="/reference/">the reference</a>.</p></Docs>\n`,
        'api/orders.apidesc.yaml': readFileSync(join(REPO, 'content', 'orders.apidesc.yaml'), 'utf8'),
      },
      ['astro'],
    );
    const build = await nodeRun([join(project.dir, 'node_modules/astro/bin/astro.mjs'), 'build'], project.dir, 300_000);
    assert.equal(build.code, 0, build.output);
    ({
      site: { server, base },
      browser,
    } = await serveAndBrowse(join(project.dir, 'dist')));
  });
  after(async () => {
    await closeAll(browser, server);
    project?.remove();
  });

  /** The visible parts of the page: the layout's and the reference's. */
  async function parts(page: Page) {
    return {
      title: await page.title(),
      h1: await page.locator('h1').allTextContents(),
      header: await page.locator('header.team-header').count(),
      toc: await page.locator('nav.team-toc a').allTextContents(),
      reference: await page.locator('main > .apidesc-ref').count(),
    };
  }

  it("opens a reference page in the site's layout and follows its links from page to page", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}reference/`);
    const overview = await parts(page);
    assert.equal(overview.header, 1, "the site's header");
    assert.equal(overview.reference, 1, "the reference in the layout's main");
    assert.deepEqual(overview.h1.length, 1, "one title: the layout's");

    await page.locator('.apidesc-ref a[href="/reference/channels/orderevents/"]').first().click();
    await page.waitForURL(`${base}reference/channels/orderevents/`);
    const channel = await parts(page);
    assert.deepEqual(channel.h1, ['Order events']);
    assert.equal(channel.title, 'Order events · Team site');
    assert.equal(channel.header, 1);
    assert.ok(channel.toc.length > 1, `the layout's "On this page" lists the page's sections: ${channel.toc.join(', ')}`);

    await page.locator('.apidesc-ref a[href="/reference/operations/publishorderevents/"]').first().click();
    await page.waitForURL(`${base}reference/operations/publishorderevents/`);
    assert.deepEqual((await parts(page)).h1, ['Publish order events']);

    // A heading of the layout's "On this page" leads to its section of the reference.
    const first = page.locator('nav.team-toc a').first();
    const anchor = (await first.getAttribute('href'))!;
    await first.click();
    assert.equal(new URL(page.url()).hash, anchor);
    assert.equal(await page.locator(`.apidesc-ref ${anchor}`).count(), 1, `${anchor} is a heading of the reference`);

    await page.locator('header.team-header a', { hasText: 'Team site' }).click();
    await page.waitForURL(base);
    await page.close();
  });

  it("follows the site's theme switch, and the reader's system when the site has no choice", async () => {
    const light = await browser.newContext({ colorScheme: 'light' });
    const page = await light.newPage();
    await page.goto(`${base}reference/channels/orderevents/`);
    const colours = () =>
      page.evaluate(() => ({
        site: getComputedStyle(document.body).backgroundColor,
        code: getComputedStyle(document.querySelector('.apidesc-ref .facts code')!).backgroundColor,
        text: getComputedStyle(document.querySelector('.apidesc-ref')!).color,
      }));
    const before = await colours();
    await page.click('#team-theme');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const switched = await colours();
    assert.notEqual(switched.site, before.site, "the site's own background turns dark");
    assert.notEqual(switched.code, before.code, 'the reference turns dark with the site, although the system is light');
    assert.notEqual(switched.text, before.text);
    await light.close();

    const dark = await browser.newContext({ colorScheme: 'dark' });
    const onDark = await dark.newPage();
    await onDark.goto(`${base}reference/channels/orderevents/`);
    const system = await onDark.evaluate(() => getComputedStyle(document.querySelector('.apidesc-ref .facts code')!).backgroundColor);
    assert.equal(system, switched.code, "on a dark system the reference is dark without the site's switch");
    await dark.close();
  });

  it('has no accessibility finding, in either theme', async () => {
    const findings = await accessibilityFindings(browser, base, [
      '',
      'reference/',
      'reference/channels/orderevents/',
      'reference/operations/publishorderevents/',
      'reference/components/schemas/order/',
    ]);
    assert.deepEqual(findings, []);
  });
});
