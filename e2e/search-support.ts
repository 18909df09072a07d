/**
 * The two ways a reader searches, as the browser tests drive them: the header's box (its list for
 * a query) and the search page (its answer to `?q=`).
 */
import type { Page } from 'playwright-core';

/** What the header's box lists for `text`: each result's first line (an object's name, or a field's). */
export async function boxSearch(page: Page, text: string): Promise<string[]> {
  await page.keyboard.press('/');
  await page.locator('#search-box').fill(text);
  // The list is shown for this query once the link to all results, or the status, names it.
  await page.waitForFunction(
    (q) => [document.querySelector('.search-all a'), document.querySelector('.search-status')].some((el) => (el?.textContent ?? '').includes(`“${q}”`)),
    text,
    { timeout: 10_000 },
  );
  return page.locator('#search-results [role="option"] .search-hit-head > :first-child').allTextContents();
}

/** Opens the search page for `query` and waits for its answer (results, or none). */
export async function openSearchPage(page: Page, base: string, query: string): Promise<void> {
  await page.goto(`${base}search/?q=${encodeURIComponent(query)}`);
  await page.waitForFunction(() => /\d+ results? for|No results/.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''), undefined, {
    timeout: 15_000,
  });
}
