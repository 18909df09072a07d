/**
 * Rule markdown-too-deep (hostile input): a description nested deeper than the site renders as
 * Markdown is reported where it is written, as a warning; ordinary nesting is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEEP_MARKDOWN } from '../../../../test/deep-markdown.ts';
import { codes, validateYaml, MINIMAL } from '../../../../test/helpers.ts';
import { MAX_MARKDOWN_NESTING } from '../../markdown/markdown-nesting.ts';

describe('rule markdown-too-deep', () => {
  it('warns at a description nested thousands of levels deep (block quotes, lists, emphasis, brackets)', async () => {
    for (const [kind, text] of Object.entries(DEEP_MARKDOWN)) {
      const yaml = `${MINIMAL}channels:\n  c:\n    address: a\n    description: ${JSON.stringify(text)}\n`;
      const d = await validateYaml(yaml);
      assert.deepEqual(codes(d), ['markdown-too-deep'], kind);
      assert.equal(d[0]!.severity, 'warning');
      assert.equal(d[0]!.pointer, '/channels/c/description');
      assert.deepEqual([d[0]!.line, d[0]!.column], [8, 18], kind);
      assert.match(d[0]!.message, new RegExp(`more than ${MAX_MARKDOWN_NESTING} levels deep; the site shows it as plain text`));
      assert.ok(d[0]!.hint);
    }
  });

  it('looks at every object: info, schemas, summaries, message examples, and descriptions inside bindings', async () => {
    const deep = JSON.stringify(DEEP_MARKDOWN.quotes);
    const yaml = `${MINIMAL.replace('  version: 1.0.0\n', `  version: 1.0.0\n  description: ${deep}\n`)}channels:
  c:
    address: a
    summary: ${deep}
    messages:
      m:
        payload: {type: object, properties: {p: {type: string, description: ${deep}}}}
        examples: [{summary: ${deep}, payload: {p: x}}]
    bindings:
      http: {query: {type: object, description: ${deep}}}
`;
    const d = await validateYaml(yaml);
    assert.deepEqual(d.map((x) => `${x.code} ${x.pointer} ${x.line}:${x.column}`).sort(), [
      'markdown-too-deep /channels/c/bindings/http/query/description 15:49',
      'markdown-too-deep /channels/c/messages/m/examples/0/summary 13:30',
      'markdown-too-deep /channels/c/messages/m/payload/properties/p/description 12:77',
      'markdown-too-deep /channels/c/summary 9:14',
      'markdown-too-deep /info/description 5:16',
    ]);
  });

  it(`passes nesting up to ${MAX_MARKDOWN_NESTING} levels, and ordinary Markdown`, async () => {
    const fine = [
      '> '.repeat(MAX_MARKDOWN_NESTING) + 'x',
      '*a* **b** ~~c~~ [d](https://e.example) snake_case 2*3*4',
      '- a\n  - b\n    - c\n\n```\n' + '> '.repeat(100) + '\n```',
    ];
    for (const text of fine) {
      assert.deepEqual(codes(await validateYaml(`${MINIMAL}channels:\n  c:\n    address: a\n    description: ${JSON.stringify(text)}\n`)), [], text);
    }
  });
});
