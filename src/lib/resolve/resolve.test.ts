import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { codes, tempTree, validateFiles, where, MINIMAL } from '../../../test/helpers.ts';
import { deepChainDocument } from '../../../test/deep-document.ts';
import { defaultLimits } from '../load/limits.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { ResolvedDoc } from './resolved-doc.ts';

const channelWith = (payloadRef: string): string => `${MINIMAL}channels:
  c:
    address: a
    messages:
      m:
        payload:
          $ref: '${payloadRef}'
`;

describe('resolve: JSON Reference behaviour', () => {
  it('resolves local pointers with ~0, ~1 and percent-encoding', async () => {
    const doc = `${channelWith('#/components/schemas/a~1b~0c%20d')}components:
  schemas:
    a/b~c d:
      type: string
`;
    // The key has "/" and " " so it breaks the components key pattern, but the reference resolves.
    const d = await validateFiles({ 'main.yaml': doc });
    assert.deepEqual(codes(d), ['spec-key-pattern']);
  });

  it('resolves relative file references against the file that holds them, and refs to refs', async () => {
    const d = await validateFiles({
      'main.yaml': channelWith('./schemas/order.yaml#/Order'),
      'schemas/order.yaml': "Order:\n  $ref: '#/Base'\nBase:\n  $ref: './common/base.yaml#/Base'\n",
      'schemas/common/base.yaml': 'Base:\n  type: object\n  properties:\n    id: {type: string}\n',
    });
    assert.deepEqual(codes(d), []);
  });

  it('follows references met in the middle of a pointer', async () => {
    const d = await validateFiles({
      'main.yaml': `${MINIMAL}channels:\n  c:\n    $ref: '#/components/channels/c'\noperations:\n  o:\n    action: send\n    channel:\n      $ref: '#/channels/c'\n    messages:\n      - $ref: '#/channels/c/messages/m'\ncomponents:\n  channels:\n    c:\n      address: a\n      messages:\n        m:\n          payload: {type: string}\n`,
    });
    assert.deepEqual(codes(d), []);
  });

  it('keeps recursive schemas as back-references (no infinite expansion)', async () => {
    const doc = `${channelWith('#/components/schemas/Node')}components:
  schemas:
    Node:
      type: object
      properties:
        children:
          type: array
          items:
            $ref: '#/components/schemas/Node'
`;
    const d = await validateFiles({ 'main.yaml': doc.replace('    messages:', '    messages:') + '' });
    assert.deepEqual(codes(d), []);
  });

  it('reports a reference loop that never reaches a value', async () => {
    const d = await validateFiles({
      'main.yaml': `${channelWith('#/components/schemas/A')}components:\n  schemas:\n    A:\n      $ref: '#/components/schemas/B'\n    B:\n      $ref: '#/components/schemas/A'\n`,
    });
    assert.ok(codes(d).includes('ref-cycle'), codes(d).join());
  });

  it('reports a dangling pointer at the $ref, naming the missing key', async () => {
    const d = await validateFiles({ 'main.yaml': channelWith('#/components/schemas/Missing') });
    assert.deepEqual(codes(d), ['ref-unresolved']);
    assert.equal(where(d[0]), 'main.yaml:11:17');
    assert.match(d[0]!.message, /has no "components"/);
  });

  it("reports a problem inside a referenced file at that file's line and column", async () => {
    const d = await validateFiles({
      'main.yaml': channelWith('./schemas.yaml#/Order'),
      'schemas.yaml': 'Order:\n  type: object\n  properties:\n    total:\n      type: number\n      minimum: "zero"\n',
    });
    assert.deepEqual(codes(d), ['spec-type']);
    assert.equal(where(d[0]), 'schemas.yaml:6:16');
  });

  it('warns about properties next to $ref (SPEC Errors #8)', async () => {
    const d = await validateFiles({
      'main.yaml': `${MINIMAL}channels:\n  c:\n    $ref: '#/components/channels/c'\n    description: ignored\ncomponents:\n  channels:\n    c:\n      address: a\n`,
    });
    assert.deepEqual(codes(d), ['ref-siblings']);
    assert.equal(d[0]!.severity, 'warning');
    assert.equal(where(d[0]), 'main.yaml:8:5');
  });
});

