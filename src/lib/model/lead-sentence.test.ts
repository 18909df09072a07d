import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leadSentence } from './lead-sentence.ts';

describe('lead sentence of a description', () => {
  it('is the first sentence of the first paragraph', () => {
    assert.equal(leadSentence('An amount of money. Amounts are exact.\n\nMore.'), 'An amount of money.');
    assert.equal(leadSentence('One line\nwrapped. Second.'), 'One line wrapped.');
    assert.equal(leadSentence('No full stop'), 'No full stop');
  });

  it('does not end at a dot inside code, an abbreviation or a number', () => {
    assert.equal(leadSentence('Set `a.b. c` first. Then go.'), 'Set `a.b. c` first.');
    assert.equal(leadSentence('Codes, e.g. EUR or USD. More.'), 'Codes, e.g. EUR or USD.');
    assert.equal(leadSentence('Version 1.0.2 of it. More.'), 'Version 1.0.2 of it.');
  });

  it('is cut at a word past 180 characters, an open code span closed', () => {
    const long = leadSentence(`${'word '.repeat(30)}\`code ${'x '.repeat(20)}\` end.`)!;
    assert.ok(long.length <= 183, long);
    assert.ok(long.endsWith('`…'), long);
  });

  it('is nothing for a heading, a list, a table or code', () => {
    for (const md of ['# Title', '- a\n- b', '| a | b |', '```\ncode\n```', '<div>x</div>']) assert.equal(leadSentence(md), undefined, md);
  });
});
