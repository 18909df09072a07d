import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPONENT_KINDS } from '../lib/model/types.ts';
import { PART_KINDS as RANKED_AFTER } from '../../public/search-rank.js';
import { isReaderKind, kindLabel, kindPlural, kindWord, PART_KINDS, searchKind } from './kind-labels.ts';

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

  it('counts every page under a Kind a reader can read: the parts objects are composed of each by its own name, never a group or "Other"', () => {
    assert.equal(searchKind('component:operationTraits'), 'Operation trait');
    assert.equal(searchKind('component:messageBindings'), 'Message binding');
    assert.equal(searchKind('component:correlationIds'), 'Correlation ID');
    assert.equal(searchKind('component:tags'), 'Tag');
    assert.equal(searchKind('component:externalDocs'), 'External docs');
    // The filter's value is the word above the page's title and in each hit: one name for one kind.
    for (const map of COMPONENT_KINDS) assert.equal(searchKind(`component:${map}`), kindLabel(`component:${map}`), map);
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(searchKind(`component:${map}`), / and /, map);
    assert.equal(searchKind('operation'), 'Operation');
    assert.equal(searchKind('component:messages'), 'Message');
    for (const map of COMPONENT_KINDS) assert.doesNotMatch(searchKind(`component:${map}`), /^Other$|^$/, map);
    // A part's Kind is no reader's kind's: the ranking can tell them apart by it.
    const readers = COMPONENT_KINDS.filter((map) => isReaderKind(`component:${map}`)).map((map) => searchKind(`component:${map}`));
    for (const part of PART_KINDS) assert.ok(!readers.includes(part), part);
  });

  it("ranks after the readers' objects the same Kinds the pages give the parts (public/search-rank.js)", () => {
    assert.deepEqual([...RANKED_AFTER].sort(), [...PART_KINDS]);
  });
});
