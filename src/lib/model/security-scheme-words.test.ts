import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titleOf } from './routes.ts';

describe("a security scheme's title", () => {
  it('names the scheme by its key, what it is after it, or the title its x-title gives', () => {
    const kind = 'component:securitySchemes';
    assert.equal(titleOf({ type: 'oauth2', description: 'Partners authenticate with client credentials.' }, 'partnerOAuth', kind), 'partnerOAuth (OAuth 2.0)');
    assert.equal(titleOf({ type: 'httpApiKey', name: 'Authorization', in: 'header' }, 'sigv4', kind), 'sigv4 (HTTP API key)', 'not the header name');
    assert.equal(titleOf({ type: 'scramSha512' }, 'brokerLogin', kind), 'brokerLogin (SASL SCRAM-SHA-512)');
    assert.equal(titleOf({ type: 'oauth2', 'x-title': 'Partner sign-in' }, 'partnerOAuth', kind), 'Partner sign-in');
    // A type the format does not list: its key, as for any object without a title.
    assert.equal(titleOf({ type: 'magic' }, 'odd', kind), 'odd');
    // Other objects keep their title, else their id.
    assert.equal(titleOf({ type: 'oauth2' }, 'Order', 'component:schemas'), 'Order');
  });
});
