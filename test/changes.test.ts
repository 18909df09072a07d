/**
 * `apidesc-docs changes`: two builds of a document, before and after an edit, compared by their
 * route manifests: pages added, changed (what they show differs) and removed.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

const run = runIn;

describe('apidesc-docs changes', () => {
  it('lists the pages an edit added, changed and removed, with links into the preview', async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    assert.equal((await run(dir, ['build', 'orders.yaml', '--out', 'before'])).code, 0);
    // An edit: Money gets a description (its page, and every page showing it as a table, change),
    // a channel is added, an operation removed; a comment line on top moves every line number.
    const edited = ('# moved every line down\n' + ORDERS)
      .replace('    Money:\n      type: object\n', '    Money:\n      type: object\n      description: An amount in a currency.\n')
      .replace(/\n {2}requestStockCheck:\n(?: {4}.*\n)+/, '\n')
      .replace('\nchannels:\n', '\nchannels:\n  auditLog:\n    address: audit-log\n    title: Audit log\n');
    writeFileSync(join(dir, 'orders.yaml'), edited);
    assert.equal((await run(dir, ['build', 'orders.yaml', '--out', 'after'])).code, 0);

    const json = await run(dir, ['changes', 'before/apidesc-routes.json', 'after/apidesc-routes.json', '--format', 'json']);
    assert.equal(json.code, 0, json.err);
    const changes = JSON.parse(json.out) as Record<'added' | 'changed' | 'removed', { url: string }[]>;
    assert.deepEqual(changes.added.map((e) => e.url), ['channels/auditlog/']);
    assert.deepEqual(changes.removed.map((e) => e.url), ['operations/requeststockcheck/']);
    const changed = changes.changed.map((e) => e.url);
    assert.ok(changed.includes('components/schemas/money/'), 'the edited schema');
    assert.ok(changed.includes('components/messages/orderplaced/'), 'a message whose payload shows Money');
    assert.ok(!changed.includes('components/schemas/category/'), 'pages that show nothing new are unchanged, though their lines moved');
    assert.ok(!changed.includes('components/securityschemes/partneroauth/'), 'a security scheme: nothing it shows changed');
    assert.ok(changed.includes('servers/production/'), 'a server: it lists the new channel');

    const md = await run(dir, ['changes', 'before/apidesc-routes.json', 'after/apidesc-routes.json', '--format', 'markdown', '--preview-url', 'https://preview.example.test/pr-7/']);
    assert.match(md.out, /^### API documentation changes\n\n1 added, \d+ changed, 1 removed\./);
    assert.match(md.out, /- \[channel auditLog\]\(https:\/\/preview\.example\.test\/pr-7\/channels\/auditlog\/\)/);
    assert.match(md.out, /\*\*Removed\*\*\n\n- operation requestStockCheck `operations\/requeststockcheck\/`/);

    const same = await run(dir, ['changes', 'after/apidesc-routes.json', 'after/apidesc-routes.json']);
    assert.equal(same.out.trim(), '0 added, 0 changed, 0 removed');
    const bad = await run(dir, ['changes', 'orders.yaml', 'after/apidesc-routes.json']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /orders\.yaml: is not JSON/);
  });
});
