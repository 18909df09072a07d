import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { documentWideRules, hostStylesheet } from './host-stylesheet.ts';

const SITE_CSS = readFileSync(new URL('../../styles/site.css', import.meta.url), 'utf8');

describe("the reference's styles in a host", () => {
  it("are the site's, nested under the reference's wrapper", () => {
    const css = hostStylesheet('h2 { margin: 0; }\n.badge { color: red; }', 'own');
    assert.equal(css, '.apidesc-ref {\nh2 { margin: 0; }\n.badge { color: red; }\n\n}\n');
  });

  it("make the root's properties the wrapper's, and follow the theme the root is marked with", () => {
    const css = hostStylesheet(
      ":root { --bg: white; color-scheme: light dark; }\n:root[data-theme='dark'] { color-scheme: dark; }\n@media (max-width: 50rem) { :root { --header-h: 0px; } }",
      'own',
    );
    assert.match(css, /^\.apidesc-ref \{\n& \{ --bg: white; color-scheme: light dark; \}/);
    assert.match(css, /:root\[data-theme='dark'\] & \{ color-scheme: dark; \}/);
    assert.match(css, /@media \(max-width: 50rem\) \{ & \{ --header-h: 0px; \} \}/);
  });

  it('write @property and @keyframes before the wrapper, whole: they cannot stand inside a style rule', () => {
    const css = hostStylesheet(
      "@property --fade { syntax: '<length>'; inherits: false; initial-value: 0px; }\n.a { color: red; }\n@keyframes fade {\n  from { --fade: 0px; }\n  to { --fade: 3rem; }\n}\n.b { animation-name: fade; }",
      'own',
    );
    assert.equal(
      css,
      "@property --fade { syntax: '<length>'; inherits: false; initial-value: 0px; }\n@keyframes fade {\n  from { --fade: 0px; }\n  to { --fade: 3rem; }\n}\n.apidesc-ref {\n\n.a { color: red; }\n\n.b { animation-name: fade; }\n\n}\n",
    );
  });

  it("leave no rule of site.css on the host's own page: every :root is the wrapper or inside it", () => {
    const { rules } = documentWideRules(SITE_CSS);
    const css = hostStylesheet(SITE_CSS, 'starlight');
    const wrapped = css.slice(rules.reduce((at, rule) => at + rule.length + 1, 0));
    assert.ok(wrapped.startsWith('.apidesc-ref {\n') && css.trimEnd().endsWith('}'));
    assert.doesNotMatch(wrapped, /@(property|keyframes)\b/);
    assert.doesNotMatch(css, /:root(?!\[data-theme='(dark|light)'\] &)/);
    // Starlight's colours and fonts, after the site's own so that they win.
    assert.ok(css.lastIndexOf('--bg: var(--sl-color-bg)') > css.lastIndexOf('--bg: light-dark('));
  });
});
