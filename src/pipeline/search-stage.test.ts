import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { descendantCpuTimes } from './process-tree-cpu.ts';
import { createIndexAhead, indexParts, PAGES_PER_INDEX, writeSearchIndex } from './search-stage.ts';

describe('index parts (search-stage.ts)', () => {
  it('indexes a site of up to the most pages a part holds as one part', () => {
    assert.deepEqual(indexParts(1, PAGES_PER_INDEX), [1]);
    assert.deepEqual(indexParts(PAGES_PER_INDEX, PAGES_PER_INDEX), [PAGES_PER_INDEX]);
  });

  it('splits a larger site into as few parts as the bound allows, of sizes that differ by one at most', () => {
    // The pages of a 1,000-channel bench document: three parts of 1,700, not 2,500 + 2,500 + 100.
    assert.deepEqual(indexParts(5100, 2500), [1700, 1700, 1700]);
    assert.deepEqual(indexParts(2501, 2500), [1251, 1250]);
    assert.deepEqual(indexParts(25, 12), [9, 8, 8]);
  });

  it('keeps every page, each in one part, none over the bound', () => {
    for (const pages of [1, 11, 12, 13, 2499, 2500, 2501, 5099, 25_901]) {
      const parts = indexParts(pages, 2500);
      assert.equal(
        parts.reduce((a, b) => a + b, 0),
        pages,
      );
      assert.ok(parts.every((n) => n > 0 && n <= 2500));
      assert.equal(parts.length, Math.ceil(pages / 2500));
    }
  });
});

describe('the search index in parts (writeSearchIndex)', () => {
  it('puts the pages marked for the index in the parts, and only those', { timeout: 60_000 }, async () => {
    const site = mkdtempSync(join(tmpdir(), 'apidesc-search-parts-'));
    const page = (path: string, body: string): void => {
      mkdirSync(join(site, path), { recursive: true });
      writeFileSync(join(site, path, 'index.html'), `<!DOCTYPE html><html lang="en"><head><title>${path}</title></head><body>${body}</body></html>`);
    };
    // Text before the mark that is not ASCII: the mark is looked for in the page's bytes.
    for (const name of ['alpha', 'beta', 'gamma'])
      page(`channels/${name}`, `<nav>Übersicht — 概要</nav><article data-pagefind-body><h1>${name} channel</h1><p>orders ${name}</p></article>`);
    page('channels', '<article><h1>Channels</h1><p>alpha beta gamma</p></article>');
    page('search', '<h1>Search</h1>');
    process.env.APIDESC_SEARCH_PAGES_PER_INDEX = '2';
    try {
      const written = await writeSearchIndex(site);
      assert.deepEqual({ indexed: written.indexed, pages: written.pages }, { indexed: 3, pages: 5 });
      assert.deepEqual(JSON.parse(readFileSync(join(site, 'pagefind', 'parts.json'), 'utf8')), ['part-2/']);
      const counted = ['', 'part-2/'].map(
        (part) =>
          (JSON.parse(readFileSync(join(site, 'pagefind', part, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> })
            .languages.en?.page_count,
      );
      assert.deepEqual(counted, [2, 1]);
    } finally {
      delete process.env.APIDESC_SEARCH_PAGES_PER_INDEX;
      rmSync(site, { recursive: true, force: true });
    }
  });
});

describe('the indexer started ahead (createIndexAhead)', () => {
  /** A small site of three indexed pages in `dir`. */
  const writeSite = (dir: string): void => {
    for (const name of ['alpha', 'beta', 'gamma']) {
      mkdirSync(join(dir, 'channels', name), { recursive: true });
      writeFileSync(
        join(dir, 'channels', name, 'index.html'),
        `<!DOCTYPE html><html lang="en"><head><title>${name}</title></head><body><article data-pagefind-body><h1 id="top">${name} channel</h1><p>orders ${name}</p><h2 id="payload">Payload</h2><p>orderId of ${name}</p></article></body></html>`,
      );
    }
  };
  /** Every file of the index, by its path in `pagefind/`. */
  const indexFiles = (site: string): Map<string, Buffer> => {
    const files = new Map<string, Buffer>();
    const root = join(site, 'pagefind');
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.set(relative(root, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name)));
    return files;
  };

  it('runs the indexer before any page is written, and writes the same index as one made after them', { timeout: 60_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'apidesc-search-ahead-'));
    try {
      const after = join(work, 'after');
      writeSite(after);
      await writeSearchIndex(after);
      createIndexAhead();
      // Pagefind's indexer is a process of its own: it is running while there is no site yet.
      let running = 0;
      for (let waited = 0; waited < 10_000 && running === 0; waited += 50) {
        running = (await descendantCpuTimes(process.pid))?.size ?? 0;
        if (running === 0) await new Promise((later) => setTimeout(later, 50));
      }
      assert.equal(running, 1, 'the indexer runs before the pages are written');
      const ahead = join(work, 'ahead');
      writeSite(ahead);
      const written = await writeSearchIndex(ahead);
      assert.deepEqual({ indexed: written.indexed, pages: written.pages }, { indexed: 3, pages: 3 });
      assert.deepEqual(indexFiles(ahead), indexFiles(after));
      // Taken and closed with the index: no indexer is left behind.
      assert.equal((await descendantCpuTimes(process.pid))?.size ?? 0, 0);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
