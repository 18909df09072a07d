import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { CODE_THEME, CODE_THEME_NAME, tokensToHtml } from '../lib/highlight/code-html.ts';
import { codeHtml, loadHighlighter } from '../lib/highlight/highlight-html.ts';
import { RegexCache, regexCache, regexCacheFile } from './regex-cache.ts';

const dir = mkdtempSync(join(tmpdir(), 'apidesc-regex-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const CODE: [string, string][] = [
  ['json', '{\n  "orderId": "o-1",\n  "amount": { "value": 12.5, "currency": "EUR" },\n  "tags": [true, null]\n}'],
  ['yaml', 'channels:\n  orders:\n    address: "orders/{id}"\n    messages: [created]\n'],
  ['shell', `aws sns publish --topic-arn "arn:aws:sns:eu-west-1:1:orders" --message '{"a":1}'`],
  ['python', 'import boto3\nsns = boto3.client("sns")\nsns.publish(TopicArn="arn", Message="{}")\n'],
];

/** Highlights CODE with a highlighter whose engine reads and fills `cache`; counts the patterns it had to translate. */
async function highlightWith(cache: RegexCache): Promise<{ html: string[]; translated: number }> {
  let translated = 0;
  const engine = createJavaScriptRegexEngine({
    cache: cache.patterns,
    regexConstructor: (pattern) => {
      translated++;
      return defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
    },
  });
  const h = await createHighlighter({ themes: [CODE_THEME], langs: CODE.map(([lang]) => lang), engine });
  try {
    const html = CODE.map(([lang, code]) =>
      tokensToHtml(h.codeToTokensBase(code, { lang: lang as 'json', theme: CODE_THEME_NAME as 'none', tokenizeTimeLimit: 0 })),
    );
    return { html, translated };
  } finally {
    h.dispose();
  }
}

describe("the highlighter's translated patterns, kept between builds", () => {
  it('are read back by the next process, which then translates none of them again and colours the same', async () => {
    const file = join(dir, 'kept.json');
    const first = new RegexCache(file);
    const cold = await highlightWith(first);
    assert.ok(cold.translated > 50, `${cold.translated} patterns translated`);
    first.save();
    const second = new RegexCache(file);
    const warm = await highlightWith(second);
    assert.deepEqual(warm.html, cold.html);
    // Only the patterns oniguruma-to-es emulates (a RegExp subclass with state of its own) are translated each time.
    const emulated = [...first.patterns.values()].filter((regex) => Object.getPrototypeOf(regex) !== RegExp.prototype).length;
    assert.ok(emulated < cold.translated / 5, `${emulated} of ${cold.translated} emulated`);
    assert.equal(warm.translated, emulated);
    // Only what is new is written: a third process with the same code has nothing to add.
    const written = readFileSync(file, 'utf8');
    second.save();
    assert.equal(readFileSync(file, 'utf8'), written);
  });

  it('keeps the source and flags of plain RegExps only, not emulated ones or errors', () => {
    const file = join(dir, 'plain.json');
    const cache = new RegexCache(file);
    class Emulated extends RegExp {}
    cache.patterns.set('a+', /a+/dgv);
    cache.patterns.set('(?>b)', new Emulated('b', 'g'));
    cache.patterns.set('(', new Error('unbalanced'));
    cache.save();
    const again = new RegexCache(file);
    assert.deepEqual(
      [...again.patterns].map(([pattern, regex]) => [pattern, String(regex)]),
      [['a+', '/a+/dgv']],
    );
  });

  it('ignores a file it cannot read, and writes it anew', () => {
    const file = join(dir, 'broken.json');
    for (const text of ['{not json', '{"recipe":1,"kept":[["x","(","g"],[1,2,3],"y"]}', '{"recipe":0,"kept":[["a","a","g"]]}']) {
      writeFileSync(file, text);
      const cache = new RegexCache(file);
      assert.equal(cache.patterns.size, 0, text);
    }
    const cache = new RegexCache(file);
    cache.patterns.set('a', /a/g);
    cache.save();
    assert.equal(new RegexCache(file).patterns.size, 1);
  });

  it('is named after the translator, so another version of it never reads these', () => {
    const file = regexCacheFile(defaultJavaScriptRegexConstructor);
    assert.match(file ?? '', /node_modules\/\.cache\/apidesc-docs\/shiki-regex-[0-9a-f]{16}\.json$/);
    assert.notEqual(
      regexCacheFile((pattern) => new RegExp(pattern)),
      file,
    );
  });

  it("is the cache of the build's highlighter", async () => {
    // Without a file (the mechanism off), the cache starts empty: what the highlighter translates lands in it.
    process.env.APIDESC_PERF_OFF = 'regex-cache';
    const cache = regexCache(defaultJavaScriptRegexConstructor);
    assert.equal(cache.patterns.size, 0);
    codeHtml(await loadHighlighter(), '{ "a": [1, true] }', 'json');
    assert.ok(cache.patterns.size > 10, `${cache.patterns.size} patterns`);
  });
});
