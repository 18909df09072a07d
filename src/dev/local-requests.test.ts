/** What preview and dev share about requests: whom they answer, where they redirect, and that no request stops them. */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { containFailures, isLocalHost, pathSegments, siteLocation } from './local-requests.ts';

describe('isLocalHost', () => {
  it('answers loopback names and addresses on the server’s port', () => {
    for (const host of [
      'localhost:4322',
      '127.0.0.1:4322',
      '127.8.9.10:4322',
      '[::1]:4322',
      '[::ffff:127.0.0.1]:4322',
      'docs.localhost:4322',
      'LOCALHOST:4322',
    ])
      assert.equal(isLocalHost(host, 4322), true, host);
    assert.equal(isLocalHost('localhost', 80), true, 'port 80 may go unsaid');
  });

  it('refuses other names (DNS rebinding), other ports, other addresses and what is not a host', () => {
    for (const host of [
      undefined,
      '',
      'attacker.example:4322',
      'localhost.attacker.example:4322',
      'localhost:4323',
      'localhost',
      '127.0.0.1',
      '10.0.0.1:4322',
      '192.168.1.2:4322',
      '[::2]:4322',
      '127.1:4322',
      '0x7f.0.0.1:4322',
      '2130706433:4322',
      'localhost.:4322',
      'localhost:4322:4322',
      'user@localhost:4322',
      'localhost:04322x',
      '::1:4322',
    ])
      assert.equal(isLocalHost(host, 4322), false, String(host));
  });
});

describe('pathSegments', () => {
  it('decodes each segment on its own, keeping a trailing slash as an empty last segment', () => {
    assert.deepEqual(pathSegments('/'), ['']);
    assert.deepEqual(pathSegments('/channels/orders/?q=1#x'), ['channels', 'orders', '']);
    assert.deepEqual(pathSegments('/source/%E6%97%A5%E6%9C%AC'), ['source', '日本']);
  });

  it('refuses what could lead out of the site or to another host, and says when a request is malformed', () => {
    for (const url of ['/%2Fattacker.example', '//attacker.example/', '/a//b', '/%2e%2e/x', '/../x', '/./x', '/a%5Cb', '/a\\b', '/%00', '/a%2fb'])
      assert.equal(pathSegments(url), 'refused', url);
    for (const url of [undefined, '', '*', 'http://attacker.example/', '/%E6%97', '/%zz', '/%'] as const)
      assert.equal(pathSegments(url), 'malformed', String(url));
  });
});

describe('siteLocation', () => {
  it('percent-encodes every segment: ASCII only, always a path of this site', () => {
    assert.equal(siteLocation(['ドキュメント'], true), '/%E3%83%89%E3%82%AD%E3%83%A5%E3%83%A1%E3%83%B3%E3%83%88/');
    assert.equal(siteLocation(['source', '日本'], true), '/source/%E6%97%A5%E6%9C%AC/');
    assert.equal(siteLocation(['/attacker.example'], true), '/%2Fattacker.example/');
    assert.equal(siteLocation(['\\attacker.example'], true), '/%5Cattacker.example/');
    assert.equal(siteLocation(['', 'x'], false), '/x');
    assert.equal(siteLocation([], true), '/');
    assert.equal(siteLocation(['a\ud800b'], false), '/a%EF%BF%BDb');
  });
});

describe('containFailures', () => {
  it('answers 500 to a request whose handler throws, tells it once, and goes on serving', async () => {
    const told: string[] = [];
    const server = createServer(
      containFailures(
        (req, res) => {
          if (req.url === '/throw') throw new TypeError('something unexpected');
          if (req.url === '/reject') return Promise.reject(new RangeError('later'));
          if (req.url === '/half') {
            res.writeHead(200);
            res.write('part');
            throw new Error('after the head');
          }
          res.end('fine');
        },
        (line) => told.push(line),
      ),
    );
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 5; i++) assert.equal((await fetch(`${origin}/throw`)).status, 500);
      assert.equal((await fetch(`${origin}/reject`)).status, 500);
      // Once the answer has started, the connection is closed: the reader sees it broken, not complete.
      await assert.rejects(async () => await (await fetch(`${origin}/half`)).text());
      assert.equal(await (await fetch(`${origin}/`)).text(), 'fine');
      assert.deepEqual(
        told.map((line) => /\(([^)]*)\)/.exec(line)?.[1]),
        ['TypeError: something unexpected', 'RangeError: later', 'Error: after the head'],
      );
    } finally {
      server.close();
    }
  });
});
