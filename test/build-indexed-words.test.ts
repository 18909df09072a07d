/**
 * What search reads of a page is the API's words, never the page's controls: a snippet that read
 * "Show examples twoItems…" or "not satisfy its schema (1 problem)" quoted buttons, folds, tab
 * labels and notes about an example. Read here from Pagefind's own records of each page (its
 * fragments: gzip, then the page's JSON), for the default content and a springwolf document
 * (generated and invalid examples, several of them to a schema).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { buildSite, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');
const SPRINGWOLF = resolve(repo, 'test/fixtures/springwolf');

/** The words of a page's controls (fold summaries, buttons, example tabs, notes about an example), none of them the API's. */
const CONTROL_WORDS: readonly RegExp[] = [
  /\bExpand all\b/,
  /\bCollapse all\b/,
  /\bCopy\b/,
  /\bShow (examples|all|fewer)\b/,
  /\bLoad more\b/,
  /\bGenerated example\b/,
  /\bThe document's example\b/,
  /\bExample \d+\b/,
  // The labels of an example's blocks, which are no part of the index either.
  /\bHeaders\. Payload\b|\bPayload · (YAML|XML|text)\b/,
  /does not satisfy its schema/,
  /\(\d+ problems?\)/,
  /\bTry the filters\b/,
  /\bFull size\b/,
  /\bOn this page\b/,
  /\bNotes? for authors\b/,
  /\bSkip to content\b/,
  /\bSearch page\b/,
];

/** Each indexed page's address and text, as Pagefind's fragments hold them (a fragment is gzip: "pagefind_dcd" then the page's JSON). */
function indexedPages(site: string): { url: string; content: string }[] {
  const folder = join(site, 'pagefind', 'fragment');
  return readdirSync(folder).map((file) => {
    const text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    const page = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string };
    return { url: page.url, content: page.content };
  });
}

/** Every control word found in the indexed pages, with the page and the words around it. */
function controlWordsIn(pages: { url: string; content: string }[]): string[] {
  const found: string[] = [];
  for (const { url, content } of pages)
    for (const word of CONTROL_WORDS) {
      const at = content.search(word);
      if (at >= 0) found.push(`${url}: …${content.slice(Math.max(0, at - 40), at + 60)}…`);
    }
  return found;
}

describe("search's record of a page holds none of its controls' words", () => {
  let content: { url: string; content: string }[] = [];
  let springwolf: { url: string; content: string }[] = [];
  before(async () => {
    content = indexedPages(await buildSite(['content', '--allow-invalid'], repo, { work: tempDir('apidesc-indexed-words-') }));
    springwolf = indexedPages(await buildSite(['logistics-kafka.json', '--allow-invalid'], SPRINGWOLF, { work: tempDir('apidesc-indexed-words-') }));
  });

  it("the default content: its sns pages (the tester's fold), its examples and their names", () => {
    assert.ok(content.length > 20, `pages indexed: ${content.length}`);
    // The pages hold what was left out around it: an example's own summary, a fold's content.
    assert.ok(content.some((p) => /Order placed/.test(p.content)));
    assert.deepEqual(controlWordsIn(content), []);
  });

  it("a springwolf document: generated examples, the document's examples and the notes on those that do not satisfy their schema", () => {
    assert.ok(springwolf.length > 10, `pages indexed: ${springwolf.length}`);
    assert.deepEqual(controlWordsIn(springwolf), []);
  });
});
