/**
 * A portal of real documents in Chromium (the corpus: Adeo's Kafka request–reply, whose version
 * Maven never filled in, the Kafka streetlights, an IBM MQ and an sns API, and the social media
 * example of several files): the cards of one row are one height and compact (each card's parts
 * one under the other from its top, no band left for a part it lacks or a line its title does not
 * use; the space left over at its foot); the system
 * map's labels, measured as the browser draws them, overlap no other label and no box; and an
 * unfilled version is said as such on the card, the overview and the header; a channel names its
 * servers with their host and protocol.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, runCli, serveSite } from './support.ts';
import { tempDir } from '../test/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../test/corpus-location.ts';

const DOCUMENTS = ['spec-adeo-kafka-request-reply.yaml', 'spec-streetlights-kafka.yaml', 'studio-ibmmq.yaml', 'bindings-sns-fifo-orders.yaml'];
/** The parts of a card, in their order (site.css). */
const PARTS = ['a:first-child', '.entry-version', '.entry-summary', '.entry-flows', '.entry-counts', '.entry-facets'];

describe('a portal of real documents in Chromium', { skip: HAS_CORPUS ? false : 'no corpus' }, () => {
  const dir = tempDir('apidesc-portal-real-');
  let server: Server;
  let browser: Browser;
  let base = '';
  before(async () => {
    mkdirSync(join(dir, 'apis'));
    for (const name of DOCUMENTS) cpSync(join(CORPUS, 'valid', name), join(dir, 'apis', name));
    cpSync(join(CORPUS, 'multi-file', 'spec-social-media'), join(dir, 'apis', 'spec-social-media'), { recursive: true });
    assert.equal(await runCli(['build', 'apis', '--out', 'site', '--cache', 'cache', '--allow-invalid'], dir), 0);
    ({ server, base } = await serveSite(join(dir, 'site')));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const width of [1280, 900])
    it(`${width} px: the cards of a row have one height, each card's parts one under the other with no empty band`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base);
      const cards = await page.locator('ul.api-cards > li').evaluateAll(
        (els, parts) =>
          els.map((el) => {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            return {
              title: el.querySelector('a')?.textContent ?? '',
              top: Math.round(box.top),
              height: Math.round(box.height),
              // The content's top: the card's top and its border and padding.
              inner: box.top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop),
              // Each part the card has, top and bottom, in their order.
              parts: parts.flatMap((p) => {
                const part = el.querySelector(`:scope > ${p}`);
                if (!part) return [];
                const r = part.getBoundingClientRect();
                return [{ part: p, top: r.top, bottom: r.bottom }];
              }),
            };
          }),
        PARTS,
      );
      await page.close();
      const rows = Map.groupBy(cards, (c) => c.top);
      assert.ok(
        [...rows.values()].some((row) => row.length > 1),
        'cards side by side',
      );
      for (const row of rows.values()) {
        const names = row.map((c) => c.title).join(', ');
        assert.equal(new Set(row.map((c) => c.height)).size, 1, `one height: ${names} ${row.map((c) => c.height)}`);
        for (const card of row) {
          // Its text from the top; each part under the one before, by the gap between parts only (0.3rem: under 8 px).
          assert.ok(Math.abs(card.parts[0]!.top - card.inner) <= 1, `${card.title}: starts at the top`);
          for (const [i, part] of card.parts.entries()) {
            if (i === 0) continue;
            const gap = part.top - card.parts[i - 1]!.bottom;
            assert.ok(gap >= 0 && gap < 8, `${card.title}: ${gap.toFixed(1)} px between ${card.parts[i - 1]!.part} and ${part.part}`);
          }
        }
      }
    });

  it("the system map's labels, as drawn, overlap no other label and no box", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(base);
    const clashes = await page
      .locator('svg.diagram')
      .first()
      .evaluate((svg: SVGSVGElement) => {
        const rect = (el: SVGGraphicsElement, name: string) => {
          const b = el.getBBox();
          return { name, x: b.x, y: b.y, w: b.width, h: b.height };
        };
        // Each label's lines as one box (its text as drawn, in the browser's font), and each API's box.
        const labels = [...svg.querySelectorAll<SVGRectElement>('rect.dg-edge-label-bg')].map((bg) => {
          const lines: SVGTextElement[] = [];
          for (let next = bg.nextElementSibling; next?.matches('text.dg-edge-label'); next = next.nextElementSibling) lines.push(next as SVGTextElement);
          const boxes = lines.map((l) => l.getBBox());
          const x = Math.min(...boxes.map((b) => b.x));
          const y = Math.min(...boxes.map((b) => b.y));
          return {
            name: lines.map((l) => l.textContent).join(' '),
            x,
            y,
            w: Math.max(...boxes.map((b) => b.x + b.width)) - x,
            h: Math.max(...boxes.map((b) => b.y + b.height)) - y,
          };
        });
        const boxes = [...svg.querySelectorAll<SVGRectElement>('.dg-node > rect')].map((r) =>
          rect(r, r.parentElement?.querySelector('title')?.textContent ?? ''),
        );
        const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
          a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        const out: string[] = [labels.length === 0 ? 'no labels' : ''];
        for (const [i, a] of labels.entries()) {
          for (const b of labels.slice(i + 1)) if (overlap(a, b)) out.push(`${a.name} × ${b.name}`);
          for (const b of boxes) if (overlap(a, b)) out.push(`${a.name} × box ${b.name}`);
        }
        return out.filter(Boolean);
      });
    await page.close();
    assert.deepEqual(clashes, []);
  });

  it('says a version Maven did not fill in as such, quietly, on the card and, once on the overview, in the header', () => {
    const said = '<span class="version-unfilled">version not filled in: <code>%REPLACED_BY_MAVEN%</code></span>';
    const root = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    const overview = readFileSync(join(dir, 'site', 'spec-adeo-kafka-request-reply', 'index.html'), 'utf8');
    assert.ok(root.includes(`<span class="entry-meta entry-version"><span>${said}</span>`), 'the card');
    assert.ok(overview.includes('<p class="kind" data-pagefind-ignore>API</p>'), "the overview's eyebrow: the kind alone");
    assert.ok(overview.includes(`<span class="version" title="%REPLACED_BY_MAVEN%">${said}</span>`), 'the header, its whole text its tooltip');
    assert.equal(overview.split(said).length - 1, 1, 'the version said once on the overview');
    assert.doesNotMatch(root + overview, /version %REPLACED_BY_MAVEN%/);
  });

  it("lists a channel's servers with where clients connect and their protocol", () => {
    const channel = readFileSync(join(dir, 'site', 'spec-streetlights-kafka', 'channels', 'lightingmeasured', 'index.html'), 'utf8');
    assert.match(
      channel,
      /<li><a href="\/spec-streetlights-kafka\/servers\/scram-connections\/">scram-connections<\/a> <code class="template">test\.<wbr>mykafkacluster\.<wbr>org:<wbr>18092<\/code><span class="kind"> Kafka \(TLS\)<\/span><\/li>/,
    );
  });
});
