/** Turning performance mechanisms off one by one (APIDESC_PERF_OFF). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MECHANISMS, mechanismOn } from './switches.ts';

describe('performance switches', () => {
  it('keeps every mechanism on unless APIDESC_PERF_OFF names it', () => {
    for (const mechanism of MECHANISMS) assert.equal(mechanismOn(mechanism, {}), true, mechanism);
    const env = { APIDESC_PERF_OFF: 'cli-bundle, renderer-bundle' };
    assert.equal(mechanismOn('cli-bundle', env), false);
    assert.equal(mechanismOn('renderer-bundle', env), false);
    assert.equal(mechanismOn('code-cache', env), true, 'a name is matched whole, not as part of another');
    assert.equal(mechanismOn('lean-heap', { APIDESC_PERF_OFF: '' }), true);
  });
});
