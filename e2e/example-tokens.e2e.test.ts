/**
 * Tokens in an example's lines (an upper-case UUID, an ARN, a receipt handle): in the examples'
 * column of a message's page and of the operation that sends it, a value too long for its line
 * wraps only after one of its separators (`-`, `.`, `:`, `/`, `_`) or at a space (the ARN's
 * resource name also between its camelCase words), never at a capital inside a token (`9|A51`,
 * `…Kyr|Hig…`), which reads as two values; read at a desk's
 * width and a phone's (test/fixtures/tokens).
 */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildServeAndBrowse, closeAll, type ServedSite } from './support.ts';

const FIXTURE = resolve(import.meta.dirname, '../test/fixtures/tokens');
const PAGES = ['components/messages/deadletter/', 'operations/redrivedeadletter/'];

describe("an example's tokens", () => {
  let browser: Browser;
  let site: ServedSite;
  before(async () => {
    ({ site, browser } = await buildServeAndBrowse(['queue-tokens.yaml'], FIXTURE));
  });
  after(() => closeAll(browser, site));

  for (const width of [1280, 390]) {
    it(`${width} px: a token's line wraps only after a separator, and the tokens do wrap`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        for (const url of PAGES) {
          await page.goto(`${site.base}${url}`);
          const { cuts, wraps } = await page.evaluate(() => {
            for (const d of document.querySelectorAll('main details')) (d as HTMLDetailsElement).open = true;
            const cuts: string[] = [];
            let wraps = 0;
            for (const line of document.querySelectorAll('aside.ref-panel pre .line')) {
              if (!/3F2A9C1E|arn:aws|AQEB/.test(line.textContent ?? '')) continue;
              // Each character with the row it is drawn on; a row change inside a line is a wrap.
              const chars: { c: string; top: number }[] = [];
              const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
                for (let i = 0; i < node.data.length; i++) {
                  const range = document.createRange();
                  range.setStart(node, i);
                  range.setEnd(node, i + 1);
                  const rect = range.getClientRects()[0];
                  if (rect) chars.push({ c: node.data[i]!, top: rect.top });
                }
              }
              // The ARN's resource name is words (`OrderEvents|Notifications`): it may wrap between them too.
              const words = /arn:aws/.test(line.textContent ?? '');
              for (let i = 1; i < chars.length; i++) {
                if (chars[i]!.top <= chars[i - 1]!.top + 2) continue;
                wraps++;
                const wordStart = words && /[a-z0-9]/.test(chars[i - 1]!.c) && /[A-Z]/.test(chars[i]!.c) && /[a-z]/.test(chars[i + 1]?.c ?? '');
                if (!wordStart && !/[\s\-.:/_]/.test(chars[i - 1]!.c))
                  cuts.push(
                    `${chars
                      .slice(Math.max(0, i - 12), i)
                      .map((x) => x.c)
                      .join('')}|${chars
                      .slice(i, i + 12)
                      .map((x) => x.c)
                      .join('')}`,
                  );
              }
            }
            return { cuts, wraps };
          });
          assert.deepEqual(cuts, [], `${url}: tokens cut inside`);
          if (width === 390) assert.ok(wraps > 0, `${url}: the long tokens wrap on a phone (${wraps})`);
        }
      } finally {
        await page.close();
      }
    });
  }
});
