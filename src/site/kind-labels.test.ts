import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPONENT_KINDS } from '../lib/model/types.ts';
import { isReaderKind, kindLabel, kindWord } from './kind-labels.ts';

describe('kinds in words', () => {
  it('names every kind as a reader would, for search filters and above titles', () => {
    assert.equal(kindWord('component:replies'), 'Reply');
    // Not the format's names ("Operation trait", "Channel bindings", "Server variable", "Correlation id"): what each is to a reader.
    assert.equal(kindWord('component:operationTraits'), 'Shared operation settings');
    assert.equal(kindWord('component:channelBindings'), 'Channel protocol settings');
    assert.equal(kindWord('component:serverVariables'), 'Server address part');
    assert.equal(kindWord('component:parameters'), 'Channel address part');
    assert.equal(kindWord('component:correlationIds'), 'Tracking id');
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(kindWord(`component:${map}`), /trait|binding|variable|parameter|correlation/i, map);
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
