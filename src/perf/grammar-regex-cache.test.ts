/**
 * The grammars' regular expressions read from the cache file are the ones shiki makes: each
 * pattern the grammars use, written to the file and read back, matches as shiki's own RegExp on
 * code in every language; a process that highlights writes the file when it exits, and a
 * highlighter that reads it gives shiki's HTML.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createHighlighter, type BundledLanguage, type BundledTheme } from 'shiki';
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { CODE_THEME, CODE_THEME_NAME } from '../lib/highlight/code-html.ts';
import { HIGHLIGHTED_LANGUAGES } from '../lib/highlight/highlight-html.ts';
import { tempDir } from '../../test/helpers.ts';
import { cachedRegexConstructor, converted, regexOf } from './grammar-regex-cache.ts';

/** Code that opens and closes the states of every language (strings, comments, tags, heredocs, templates…); `$` of a placeholder escaped for the linter. */
const CODE = [
  '{ "id": "b80fd3df", "amount": 74.54, "flags": [true, false, null] }',
  '/* inside */ // a comment',
  '# a comment',
  '<!-- c --><a href="x">text</a><![CDATA[ x ]]><script>let a = 1;</script><style>a { color: red }</style>',
  '"""doc""" \'\'\'doc\'\'\' f"{x!r:>10}"',
  'const a = `template \u0024{value} end`; await client.send(new PublishCommand({ TopicArn: "arn:aws:sns" }));',
  'def f(x):\n    return x',
  'cat <<EOF\nbody\nEOF',
  'echo \'open\' "$HOME" $(date) \u0024{X:-y}',
  'key: |\n  folded text: not a key\nlist: >-\n- item\n---\n&anchor *alias !!tag',
  "SELECT * FROM t WHERE a = 'x' AND b > 1;",
  'syntax = "proto3";\nmessage Order {\n  string id = 1;\n}',
  'type Query { orders(first: Int = 10): [Order!]! @deprecated }',
  'POST /orders HTTP/1.1\nContent-Type: application/json',
  'package main\nimport "fmt"\nfunc main() { fmt.Println(`x`, 0x1F, \'c\') }',
  'public class A<T> { @Override void m() { String s = "x"; char c = \'\\n\'; } }',
  'interface A { b?: number } type C = A & { d: readonly string[] };',
].join('\n');

// Removed when the test process exits (test/helpers.ts).
const folder = tempDir('grammar-regex-');

const theme = CODE_THEME_NAME as BundledTheme;
const html = (h: Awaited<ReturnType<typeof createHighlighter>>, lang: string): string =>
  h.codeToHtml(CODE, { lang: lang as BundledLanguage, theme, tokenizeTimeLimit: 0 });

describe('the grammars’ regular expressions kept in a file (src/perf/grammar-regex-cache.ts)', () => {
  it('makes each pattern the grammars use into a RegExp that matches as shiki’s does', async () => {
    const patterns = new Set<string>();
    const h = await createHighlighter({
      themes: [CODE_THEME],
      langs: HIGHLIGHTED_LANGUAGES,
      engine: createJavaScriptRegexEngine({
        regexConstructor: (pattern) => {
          patterns.add(pattern);
          return defaultJavaScriptRegexConstructor(pattern);
        },
      }),
    });
    for (const lang of HIGHLIGHTED_LANGUAGES) html(h, lang);
    assert.ok(patterns.size > 300, `${patterns.size} patterns`);
    const lines = CODE.split('\n');
    let emulated = 0;
    for (const pattern of patterns) {
      const shiki = defaultJavaScriptRegexConstructor(pattern);
      // Through JSON, as the file keeps it.
      const kept = regexOf(JSON.parse(JSON.stringify(converted(shiki))));
      assert.equal(kept.constructor, shiki.constructor, pattern);
      assert.equal(kept.flags, shiki.flags, pattern);
      if (shiki.constructor !== RegExp) emulated++;
      for (const line of lines)
        for (const at of [0, 3]) {
          shiki.lastIndex = kept.lastIndex = at;
          assert.deepEqual(kept.exec(line), shiki.exec(line), `${pattern} on ${line} from ${at}`);
        }
    }
    assert.ok(emulated > 0, 'some patterns are emulated (EmulatedRegExp)');
  });

  it('is written by a process that highlights, and gives shiki’s HTML when read', async () => {
    const file = join(folder, 'regex-0123456789abcdef.json');
    const script = `
      import { createHighlighter } from 'shiki';
      import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
      import { CODE_THEME, CODE_THEME_NAME } from ${JSON.stringify(new URL('../lib/highlight/code-html.ts', import.meta.url).href)};
      import { cachedRegexConstructor } from ${JSON.stringify(new URL('./grammar-regex-cache.ts', import.meta.url).href)};
      const langs = ${JSON.stringify(HIGHLIGHTED_LANGUAGES)};
      const h = await createHighlighter({ themes: [CODE_THEME], langs, engine: createJavaScriptRegexEngine({ regexConstructor: cachedRegexConstructor(${JSON.stringify(file)}) }) });
      for (const lang of langs) h.codeToHtml(${JSON.stringify(CODE)}, { lang, theme: CODE_THEME_NAME, tokenizeTimeLimit: 0 });
    `;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname, timeout: 60_000 });
    const kept = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object);
    assert.ok(kept.length > 300, `${kept.length} patterns kept`);

    const made: string[] = [];
    const fromFile = cachedRegexConstructor(file);
    const cached = await createHighlighter({
      themes: [CODE_THEME],
      langs: HIGHLIGHTED_LANGUAGES,
      engine: createJavaScriptRegexEngine({
        regexConstructor: (pattern) => {
          if (!kept.includes(pattern)) made.push(pattern);
          return fromFile(pattern);
        },
      }),
    });
    const shiki = await createHighlighter({ themes: [CODE_THEME], langs: HIGHLIGHTED_LANGUAGES, engine: createJavaScriptRegexEngine() });
    for (const lang of HIGHLIGHTED_LANGUAGES) assert.equal(html(cached, lang), html(shiki, lang), lang);
    assert.deepEqual(made, [], 'every pattern came from the file');
  });
  it('converts a damaged entry anew rather than trusting it, and writes the sound one in its place', () => {
    const file = join(folder, 'regex-damaged.json');
    const patterns = ['\\bcount\\b', '(?<=a)b', '[[:alpha:]]+'];
    writeFileSync(
      file,
      JSON.stringify({
        [patterns[0]!]: { source: '(', flags: '' },
        [patterns[1]!]: 42,
        [patterns[2]!]: { source: null, flags: 'g' },
      }),
    );
    // In a process of its own: the cache is written when the process exits, after this one's
    // temporary folders are gone.
    const script = `
      import { cachedRegexConstructor, converted } from ${JSON.stringify(new URL('./grammar-regex-cache.ts', import.meta.url).href)};
      const fromFile = cachedRegexConstructor(${JSON.stringify(file)});
      console.log(JSON.stringify(${JSON.stringify(patterns)}.map((pattern) => converted(fromFile(pattern)))));
    `;
    const made = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname, timeout: 60_000, encoding: 'utf8' }),
    ) as unknown[];
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    patterns.forEach((pattern, i) => {
      const shikis = converted(defaultJavaScriptRegexConstructor(pattern));
      assert.deepEqual(made[i], shikis, `${pattern}: made`);
      assert.deepEqual(written[pattern], shikis, `${pattern}: written`);
      assert.deepEqual(converted(regexOf(written[pattern] as Parameters<typeof regexOf>[0])), shikis, `${pattern}: read back`);
    });
  });
});
