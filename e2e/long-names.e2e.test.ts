/**
 * Long real-world names in the sidebar (springwolf's schemas: `SpringKafkaDefaultHeaders-
 * RequiredAndNullablePayloadDto`, Java class names): one line each, as Redocly shows them; a name
 * longer than the line cut with "…" where its head gives way and its end stays, so that siblings
 * that differ only at their ends, or only in their package, are told apart; the whole name in the
 * link's tooltip and its text.
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
  'org.acme.orders.CustomsDeclarationPayloadDto',
  'org.acme.billing.CustomsDeclarationPayloadDto',
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

  for (const width of [1280, 390]) {
    it(`${width} px: one line per name, its end kept whole where the line cuts its head, its whole id in the tooltip`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${base}components/schemas/money/`);
      if (width < 700) await page.locator('label.nav-button').click();
      const links = await page.locator('nav.sidebar ul a:has(.nav-name)').evaluateAll((as) =>
        as.map((a) => {
          const name = a.querySelector('.nav-name')!;
          const end = name.querySelector('.nav-end');
          const head = name.querySelector('.nav-head');
          // The lines its letters are drawn on (text nodes: the boxes of its spans sit a pixel higher).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) tops.add(Math.round(r.top));
          }
          return {
            text: a.textContent ?? '',
            title: a.getAttribute('title') ?? '',
            lines: tops.size,
            overflows: name.scrollWidth > name.clientWidth + 1 && getComputedStyle(name).textOverflow !== 'ellipsis' && !head,
            endCut: end ? end.scrollWidth > end.clientWidth + 1 : false,
            endWhole: end ? end.scrollWidth <= end.clientWidth + 1 : false,
            headShown: head ? head.clientWidth : -1,
            cut: head ? head.scrollWidth > head.clientWidth + 1 : name.scrollWidth > name.clientWidth + 1,
          };
        }),
      );
      // (A Java class name is listed by its class, or by as much of its package as tells it apart.)
      for (const name of [
        'SpringKafkaDefaultHeaders-RequiredAndNullablePayloadDto',
        'VehicleElectricPayloadDto',
        'orders.CustomsDeclarationPayloadDto',
        'billing.CustomsDeclarationPayloadDto',
      ])
        assert.ok(
          links.some((l) => l.text === name),
          `"${name}" is in the sidebar, whole in its text: ${JSON.stringify(links.map((l) => l.text))}`,
        );
      for (const link of links) {
        assert.equal(link.lines, 1, `"${link.text}" takes one line: ${JSON.stringify(link)}`);
        assert.equal(link.overflows, false, `"${link.text}" is cut with "…", not clipped`);
        // The head gives way first: the end is cut only where it alone is longer than the line, with the head at its least.
        if (link.endCut) assert.ok(link.headShown <= 45, `"${link.text}": its end is cut before its head (${link.headShown} px of head)`);
        if (link.headShown >= 0) assert.ok(link.headShown >= 16, `"${link.text}": a little of its head shows (${link.headShown} px)`);
        assert.ok(link.title.endsWith(link.text), `"${link.text}" has its whole name in its tooltip: ${link.title}`);
      }
      assert.equal(
        links.find((l) => l.text === 'VehicleElectricPayloadDto')?.title,
        'io.github.springwolf.examples.kafka.dtos.discriminator.VehicleElectricPayloadDto',
      );
      // Siblings that differ only at their ends read apart: each end shown whole.
      for (const name of ['SpringKafkaDefaultHeaders-AnotherPayloadDto', 'SpringKafkaDefaultHeaders-MonetaryAmount'])
        assert.equal(links.find((l) => l.text === name)?.endWhole, true, `${name}: its end shows whole`);
      assert.ok(
        links.some((l) => l.cut),
        `the longest names are cut: ${JSON.stringify(links)}`,
      );
      await page.close();
    });
  }

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, base, ['components/schemas/money/']), []);
  });
});
