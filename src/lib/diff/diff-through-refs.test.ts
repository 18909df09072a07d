/**
 * What is written with a `$ref` or inline is the same thing: security alternatives are known by
 * the scheme they ask for, tags and other wording by their text once references are followed. A
 * scheme's change breaks the clients of what requires it, and no one when nothing does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { set } from '../../../test/diff-cases.ts';
import { api, diffPair, summaryOf } from '../../../test/diff-fixture.ts';

const oauth = { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', availableScopes: { read: 'r', write: 'w' } } } };
const key = { type: 'httpApiKey', in: 'header', name: 'X-Key' };
const schemes = { securitySchemes: { oauth, key } };
const ref = (id: string) => ({ $ref: `#/components/securitySchemes/${id}` });

/** The server and the send operation require `server` and `operation` (each a list of alternatives). */
const secured = (server: unknown[], operation: unknown[], extra: (d: Record<string, unknown>) => void = () => {}) =>
  api({
    components: schemes,
    patch: (d) => {
      set(['servers', 'production', 'security'], server)(d);
      set(['operations', 'publishOrder', 'security'], operation)(d);
      extra(d);
    },
  });

describe('diff: security alternatives by what they ask for', () => {
  it('a referenced scheme replaced by the same scheme inline, or the reverse, is no change', async () => {
    const inlined = await diffPair(secured([ref('oauth')], [ref('key')]), secured([oauth], [key]));
    assert.deepEqual(summaryOf(inlined), []);
    const referenced = await diffPair(secured([oauth, key], [key]), secured([ref('oauth'), ref('key')], [ref('key')]));
    assert.deepEqual(summaryOf(referenced), []);
  });

  it('the same scheme inline with another description is wording, not an alternative removed', async () => {
    const r = await diffPair(secured([ref('oauth')], []), secured([{ ...oauth, description: 'Tokens from the shop.' }], []));
    assert.deepEqual(
      r.changes.map((c) => `${c.rule} ${c.severity}`),
      ['security-description-changed info'],
    );
  });

  it('an alternative removed or added is named by its scheme, in words', async () => {
    const removed = await diffPair(secured([ref('oauth'), { type: 'http', scheme: 'bearer' }], []), secured([ref('oauth')], []));
    assert.deepEqual(summaryOf(removed), [
      'security-alternative-removed breaking /servers/production/security/1 security scheme "inline http bearer" removed: clients that authenticate with it are refused',
    ]);
    const added = await diffPair(secured([ref('oauth')], []), secured([oauth, key], []));
    assert.deepEqual(
      added.changes.map((c) => c.message),
      ['security scheme "inline httpApiKey \\"X-Key\\" in header" added as another way to authenticate'],
    );
  });

  it('a scheme of components changed breaks where it is required, naming what requires it; unused, it breaks no one', async () => {
    const moved = { securitySchemes: { oauth, key: { ...key, name: 'X-Api-Key' } } };
    const used = await diffPair(secured([ref('key')], [ref('key')]), { ...secured([ref('key')], [ref('key')]), components: moved });
    assert.deepEqual(summaryOf(used), [
      'security-scheme-changed breaking /components/securitySchemes/key/name security scheme "key": name "X-Key" → "X-Api-Key": clients configured for the old scheme are refused (required by server production, operation publishOrder)',
    ]);
    const unused = await diffPair(secured([ref('oauth')], []), { ...secured([ref('oauth')], []), components: moved });
    assert.deepEqual(
      unused.changes.map((c) => `${c.rule} ${c.severity}`),
      ['security-scheme-changed non-breaking'],
    );
    assert.match(unused.changes[0]!.message, /no server or operation requires it, so no client is refused/);
    // Removed from components when unused: non-breaking too.
    const removed = await diffPair(secured([ref('oauth')], []), { ...secured([ref('oauth')], []), components: { securitySchemes: { oauth } } });
    assert.deepEqual(
      removed.changes.map((c) => `${c.rule} ${c.severity}`),
      ['security-scheme-removed non-breaking'],
    );
  });

  it('a scheme required through an operation trait is used', async () => {
    const withTrait = (name: string) =>
      api({
        components: { securitySchemes: { key: { ...key, name } }, operationTraits: { secured: { security: [ref('key')] } } },
        patch: set(['operations', 'publishOrder', 'traits'], [{ $ref: '#/components/operationTraits/secured' }]),
      });
    const r = await diffPair(withTrait('X-Key'), withTrait('X-Api-Key'));
    assert.deepEqual(
      r.changes.map((c) => `${c.rule} ${c.severity}`),
      ['security-scheme-changed breaking'],
    );
  });
});

describe('diff: wording through references', () => {
  const tagged = (inline: boolean, description = 'Orders of the shop.') =>
    api({
      components: { tags: { orders: { name: 'orders', description } } },
      patch: (d) => {
        const tags = [inline ? { name: 'orders', description: 'Orders of the shop.' } : { $ref: '#/components/tags/orders' }];
        set(['info', 'tags'], tags)(d);
        set(['channels', 'orders', 'tags'], tags)(d);
        set(['operations', 'publishOrder', 'tags'], tags)(d);
        set(['servers', 'production', 'tags'], tags)(d);
      },
    });

  it('tags written inline instead of referenced (or the reverse) are no change', async () => {
    assert.deepEqual(summaryOf(await diffPair(tagged(false), tagged(true))), []);
    assert.deepEqual(summaryOf(await diffPair(tagged(true), tagged(false))), []);
  });

  it('a referenced tag changed where it is defined is a change of wording where it is used', async () => {
    const r = await diffPair(tagged(false), tagged(false, 'All the orders.'));
    assert.deepEqual(r.changes.map((c) => `${c.rule} ${c.severity} ${c.object}`).sort(), [
      'channel-wording-changed info channel orders',
      'info-changed info info',
      'operation-wording-changed info operation publishOrder',
      'server-wording-changed info server production',
    ]);
  });
});
