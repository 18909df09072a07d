/**
 * The reference's styles inside a host site: the standalone site's stylesheet (src/styles/site.css),
 * nested under the class that wraps every part of the reference (`apidesc-ref`), so that it styles
 * the reference and nothing of the host's own pages. Made from site.css when the host builds, so
 * that it never falls behind it. Served to the host's pages as a virtual module.
 */
import { readFileSync } from 'node:fs';
import type { ViteUserConfig } from 'astro';
import { CHANGES_CSS } from '../../site/changes-style.ts';
import { packageFile } from './package-file.ts';

/** The class of the element that holds any part of the reference in a host's page. */
export const REFERENCE_SCOPE = 'apidesc-ref';

/** The module a host's page imports for the reference's styles. */
export const STYLESHEET_MODULE = 'virtual:apidesc-docs/reference.css';

/**
 * How the reference looks in its host: `starlight` takes the host's background, text, accent and
 * fonts; `own` keeps the standalone site's. Both follow the host's light or dark theme when the
 * host marks it as Starlight and the standalone site do (`data-theme` on the root element), else
 * the reader's system.
 */
export type HostLook = 'starlight' | 'own';

/** Starlight's properties for what the reference's palette names (Starlight's props.css). */
const STARLIGHT_LOOK = `& {
  --bg: var(--sl-color-bg);
  --fg: var(--sl-color-text);
  --accent: var(--sl-color-text-accent);
  --font: var(--sl-font);
  --mono: var(--sl-font-mono);
  font-family: var(--font);
}`;

/**
 * The at-rules that name something for the whole document (`@property`, `@keyframes`) and cannot
 * stand inside a style rule: taken out of `css` whole (their braces matched), to be written before
 * the wrapper. They style nothing by themselves, so the host's own pages are untouched.
 */
export function documentWideRules(css: string): { rules: string[]; rest: string } {
  const rules: string[] = [];
  let rest = '';
  let from = 0;
  const start = /^[ \t]*@(?:property|(?:-webkit-)?keyframes)\b[^{]*\{/gm;
  for (let match = start.exec(css); match; match = start.exec(css)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < css.length) {
      const char = css[end++];
      if (char === '{') depth++;
      else if (char === '}') depth--;
    }
    rules.push(css.slice(match.index, end).trim());
    rest += css.slice(from, match.index);
    from = end;
    start.lastIndex = end;
  }
  return { rules, rest: rest + css.slice(from) };
}

/** `siteCss` scoped to the reference's wrapper, with the look of `look`. */
export function hostStylesheet(siteCss: string, look: HostLook): string {
  const { rules, rest } = documentWideRules(siteCss);
  const scoped = rest
    // The theme the reader chose (`:root[data-theme='dark']`) is the root's: the wrapper inside it follows.
    .replace(/:root(\[[^\]]*\])/g, ':root$1 &')
    // The page's root properties become the wrapper's own.
    .replace(/:root\b(?!\[)/g, '&');
  const before = rules.map((rule) => `${rule}\n`).join('');
  return `${before}.${REFERENCE_SCOPE} {\n${scoped}\n${look === 'starlight' ? STARLIGHT_LOOK : ''}\n}\n`;
}

const RESOLVED = `\0${STYLESHEET_MODULE}`;

type VitePlugin = NonNullable<ViteUserConfig['plugins']>[number];

/** The bundler's plugin that serves STYLESHEET_MODULE. */
export function hostStylesheetPlugin(look: HostLook): VitePlugin {
  const siteCssFile = packageFile('src/styles/site.css');
  return {
    name: 'apidesc-docs:reference-css',
    resolveId: (id: string) => (id === STYLESHEET_MODULE ? RESOLVED : undefined),
    load(id: string) {
      if (id !== RESOLVED) return undefined;
      // Rebuilt when site.css changes in `astro dev`.
      this.addWatchFile(siteCssFile);
      // With the style of the `compare` option's Changes page and badges (a stylesheet of its own in the standalone site).
      return hostStylesheet(`${readFileSync(siteCssFile, 'utf8')}\n${CHANGES_CSS}`, look);
    },
  };
}
