/**
 * Long real-world names in the sidebar (springwolf's schemas: `SpringKafkaDefaultHeaders-
 * RequiredAndNullablePayloadDto`, Java class names): each takes at most two lines, its
 * continuation hung under its start so that one entry reads as one, and a name cut short says
 * so with "…" and carries its full name in its title (Redocly's sidebar truncates the same way).
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { tempTree } from '../test/helpers.ts';
import { accessibilityFindings, buildServeAndBrowse, closeAll } from './support.ts';

const NAMES = [
  'SpringKafkaDefaultHeaders-RequiredAndNullablePayloadDto',
  'SpringKafkaDefaultHeaders-ExamplePayloadDto-546532105',
  'SpringKafkaDefaultHeaders-MonetaryAmount',
  'io.github.springwolf.examples.kafka.dtos.discriminator.VehicleElectricPayloadDto',
  'Money',
];

const DOCUMENT = `apidesc: 3.0.0
info: {title: Long names, version: 1.0.0}
components:
  schemas:
${NAMES.map((n) => `    '${n}': {type: object, properties: {id: {type: string}}}`).join('\n')}
`;

describe('long names in the sidebar', () => {
  let browser: Browser;
  let server: Server;
  let base = '';
  before(async () => {
    ({
      site: { server, base },
      browser,
    } = await buildServeAndBrowse(['long.yaml'], tempTree({ 'long.yaml': DOCUMENT })));
  });
  after(() => closeAll(browser, server));

  it('1280 px: every name on at most two lines, hung under its start; one cut short ends in "…" and has its full name in its title', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}components/schemas/money/`);
    const links = await page.locator('nav.sidebar ul a').evaluateAll((as) =>
      as.map((a) => {
        const name = a.querySelector('.nav-name') ?? a;
        const style = getComputedStyle(name);
        const lineHeight = Number.parseFloat(style.lineHeight);
        const rect = name.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(name);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        return {
          text: a.textContent ?? '',
          title: a.getAttribute('title'),
          shownLines: Math.round(rect.height / lineHeight),
          lines,
          cut: name.scrollHeight > name.clientHeight + 1,
          hang: Number.parseFloat(style.textIndent),
          // The name's first letter inside its box, not cut off by the hanging indent.
          clipped: Math.min(...[...range.getClientRects()].map((r) => r.left)) < rect.left - 0.5,
        };
      }),
    );
    for (const link of links.filter((l) => l.text.length > 20)) {
      assert.ok(link.shownLines <= 2, `"${link.text}" shows ${link.shownLines} lines`);
      assert.equal(link.clipped, false, `"${link.text}" starts inside its box`);
      if (link.cut) assert.equal(link.title, link.text, `"${link.text}" is cut short: its full name in its title`);
      if (link.lines > 1) assert.ok(link.hang < 0, `"${link.text}" wraps: its continuation hung under its start`);
    }
    assert.ok(
      links.some((l) => l.cut),
      `the longest names are cut short: ${JSON.stringify(links)}`,
    );
    await page.close();
  });

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, base, ['components/schemas/money/']), []);
  });
});
