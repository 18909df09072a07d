import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replaceBytes, STAND_IN_BASE, withBase } from './stand-in-base.ts';

describe('the stand-in base of the renderer shared by every version', () => {
  it('is replaced everywhere by the real base, as bytes: UTF-8 around it untouched', () => {
    const page = Buffer.from(`<a href="${STAND_IN_BASE}orders/">Commandes · 注文</a><link href="${STAND_IN_BASE}_astro/a.css">`);
    assert.equal(withBase(page, '/v1.2.0/').toString(), '<a href="/v1.2.0/orders/">Commandes · 注文</a><link href="/v1.2.0/_astro/a.css">');
    // A base without its slashes is written as Astro writes it: /docs/v1/.
    assert.equal(withBase(Buffer.from(`${STAND_IN_BASE}x`), 'docs/v1').toString(), '/docs/v1/x');
  });

  it('leaves a file without it as it is, the same Buffer', () => {
    const file = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    assert.equal(replaceBytes(file, STAND_IN_BASE, '/v1/'), file);
    assert.equal(replaceBytes(Buffer.from('aXbXc'), 'X', '--').toString(), 'a--b--c');
  });
});
