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
    Contact:
      anyOf:
        - {title: By e-mail, type: object, properties: {email: {type: string, format: email}}}
        - {title: By phone, type: object, properties: {phone: {type: string}}}
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
    assert.match(
      page('channels/payments'),
      /https:\/\/docs\.example\.com\/channels\/payments<\/a><div class="fact-note"><p>How payments are <strong>settled<\/strong>\.<\/p>/,
    );
    assert.match(page('operations/receivepaid'), /Runbook of the consumer\./);
    assert.match(page('components/messages/paid'), /The event as the ledger sees it\./);
    assert.match(page('components/schemas/payment'), /Field by field\./);
  });

  it("show a tag's description and external docs", () => {
    const operation = page('operations/receivepaid');
    assert.match(
      operation,
      /<dt data-pagefind-ignore="true">billing<\/dt> <dd><a href="https:\/\/docs\.example\.com\/billing"[^>]*>https:\/\/docs\.example\.com\/billing<\/a><div class="fact-note"><p>Everything about <em>invoices<\/em>\.<\/p><p>The billing handbook\.<\/p>/,
    );
  });

  it('read anyOf as one or more shapes, named by their titles', () => {
    assert.match(
      page('components/schemas/contact'),
      /<p class="shapes-intro">\s*Contact is one or more of 2 shapes:\s*<\/p>\s*<details class="shape" id="schema\(By-e-mail\)" data-pagefind-title="[^"]* › By e-mail" open><summary><strong>By e-mail<\/strong>/,
    );
  });

  it('render the names in a finding as code', () => {
    assert.match(page('components/schemas/payment'), /the discriminator <code>kind<\/code> is not a property of this schema/);
  });

  it('leave out the version of a document that has none, instead of "version " and nothing', () => {
    for (const html of [page(''), page('channels/payments')]) assert.doesNotMatch(html, /version\s+<\/(p|span)>/);
    assert.match(page(''), /<p class="kind" data-pagefind-ignore>API<\/p>/);
  });
});

const secured = `apidesc: 3.0.0
info: {title: Sec, version: 1.0.0}
servers:
  prod:
    host: broker.example.com
    protocol: kafka
    security:
      - type: oauth2
        description: Tokens from the **identity** service.
        flows:
          clientCredentials:
            tokenUrl: https://id.example.com/oauth/token
            availableScopes: {orders:read: Read orders, orders:write: Write orders}
          authorizationCode:
            authorizationUrl: https://id.example.com/oauth/authorize
            tokenUrl: https://id.example.com/oauth/token
            refreshUrl: https://id.example.com/oauth/refresh
            availableScopes: {orders:read: Read orders}
        scopes: [orders:read]
      - $ref: '#/components/securitySchemes/apiKey'
      - $ref: '#/components/securitySchemes/oidc'
channels:
  orders:
    address: orders
    servers: [{$ref: '#/servers/prod'}]
    messages: {placed: {payload: {type: object}}}
operations:
  sendOrder:
    action: send
    channel: {$ref: '#/channels/orders'}
    security:
      - type: http
        scheme: bearer
        bearerFormat: JWT
      - $ref: '#/components/securitySchemes/httpKey'
components:
  securitySchemes:
    apiKey: {type: apiKey, in: user}
    oidc: {type: openIdConnect, openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration', scopes: []}
    httpKey: {type: httpApiKey, name: X-Api-Key, in: header}
`;

