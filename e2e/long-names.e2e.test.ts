/**
 * Long real-world names in the sidebar (springwolf's schemas: `SpringKafkaDefaultHeaders-
 * RequiredAndNullablePayloadDto`, Java class names): each shown whole, wrapped only where a reader
 * sees a break (after `-`, `.`, `_`, between camelCase words), its continuation hung under its
 * start so that one entry reads as one; siblings that differ only at their ends are told apart
 * (Redocly and Starlight wrap long names; none is cut with "…").
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
  'SpringKafkaDefaultHeaders-AnotherPayloadDto',
  'SpringKafkaDefaultHeaders-AnotherPayloadEnvelopeDto',
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

  it('1280 px: every name whole, wrapped between its words only, hung under its start, none cut with "…"', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}components/schemas/money/`);
    const links = await page.locator('nav.sidebar ul a').evaluateAll((as) =>
      as.map((a) => {
        const name = a.querySelector('.nav-name') ?? a;
        const style = getComputedStyle(name);
        const rect = name.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(name);
        // Each line's text: the text nodes between <wbr>s, grouped by the line they are drawn on.
        const lineTexts = new Map<number, string>();
        for (const node of [...name.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
          const part = document.createRange();
          part.selectNodeContents(node);
          const tops = new Set([...part.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) lineTexts.set(-1, `${lineTexts.get(-1) ?? ''}|${node.textContent}`);
          const top = Math.round(part.getBoundingClientRect().top);
          lineTexts.set(top, (lineTexts.get(top) ?? '') + (node.textContent ?? ''));
        }
        return {
          text: a.textContent ?? '',
          lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          brokenInside: lineTexts.get(-1) ?? '',
          cut:
            name.scrollHeight > name.clientHeight + 1 ||
            name.scrollWidth > name.clientWidth + 1 ||
            style.textOverflow === 'ellipsis' ||
            style.webkitLineClamp !== 'none',
          hang: Number.parseFloat(style.textIndent),
          // The name's first letter inside its box, not cut off by the hanging indent.
          clipped: Math.min(...[...range.getClientRects()].map((r) => r.left)) < rect.left - 0.5,
        };
      }),
    );
    // (A Java class name is listed by its class: its package is on its page.)
    for (const name of NAMES.map((n) => n.slice(n.lastIndexOf('.') + 1)))
      assert.ok(
        links.some((l) => l.text === name),
        `"${name}" is in the sidebar, whole`,
      );
    for (const link of links.filter((l) => l.text.length > 20)) {
      assert.equal(link.cut, false, `"${link.text}" is shown whole`);
      assert.equal(link.brokenInside, '', `"${link.text}" wraps between its words only`);
      assert.equal(link.clipped, false, `"${link.text}" starts inside its box`);
      if (link.lines > 1) assert.ok(link.hang < 0, `"${link.text}" wraps: its continuation hung under its start`);
    }
    assert.ok(
      links.some((l) => l.lines > 2),
      `the longest names take the lines they need: ${JSON.stringify(links)}`,
    );
    await page.close();
  });

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, base, ['components/schemas/money/']), []);
  });
});
