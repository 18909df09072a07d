import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlaceSet } from './place-set.ts';

describe('PlaceSet', () => {
  it('records each value once per tag and place, through the fallback for values at several places', () => {
    const set = new PlaceSet();
    const shared = {};
    assert.equal(set.add(shared, 'Schema', 'a.yaml', '/x'), true);
    assert.equal(set.add(shared, 'Schema', 'a.yaml', '/x'), false);
    assert.equal(set.add(shared, 'Message', 'a.yaml', '/x'), true, 'another tag');
    assert.equal(set.add(shared, 'Schema', 'a.yaml', '/y'), true, 'another place (an alias)');
    assert.equal(set.add(shared, 'Schema', 'b.yaml', '/x'), true, 'another file');
    for (const [tag, file, pointer] of [
      ['Schema', 'a.yaml', '/x'],
      ['Message', 'a.yaml', '/x'],
      ['Schema', 'a.yaml', '/y'],
      ['Schema', 'b.yaml', '/x'],
    ] as const) {
      assert.equal(set.add(shared, tag, file, pointer), false, `${tag} ${file}#${pointer} is known`);
    }
    assert.equal(set.add({}, 'Schema', 'a.yaml', '/x'), true, 'an equal but other object is another value');
  });

  it('takes primitives, which many places share', () => {
    const set = new PlaceSet();
    assert.equal(set.add('text', 'T', 'a.yaml', '/1'), true);
    assert.equal(set.add('text', 'T', 'a.yaml', '/2'), true);
    assert.equal(set.add('text', 'T', 'a.yaml', '/1'), false);
    assert.equal(set.add(null, 'T', 'a.yaml', '/1'), true);
  });
});
