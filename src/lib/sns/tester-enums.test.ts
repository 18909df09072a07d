import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outsideEnums, readEnums } from './tester-enums.ts';

describe('the tester’s attributes against the values the headers allow', () => {
  const enums = { eventType: ['OrderPlaced', 'OrderCancelled'] };

  it('says which attribute holds a value the header does not allow, and that the message would not pass its schema', () => {
    assert.deepEqual(outsideEnums({ eventType: 'OrderShipped', store: 'north' }, enums), [
      'eventType "OrderShipped": not a value the message\'s eventType header allows (OrderPlaced, OrderCancelled), so a message with it would not pass the message schema.',
    ]);
    assert.equal(outsideEnums({ eventType: ['OrderPlaced', 'Lost'] }, enums).length, 1);
  });

  it('says nothing of allowed values, of headers without an enum, or of a name like __proto__', () => {
    assert.deepEqual(outsideEnums({ eventType: 'OrderPlaced', other: 'x', __proto__: 'y' }, enums), []);
    assert.deepEqual(outsideEnums({ toString: 'x' }, {}), []);
  });

  it('reads the enums back from the page, anything malformed as none', () => {
    assert.deepEqual(readEnums(JSON.stringify(enums)), enums);
    assert.deepEqual(readEnums('{"a": [1]}'), {});
    assert.deepEqual(readEnums('not json'), {});
    assert.deepEqual(readEnums(undefined), {});
  });
});
