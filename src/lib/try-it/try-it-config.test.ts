import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mixedContent, originOf, tryItServer } from './try-it-config.ts';

describe('a server of tryIt, resolved', () => {
  it("reaches a ws or http server at its own URL, its variables' defaults filled in, or at the URL given", () => {
    assert.deepEqual(tryItServer({ host: 'feed.example.com', protocol: 'wss', pathname: '/v1/' }, {}, {}), {
      protocol: 'ws',
      url: 'wss://feed.example.com/v1',
      origin: 'wss://feed.example.com',
    });
    assert.deepEqual(tryItServer({ host: '{region}.example.com:{port}', protocol: 'HTTPS' }, { region: { default: 'eu' }, port: { enum: ['8443'] } }, {}), {
      protocol: 'http',
      url: 'https://eu.example.com:8443',
      origin: 'https://eu.example.com:8443',
    });
    assert.deepEqual(tryItServer({ host: 'internal:9000', protocol: 'http' }, {}, { url: 'https://sandbox.example.com/api/' }), {
      protocol: 'http',
      url: 'https://sandbox.example.com/api',
      origin: 'https://sandbox.example.com',
    });
  });

  it("reaches an MQTT broker at its WebSocket listener only, with the server's MQTT version", () => {
    assert.deepEqual(tryItServer({ host: 'broker:1883', protocol: 'mqtt5' }, {}, { url: 'wss://broker.example.com:8081/mqtt' }), {
      protocol: 'mqtt',
      url: 'wss://broker.example.com:8081/mqtt',
      origin: 'wss://broker.example.com:8081',
      mqttVersion: 5,
    });
  });

  it('says why a server cannot be reached: no value for a variable, a host that is not one, a protocol no browser speaks', () => {
    const problem = (...args: Parameters<typeof tryItServer>): string => {
      const resolved = tryItServer(...args);
      assert.ok('problem' in resolved, JSON.stringify(resolved));
      return resolved.problem;
    };
    assert.match(problem({ host: 'broker:1883', protocol: 'mqtt' }, {}, {}), /over TCP, which no browser can open/);
    assert.match(problem({ host: '{tenant}.example.com', protocol: 'wss' }, {}, {}), /no value for <tenant>/);
    assert.match(problem({ host: "example.com;script-src,'unsafe-inline'", protocol: 'https' }, {}, {}), /not one a browser can open/);
    assert.match(problem({ host: 'kafka:9092', protocol: 'kafka' }, {}, {}), /"kafka" is not one a browser can speak/);
    assert.match(problem({ host: 'x', protocol: 'ws' }, {}, { url: 'http://x' }), /is http, but the server speaks ws/);
  });

  it('gives the origin a CSP lists: scheme, host and a port other than the default', () => {
    assert.equal(originOf('https://a.example.com:443/x'), 'https://a.example.com');
    assert.equal(originOf('ws://127.0.0.1:9001/mqtt'), 'ws://127.0.0.1:9001');
    assert.equal(originOf('ws://[::1]:9001'), 'ws://[::1]:9001');
    assert.equal(originOf('ws://127.0.0.1:99999'), undefined);
  });

  it('sees that a site served over HTTPS cannot reach a ws:// or http:// server, but for a loopback host', () => {
    assert.match(mixedContent('https://docs.example.com', 'ws://feed.example.com/v1') ?? '', /browsers block a page served over HTTPS/);
    assert.match(mixedContent('HTTPS://docs.example.com', 'http://api.example.com') ?? '', /reached at http:\/\/api\.example\.com/);
    for (const url of [
      'wss://feed.example.com',
      'https://api.example.com',
      'ws://127.0.0.1:9001',
      'http://localhost:8080',
      'ws://[::1]:9001',
      'ws://app.localhost',
    ])
      assert.equal(mixedContent('https://docs.example.com', url), undefined, url);
    assert.equal(mixedContent('http://docs.example.com', 'ws://feed.example.com'), undefined);
    assert.equal(mixedContent(undefined, 'ws://feed.example.com'), undefined);
  });
});
