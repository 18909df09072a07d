/**
 * A relative `$ref` inside a remote document is resolved against that document's URL (RFC 3986),
 * never against the local file system: a remote document must not make the tool read local files.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { codes, MINIMAL, validateFiles } from '../../../test/helpers.ts';

describe('relative references inside a remote document', () => {
  it('are fetched from beside it, and no local file of the same path is read', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/apis/orders.yaml') res.end("Order:\n  type: object\n  properties:\n    quantity: {$ref: '../common/types.yaml#/Quantity'}\n");
      else if (req.url === '/common/types.yaml') res.end('Quantity: {type: integer, minimum: 1}\n');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const document = `${MINIMAL}components:\n  messages:\n    placed:\n      payload: {$ref: '${base}/apis/orders.yaml#/Order'}\n      examples: [{payload: {quantity: 0}}]\n`;
      // The same relative path on the local disk holds another schema, which must not be read.
      const found = await validateFiles({ 'apis/main.yaml': document, 'common/types.yaml': 'Quantity: {type: string}\n' }, 'apis/main.yaml', {
        allowRemoteRefs: true,
      });
      assert.deepEqual(requests.sort(), ['/apis/orders.yaml', '/common/types.yaml']);
      assert.deepEqual(codes(found), ['example-invalid'], 'quantity 0 breaks the remote minimum of 1');
      assert.match(found[0]!.message, /quantity/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