describe('resolve: long chains of references (hostile input)', () => {
  it('follows 5,000 references to references to the value, without a false loop or a stack overflow', async () => {
    const dir = tempTree({ 'main.yaml': deepChainDocument('alias', 5000) });
    const file = loadSourceFile(join(dir, 'main.yaml'), defaultLimits).file!;
    const doc = new ResolvedDoc(file, { root: dir, allowRemote: false }, defaultLimits);
    const site = { file: file.path, pointer: '/channels/chain/messages/link/payload' };
    const found = doc.deref({ $ref: '#/components/schemas/s0' }, site)!;
    assert.equal(found.at.pointer, '/components/schemas/s5000');
    assert.deepEqual(found.value, { type: 'object', description: 'the end of the chain' });
    // Every Reference Object on the way, in order: the site, then s0 … s4999.
    assert.equal(found.via.length, 5001);
    assert.deepEqual(
      [found.via[0]!.pointer, found.via[1]!.pointer, found.via[5000]!.pointer],
      [site.pointer, '/components/schemas/s0', '/components/schemas/s4999'],
    );
    // A reference in the middle of a pointer, through the whole chain.
    assert.equal(doc.resolveRef('#/components/schemas/s0/description', site)?.value, 'the end of the chain');
    assert.deepEqual(doc.problems, []);
    assert.deepEqual(codes((await validateDocument(join(dir, 'main.yaml'), { cwd: dir })).diagnostics), []);
  });
});

describe('resolve: file references never leave the input root', () => {
  it('refuses ../ paths outside the root and never reads them', async () => {
    const dir = tempTree({ 'api/main.yaml': channelWith('../secret.yaml#/x'), 'secret.yaml': 'x: {type: string}\n' });
    // Run from the document's folder: the root is then that folder (no repository, no wider working folder).
    const { diagnostics } = await validateDocument(join(dir, 'api/main.yaml'), { cwd: join(dir, 'api') });
    assert.deepEqual(codes(diagnostics), ['ref-outside-root']);
  });

  it('allows ../ inside a wider --root', async () => {
    const dir = tempTree({ 'api/main.yaml': channelWith('../common.yaml#/x'), 'common.yaml': 'x: {type: string}\n' });
    const { diagnostics } = await validateDocument(join(dir, 'api/main.yaml'), { cwd: dir, root: dir });
    assert.deepEqual(codes(diagnostics), []);
  });

  it('refuses absolute paths and file: URLs', async () => {
    assert.deepEqual(codes(await validateFiles({ 'main.yaml': channelWith('/etc/passwd#/x') })), ['ref-outside-root']);
    assert.deepEqual(codes(await validateFiles({ 'main.yaml': channelWith('file:///etc/passwd#/x') })), ['ref-outside-root']);
  });

  it('refuses a symlink that leads outside the root', async () => {
    const outside = tempTree({ 'secret.yaml': 'x: {type: string}\n' });
    const dir = tempTree({ 'main.yaml': channelWith('./link.yaml#/x') });
    symlinkSync(join(outside, 'secret.yaml'), join(dir, 'link.yaml'));
    const { diagnostics } = await validateDocument(join(dir, 'main.yaml'), { cwd: dir });
    assert.deepEqual(codes(diagnostics), ['ref-outside-root']);
    assert.match(diagnostics[0]!.message, /symbolic link/);
  });

  it('reports a missing referenced file once, at the reference', async () => {
    const d = await validateFiles({ 'main.yaml': channelWith('./nope.yaml#/x') });
    assert.deepEqual(codes(d), ['ref-unresolved']);
    assert.match(d[0]!.message, /does not exist/);
  });
});

describe('resolve: remote references', () => {
  it('names the URL and does not fetch it without --allow-remote-refs', async () => {
    const d = await validateFiles({ 'main.yaml': channelWith('https://example.invalid/schema.json#/x') });
    assert.deepEqual(codes(d), ['ref-remote']);
    assert.match(d[0]!.message, /https:\/\/example\.invalid\/schema\.json/);
  });

  it('fetches with --allow-remote-refs, with a timeout and a size cap', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/ok.yaml') res.end('x:\n  type: string\n');
      else if (req.url === '/big.yaml') res.end('x: "' + 'a'.repeat(5000) + '"\n');
      else if (req.url === '/slow.yaml') setTimeout(() => res.end('x: {}\n'), 2000);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const opts = { allowRemoteRefs: true, remote: { timeoutMs: 300, maxDocuments: 10 }, limits: { maxBytes: 4000, maxDepth: 1000, maxExpandedNodes: 1e6 } };
      assert.deepEqual(codes(await validateFiles({ 'main.yaml': channelWith(`${base}/ok.yaml#/x`) }, 'main.yaml', opts)), []);
      const big = await validateFiles({ 'main.yaml': channelWith(`${base}/big.yaml#/x`) }, 'main.yaml', opts);
      assert.ok(
        big.some((d) => d.code === 'ref-remote' && /larger than/.test(d.message)),
        JSON.stringify(big),
      );
      const slow = await validateFiles({ 'main.yaml': channelWith(`${base}/slow.yaml#/x`) }, 'main.yaml', opts);
      assert.ok(
        slow.some((d) => d.code === 'ref-remote' && /timed out/.test(d.message)),
        JSON.stringify(slow),
      );
      const missing = await validateFiles({ 'main.yaml': channelWith(`${base}/missing.yaml#/x`) }, 'main.yaml', opts);
      assert.ok(
        missing.some((d) => /HTTP 404/.test(d.message)),
        JSON.stringify(missing),
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