describe('security on the pages', () => {
  let dir = '';
  const page = (url: string): string => readFileSync(join(dir, 'site', url, 'index.html'), 'utf8');
  before(async () => {
    dir = tempTree({ 'api.yaml': secured });
    const r = await runIn(dir, ['build', 'api.yaml', '--out', 'site']);
    assert.equal(r.code, 0, r.out + r.err);
  });

  it('lists every scheme of a server that also applies, inline or referenced', () => {
    const operation = page('operations/sendorder');
    const serverPart = operation.slice(operation.indexOf('id="security-of-'));
    const names = [...serverPart.matchAll(/<p class="scheme-head">(.*?)<\/p>/gs)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    // Each by the name its page and the sidebar give it, its kind in words after it where that name does not say it (an inline scheme has no name: its kind).
    assert.deepEqual(names, ['OAuth 2.0 access token', 'or apiKey: API key as the user name', 'or oidc: OpenID Connect token']);
  });

  it('reads OAuth 2.0 flows as one block each, with their URLs, and the scopes described once', () => {
    const operation = page('operations/sendorder');
    assert.match(
      operation,
      /<p class="flow-title"><strong>Client credentials flow<\/strong><\/p>\s*<dl class="facts"><dt>Token URL<\/dt> <dd><code class="wrap">https:\/\/id\.example\.com\/oauth\/token<\/code><\/dd> <\/dl>/,
    );
    // The scopes table lists a flow's scopes when they are all of them; a flow that offers fewer names its own.
    assert.match(operation, /Authorization code flow<\/strong><\/p>[\s\S]*?<dt>Scopes offered<\/dt> <dd><code>orders:read<\/code><\/dd> <\/dl>/);
    assert.equal(operation.match(/<dt>Scopes offered<\/dt>/g)?.length, 1, 'only the flow that offers fewer');
    assert.match(operation, /Authorization code flow<\/strong><\/p>[\s\S]*?Refresh URL/);
    assert.equal(operation.match(/<dt><code>orders:read<\/code><\/dt> <dd>Read orders<\/dd>/g)?.length, 1, 'each scope described once');
    // Under a label of their own, as the flows have theirs: not a list that seems to belong to the last flow's token URL.
    assert.match(
      operation,
      /<p class="flow-title"><strong>Scopes a token can grant<\/strong><\/p>\s*<dl class="facts scopes" aria-label="Scopes a token can grant"><dt><code>orders:read<\/code>/,
    );
    assert.match(operation, /<dt>Token must grant<\/dt> <dd><code>orders:read<\/code><\/dd>/);
    assert.doesNotMatch(operation, /availableScopes|clientCredentials/, 'no key/value dump of the flows');
  });

  it('says what each type of scheme needs, in words', () => {
    const operation = page('operations/sendorder');
    // The header's name once, in the scheme's kind, not again in a row under it.
    assert.match(operation, /<strong>httpKey: key in the HTTP header X-Api-Key<\/strong><\/a><\/p>/);
    assert.doesNotMatch(operation, /<dt>Header<\/dt>/);
    assert.match(
      operation,
      /<dt>Authorization scheme<\/dt> <dd><code class="wrap">bearer<\/code><\/dd> <dt>Bearer format<\/dt> <dd><code class="wrap">JWT<\/code><\/dd>/,
    );
    assert.match(page('components/securityschemes/oidc'), /<dt>Discovery URL<\/dt>/);
  });
});

describe('package-qualified names', () => {
  it('read by their end in lists and URLs, and whole on their page', async () => {
    const prefix = 'io.github.acme.orders.paymentservice.internal.generated.model';
    const dir = tempTree({
      'api.yaml': `apidesc: 3.0.0\ninfo: {title: Names, version: 1.0.0}\ncomponents:\n  schemas:\n    ${prefix}.PaymentApplication.Pet: {type: object}\n    ${prefix}.PaymentApplication.Owner: {type: object}\n    ${prefix}.billing.Pet: {type: object}\n`,
    });
    assert.equal((await runIn(dir, ['build', 'api.yaml', '--out', 'site'])).code, 0);
    const list = readFileSync(join(dir, 'site', 'components', 'schemas', 'index.html'), 'utf8');
    // A title may hold wrap points (<wbr>) between its words.
    const titles = [...list.matchAll(/<a (?:class="[^"]*" )?href="\/components\/schemas\/([^"]+)\/">((?:[^<]|<wbr>)+)<\/a>/g)].map((m) => [
      m[1],
      m[2]!.replaceAll('<wbr>', ''),
    ]);
    assert.deepEqual(titles.sort(), [
      ['acme.orders.paymentservice.internal.generated.model.paymentapplication.owner', 'Owner'],
      ['acme.orders.paymentservice.internal.generated.model.paymentapplication.pet', 'PaymentApplication.Pet'],
      ['io.github.acme.orders.paymentservice.internal.generated.model.billing.pet', 'billing.Pet'],
    ]);
    const page = readFileSync(
      join(dir, 'site', 'components', 'schemas', 'io.github.acme.orders.paymentservice.internal.generated.model.billing.pet', 'index.html'),
      'utf8',
    );
    // Once, over the title, its package quieter (a grey prefix) and wrapping after its dots only.
    const id = /<code class="page-id" data-pagefind-weight="10">(.*?)<\/code>/.exec(page)?.[1] ?? '';
    assert.equal(id.replace(/<[^>]*>/g, ''), `${prefix}.billing.Pet`, 'the page shows the whole name');
    assert.match(id, /^<span class="id-package">io\.<wbr>github\.<wbr>acme\.[^<]*(<wbr>[^<]*)*<\/span><wbr>billing\.Pet$/);
  });
});
