import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wrapPoints } from './wrap-points.ts';

describe('where long ids wrap', () => {
  it('cuts long words after separators and between camelCase words, and leaves short words whole', () => {
    assert.deepEqual(wrapPoints('receiveOrderEventsInWarehouse'), ['receive', 'Order', 'Events', 'In', 'Warehouse']);
    assert.deepEqual(wrapPoints('smartylighting.streetlights.1.0.event'), ['smartylighting.', 'streetlights.', '1.', '0.', 'event']);
    assert.deepEqual(wrapPoints('user/signed_up-event:v2'), ['user/', 'signed_', 'up-', 'event:', 'v2']);
    assert.deepEqual(wrapPoints('orders--{region}.fifo..x'), ['orders--', '{region}.', 'fifo..', 'x'], 'runs of separators stay together');
    assert.deepEqual(wrapPoints('Order events'), ['Order events']);
    assert.deepEqual(wrapPoints('Warehouse picks lightingMeasuredEvents'), ['Warehouse picks lighting', 'Measured', 'Events']);
    assert.deepEqual(wrapPoints('a.b.c'), ['a.b.c'], 'a short word fits a line');
    assert.deepEqual(wrapPoints(''), ['']);
    for (const text of ['receiveOrderEventsInWarehouse', 'x y/zzzzzzzzzzzzzzzzzzz.', 'HTTPServerConnectionPool']) assert.equal(wrapPoints(text).join(''), text);
  });
});
