/** What a schema's search hit says carries it (search-glance.ts): its messages, first by name, the rest counted or "and more". */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from '../lib/model/page-types.ts';
import type { Link } from '../lib/model/types.ts';
import { searchGlance } from './search-glance.ts';

const link = (kind: Link['kind'], title: string): Link => ({ kind, id: title, url: `${title}/`, title });
/** A schema's page with only what the glance reads. */
const schema = (carriedBy: Link[] | undefined, usedBy: Link[] = []): Page =>
  ({ kind: 'component:schemas', id: 'S', url: 'components/schemas/s/', title: 'S', usedBy, carriedBy, sections: [], badges: [] }) as unknown as Page;

describe("a schema's search hit", () => {
  it('names the messages that carry it: one, two, or two and more', () => {
    const m = (title: string): Link => link('component:messages', title);
    assert.equal(searchGlance(schema([m('Order placed')])).via, 'in message Order placed');
    assert.equal(searchGlance(schema([m('Order placed'), m('Order cancelled')])).via, 'in messages Order placed and Order cancelled');
    assert.equal(searchGlance(schema([m('A'), m('B'), m('C')])).via, 'in messages A, B and more');
  });

  it('names the schemas that use it when no message carries it, and nothing when none does', () => {
    const s = (title: string): Link => link('component:schemas', title);
    assert.equal(searchGlance(schema(undefined, [s('Payment')])).via, 'in schema Payment');
    assert.equal(searchGlance(schema(undefined, [s('A'), s('B'), s('C'), s('D')])).via, 'in schemas A, B and more');
    assert.equal(searchGlance(schema(undefined)).via, undefined);
  });
});
