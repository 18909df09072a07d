/**
 * What a reference page shows beside its fields (issue 34, round 3): a schema's examples once
 * (in the panel, not again as "e.g." under the schema's name and each field, unless a field's
 * value adds something), a schema without examples shown with the part of a message's written
 * example at its place (saying which), an example whose discriminator value selects no schema
 * flagged on the published page, and an sns operation's payload before its subscriptions.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempDir } from './helpers.ts';

const FIXTURE = resolve(import.meta.dirname, 'fixtures/reference-panel/vehicles.yaml');

describe('reference pages: examples beside the fields, once', () => {
  const out = join(tempDir('apidesc-reference-panel-'), 'site');
  let run: { code: number; out: string; err: string };
  before(async () => {
    run = await runIn(resolve(import.meta.dirname, 'fixtures/reference-panel'), ['build', FIXTURE, '--out', out]);
  });
  const page = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8');
  /** The text of the schema table's "e.g." lines. */
  const eg = (html: string): string[] => [...html.matchAll(/<p class="values"[^>]*>e\.g\.([\s\S]*?)<\/p>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());

  it('shows a schema example in the panel, and no row repeats it or its values', () => {
    assert.equal(run.code, 0, run.err);
    const html = page('components/schemas/vehicle/');
    assert.match(html, /<aside class="ref-panel" aria-label="Examples of Vehicle">/);
    assert.equal(html.match(/<figure class="example">/g)?.length, 1, 'the example once');
    // The values the example holds (LX-1042, 130) are not said again; MX-2001 is not in it, and stays.
    assert.deepEqual([...new Set(eg(html))], ['&quot;MX-2001&quot;']);
    assert.doesNotMatch(html, /<pre class="example-value"/, "no example whole under the schema, nor a shape's under the shape");
  });

  it("shows on a message's page the example its payload schema gives, as the document's, and does not repeat it under the fields", () => {
    const html = page('components/messages/fleetcounted/');
    assert.match(html, /<figure class="example"><figcaption><strong data-pagefind-ignore>The document&#39;s example<\/strong>/);
    assert.doesNotMatch(html, /The document gives no example:/, 'the document gives one: its payload schema does');
    assert.match(html, /"onTheRoad"<\/span>: <span class="hl-constant">12/, "the schema's values");
    assert.doesNotMatch(html, /<pre class="example-value"/, 'the schema example whole is not shown again under the payload');
    assert.deepEqual(eg(html), [], 'nor its values under each field');
  });

  it("takes a schema's example from a message's written example, saying where from, and only one its schema accepts", () => {
    const money = page('components/schemas/money/');
    assert.match(
      money,
      /The schema gives no example: this one is taken from <code>stops\[0\]\.fare<\/code> in the payload of the example <strong>cityTrip<\/strong> of the message <a href="\/components\/messages\/tripfinished\/">Trip finished<\/a>\./,
    );
    // Said to the reader, not to search: a search for the field finds its row, not this note on another page.
    assert.match(money, /<p class="kind reused-from" data-pagefind-ignore>The schema gives no example/);
    assert.match(money, /"amount"<\/span>: <span class="hl-constant">4\.5/);
    assert.doesNotMatch(money, /generated/);
    const trip = page('components/schemas/trip/');
    assert.match(trip, /taken from the payload of the example <strong>cityTrip<\/strong>/);
    // Diesel's place holds the electric van, which Diesel's schema cannot be shown to accept: generated instead.
    assert.match(page('components/schemas/diesel/'), /The document gives no example/);
    // The Markdown twin says it too.
    assert.match(
      readFileSync(join(out, 'components/schemas/money/index.md'), 'utf8'),
      /taken from `stops\[0\]\.fare` in the payload of the example cityTrip of the message \[Trip finished\]/,
    );
  });

  it('warns beside an example whose discriminator value selects no schema, on the published page', () => {
    assert.match(run.out, /discriminator-example/, 'printed for the author');
    const html = page('components/schemas/electric/');
    const warning = /<div class="example-warning" role="note"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    assert.match(warning, /<code>vehicleType<\/code> is &quot;string&quot;, which selects none of the schemas: it should be &quot;Electric&quot;/);
    assert.doesNotMatch(warning, /discriminator-example|vehicles\.yaml:\d+/, 'no rule name nor file:line for readers');
    // One quiet line under the example that says what is wrong, visible; further problems would be folded under it.
    assert.match(warning, /^<p>This example does not satisfy its schema: <code>vehicleType<\/code>/);
    assert.doesNotMatch(warning, /<details>/, 'one problem: nothing folded');
    assert.match(html, /<pre[\s\S]*?<div class="example-warning"/, 'after the example');
    assert.doesNotMatch(page('components/schemas/vehicle/'), /class="example-warning"/, 'a right example is not flagged');
  });

  it("puts an sns operation's messages and examples before its subscriptions, the publish commands after the subscriptions, out of the panel", () => {
    for (const url of ['operations/publishfleetevents/', 'operations/receivefleetevents/']) {
      const html = page(url);
      const at = (id: string): number => html.indexOf(`id="${id}"`);
      assert.ok(at('h-messages') > 0 && at('h-messages') < at('h-examples') && at('h-examples') < at('h-sns'), url);
      // The commands follow the fields and their examples at the column's whole width: the panel, without them, is not much taller than the fields.
      if (url.includes('publish')) {
        assert.ok(at('sns-publish') > at('h-sns'), 'the commands after the subscriptions, as a receiving operation has them in its subscriptions');
        assert.ok(!/<aside class="ref-panel"[\s\S]*?<\/aside>/.exec(html)![0].includes('id="sns-publish"'), 'the commands are not in the panel');
      }
      // A second message says what it is when closed.
      assert.match(
        html,
        /<details class="message-card" id="messages-tripfinished"><summary><h3[^>]*><span>Trip finished<\/span><\/h3><span class="message-summary" data-pagefind-ignore>A driver ended a trip\.<\/span><span class="message-toggle"/,
      );
    }
  });

  it("shows an operation's first example unfolded at every width (review 15: on a phone it took a tap), its further examples folded under their names", () => {
    const html = page('operations/publishfleetevents/');
    const panel = /<aside class="ref-panel[\s\S]*?<\/aside>/.exec(html)![0];
    assert.doesNotMatch(panel, /fold-narrow/, 'no fold around the examples');
    assert.match(
      panel,
      /<h2 id="h-examples" class="panel-title"[^>]*>[^<]*<\/h2>\s*(?:<p[^>]*>[\s\S]*?<\/p>\s*)*(?:<fieldset[\s\S]*?<\/fieldset>\s*)?<div class="panel-(?:tab|group)"[^>]*>[\s\S]*?<figure class="example">/,
    );
  });
});
