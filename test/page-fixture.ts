/** A page as the model makes it, with nothing in it but what a test names: for tests of the site's routes, lists and links. */
import type { Page } from '../src/lib/model/page-types.ts';

/** A page of `kind` at `pointer` (its id is the pointer's last part, its URL `<id>/`), with `extra` over the defaults. */
export function fixturePage(kind: Page['kind'], pointer: string, extra: Partial<Page> = {}): Page {
  const id = pointer.split('/').filter(Boolean).pop()!;
  return {
    kind,
    id,
    url: `${id}/`,
    pointer,
    source: { file: 'a.yaml', pointer, line: 1 },
    title: id,
    usedBy: [],
    tags: [],
    protocols: [],
    badges: [],
    facts: [],
    sections: [],
    ...extra,
  };
}
