/**
 * The notes of an sns operation's publish commands (review 13): what a command reaches, which file
 * it reads and what to replace sit under the command at the column's width (Stripe's notes under
 * a sample), never in a narrow column beside it, and the subscriptions no message reaches
 * ("Unreachable") at that width too, so that no half of the column is left blank beside a
 * paragraph squeezed into the other. A filter policy in a note is JSON, read as code: on one
 * line, never wrapped as prose at a quote or a bracket. On the default content's publishing
 * operations and on the corpus's FIFO topic, whose policy AWS refuses one subscription.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';
import { tempDir } from '../test/helpers.ts';
import { buildSite, closeAll, launchChromium, type ServedSite, serveSite, sharedSite } from './support.ts';

const repo = resolve(import.meta.dirname, '..');
const CONTENT_PAGES = ['operations/publishorderevents/', 'operations/publishparcelscans/', 'operations/requeststockcheck/'];
/** The corpus's FIFO topic: a subscription whose filter policy AWS refuses, listed as unreachable under the commands. */
const CORPUS_PAGE = 'operations/publishorderevent/';

/** Where each part of the publish commands' section lies, measured in the page. */
interface NotesFacts {
  /** Parts of a command's block (not its title or its code) that start above the code's foot or right of the column's start. */
  beside: string[];
  /** Notes laid out under a command. */
  under: number;
  unreachable: { left: number; sectionLeft: number; width: number; sectionWidth: number } | undefined;
  /** Filter policies cut onto more than one line. */
  wrappedPolicies: string[];
  policies: number;
}

describe('the notes of the publish commands', () => {
  const sites: ServedSite[] = [];
  let browser: Browser;
  before(async () => {
    const work = tempDir('apidesc-sns-publish-notes-e2e-');
    sites.push(await serveSite(await sharedSite(['content'], repo)));
    if (HAS_CORPUS) {
      // Copied into the test's own folder: a folder argument reads only what is inside it.
      const docs = join(work, 'docs');
      mkdirSync(docs);
      copyFileSync(join(CORPUS, 'valid', 'bindings-sns-fifo-orders.yaml'), join(docs, 'bindings-sns-fifo-orders.yaml'));
      sites.push(await serveSite(await buildSite([docs, '--allow-invalid'], repo, { work: join(work, 'corpus') })));
    }
    browser = await launchChromium();
  });
  after(() => closeAll(browser, ...sites));

  const pages = (): [ServedSite, string][] => [
    ...CONTENT_PAGES.map((url): [ServedSite, string] => [sites[0]!, url]),
    ...(sites[1] ? [[sites[1], CORPUS_PAGE] as [ServedSite, string]] : []),
  ];

  for (const width of [1280, 390])
    it(`${width} px: notes under their command at the column's width, the unreachable subscriptions too; filter policies on one line`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        let under = 0;
        let policies = 0;
        let unreachable = 0;
        for (const [site, url] of pages()) {
          const page = await context.newPage();
          await page.goto(site.base + url);
          const facts: NotesFacts = await page.evaluate(() => {
            const section = document.querySelector('section.sns-send')!;
            const column = section.getBoundingClientRect();
            const beside: string[] = [];
            let under = 0;
            for (const snippet of section.querySelectorAll('.snippet')) {
              if (snippet.getClientRects().length === 0) continue;
              const code = snippet.querySelector(':scope > .code-tabs');
              const foot = code ? code.getBoundingClientRect().bottom : -Infinity;
              for (const part of snippet.querySelectorAll(':scope > :not(h3, .code-tabs)')) {
                const box = part.getBoundingClientRect();
                if (box.top < foot - 1 || box.left > column.left + 2)
                  beside.push(`${part.tagName}.${part.className} at ${Math.round(box.left - column.left)}, ${Math.round(box.top - foot)}`);
                else if (code) under++;
              }
            }
            const block = section.querySelector('.sns-unreachable');
            const box = block?.querySelector('ul')?.getBoundingClientRect();
            const policyCodes = [...section.querySelectorAll('.snippet-reaches code[data-filter-scope]')].filter((c) => c.getClientRects().length > 0);
            return {
              beside,
              under,
              unreachable: box && { left: box.left, sectionLeft: column.left, width: box.width, sectionWidth: column.width },
              wrappedPolicies: policyCodes
                .filter((c) => c.getClientRects().length > 1 || c.getBoundingClientRect().height > 2 * Number.parseFloat(getComputedStyle(c).lineHeight))
                .map((c) => c.textContent!),
              policies: policyCodes.length,
            };
          });
          assert.deepEqual(facts.beside, [], `${url}: parts beside the command`);
          assert.deepEqual(facts.wrappedPolicies, [], `${url}: filter policies wrapped`);
          if (facts.unreachable) {
            const { left, sectionLeft, width: listWidth, sectionWidth } = facts.unreachable;
            assert.ok(left - sectionLeft < 40, `${url}: the unreachable list starts ${left - sectionLeft} px into the column`);
            assert.ok(listWidth >= Math.min(sectionWidth - 40, 600), `${url}: the unreachable list ${listWidth} px wide in a column of ${sectionWidth}`);
            unreachable++;
          }
          under += facts.under;
          policies += facts.policies;
          await page.close();
        }
        assert.ok(under >= 4, `${under} notes under their command`);
        assert.ok(policies >= 2, `${policies} filter policies`);
        if (HAS_CORPUS) assert.equal(unreachable, 1, 'the corpus page lists a subscription no message reaches');
      } finally {
        await context.close();
      }
    });
});
