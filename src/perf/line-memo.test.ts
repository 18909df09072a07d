/**
 * Lines tokenized once per (state, line) give exactly shiki's HTML: on generated code whose lines
 * repeat in other states (inside a comment, a string, a heredoc, a block scalar…), on JSON values
 * laid out as the examples are, and on every code block of the default content and of the
 * corpus's valid documents. One memo serves the whole file, as it serves a whole build.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CORPUS, HAS_CORPUS } from '../../test/corpus-location.ts';
import { loadHighlighter, memoizedCodeHtml, shikiCodeHtml } from '../lib/highlight/highlight-html.ts';
import { pageJobs, descriptionJob, type HighlightJob } from '../lib/highlight/highlight-page.ts';
import { unescapeText } from '../lib/html-text.ts';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { buildSiteData } from '../site/site-model.ts';
import { LineMemo, MemoBudget } from './line-memo.ts';
import { INITIAL } from '@shikijs/vscode-textmate';
import { HIGHLIGHTED_LANGUAGES as LANGUAGES } from '../lib/highlight/highlight-html.ts';

/**
 * Lines that open or close a state in one language or another, and lines that mean something
 * else inside those states: every language gets all of them, so that the same line is met in
 * many states.
 */
const LINES = [
  '{',
  '}',
  '[',
  '],',
  '  "id": "b80fd3df-119d-4c9f-92dd-ef8090d6b9e6",',
  '  "amount": 74.54,',
  '  "flags": [true, false, null],',
  '"unterminated',
  'end of it"',
  '/*',
  ' * inside',
  '*/',
  '// a comment',
  '# a comment',
  '<!--',
  '-->',
  '<script>',
  '</script>',
  '<style>',
  '</style>',
  '<a href="x">text</a>',
  '<![CDATA[',
  ']]>',
  '"""',
  "'''",
  '`template \u0024{value}', // a template literal's placeholder, its `$` escaped for the linter
  'end`',
  'def f(x):',
  '    return x',
  'const a = { b: 1 };',
  '      \'  "eventId": "45c11cea",\\n\' +',
  "await client.send(new PublishCommand({ TopicArn: 'arn:aws:sns' }));",
  'cat <<EOF',
  'EOF',
  "echo 'open",
  "closed'",
  "  --message '{",
  "}' \\",
  'key: |',
  '  folded text: not a key',
  'list: >-',
  '- item',
  '---',
  "SELECT * FROM t WHERE a = 'x';",
  'message Order {',
  '  string id = 1;',
  'type Query {',
  'POST /orders HTTP/1.1',
  'Content-Type: application/json',
  '',
  '   ',
  '\t',
];

/** One memo for the whole file: results of earlier tests are found again by later ones. */
const h = await loadHighlighter();

function sameAsShiki(code: string, lang: string): void {
  assert.equal(memoizedCodeHtml(h, code, lang), shikiCodeHtml(h, code, lang), `${lang}:\n${code}`);
}

