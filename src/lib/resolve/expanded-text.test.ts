import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../../test/helpers.ts';
import { defaultLimits } from '../load/limits.ts';
import { loadSourceFile } from '../load/source-file.ts';
import { expandedText } from './expanded-text.ts';
import { ResolvedDoc } from './resolved-doc.ts';

function docOf(yaml: string): ResolvedDoc {
  const dir = tempTree({ 'main.yaml': yaml });
  const file = loadSourceFile(join(dir, 'main.yaml'), defaultLimits).file!;
  return new ResolvedDoc(file, { root: dir, allowRemote: false }, defaultLimits);
}

const textAt = (doc: ResolvedDoc, pointer: string, omit?: (key: string) => boolean): string => {
  const value = pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc.root.value);
  return expandedText(doc, value, { file: doc.root.path, pointer }, omit ? { omit, nameMaps: new Set(['properties']) } : {}).text;
};

describe('expandedText: a value with its references followed', () => {
  const doc = docOf(`inline:
  type: object
  properties:
    id: {type: string}
viaRef:
  properties:
    id: {$ref: '#/defs/Id'}
  type: object
defs:
  Id: {type: string}
  Tree:
    type: object
    properties:
      children: {type: array, items: {$ref: '#/defs/Tree'}}
tree: {$ref: '#/defs/Tree'}
worded:
  type: object
  description: some words
  properties:
    description: {type: string, description: the field named description}
`);

  it('writes a value the same whether written inline or through references, keys in order', () => {
    assert.equal(textAt(doc, '/viaRef'), textAt(doc, '/inline'));
    assert.equal(textAt(doc, '/inline'), '{"properties":{"id":{"type":"string"}},"type":"object"}');
  });

  it('writes a recursive reference once, then names it by how far up it points', () => {
    assert.equal(textAt(doc, '/tree'), '{"properties":{"children":{"items":{"$cycle":1},"type":"array"}},"type":"object"}');
  });

  it('says when a value was too deep to write whole', () => {
    const deep = docOf(`v: ${'['.repeat(70)}1${']'.repeat(70)}\n`);
    const value = (deep.root.value as { v: unknown }).v;
    assert.equal(expandedText(deep, value, { file: deep.root.path, pointer: '/v' }).complete, false);
    assert.equal(expandedText(doc, (doc.root.value as { inline: unknown }).inline, { file: doc.root.path, pointer: '/inline' }).complete, true);
  });

  it('leaves out the keys asked, but never a name in a map of names', () => {
    assert.equal(
      textAt(doc, '/worded', (key) => key === 'description'),
      '{"properties":{"description":{"type":"string"}},"type":"object"}',
    );
  });
});
