import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderInlineMarkdown } from './render-markdown.ts';
import { cutInlineHtml } from './cut-inline-html.ts';

describe('cutInlineHtml', () => {
  it('leaves a text within the budget as it is', () => {
    const html = renderInlineMarkdown('Lights report what they *measure*.');
    assert.equal(cutInlineHtml(html, 40), html);
  });

  it("cuts at the last word's end within the budget, closing what is open, never inside a word", () => {
    const html = renderInlineMarkdown('Order events are published to **FIFO topics so that every** subscriber sees them in order.');
    assert.equal(cutInlineHtml(html, 43), 'Order events are published to <strong>FIFO topics</strong>…');
    assert.equal(cutInlineHtml(html, 48), 'Order events are published to <strong>FIFO topics so</strong>…');
  });

  it('counts an entity as one character and never cuts inside it', () => {
    const html = renderInlineMarkdown('A & B <and> C go together with D');
    assert.equal(cutInlineHtml(html, 12), 'A &amp; B &lt;and&gt;…');
  });

  it('drops the separator before the ellipsis, and cuts a word longer than the budget', () => {
    assert.equal(cutInlineHtml('one, two, three, four', 12), 'one, two…');
    assert.equal(cutInlineHtml('Supercalifragilistic', 5), 'Super…');
  });
});
