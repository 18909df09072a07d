/**
 * Documents with many channels and operations are compared in time proportional to their size:
 * no channel, server or message list is read again for each operation or channel that uses it.
 * The lists are counted (a Proxy on the document's maps), so that the test does not depend on
 * the speed of the machine; one timed run of 10,000 channels checks the whole command's path.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../../test/helpers.ts';
import { defaultLimits } from '../load/limits.ts';
import { openDocument } from '../validate/validate-document.ts';
import { diffSides } from './compare-inputs.ts';
import { diffDocument } from './diff-document.ts';

/** `n` channels, each with one message, each used by an operation without a `messages` list; `servers` root servers. */
function manyChannels(n: number, servers: number, maxLength = 10): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    channels[`ch${i}`] = { address: `a${i}`, messages: { m: { payload: { type: 'string', maxLength: i % 2 ? maxLength : 10 } } } };
    operations[`op${i}`] = {
      action: i % 2 ? 'send' : 'receive',
      channel: { $ref: `#/channels/ch${i}` },
      reply: { channel: { $ref: `#/channels/ch${(i + 1) % n}` } },
      security: [{ $ref: '#/components/securitySchemes/key' }],
    };
  }
  const root: Record<string, unknown> = {};
  for (let i = 0; i < servers; i++) root[`s${i}`] = { host: `h${i}.example.com`, protocol: 'kafka' };
  const key = { type: 'httpApiKey', in: 'header', name: maxLength === 10 ? 'X-Key' : 'X-Api-Key' };
  return { apidesc: '3.0.0', info: { title: 'Many', version: '1' }, servers: root, channels, operations, components: { securitySchemes: { key } } };
}

async function open(dir: string, name: string, value: unknown) {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  const opened = await openDocument(path, { cwd: dir, root: dir });
  assert.ok(opened.doc);
  return opened.doc;
}

/** Replaces the map at `key` of the document's root with a Proxy that counts how often its keys are listed. */
function countListings(doc: { root: { value: unknown } }, key: string): { listed: number } {
  const counter = { listed: 0 };
  const root = doc.root.value as Record<string, object>;
  root[key] = new Proxy(root[key]!, {
    ownKeys(target) {
      counter.listed++;
      return Reflect.ownKeys(target);
    },
  });
  return counter;
}

describe('diff: documents with many channels and operations', () => {
  it('lists the channels and the root servers a bounded number of times, not once per operation or channel', async () => {
    const dir = tempDir();
    const base = await open(dir, 'base.json', manyChannels(300, 50));
    const head = await open(dir, 'head.json', manyChannels(300, 50, 9));
    const counts = [base, head].flatMap((doc) => [countListings(doc, 'channels'), countListings(doc, 'servers')]);
    const changes = diffDocument(base, head);
    assert.equal(changes.filter((c) => c.rule === 'schema-constraint-tightened').length, 150);
    assert.equal(changes.filter((c) => c.rule === 'security-scheme-changed').length, 1);
    for (const c of counts) assert.ok(c.listed <= 4, `a map of the root listed ${c.listed} times`);
  });

  it('compares two versions of 10,000 channels and operations in seconds', async () => {
    const dir = tempDir();
    const write = (name: string, value: unknown): string => {
      writeFileSync(join(dir, name), JSON.stringify(value));
      return join(dir, name);
    };
    const b = write('base.json', manyChannels(10_000, 20));
    const h = write('head.json', manyChannels(10_000, 20, 9));
    const started = performance.now();
    const side = (file: string) => ({ files: [file], display: (f: string) => f, root: dir });
    const outcome = await diffSides(side(b), side(h), { limits: defaultLimits, allowRemoteRefs: false, cwd: dir });
    const seconds = (performance.now() - started) / 1000;
    assert.equal(outcome.unreadable, false);
    assert.equal(outcome.report.changes.length, 5001);
    // The scheme every operation requires changed: said once, naming the first few.
    assert.match(outcome.report.changes.find((c) => c.rule === 'security-scheme-changed')!.message, /required by operation op0, .*, and 9995 more\)$/);
    // About 2 s on a shared CI machine; the quadratic version took minutes.
    assert.ok(seconds < 30, `took ${seconds.toFixed(1)} s`);
  });
});
