/**
 * `diff` on real documents of the shared corpus: every document compared with itself gives no
 * change (single files and multi-file sets, $refs between files followed), and versions of the
 * same published documents (the streetlights API as the specification, its operation-security
 * example and its Kafka variant publish it; the Kraken request/reply API in two revisions and as
 * a client project ships it) give the breaking changes a reviewer would name.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { diffSides, type SideInput } from '../src/lib/diff/compare-inputs.ts';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';

const side = (file: string): SideInput => ({ files: [file], display: (f) => f.slice(CORPUS.length + 1) });
const options = { limits: defaultLimits, allowRemoteRefs: false, cwd: CORPUS };

/** Documents whose $refs need the network (the corpus README names them): compared with --allow-remote-refs only. */
const REMOTE = new Set(['spec-adeo-kafka-request-reply.yaml']);

const PAIRS: { base: string; head: string; breaking: string[] }[] = [
  {
    base: 'valid/spec-streetlights-mqtt.yaml',
    head: 'valid/spec-streetlights-operation-security.yaml',
    breaking: [
      'channel-address-changed channel lightTurnOff',
      'channel-server-removed channel lightTurnOff',
      'channel-address-changed channel lightTurnOn',
      'channel-server-removed channel lightTurnOn',
      'channel-address-changed channel lightingMeasured',
      'channel-server-removed channel lightingMeasured',
      'channel-address-changed channel lightsDim',
      'channel-server-removed channel lightsDim',
      'binding-removed operation dimLight',
      'security-added operation dimLight',
      'binding-removed operation receiveLightMeasurement',
      'binding-removed operation turnOff',
      'security-added operation turnOff',
      'binding-removed operation turnOn',
      'security-added operation turnOn',
      'server-removed server production',
    ],
  },
  {
    base: 'valid/spec-streetlights-mqtt.yaml',
    head: 'valid/spec-streetlights-kafka.yaml',
    breaking: [
      'channel-server-removed channel lightTurnOff',
      'channel-address-changed channel lightTurnOff',
      'channel-server-removed channel lightTurnOn',
      'channel-address-changed channel lightTurnOn',
      'channel-server-removed channel lightingMeasured',
      'channel-address-changed channel lightingMeasured',
      'channel-server-removed channel lightsDim',
      'channel-address-changed channel lightsDim',
      'binding-removed operation dimLight',
      'binding-removed operation receiveLightMeasurement',
      'binding-removed operation turnOff',
      'binding-removed operation turnOn',
      'server-removed server production',
    ],
  },
  {
    base: 'valid/spec-kraken-websocket-request-reply-multiple-channels.yaml',
    head: 'valid/spec-kraken-websocket-request-reply-message-filter-in-reply.yaml',
    breaking: [
      'channel-removed channel currencyInfo',
      'channel-removed channel heartbeat',
      'channel-removed channel ping',
      'channel-removed channel pong',
      'channel-removed channel subscribe',
      'channel-removed channel systemStatus',
      'channel-removed channel unsubscribe',
      'operation-removed operation heartbeat',
      'operation-channel-changed operation receivePing',
      'operation-reply-channel-changed operation receivePing',
      'operation-removed operation subscribe',
      'operation-channel-changed operation systemStatus',
      'operation-removed operation unsubscribe',
    ],
  },
  {
    base: 'valid/spec-kraken-websocket-request-reply-multiple-channels.yaml',
    head: 'valid/react-kraken-request-reply-multiple-channels.json',
    breaking: [
      'channel-removed channel currencyInfo',
      'operation-action-changed operation heartbeat',
      'operation-removed operation receivePing',
      'operation-action-changed operation subscribe',
      'operation-reply-channel-changed operation subscribe',
      'operation-action-changed operation systemStatus',
      'operation-action-changed operation unsubscribe',
      'operation-reply-channel-changed operation unsubscribe',
    ],
  },
];

describe('diff on the corpus', { skip: !HAS_CORPUS && 'the corpus is missing (test/corpus.test.ts fails for it)' }, () => {
  const valid = HAS_CORPUS ? readdirSync(join(CORPUS, 'valid')).filter((f) => /\.(ya?ml|json)$/.test(f)) : [];
  for (const name of valid) {
    it(`${name} against itself: no changes`, async () => {
      const file = join(CORPUS, 'valid', name);
      const outcome = await diffSides(side(file), side(file), options);
      if (REMOTE.has(name)) {
        assert.equal(outcome.unreadable, true, 'a remote $ref is refused without --allow-remote-refs');
        assert.ok(
          outcome.diagnostics.some((d) => /https:\/\//.test(d.message)),
          'the diagnostic names the URL',
        );
        return;
      }
      assert.equal(outcome.unreadable, false, outcome.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n'));
      assert.deepEqual(outcome.report, { changes: [], breaking: 0 });
    });
  }

  it('every multi-file set against itself, as folders: no changes', async () => {
    const folder = join(CORPUS, 'multi-file');
    const { expandInputs } = await import('../src/lib/inputs/expand-inputs.ts');
    const files = expandInputs([folder], CORPUS).files;
    assert.ok(files.length >= 12, `${files.length} root documents`);
    const input: SideInput = { files, folder, display: (f) => f.slice(CORPUS.length + 1) };
    const outcome = await diffSides(input, input, options);
    assert.equal(outcome.unreadable, false, outcome.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n'));
    assert.deepEqual(outcome.report.changes, []);
  });

  for (const pair of PAIRS) {
    it(`${pair.base} → ${pair.head}: the breaking changes a reviewer would name`, async () => {
      const outcome = await diffSides(side(join(CORPUS, pair.base)), side(join(CORPUS, pair.head)), options);
      assert.equal(outcome.unreadable, false);
      const breaking = outcome.report.changes.filter((c) => c.severity === 'breaking');
      assert.deepEqual(
        breaking.map((c) => `${c.rule} ${c.object}`),
        pair.breaking,
      );
      for (const c of breaking) {
        assert.ok(c.line > 0, `${c.rule} has a line`);
        assert.equal(c.file, c.side === 'base' ? pair.base : pair.head);
      }
      // Compared the other way round, what was removed is added: not every change breaks again.
      const back = await diffSides(side(join(CORPUS, pair.head)), side(join(CORPUS, pair.base)), options);
      assert.ok(back.report.changes.length > 0);
    });
  }
});
