import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { ThemedToken } from 'shiki';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../config/contrast.ts';
import { CODE_THEME, tokenClass, tokensToHtml } from './code-html.ts';

const token = (content: string, kind?: string, fontStyle = 0): ThemedToken => ({
  content,
  offset: 0,
  fontStyle,
  ...(kind ? { color: `var(--hl-${kind})` } : {}),
});

describe('tokensToHtml: shiki tokens as HTML with classes', () => {
  it('names a class per kind of token; plain text and punctuation carry none', () => {
    assert.equal(tokenClass(token('"id"', 'token-keyword')), 'hl-keyword');
    assert.equal(tokenClass(token('"x"', 'token-string-expression')), 'hl-string');
    assert.equal(tokenClass(token(':', 'token-punctuation')), '');
    assert.equal(tokenClass(token('{', 'foreground')), '');
    assert.equal(tokenClass(token('a')), '');
    assert.equal(tokenClass(token('*b*', 'token-link', 1 | 4)), 'hl-link hl-italic hl-underline');
  });

  it('joins neighbours of the same kind, lets whitespace join the span before it, and escapes the text', () => {
    const html = tokensToHtml([
      [
        token('{', 'foreground'),
        token('"a', 'token-keyword'),
        token('&b"', 'token-keyword'),
        token(':', 'token-punctuation'),
        token(' ', 'foreground'),
        token('"<i>"', 'token-string-expression'),
      ],
      [token('  ', 'foreground'), token('1', 'token-constant'), token(' ', 'foreground'), token('}', 'foreground')],
    ]);
    assert.equal(
      html,
      '<pre class="hl" tabindex="0"><code><span class="line">{<span class="hl-keyword">"a&amp;b"</span>: <span class="hl-string">"&lt;i&gt;"</span></span>\n<span class="line" style="--indent:2">  <span class="hl-constant">1 </span>}</span></code></pre>',
    );
  });
});

describe('code colours in the stylesheet', () => {
  const css = readFileSync(new URL('../../styles/site.css', import.meta.url), 'utf8');
  const variable = (name: string): string => {
    const value = new RegExp(`\\s${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
    assert.ok(value, `${name} is defined in site.css`);
    const alias = /^var\((--[\w-]+)\)$/.exec(value);
    return alias ? variable(alias[1]!) : value;
  };
  /** [light, dark] of a variable defined as light-dark(#light, #dark). */
  const pair = (name: string): [string, string] => {
    const value = variable(name);
    const both = /^light-dark\((#[0-9a-f]{3,6}),\s*(#[0-9a-f]{3,6})\)$/i.exec(value);
    assert.ok(both, `${name} is light-dark(#…, #…), not ${value}`);
    return [both[1]!, both[2]!];
  };
  const kinds = [...new Set(JSON.stringify(CODE_THEME.tokenColors).match(/--hl-[a-z-]+/g))].map((v) => v.slice('--hl-'.length));

  it('colours every class a token of the theme can get, through its variable', () => {
    const coloured = kinds.filter((kind) => tokenClass(token('x', kind)) !== '');
    assert.ok(coloured.length >= 8, `the theme's kinds of token: ${kinds.join(', ')}`);
    for (const kind of coloured) {
      const rule = new RegExp(`\\.${tokenClass(token('x', kind))}\\s*\\{\\s*color:\\s*var\\(--hl-(token-[a-z-]+)\\);`).exec(css);
      assert.ok(rule, `site.css colours .${tokenClass(token('x', kind))}`);
      assert.equal(pair(`--hl-${rule[1]}`).length, 2);
    }
  });

  it('keeps every token colour and the plain text readable on the code background in both themes', () => {
    const [lightBg, darkBg] = pair('--code-bg');
    for (const kind of kinds.filter((k) => k.startsWith('token-'))) {
      const [light, dark] = pair(`--hl-${kind}`);
      assert.ok(contrastRatio(light, lightBg) >= MIN_TEXT_CONTRAST, `${kind} light ${light} on ${lightBg}: ${contrastRatio(light, lightBg).toFixed(2)}`);
      assert.ok(contrastRatio(dark, darkBg) >= MIN_TEXT_CONTRAST, `${kind} dark ${dark} on ${darkBg}: ${contrastRatio(dark, darkBg).toFixed(2)}`);
    }
  });
});
