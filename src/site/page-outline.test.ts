import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capOutline, MAX_SUB_HEADINGS, needsOutline, pageOutline } from './page-outline.ts';

describe('page outline', () => {
  it('lists h2 headings with their h3 headings under them, as text', () => {
    const html = [
      '<h2 id="h-messages"><a href="#h-messages">Messages</a></h2>',
      '<h3 id="messages-orderplaced"><span>Order placed</span></h3>',
      '<h3>No id: not linkable</h3>',
      '<h3 class="x" id="messages-ordercancelled">Order <wbr>cancelled &amp; refunded</h3>',
      '<h2 id="h-used-by">Used by</h2>',
    ].join('');
    assert.deepEqual(pageOutline(html), [
      {
        anchor: 'h-messages',
        heading: 'Messages',
        children: [
          { anchor: 'messages-orderplaced', heading: 'Order placed', children: [] },
          { anchor: 'messages-ordercancelled', heading: 'Order cancelled & refunded', children: [] },
        ],
      },
      { anchor: 'h-used-by', heading: 'Used by', children: [] },
    ]);
  });

  it('lists at most a few sub-headings a section, saying how many more it has', () => {
    const h3 = (n: number) => Array.from({ length: n }, (_, i) => `<h3 id="o${i}">Operation ${i}</h3>`).join('');
    const [few, many] = capOutline(pageOutline(`<h2 id="a">A</h2>${h3(3)}<h2 id="b">B</h2>${h3(30)}`));
    assert.equal(few?.children.length, 3);
    assert.equal(few?.more, undefined);
    assert.equal(many?.children.length, MAX_SUB_HEADINGS);
    assert.equal(many?.children.at(-1)?.heading, `Operation ${MAX_SUB_HEADINGS - 1}`);
    assert.equal(many?.more, 30 - MAX_SUB_HEADINGS);
  });

  it('reads entities in headings and anchors back as text', () => {
    const [item] = pageOutline('<h2 id="a&amp;b">&lt;T&gt; &#39;x&#x27;</h2>');
    assert.equal(item?.anchor, 'a&b');
    assert.equal(item?.heading, "<T> 'x'");
  });

  it('is needed from three sections and four entries', () => {
    const h2 = (n: number) => Array.from({ length: n }, (_, i) => `<h2 id="s${i}">S${i}</h2>`).join('');
    assert.equal(needsOutline(pageOutline(h2(2))), false);
    assert.equal(needsOutline(pageOutline(h2(3))), false);
    assert.equal(needsOutline(pageOutline(`${h2(3)}<h3 id="t">T</h3>`)), true);
    assert.equal(needsOutline(pageOutline(h2(4))), true);
    // Three sections of a page that runs over several screens (a schema's table, its example, where it is used).
    assert.equal(needsOutline(pageOutline(h2(3)), 10_001), true);
    assert.equal(needsOutline(pageOutline(h2(2)), 400_000), false);
  });
});
