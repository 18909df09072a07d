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

  it('ends at the last sentence within the budget, whole and without "…", rather than mid-phrase', () => {
    // The portal's user accounts card read "…are declared on the…".
    const html = renderInlineMarkdown(
      'The **user accounts** service publishes lifecycle events to an SNS topic. Subscribers (SQS queues, HTTPS webhooks, e-mail and Lambda) are declared on the topic.',
    );
    assert.equal(cutInlineHtml(html, 150), 'The <strong>user accounts</strong> service publishes lifecycle events to an SNS topic.');
    // A stop inside an element ends the sentence too, and the element is closed where it was.
    assert.equal(cutInlineHtml('Sends <em>orders.</em> Then a long tail of words follows here', 30), 'Sends <em>orders.</em>');
  });

  it('ends at the last clause within the budget where no sentence ends, else at a word\'s end, with "…"', () => {
    const html = renderInlineMarkdown('Lights report what they measure, every five minutes, to the broker: the lux level and the lamp temperature');
    assert.equal(cutInlineHtml(html, 80), 'Lights report what they measure, every five minutes, to the broker…');
    // A sentence or clause that keeps too little of the budget is not where it stops: a word's end is.
    assert.equal(cutInlineHtml('Hi. Then a long run of words without any stop in it at all', 40), 'Hi. Then a long run of words without any…');
    assert.equal(cutInlineHtml('One, then a long run of words without any stop in it at all', 40), 'One, then a long run of words without…');
    // An entity's semicolon ends no clause.
    assert.equal(cutInlineHtml('Tom &amp; Jerry run and run and run again', 30), 'Tom &amp; Jerry run and run and…');
  });
});
