import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPONENT_KINDS } from '../lib/model/types.ts';
import { isReaderKind, kindLabel, kindPlural, kindWord } from './kind-labels.ts';

describe('kinds in words', () => {
  it('names every kind as a reader would, for search filters and above titles', () => {
    assert.equal(kindWord('component:replies'), 'Reply');
    // The names readers of AsyncAPI and OpenAPI references know, not words of this tool's ("Server address part", "Tracking id", "Shared operation settings": round 8).
    assert.equal(kindWord('component:operationTraits'), 'Operation trait');
    assert.equal(kindWord('component:channelBindings'), 'Channel binding');
    assert.equal(kindWord('component:serverVariables'), 'Server variable');
    assert.equal(kindWord('component:parameters'), 'Channel parameter');
    assert.equal(kindWord('component:correlationIds'), 'Correlation ID');
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(kindWord(`component:${map}`), /address part|tracking|settings/i, map);
    assert.equal(kindPlural('component:correlationIds'), 'Correlation IDs');
    assert.equal(kindPlural('component:replies'), 'Replies');
    assert.equal(kindPlural('component:serverVariables'), 'Server variables');
    assert.equal(kindWord('channel'), 'Channel');
    assert.equal(kindLabel('component:securitySchemes'), 'Security scheme', 'no "component ·": where it is written is no concern of a reader');
    assert.equal(kindLabel('component:messages'), 'Message');
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(kindWord(`component:${map}`), /[a-z][A-Z]|ie$|^$/, map);
  });

  it("offers readers' kinds in the search's Kind filter, not the parts an author composes objects of", () => {
    for (const kind of [
      'server',
      'channel',
      'operation',
      'component:messages',
      'component:schemas',
      'component:securitySchemes',
      'component:parameters',
    ] as const)
      assert.ok(isReaderKind(kind), kind);
    for (const kind of [
      'component:operationTraits',
      'component:messageTraits',
      'component:channelBindings',
      'component:correlationIds',
      'component:replyAddresses',
    ] as const)
      assert.ok(!isReaderKind(kind), kind);
  });
});