describe('the line memo (src/perf/line-memo.ts)', () => {
  it('gives shiki’s HTML in every language for lines met in many states', () => {
    const line = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...LINES) },
      fc.string({ unit: fc.constantFrom('"', "'", '`', '{', '}', '/', '*', '#', '<', '>', '-', ':', ' ', 'a', '1', '\\', '$', '(') }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), (lang, lines, newline) => {
        sameAsShiki(lines.join(newline), lang);
      }),
      { numRuns: 1500 },
    );
  });

  it('gives shiki’s HTML for JSON values written as the examples are, and inside the code samples’ strings', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 2, 4), (value, indent) => {
        const json = JSON.stringify(value, null, indent);
        sameAsShiki(json, 'json');
        sameAsShiki(json, 'yaml');
        const quoted = json.split('\n').map((l) => `  '${l.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}\\n' +`);
        sameAsShiki(['const message =', ...quoted, "  '';"].join('\n'), 'javascript');
        sameAsShiki(['message = (', ...quoted.map((l) => l.replace(/ \+$/, '')), ')'].join('\n'), 'python');
        sameAsShiki(`aws sns publish --message '${json.replaceAll("'", "'\\''")}'`, 'shell');
      }),
      { numRuns: 400 },
    );
  });

  it('shows a line of 5,000 characters or more plain and keeps the state across it, as shiki does', () => {
    const long = `"${'x'.repeat(5_000)}"`;
    for (const lang of ['json', 'javascript', 'python'])
      for (const code of [`/*\n${long}\n*/ "a"`, `{\n${long}\n"b": 1\n}`, `"""\n${long}\n"""\nx = 1`]) sameAsShiki(code, lang);
  });

  it('keeps apart states that differ only in their end word (heredocs)', () => {
    sameAsShiki('cat <<EOF\nEND\nEOF\necho done', 'shell');
    sameAsShiki('cat <<END\nEOF\nEND\necho done', 'shell');
  });

  it('keeps, in all the memos sharing a budget, no more than the budget; past it, lines are tokenized again', () => {
    const budget = new MemoBudget(200);
    const [json, yaml] = [new LineMemo(budget), new LineMemo(budget)];
    let tokenized = 0;
    const result = (html: string) => () => {
      tokenized += 1;
      return { html, end: INITIAL };
    };
    // Each kept line takes its key (state id, newline, text) and its HTML: 2 + 6 + 90 = 98 characters.
    json.line(INITIAL, 'line-1', result('a'.repeat(90)));
    yaml.line(INITIAL, 'line-2', result('b'.repeat(90)));
    assert.equal(budget.used, 196);
    // The third does not fit in what the two memos kept together: made, not kept.
    json.line(INITIAL, 'line-3', result('c'.repeat(90)));
    json.line(INITIAL, 'line-3', result('c'.repeat(90)));
    assert.equal(tokenized, 4);
    // What was kept is found again, in the memo that kept it.
    json.line(INITIAL, 'line-1', result('x'));
    yaml.line(INITIAL, 'line-2', result('x'));
    assert.equal(tokenized, 4);
    assert.equal(budget.used, 196);
  });

  it('keys a state by all it holds: another state, another key; the same state met again, the same key', () => {
    const memo = new LineMemo();
    const grammar = h.getLanguage('javascript');
    const comment = grammar.tokenizeLine2('/*', null, 0).ruleStack;
    const string = grammar.tokenizeLine2('`a', null, 0).ruleStack;
    const again = grammar.tokenizeLine2('/*', null, 0).ruleStack;
    assert.notEqual(memo.stateKey(comment), memo.stateKey(string));
    assert.notEqual(comment, again, 'two objects');
    assert.equal(memo.stateKey(comment), memo.stateKey(again));
    // The same state but for whether its start took the end of the line (`\G` on the next line):
    // no grammar here makes one readily, so it is made from a real state.
    const tookEnd = Object.assign(Object.create(Object.getPrototypeOf(comment)), comment, { beginRuleCapturedEOL: true });
    assert.notEqual(memo.stateKey(tookEnd), memo.stateKey(comment));
    // The same for the end condition a start wrote from what it matched (a heredoc's word, whose
    // scope names carry it too in the shell grammar).
    const heredoc = h.getLanguage('shell').tokenizeLine2('cat <<EOF', null, 0).ruleStack;
    const otherEnd = Object.assign(Object.create(Object.getPrototypeOf(heredoc)), heredoc, { endRule: 'END' });
    assert.notEqual(memo.stateKey(otherEnd), memo.stateKey(heredoc));
  });
});

const content = resolve(import.meta.dirname, '../../content');
const documents = [join(content, 'orders.apidesc.yaml'), ...(HAS_CORPUS ? readdirSync(join(CORPUS, 'valid')).map((name) => join(CORPUS, 'valid', name)) : [])];
const FENCED = /<pre><code class="language-([\w-]+)">([\s\S]*?)<\/code><\/pre>/g;

describe('the line memo on real documents', () => {
  it('gives shiki’s HTML for every code block of the default content and the corpus’s valid documents', async () => {
    let blocks = 0;
    for (const file of documents) {
      const result = await validateDocument(file, { cwd: process.cwd() });
      if (!result.doc) continue;
      const { site } = buildSiteData([{ file, doc: result.doc }], process.cwd());
      const jobs: HighlightJob[] = [];
      for (const api of site.apis) {
        jobs.push(...descriptionJob(api.descriptionHtml, () => {}));
        for (const page of api.pages) jobs.push(...pageJobs(page));
      }
      const loaded = new Set(h.getLoadedLanguages());
      for (const job of jobs) {
        const pieces =
          job.kind === 'code'
            ? [{ code: job.text, lang: job.lang }]
            : [...job.text.matchAll(FENCED)].map(([, lang, code]) => ({ code: unescapeText(code!).replace(/\n$/, ''), lang: lang! }));
        for (const { code, lang } of pieces) {
          if (!loaded.has(lang)) continue;
          blocks++;
          sameAsShiki(code, lang);
        }
      }
    }
    assert.ok(blocks > (HAS_CORPUS ? 500 : 20), `${blocks} code blocks compared`);
  });
});
