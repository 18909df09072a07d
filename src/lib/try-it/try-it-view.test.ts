import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { credentialsNotSent } from './try-it-view.ts';

describe('the credentials a try-it form cannot send', () => {
  it('on a WebSocket: a token, a user and password, an API key in a header, each named', () => {
    assert.match(
      credentialsNotSent({ protocol: 'ws', credentials: { kind: 'bearer' } }) ?? '',
      /^This server asks for a token in the Authorization header, and a browser cannot set headers on a WebSocket: .* The code samples above send it\.$/,
    );
    assert.match(
      credentialsNotSent({ protocol: 'ws', credentials: { kind: 'api-key', in: 'header', name: 'X-Key' } }) ?? '',
      /its API key in the header X-Key/,
    );
    const user = credentialsNotSent({ protocol: 'ws', credentials: { kind: 'user-password' } }) ?? '';
    assert.match(user, /a user name and password in the Authorization header/);
    assert.doesNotMatch(user, /code samples/, 'the WebSocket samples do not send a user and password');
  });

  it('none for an API key in the query, for HTTP (fetch sets headers) and MQTT (credentials in its CONNECT packet), or without security', () => {
    assert.equal(credentialsNotSent({ protocol: 'ws', credentials: { kind: 'api-key', in: 'query', name: 'key' } }), undefined);
    assert.equal(credentialsNotSent({ protocol: 'http', credentials: { kind: 'bearer' } }), undefined);
    assert.equal(credentialsNotSent({ protocol: 'mqtt', credentials: { kind: 'user-password' } }), undefined);
    assert.equal(credentialsNotSent({ protocol: 'ws' }), undefined);
  });
});
