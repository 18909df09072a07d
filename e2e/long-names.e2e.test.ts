/**
 * Long real-world names in the sidebar (springwolf's schemas: `SpringKafkaDefaultHeaders-
 * RequiredAndNullablePayloadDto`, Java class names): names that share a long head are listed under
 * it, said once (name-families.ts), each showing what sets it apart, whole, never cut with "…"; a
 * name longer than the line wraps only between its words; each link's accessible name and tooltip
 * the whole name.
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
info: {title: Long names, version: '%REPLACED_BY_MAVEN_PROJECT_RELEASE_VERSION%'}
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
    it(`${width} px: a shared head said once, each name after it whole, wrapped only between words, its whole name its link's name`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${base}components/schemas/money/`);
      if (width < 700) await page.locator('label.nav-button').click();
      const heads = await page.locator('nav.sidebar .nav-family > .nav-head').allTextContents();
      assert.deepEqual(heads, ['SpringKafkaDefaultHeaders-'], 'the head of the five header schemas, once');
      const links = await page.locator('nav.sidebar details ul a[title]').evaluateAll((as) =>
        as.map((a) => {
          // Each piece between two <wbr> is a text node: one drawn on two lines was broken inside a word.
          const brokenPieces: string[] = [];
          for (const node of a.childNodes) {
            if (node.nodeType !== Node.TEXT_NODE) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) brokenPieces.push(node.textContent ?? '');
          }
          return {
            text: a.textContent ?? '',
            title: a.getAttribute('title') ?? '',
            label: a.getAttribute('aria-label'),
            inFamily: a.closest('.nav-family')?.querySelector('.nav-head')?.textContent ?? '',
            overflows: a.scrollWidth > a.clientWidth + 1,
            ellipsis: getComputedStyle(a).textOverflow === 'ellipsis' || a.textContent?.includes('…'),
            brokenPieces,
          };
        }),
      );
      for (const name of ['RequiredAndNullablePayloadDto', 'ExamplePayloadDto-546532105', 'MonetaryAmount', 'AnotherPayloadDto', 'AnotherPayloadEnvelopeDto']) {
        const link = links.find((l) => l.text === name);
        assert.ok(link, `"${name}" is listed by what sets it apart: ${JSON.stringify(links.map((l) => l.text))}`);
        assert.equal(link.inFamily, 'SpringKafkaDefaultHeaders-');
        assert.equal(link.label, `SpringKafkaDefaultHeaders-${name}`, 'its accessible name is its whole name');
        assert.equal(link.title, `SpringKafkaDefaultHeaders-${name}`);
      }
      // (A Java class name is listed by its class, or by as much of its package as tells it apart.)
      for (const name of ['VehicleElectricPayloadDto', 'orders.CustomsDeclarationPayloadDto', 'billing.CustomsDeclarationPayloadDto', 'Money'])
        assert.equal(links.find((l) => l.text === name)?.inFamily, '', `"${name}" stands alone: ${JSON.stringify(links.map((l) => l.text))}`);
      assert.equal(
        links.find((l) => l.text === 'VehicleElectricPayloadDto')?.title,
        'io.github.springwolf.examples.kafka.dtos.discriminator.VehicleElectricPayloadDto',
      );
      for (const link of links) {
        assert.equal(link.overflows, false, `"${link.text}" fits its line, not clipped`);
        assert.equal(link.ellipsis, false, `"${link.text}" is not cut with "…"`);
        assert.deepEqual(link.brokenPieces, [], `"${link.text}" wraps only between its words`);
        assert.ok(link.title.endsWith(link.text), `"${link.text}" has its whole name in its tooltip: ${link.title}`);
      }
      await page.close();
    });
  }

  it('390 px: the list of schemas wraps a long name only between its words, and starts each id where its card text starts', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${base}components/schemas/`);
    const cards = await page.locator('ul.cards > li').evaluateAll((lis) =>
      lis.map((li) => {
        const a = li.querySelector('a')!;
        const brokenPieces: string[] = [];
        for (const node of a.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) brokenPieces.push(node.textContent ?? '');
        }
        const id = li.querySelector('.entry-meta code');
        return { name: a.textContent ?? '', brokenPieces, idIndent: id ? Math.round(id.getBoundingClientRect().left - a.getBoundingClientRect().left) : 0 };
      }),
    );
    assert.ok(cards.some((c) => c.name === 'SpringKafkaDefaultHeaders-RequiredAndNullablePayloadDto'));
    for (const card of cards) {
      assert.deepEqual(card.brokenPieces, [], `"${card.name}" wraps only between its words`);
      assert.equal(card.idIndent, 0, `"${card.name}": its id starts under its name`);
    }
    await page.close();
  });

  for (const width of [390, 320]) {
    it(`${width} px: a version longer than the header's room (a placeholder left unfilled) is cut with its whole text its tooltip, never widening the page`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${base}components/schemas/money/`);
      const header = await page.evaluate(() => {
        const version = document.querySelector('header.site .version')!;
        return { pageWidth: document.documentElement.scrollWidth, right: version.getBoundingClientRect().right, title: version.getAttribute('title') };
      });
      assert.ok(header.pageWidth <= width, `the page is ${header.pageWidth} px wide`);
      assert.ok(header.right <= width, `the version ends at ${header.right} px`);
      assert.equal(header.title, '%REPLACED_BY_MAVEN_PROJECT_RELEASE_VERSION%');
      await page.close();
    });
  }

  it('has no accessibility finding in either theme', async () => {
    assert.deepEqual(await accessibilityFindings(browser, base, ['components/schemas/money/']), []);
  });
});
