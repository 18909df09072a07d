/**
 * A search record holds the document's words: never a "null" or "undefined" that no document
 * writes, which an absent value printed as text (or a null shown without its key) put in a hit's
 * excerpt ("Stock check replies null."). Read from Pagefind's own records (fragments: gzip, then
 * the page's JSON: its text and its meta), for the default content and a portal of corpus APIs.
 */
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { buildSite, sharedSite, tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** Each indexed page's address and its words: the text and every meta value (a hit's summary, address, channel). */
function records(site: string): { url: string; words: string[] }[] {
  const folder = join(site, 'pagefind', 'fragment');
  return readdirSync(folder).map((file) => {
    const text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
    const page = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string; meta?: Record<string, string> };
    return { url: page.url, words: [page.content, ...Object.values(page.meta ?? {})] };
  });
}

/** Every file under `dir` (the documents a build read), as one text of lower-case words. */
function writtenWords(dir: string): string {
  const texts: string[] = [];
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ya?ml|json|md)$/.test(name)) texts.push(readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return ` ${words(texts.join(' '))} `;
}

const words = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Each "null" or "undefined" in the records that is not the document's: the word with the two
 * before it is not in the documents' text, nor is it the page's own "null allowed" (a type that
 * admits null).
 */
function strayWords(site: string, written: string): string[] {
  const found: string[] = [];
  for (const { url, words: texts } of records(site))
    for (const text of texts)
      for (const m of text.matchAll(/\b(?:null|undefined)\b/g)) {
        const after = text.slice(m.index, m.index + 20);
        if (/^null allowed\b/.test(after)) continue;
        const before = words(text.slice(Math.max(0, m.index - 60), m.index))
          .split(' ')
          .slice(-2)
          .join(' ');
        if (written.includes(` ${before} ${m[0]} `)) continue;
        found.push(`${url}: …${text.slice(Math.max(0, m.index - 60), m.index + 30)}…`);
      }
  return found;
}

describe('search records say no "null" or "undefined" the document does not write', () => {
  it('the default content', async () => {
    const site = await sharedSite(['content', '--allow-invalid'], repo);
    assert.ok(records(site).length > 20);
    assert.deepEqual(strayWords(site, writtenWords(join(repo, 'content'))), []);
  });

  describe('a portal of corpus APIs (kafka, ibmmq, sns, several files)', { skip: !HAS_CORPUS }, () => {
    let input = '';
    let site = '';
    before(async () => {
      const work = tempDir('apidesc-record-words-');
      input = join(work, 'in');
      for (const name of [
        'bindings-sns-fifo-orders.yaml',
        'bindings-sns-sqs-consumer.yaml',
        'bindings-sns-sqs-pubsub-producer.yaml',
        'spec-adeo-kafka-request-reply.yaml',
        'spec-streetlights-kafka.yaml',
        'studio-ibmmq.yaml',
      ])
        cpSync(join(CORPUS, 'valid', name), join(input, name));
      cpSync(join(CORPUS, 'multi-file', 'spec-social-media'), join(input, 'spec-social-media'), { recursive: true });
      site = await buildSite([input, '--root', input, '--allow-invalid'], repo, { work });
    });

    it('every record of every API', () => {
      assert.ok(records(site).length > 60);
      assert.deepEqual(strayWords(site, writtenWords(input)), []);
    });
  });
});
