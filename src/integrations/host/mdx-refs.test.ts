import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../../test/helpers.ts';
import { hostComponentUses } from './mdx-refs.ts';

describe("the reference's components in a host's MDX pages", () => {
  it('are the elements imported from apidesc-docs/components, by any local name, with their place', () => {
    const root = tempTree({
      'src/content/docs/a.mdx':
        '---\ntitle: A\n---\nimport { SchemaTable as Table, ApiLink } from \'apidesc-docs/components\';\nimport { SchemaTable } from \'./mine.astro\';\n\n<Table ref="#/components/schemas/Order" api="orders" />\n\nSee <ApiLink ref="#/channels/x" reference="docs/api">x</ApiLink>.\n\n<SchemaTable ref="#/not/ours" />\n',
      'src/content/docs/b.mdx': "import { OperationCard } from 'apidesc-docs/components';\n\n<OperationCard ref={pointer} />\n",
      'src/content/docs/c.md': "import { SchemaTable } from 'apidesc-docs/components';\n",
      'src/content/docs/_draft.mdx': 'import { SchemaTable } from \'apidesc-docs/components\';\n\n<SchemaTable ref="#/x" />\n',
      'src/pages/broken.mdx': 'import { SchemaTable } from \'apidesc-docs/components\';\n\n<SchemaTable ref="#/x"\n',
    });
    const found = hostComponentUses(join(root, 'src'), root);
    assert.deepEqual(found.uses, [
      { component: 'SchemaTable', ref: '#/components/schemas/Order', api: 'orders', file: 'src/content/docs/a.mdx', line: 7, column: 1 },
      { component: 'ApiLink', ref: '#/channels/x', reference: 'docs/api', file: 'src/content/docs/a.mdx', line: 9, column: 5 },
    ]);
    assert.deepEqual(
      found.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`),
      ['src/content/docs/b.mdx:3:1 guide-ref-missing'],
      'a ref that is not text cannot be checked, and is said so; a page Astro cannot parse is left to Astro',
    );
    assert.deepEqual([...found.sources.keys()], ['src/content/docs/a.mdx', 'src/content/docs/b.mdx']);
  });
});
