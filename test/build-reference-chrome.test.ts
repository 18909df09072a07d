/**
 * The chrome and words around a reference page's content (issue 34, review 9): no "Definition"
 * heading right under a component's title; no "object" line between a section's heading and its
 * fields; a security scheme's page says whose requirement its scopes are; a guide names a schema
 * without the page's section ("Order", not "Order · Definition") and folds its long code under a
 * "Show all N lines" that needs no script.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { runCli } from '../e2e/support.ts';
import { sharedSite, tempTree } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** The visible words of an HTML fragment (wrap points are no spaces). */
const words = (html: string): string =>
  html
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** Every page of a built site (its index.html files). */
function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return name === 'index.html' ? [path] : [];
  });
}

describe('the chrome of reference pages (default content)', () => {
  let out = '';
  const read = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8');
  before(async () => {
    out = await sharedSite(['content'], repo);
  });

  it('keeps "Definition" for the outline and screen readers only where it would stand right under the title', () => {
    const order = read('components/schemas/order');
    // Right under "Order": the heading is there for screen readers and "On this page", not shown.
    const between = order.slice(order.indexOf('</h1>'), order.indexOf('<div class="schema-tree"'));
    assert.match(between, /<h2 id="h-schema" class="visually-hidden"><a href="#h-schema">Definition<\/a><\/h2>/);
    assert.doesNotMatch(between.replace(/<h2 id="h-schema" class="visually-hidden">[\s\S]*?<\/h2>/, ''), /<h2/, 'no other heading between');
    assert.match(order, /<nav class="toc"[\s\S]*?<a href="#h-schema">Definition<\/a>/, 'the outline still leads to it');
    // With the schema's description between them, the heading is shown.
    const category = read('components/schemas/category');
    assert.match(category, /<div class="description">[\s\S]*?<h2 id="h-schema"><a href="#h-schema">Definition<\/a><\/h2>/);
  });

  it('writes no plain "object" line between a section\'s heading and its fields, and keeps the lines that say more', () => {
    const plain = '<p class="schema-root-line"><span class="prop-type">object</span></p>';
    const shown = pages(out).filter((p) => readFileSync(p, 'utf8').includes(plain));
    assert.deepEqual(shown, [], 'no page has a root line that only says "object"');
    const reply = read('operations/requeststockcheck');
    assert.match(words(reply), /Headers (?:\S+ ){0,3}requestId string required/, 'the headers start with their fields');
    // A named schema, and an object that extends another, keep their line.
    assert.match(
      read('components/messages/orderplaced'),
      /<p class="schema-root-line"><span class="prop-type"><a href="\/components\/schemas\/order\/">Order<\/a><\/span><span class="kind"> \(object\)<\/span><span class="kind"> · extends/,
    );
    assert.match(read('components/schemas/order'), /<p class="schema-root-line"><span class="prop-type">object<\/span><span class="kind"> · extends/);
  });

  it("says, on a security scheme's page, whose requirement its scopes are, linked", () => {
    assert.match(
      read('components/securityschemes/partneroauth'),
      /<dt>Token must grant<\/dt> <dd><code>orders:read<\/code> for the server <a href="\/servers\/partnerwebhooks\/">Partner webhooks<\/a><\/dd>/,
    );
    // On the server's page the card is the server's: no "for …" there.
    assert.doesNotMatch(read('servers/partnerwebhooks'), /orders:read<\/code> for /);
  });

  it('names a schema in a guide by its title alone, and folds long code under "Show all N lines" (no script needed)', () => {
    const guide = read('guides/getting-started');
    assert.match(guide, /<figcaption><a href="\/components\/schemas\/order\/">Order<\/a><\/figcaption>/);
    assert.doesNotMatch(guide, /· Definition/);
    const folds = [
      ...guide.matchAll(
        /<div class="code code-fold"[^>]*><details class="code-more"><summary><span class="code-more-closed">Show all (\d+) lines<\/span><span class="code-more-open">Show fewer lines<\/span><\/summary><\/details><pre[^>]*>([\s\S]*?)<\/pre>/g,
      ),
    ];
    // (The publish commands read a long payload from its example's file, so they are short now: the long example folds.)
    assert.ok(folds.length >= 1, `the long example folds (${folds.length})`);
    for (const [, count, code] of folds) assert.equal(code!.split('\n').length, Number(count), "the count is the code's lines");
    // Short code is left as it is (its long lines wrap between a word's pieces, as every example's).
    assert.match(guide, /<div class="code" data-pagefind-ignore data-copy-label="Order placed example, headers">/);
    // Reference pages show their code whole, as before.
    assert.doesNotMatch(read('components/messages/orderplaced'), /code-fold/);
  });
});

describe("a security scheme's page: whose requirement, when none or many use it", () => {
  const operations = ['a', 'b', 'c', 'd']
    .map((id) => `  ${id}:\n    action: send\n    channel: {$ref: '#/channels/ch'}\n    security: [{$ref: '#/components/securitySchemes/wide'}]\n`)
    .join('');
  const document = `apidesc: 3.0.0
info: {title: Schemes, version: 1.0.0}
channels:
  ch: {address: ch}
operations:
${operations}components:
  securitySchemes:
    wide:
      type: oauth2
      flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', availableScopes: {'a:read': Read}}}
      scopes: ['a:read']
    unused:
      type: oauth2
      flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', availableScopes: {'a:read': Read}}}
      scopes: ['a:read']
`;
  let out = '';
  before(async () => {
    const dir = tempTree({ 'schemes.yaml': document });
    out = join(dir, 'site');
    assert.equal(await runCli(['build', 'schemes.yaml', '--out', out, '--cache', join(dir, 'cache')], dir), 0);
  });

  it('counts past three and links to "Used by"; says when nothing requires it', () => {
    const wide = readFileSync(join(out, 'components/securityschemes/wide/index.html'), 'utf8');
    assert.match(wide, /<code>a:read<\/code> for the 4 operations that require this scheme \(<a href="#h-used-by">Used by<\/a>\)/);
    assert.match(wide, /<h2 id="h-used-by"/);
    const unused = readFileSync(join(out, 'components/securityschemes/unused/index.html'), 'utf8');
    assert.match(words(unused), /Token must grant a:read \(wherever a server or an operation requires this scheme: none in this document does\)/);
  });
});
