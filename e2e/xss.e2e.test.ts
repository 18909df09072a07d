/**
 * The hostile document of test/hostile-html.test.ts, built and opened in Chromium: on every page,
 * no dialog opens, no script from the document runs, no element has a live on* handler, and no
 * link or source uses a javascript: URL. Needs Debian's chromium (.ci/run installs it; set
 * CHROMIUM_PATH elsewhere). Pages are served from a local static server on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildServeAndBrowse, closeAll, recordScriptCalls } from './support.ts';
import { hostileDocument } from '../test/hostile-document.ts';
import { tempTree } from '../test/helpers.ts';

function pages(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? pages(full, base) : name === 'index.html' ? [full.slice(base.length).replace(/index\.html$/, '')] : [];
  });
}

describe('hostile document in Chromium', () => {
  const dir = tempTree({ 'evil.yaml': hostileDocument() });
  let server: Server;
  let base = '';
  let browser: Browser;
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await buildServeAndBrowse(['evil.yaml', '--allow-invalid'], dir, { work: dir }));
  });
  after(() => closeAll(browser, server));

  it('runs no script of the document on any page', async () => {
    const urls = pages(join(dir, 'site'));
    assert.ok(urls.length >= 8);
    const context = await browser.newContext();
    await recordScriptCalls(context);
    const problems: string[] = [];
    let tested = 0;
    for (const url of urls) {
      const page = await context.newPage();
      page.on('dialog', (d) => {
        problems.push(`${url}: dialog ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(base + url.replace(/^\//, ''), { waitUntil: 'load' });
      // The filter tester: the build wrote the results of the document's hostile example; the page's
      // script (loaded on first use) tests it again against the hostile filter policies, as text only.
      if ((await page.locator('[data-sns-tester]').count()) > 0) {
        // Folded under the subscriptions: opened as a reader would.
        await page.locator('details.tester-fold').evaluateAll((folds) => {
          for (const fold of folds) (fold as HTMLDetailsElement).open = true;
        });
        await page.locator('[data-result]').evaluateAll((all) => {
          for (const e of all) e.removeAttribute('data-result');
        });
        await page.locator('[data-sns-tester] button[type="submit"]').first().click();
        await page.waitForFunction(() => [...document.querySelectorAll('[data-sns-tester] [data-policy]')].every((e) => e.hasAttribute('data-result')));
        tested++;
      }
      // Give event handlers (onerror, onload, ontoggle) their chance to fire.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
      const found = await page.evaluate(() => {
        const issues: string[] = [...(window as unknown as { __ran: string[] }).__ran];
        for (const el of Array.from(document.querySelectorAll('*'))) {
          for (const attr of Array.from(el.attributes)) {
            if (/^on/i.test(attr.name)) issues.push(`live handler ${attr.name} on <${el.tagName.toLowerCase()}>`);
            // Pagefind's own search form (not document content) uses action="javascript:void(0);".
            const pagefindForm = el.tagName === 'FORM' && el.closest('#search, #search-page') && attr.value === 'javascript:void(0);';
            if (/^(href|src|action|formaction|xlink:href)$/i.test(attr.name) && /^\s*(javascript|vbscript|data):/i.test(attr.value) && !pagefindForm)
              issues.push(`${attr.name}=${attr.value}`);
          }
        }
        for (const script of Array.from(document.scripts)) {
          // The site's own scripts; the sns filter tester's loader is bundled into _astro/ (it imports the tester itself on first use).
          const tester = script.type === 'module' && /\/_astro\/SnsTester[\w.-]*\.js$/.test(script.src);
          if (!/\/(theme|copy|search|search-page|nav|pagefind\/pagefind-ui)\.js$/.test(script.src) && !tester)
            issues.push(`script ${script.src || script.textContent?.slice(0, 60)}`);
        }
        return issues;
      });
      problems.push(...found.map((f) => `${url}: ${f}`));
      await page.close();
    }
    await context.close();
    assert.deepEqual(problems, []);
    assert.ok(tested > 0, 'the filter tester ran on a hostile page');
  });
});
