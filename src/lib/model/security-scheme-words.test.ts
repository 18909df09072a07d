import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titleOf } from './routes.ts';

describe("a security scheme's title", () => {
  const kind = 'component:securitySchemes';
  it('names the scheme by its key, what a client sends and where after it, or the title its x-title gives', () => {
    assert.equal(
      titleOf({ type: 'oauth2', description: 'Partners authenticate with client credentials.' }, 'partnerOAuth', kind),
      'partnerOAuth: OAuth 2.0 access token',
    );
    // Not "sigv4 (HTTP API key)", which reads as a claim that AWS's signature is an API key: the header that carries it.
    assert.equal(titleOf({ type: 'httpApiKey', name: 'Authorization', in: 'header' }, 'sigv4', kind), 'sigv4: key in the HTTP header Authorization');
    assert.equal(titleOf({ type: 'scramSha512' }, 'brokerLogin', kind), 'brokerLogin: user name and password (SASL SCRAM-SHA-512)');
    assert.equal(titleOf({ type: 'oauth2', 'x-title': 'Partner sign-in' }, 'partnerOAuth', kind), 'Partner sign-in');
    // A type the format does not list: its key, as for any object without a title.
    assert.equal(titleOf({ type: 'magic' }, 'odd', kind), 'odd');
    // Other objects keep their title, else their id.
    assert.equal(titleOf({ type: 'oauth2' }, 'Order', 'component:schemas'), 'Order');
  });

  it('says for every type of the format what a client sends, and where when the scheme says', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'userPassword' }, 'user name and password'],
      [{ type: 'apiKey', in: 'user' }, 'API key as the user name'],
      [{ type: 'apiKey', in: 'password' }, 'API key as the password'],
      [{ type: 'X509' }, 'X.509 client certificate'],
      [{ type: 'symmetricEncryption' }, 'symmetric encryption key'],
      [{ type: 'asymmetricEncryption' }, 'asymmetric encryption key pair'],
      [{ type: 'httpApiKey', name: 'api_key', in: 'query' }, 'key in the query parameter api_key'],
      [{ type: 'httpApiKey', name: 'sid', in: 'cookie' }, 'key in the cookie sid'],
      [{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer token in the HTTP header Authorization'],
      [{ type: 'http', scheme: 'basic' }, 'user name and password in the HTTP header Authorization (Basic)'],
      [{ type: 'http', scheme: 'digest' }, 'credentials in the HTTP header Authorization'],
      [{ type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' }, 'OpenID Connect token'],
      [{ type: 'plain' }, 'user name and password (SASL PLAIN)'],
      [{ type: 'scramSha256' }, 'user name and password (SASL SCRAM-SHA-256)'],
      [{ type: 'gssapi' }, 'Kerberos ticket (SASL GSSAPI)'],
    ];
    for (const [scheme, needs] of cases) assert.equal(titleOf(scheme, 's', kind), `s: ${needs}`, JSON.stringify(scheme));
  });
});
