/**
 * Markdown nested thousands of levels deep, built (hostile input): descriptions and summaries of
 * block quotes, lists, emphasis and brackets nested so deep that marked would overflow the
 * stack build a site (exit 0), shown as plain text, each with a warning where it is written.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEEP_MARKDOWN } from './deep-markdown.ts';
import { runIn, tempTree, MINIMAL } from './helpers.ts';

const page = (dir: string, url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');

describe('hostile depth: deeply nested Markdown builds', () => {
  it('builds descriptions and summaries nested thousands of levels deep, shown as plain text, with a warning at each', async () => {
    const texts = Object.values(DEEP_MARKDOWN).map((t) => JSON.stringify(t));
    const yaml = `${MINIMAL.replace('  version: 1.0.0\n', `  version: 1.0.0\n  description: ${texts[0]}\n`)}channels:
  deep:
    address: deep
    description: ${texts[1]}
    summary: ${texts[2]}
    messages:
      m:
        payload: {type: object, properties: {p: {type: string, description: ${texts[3]}}}}
`;
    const dir = tempTree({ 'deep.yaml': yaml });
    const validated = await runIn(dir, ['validate', 'deep.yaml']);
    assert.equal(validated.code, 0, validated.out + validated.err);
    assert.equal(validated.out.match(/warning {2}markdown-too-deep/g)?.length, 4, validated.out);
    const built = await runIn(dir, ['build', 'deep.yaml', '--out', 'site']);
    assert.equal(built.code, 0, built.out + built.err);
    const channel = page(dir, 'channels/deep');
    assert.match(channel, /<div class="description"><p>- item\n {2}- item\n {4}- item/, 'the nested list as text');
    assert.match(channel, /<p[^>]*>(\*a ){100}/, 'the summary as text');
    assert.doesNotMatch(channel, /<(blockquote|em)>/);
    assert.match(page(dir, ''), /<p>(&gt; ){100}/, 'the nested quotes of the overview as text');
    assert.match(page(dir, 'channels/deep/messages/m'), /<p>\[{100}/, 'the brackets of a schema property as text');
  });
});
