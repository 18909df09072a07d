import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import { isRootObject, kindsOfSection, PAGE_KINDS, PAGE_SECTIONS, pageKindOf, ROOT_PAGE_KINDS, sectionTitleOf } from './page-kinds.ts';
import { COMPONENT_KINDS } from './types.ts';

const repo = resolve(import.meta.dirname, '../../..');

describe('the table of page kinds', () => {
  it('has one row per Components map, in SPEC order, and the root maps servers, channels and operations', () => {
    assert.deepEqual(
      PAGE_KINDS.map((row) => row.map),
      [...COMPONENT_KINDS],
    );
    assert.deepEqual(ROOT_PAGE_KINDS, [
      { map: 'servers', kind: 'server', folder: 'servers/' },
      { map: 'channels', kind: 'channel', folder: 'channels/' },
      { map: 'operations', kind: 'operation', folder: 'operations/' },
    ]);
    assert.ok(isRootObject('channel') && !isRootObject('message') && !isRootObject('component:channels'));
  });

  it('gives a page and its component the same row, and every section its kinds, the root kinds first', () => {
    assert.equal(pageKindOf('channel'), pageKindOf('component:channels'));
    assert.equal(pageKindOf('guide'), undefined);
    assert.deepEqual(
      PAGE_SECTIONS.map((section) => [section.title, kindsOfSection(section.title)]),
      [
        ['Servers', ['server']],
        ['Channels', ['channel']],
        ['Operations', ['operation']],
        ['Messages', ['message', 'component:messages']],
        ['Schemas', ['component:schemas']],
        ['Components', []],
      ],
    );
    assert.equal(sectionTitleOf('component:servers'), 'Components');
    assert.equal(sectionTitleOf('component:messages'), 'Messages');
  });

  it('has a row for the kind of every page of the example API', async () => {
    const { doc } = await validateDocument(join(repo, 'content/orders.apidesc.yaml'), {});
    assert.ok(doc);
    const model = buildApiModel(doc, 'orders', repo);
    const kinds = new Set(model.entities.map((entity) => entity.kind));
    assert.ok(kinds.size >= 6, [...kinds].join(', '));
    for (const kind of kinds) assert.ok(pageKindOf(kind), kind);
  });
});
