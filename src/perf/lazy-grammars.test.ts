import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HIGHLIGHTED_NAMES, languagesIn, loadHighlighter, loadLanguages, loadLazyHighlighter } from '../lib/highlight/highlight-html.ts';
import { runTask, type HighlightTask } from '../lib/highlight/highlight-page.ts';
import { renderMarkdown } from '../lib/markdown/render-markdown.ts';

/** A few lines in each language (and alias) a site's code comes in. */
const SNIPPETS: Record<string, string> = {
  json: '{\n  "id": 42,\n  "tags": ["a", null, true]\n}',
  yaml: 'name: orders # the topic\nretries: 3\nlist:\n  - "x"',
  javascript: "import { connect } from 'mqtt';\nconst client = connect('mqtt://' + host);\nclient.on('message', (t, m) => console.log(t, m.toString()));",
  typescript: 'interface Order { id: number; tags?: string[] }\nexport const f = (o: Order): string => String(o.id);',
  shell: 'aws sns publish --topic-arn arn:aws:sns:us-east-1:123:orders \\\n  --message \'{"id": 1}\' # send',
  python: 'import json\n\ndef handler(event):\n    """Reads it."""\n    return json.loads(event["body"])',
  java: 'public class A {\n  @Override public String toString() { return "a"; }\n}',
  go: 'package main\n\nfunc main() {\n\tfmt.Println("hi", 3)\n}',
  xml: '<?xml version="1.0"?>\n<order id="1"><!-- c --><tag>a</tag></order>',
  html: '<div class="a"><script>let x = 1;</script><style>p { color: red }</style></div>',
  css: '.a > p:hover { color: #fff; margin: 0 auto; }',
  sql: "SELECT id, name FROM orders WHERE id = 1 AND tag LIKE '%a%';",
  proto: 'syntax = "proto3";\nmessage Order { int64 id = 1; repeated string tags = 2; }',
  graphql: 'query Order($id: ID!) {\n  order(id: $id) { id tags }\n}',
  http: 'POST /orders HTTP/1.1\nContent-Type: application/json\n\n{"id": 1}',
  tsx: 'export const A = () => <div className="a">{1}</div>;',
};

/** Descriptions with fences in aliases, known and unknown, then code tasks in every language and more aliases. */
function tasks(): HighlightTask[] {
  const code = Object.entries(SNIPPETS).map(([lang, text]): HighlightTask => ({ kind: 'code', text, lang }));
  // Every other name counted as highlighted, aliases and embedded languages included: each must load.
  const names = [...HIGHLIGHTED_NAMES, 'klingon'].filter((lang) => !(lang in SNIPPETS));
  const aliased = names.map((lang): HighlightTask => ({ kind: 'code', text: SNIPPETS.json!, lang }));
  const fences = [
    ['jsx', SNIPPETS.tsx!],
    ['bash', SNIPPETS.shell!],
    ['protobuf', SNIPPETS.proto!],
    ['klingon', 'qapla'],
  ].map(([lang, text]): HighlightTask => ({ kind: 'html', text: renderMarkdown(`Text\n\n\`\`\`${lang}\n${text}\n\`\`\``), lang: '' }));
  // The fences first: their languages come in no batch before them.
  return [...fences, ...code, ...aliased];
}

describe('lazy-grammars: grammars loaded for the code that comes', () => {
  it('counts as highlighted exactly the names a highlighter with every grammar answers to', async () => {
    const full = await loadHighlighter();
    assert.deepEqual([...HIGHLIGHTED_NAMES].sort(), full.getLoadedLanguages().sort());
  });

  it('gives the HTML the highlighter with every grammar gives, batch after batch', async () => {
    const full = await loadHighlighter();
    const lazy = await loadLazyHighlighter();
    assert.notEqual(lazy, full, 'the mechanism is on in tests');
    const all = tasks();
    // In three batches, as a site's pages come: each loads only the grammars new to it.
    for (const [i, batch] of [all.slice(0, 4), all.slice(4, 16), all.slice(16)].entries()) {
      await loadLanguages(lazy, batch.flatMap(languagesIn));
      for (const task of batch) assert.equal(runTask(lazy, task), runTask(full, task), `${task.kind} ${task.lang}`);
      // The first batch (the fences) loaded no other grammar.
      if (i === 0)
        assert.deepEqual(
          lazy.getLoadedLanguages().filter((lang) => lang === 'python' || lang === 'go'),
          [],
        );
    }
  });

  it('loads no grammar for code in other languages', async () => {
    const lazy = await loadLazyHighlighter();
    const before = lazy.getLoadedLanguages().length;
    const plain: HighlightTask[] = [
      { kind: 'code', text: 'x', lang: 'klingon' },
      { kind: 'html', text: '<p>no code</p>', lang: '' },
    ];
    assert.deepEqual(plain.flatMap(languagesIn), []);
    await loadLanguages(lazy, plain.flatMap(languagesIn));
    assert.equal(lazy.getLoadedLanguages().length, before);
  });
});
