import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPONENT_KINDS } from '../lib/model/types.ts';
import { kindLabel, kindWord } from './kind-labels.ts';

describe('kinds in words', () => {
  it('names every kind as a reader would, for search filters and above titles', () => {
    assert.equal(kindWord('component:replies'), 'Reply');
    assert.equal(kindWord('component:operationTraits'), 'Operation trait');
    assert.equal(kindWord('channel'), 'Channel');
    assert.equal(kindLabel('component:securitySchemes'), 'component · security scheme');
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(kindWord(`component:${map}`), /[a-z][A-Z]|ie$|^$/, map);
  });
});
