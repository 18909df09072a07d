/** Reading the guides folder: titles and order, syntax and frontmatter errors, reference components. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree, where } from '../../test/helpers.ts';
import { readGuides } from './read-guides.ts';

describe('guides folder', () => {
  it('lists guides by frontmatter order, then title; title from frontmatter, first heading or file name', () => {
    const dir = tempTree({
      'guides/zeta.md': '---\ntitle: Zeta first\norder: 1\n---\nText.\n',
      'guides/flows/Order Flow.mdx': '# The order flow\n\nText.\n',
      'guides/alpha.md': 'No heading.\n',
      'guides/_partial.mdx': 'Skipped: underscore files are partials.\n',
      'guides/notes.txt': 'not a guide',
    });
    const read = readGuides(`${dir}/guides`, dir);
    assert.deepEqual(read.diagnostics, []);
    assert.deepEqual(
      read.guides.map((g) => [g.id, g.title, g.order, g.hasHeading]),
      [
        ['zeta', 'Zeta first', 1, false],
        ['alpha', 'alpha', 1000, false],
        ['flows/order-flow', 'The order flow', 1000, true],
      ],
    );
    assert.deepEqual(read.renderable.sort(), ['alpha.md', 'flows/Order Flow.mdx', 'zeta.md']);
  });

  it('collects reference components with their position; code blocks and imported components are not checked', () => {
    const dir = tempTree({
      'guides/a.mdx': [
        'import Chart from "../cli/chart.astro";',
        '',
        '# A',
        '',
        'See <ApiLink ref="#/channels/orders">orders</ApiLink>.',
        '',
        '<SchemaTable ref="#/components/schemas/Order" api="shop" />',
        '',
        '```mdx',
        '<SchemaTable ref="#/not/checked" />',
        '```',
        '',
        '<Chart />',
        '',
      ].join('\n'),
    });
    const read = readGuides(`${dir}/guides`, dir);
    assert.deepEqual(read.diagnostics, []);
    assert.deepEqual(read.refs, [
      { component: 'ApiLink', ref: '#/channels/orders', file: 'guides/a.mdx', line: 5, column: 5 },
      { component: 'SchemaTable', ref: '#/components/schemas/Order', api: 'shop', file: 'guides/a.mdx', line: 7, column: 1 },
    ]);
  });

  it('reports syntax errors, bad frontmatter, unknown components and missing refs at file:line:col, and leaves those guides out', () => {
    const dir = tempTree({
      'guides/syntax.mdx': '# S\n\nText\n\n<Broken ref="x"\n',
      'guides/front.md': '---\norder: first\n---\n# F\n',
      'guides/unknown.mdx': '# U\n\n<OperationCrd ref="#/operations/x" />\n',
      'guides/noref.mdx': '# N\n\nLine\n\n  <SnsTopic />\n',
      'guides/good.md': '# Good\n',
    });
    const read = readGuides(`${dir}/guides`, dir);
    assert.deepEqual(read.diagnostics.map((d) => `${d.code} ${where(d)}`).sort(), [
      'guide-frontmatter guides/front.md:2:1',
      'guide-ref-missing guides/noref.mdx:5:3',
      'guide-syntax guides/syntax.mdx:5:1',
      'guide-unknown-component guides/unknown.mdx:3:1',
    ]);
    const unknown = read.diagnostics.find((d) => d.code === 'guide-unknown-component');
    assert.match(unknown?.hint ?? '', /<OperationCard>/);
    assert.deepEqual(read.renderable, ['good.md']);
  });

  it('refuses two guides that would be served at the same URL', () => {
    const dir = tempTree({ 'guides/Setup.md': '# One\n', 'guides/setup.mdx': '# Two\n' });
    const read = readGuides(`${dir}/guides`, dir);
    assert.deepEqual(
      read.diagnostics.map((d) => `${d.code} ${d.file}`),
      ['guide-duplicate guides/setup.mdx'],
    );
    assert.match(read.diagnostics[0]!.message, /served at guides\/setup\/, like guides\/Setup\.md/);
    assert.deepEqual(read.renderable, ['Setup.md']);
  });

  it('never follows links out of the folder, nor links to folders, and reads only regular files', () => {
    const outside = tempTree({ 'secret.md': '# Secret\n', 'tree/deep.md': '# Deep\n' });
    const dir = tempTree({ 'guides/a.md': '# A\n', 'guides/inner/b.md': '# B\n', 'guides/.git/c.md': '# C\n', 'guides/node_modules/d.md': '# D\n' });
    const guides = join(dir, 'guides');
    symlinkSync(join(outside, 'secret.md'), join(guides, 'secret.md'));
    symlinkSync(join(outside, 'tree'), join(guides, 'tree'));
    symlinkSync('/', join(guides, 'everything'));
    symlinkSync(join(guides, 'inner', 'b.md'), join(guides, 'alias.md'));
    execFileSync('mkfifo', [join(guides, 'pipe.md')]);
    const read = readGuides(guides, dir);
    assert.deepEqual(read.renderable.sort(), ['a.md', 'alias.md', 'inner/b.md'], 'a link to a guide inside the folder is read; nothing else');
    assert.deepEqual(
      read.diagnostics.map((d) => `${d.code} ${d.file}`),
      ['guide-outside-folder guides/secret.md'],
    );
    assert.match(read.diagnostics[0]!.message, /symbolic link to .*secret\.md, outside the guides folder/);
  });
});
