/**
 * Highlights everything on a page that shows code: fenced code in its description, examples,
 * schemas in other formats, sns filter policies. Done before the pages are rendered, with one
 * highlighter, so that the renderer only places HTML: in \`build\` this runs while Astro is still
 * bundling the site, where it costs no time, instead of inside the renderer, where it did.
 */
import type { Highlighter } from 'shiki';
import { sourceLanguage, type Page } from '../model/pages.ts';
import { codeHtml, highlightWith } from './highlight-html.ts';

export function highlightPage(h: Highlighter, page: Page): void {
  if (page.descriptionHtml) page.descriptionHtml = highlightWith(h, page.descriptionHtml);
  for (const section of page.sections) {
    if (section.type === 'source') section.html = codeHtml(h, section.code, sourceLanguage(section.format));
    else if (section.type === 'examples') for (const example of section.examples) example.html = codeHtml(h, example.code, 'json');
    else if (section.type === 'sns-operation') for (const consumer of section.view.consumers) if (consumer.filterPolicy) consumer.filterPolicy.html = codeHtml(h, consumer.filterPolicy.json, 'json');
  }
}
