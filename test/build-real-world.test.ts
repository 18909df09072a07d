/**
 * What documents written by others showed on the pages (issue: real-world documents): external
 * docs with their descriptions everywhere, tags that say more than their name, findings whose
 * names read as code, and a preview of a document without a version.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { runIn, tempTree } from './helpers.ts';

const document = `apidesc: 3.0.0
info:
  title: Payments
channels:
  payments:
    address: payments
    externalDocs:
      url: https://docs.example.com/channels/payments
      description: How payments are **settled**.
    messages:
      paid:
        $ref: '#/components/messages/Paid'
operations:
  receivePaid:
    action: receive
    channel: {$ref: '#/channels/payments'}
    tags:
      - name: billing
        description: Everything about _invoices_.
        externalDocs: {url: 'https://docs.example.com/billing', description: The billing handbook.}
    externalDocs: {url: 'https://docs.example.com/ops', description: Runbook of the consumer.}
components:
  messages:
    Paid:
      externalDocs: {url: 'https://docs.example.com/paid', description: The event as the ledger sees it.}
      payload: {$ref: '#/components/schemas/Payment'}
  schemas:
    Payment:
      type: object
      discriminator: kind
      externalDocs: {url: 'https://docs.example.com/payment', description: Field by field.}
      properties:
        amount: {type: number}
`;

describe('pages of a document written elsewhere', () => {
  let dir = '';
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  before(async () => {
    dir = tempTree({ 'api.yaml': document });
    const r = await runIn(dir, ['build', 'api.yaml', '--out', 'site', '--allow-invalid']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('show the description of external docs wherever they are shown, as CommonMark', () => {
    assert.match(page('channels/payments'), /https:\/\/docs\.example\.com\/channels\/payments<\/a><div class="fact-note"><p>How payments are <strong>settled<\/strong>\.<\/p>/);
    assert.match(page('operations/receivepaid'), /Runbook of the consumer\./);
    assert.match(page('components/messages/paid'), /The event as the ledger sees it\./);
    assert.match(page('components/schemas/payment'), /Field by field\./);
  });

  it('show a tag\'s description and external docs', () => {
    const operation = page('operations/receivepaid');
    assert.match(operation, /<dt>billing<\/dt><dd><a href="https:\/\/docs\.example\.com\/billing"[^>]*>https:\/\/docs\.example\.com\/billing<\/a><div class="fact-note"><p>Everything about <em>invoices<\/em>\.<\/p><p>The billing handbook\.<\/p>/);
  });

  it('render the names in a finding as code', () => {
    assert.match(page('components/schemas/payment'), /the discriminator <code>kind<\/code> is not a property of this schema/);
  });

  it('leave out the version of a document that has none, instead of "version " and nothing', () => {
    for (const html of [page(''), page('channels/payments')]) assert.doesNotMatch(html, /version\s+<\/(p|span)>/);
    assert.match(page(''), /<p class="kind">API<\/p>/);
  });
});
