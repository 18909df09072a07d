/**
 * A version's page against the newest, as text: a hostile message, object, pointer, file and label
 * stay text; a breaking change of a sent message leads with whom it breaks (change-words.ts); an
 * object with a page in the newest is linked there.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteChanges } from '../../site/site-data-types.ts';
import { changesToLatestArticle } from './changes-article.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';

const changes: SiteChanges = {
  against: 'v1 → latest',
  counts: { breaking: 1, 'non-breaking': 0, info: 0 },
  badges: [],
  groups: [
    {
      severity: 'breaking',
      total: 1,
      notShown: 0,
      apis: [
        {
          api: 'orders.yaml',
          objects: [
            {
              anchor: 'change-1',
              object: `message orders/${HOSTILE}`,
              url: 'channels/orders/messages/orderplaced/',
              notShown: 0,
              entries: [
                {
                  rule: 'schema-enum-value-added',
                  message: `payload.status: new value "${HOSTILE}"`,
                  direction: 'send',
                  pointer: `/x/${HOSTILE}`,
                  file: `api/${HOSTILE}.yaml`,
                  line: 3,
                  side: 'head',
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('changesToLatestArticle', () => {
  const html = changesToLatestArticle(changes, { from: { label: `v1${HOSTILE}`, root: '/v1/' }, to: { label: 'latest', root: '/' } }, false);

  it('keeps every text of the documents and the version names as text', () => {
    assert.ok(!html.includes('<img'), html);
    assert.match(html, /<h1>Changes from v1&lt;img src=x onerror=alert\(1\)&gt; to the newest \(latest\)<\/h1>/);
  });

  it('leads a breaking change of a sent message with whom it breaks, the object linked to its page in the newest', () => {
    // The field changed linked to its row on the message's page in the newest.
    assert.match(
      html,
      /<strong class="change-whom">Breaks its receivers: <\/strong><a class="change-field" href="\/channels\/orders\/messages\/orderplaced\/#payload\.status"><code>payload\.status<\/code><\/a>: new value/,
    );
    assert.match(html, /<h3 id="change-1" class="change-object-title"><a href="\/channels\/orders\/messages\/orderplaced\/">/);
    assert.match(html, /<span class="badge change-breaking">1 breaking<\/span>/);
  });

  it('names the two sides once each, by label, with a version number only where the numbers differ and the label does not say it', () => {
    const sides = { from: { label: 'v1', root: '/v1/' }, to: { label: 'latest', root: '/' } };
    const differ = changesToLatestArticle({ ...changes, versions: { base: '1.0.0', head: '1.1.0' } }, sides, false);
    assert.match(
      differ,
      /<p class="changes-sides"><a href="\/v1\/">v1<\/a> \(version <strong>1\.0\.0<\/strong>\)<span aria-hidden="true"> → <\/span><span class="visually-hidden"> to <\/span><a href="\/">latest<\/a> \(version <strong>1\.1\.0<\/strong>\)<\/p>/,
    );
    const same = changesToLatestArticle({ ...changes, versions: { base: '1.0.0', head: '1.0.0' } }, sides, false);
    assert.match(
      same,
      /<p class="changes-sides"><a href="\/v1\/">v1<\/a><span aria-hidden="true"> → <\/span><span class="visually-hidden"> to <\/span><a href="\/">latest<\/a><\/p>/,
    );
    const labelled = changesToLatestArticle(
      { ...changes, versions: { base: '1.0.0', head: '1.1.0' } },
      { from: { label: 'v1.0.0', root: '/v1.0.0/' }, to: sides.to },
      false,
    );
    assert.match(labelled, /">v1\.0\.0<\/a><span aria-hidden/);
    for (const page of [differ, same, labelled]) assert.doesNotMatch(page, /From<\/span>|>to<\/span>/);
  });
});
