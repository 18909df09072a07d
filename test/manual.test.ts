/**
 * The manual (`npm run docs`): built by this tool from docs/manual/ and the example API, with no
 * broken link or anchor on any page; its tables that describe code list what the code defines,
 * and follow when the definition changes; the README stays a newcomer's one or two screens.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { parseDocument } from 'htmlparser2';
import { CLI_OPTIONS, OPTION_DOCS } from '../src/cli/cli-options.ts';
import { EXIT, EXIT_MEANINGS } from '../src/lib/exit-codes.ts';
import { DIFF_RULES } from '../src/lib/diff/rule-ids.ts';
import { rules } from '../src/lib/validate/rules/index.ts';
import { buildManual, MANUAL_GUIDES } from '../scripts/docs.ts';
import { diffRulesTable, exitCodesTable, optionsTable, validationRulesTable } from '../scripts/manual-tables.ts';
import { tempDir } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

type Node = ReturnType<typeof parseDocument>['children'][number];
interface Element {
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}
const isElement = (node: Node): node is Node & Element => 'attribs' in node;
const textOf = (node: Node): string =>
  'data' in node && typeof node.data === 'string' ? node.data : 'children' in node ? node.children.map(textOf).join('') : '';

function elements(root: Node | ReturnType<typeof parseDocument>, name?: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node): void => {
    if (isElement(node) && (name === undefined || node.name === name)) found.push(node);
    if ('children' in node) node.children.forEach(walk);
  };
  ('children' in root ? root.children : []).forEach(walk);
  return found;
}

/** The first cell's text of each body row of every table of an HTML page. */
function firstCells(html: string): string[][] {
  return elements(parseDocument(html), 'table').map((table) =>
    elements(table as unknown as Node, 'tr')
      .map((row) => elements(row as unknown as Node, 'td')[0])
      .filter((cell): cell is Element => cell !== undefined)
      .map((cell) => textOf(cell as unknown as Node).trim()),
  );
}

/** What a rendered table's first column lacks of the expected names, and what it has beyond them: empty when they agree, in order. */
function mismatch(rendered: string[], expected: string[]): string[] {
  if (rendered.join('\n') === expected.join('\n')) return [];
  return [
    ...expected.filter((name) => !rendered.includes(name)).map((name) => `missing ${name}`),
    ...rendered.filter((name) => !expected.includes(name)).map((name) => `extra ${name}`),
    ...(expected.every((name) => rendered.includes(name)) && rendered.every((name) => expected.includes(name)) ? ['another order'] : []),
  ];
}

describe("the manual's tables follow the code", () => {
  it('lists an option the definitions gain, with what its documentation says, and refuses one without', () => {
    const options = { ...CLI_OPTIONS, 'dry-run': { type: 'boolean' as const, default: false } };
    const docs = { ...OPTION_DOCS, 'dry-run': { commands: ['build' as const], meaning: 'write nothing' } };
    const table = optionsTable(options, docs);
    assert.match(table, /^\| `--dry-run` \| `build` \| write nothing \|$/m);
    assert.doesNotMatch(optionsTable(), /dry-run/);
    assert.throws(() => optionsTable(options, OPTION_DOCS), /the option --dry-run has no documentation/);
    assert.match(optionsTable(), /^\| `--format text\\\|json\\\|sarif` \| `validate`, `changes`, `diff` \| /m, 'pipes escaped in a cell');
    assert.match(optionsTable(), /^\| `--severity <rule>=<level>` \| `diff`, `build` \| .* \(repeatable\) \|$/m);
  });

  it('says what a changed rule says: a validation rule, a diff rule, an exit code', () => {
    const renamed = rules.map((rule) => (rule.id === 'email' ? { id: 'e-mail', description: 'e-mail addresses, checked' } : rule));
    assert.match(validationRulesTable(renamed), /^\| `e-mail` \| e-mail addresses, checked \|$/m);
    assert.doesNotMatch(validationRulesTable(renamed), /^\| `email` \|/m);
    const stricter = DIFF_RULES.map((group) => ({
      ...group,
      rules: group.rules.map((r) => (r.id === 'sns-tags-changed' ? { ...r, verdict: 'breaking' as const } : r)),
    }));
    assert.match(diffRulesTable(), /^\| `sns-tags-changed` \| sns \| info \|$/m);
    assert.match(diffRulesTable(stricter), /^\| `sns-tags-changed` \| sns \| breaking \|$/m);
    assert.match(
      exitCodesTable({ ...EXIT, busy: 4 }, { ...EXIT_MEANINGS, busy: 'another build holds the folder' }),
      /^\| 4 \| another build holds the folder \|$/m,
    );
    assert.throws(() => exitCodesTable({ ...EXIT, busy: 4 }), /the exit code busy has no meaning/);
  });
});

describe('the manual, built', () => {
  const out = join(tempDir('apidesc-manual-'), 'site');
  let said = '';
  let code = -1;
  // Bounded: a build that hangs fails the test.
  before(
    async () => {
      code = await buildManual(out, (text) => void (said += text));
    },
    { timeout: 600_000 },
  );
  const page = (url: string): string => readFileSync(join(out, url, 'index.html'), 'utf8');

  it('builds, a page for every guide of docs/manual', () => {
    assert.equal(code, 0, said);
    const guides = readdirSync(join(repo, MANUAL_GUIDES)).filter((f) => /\.mdx?$/.test(f));
    assert.ok(guides.length >= 14, guides.join(', '));
    for (const guide of guides) assert.ok(existsSync(join(out, 'guides', guide.replace(/\.mdx?$/, ''), 'index.html')), guide);
  });

  it('has no broken link and no anchor that leads nowhere, on any page', () => {
    const broken: string[] = [];
    const ids = new Map<string, Set<string>>();
    const idsOf = (file: string): Set<string> => {
      let known = ids.get(file);
      if (!known) ids.set(file, (known = new Set(elements(parseDocument(readFileSync(file, 'utf8'))).flatMap((e) => (e.attribs.id ? [e.attribs.id] : [])))));
      return known;
    };
    let checked = 0;
    for (const file of htmlFiles(out)) {
      const here = new URL(`http://site/${file.slice(out.length + 1).replace(/index\.html$/, '')}`);
      for (const element of elements(parseDocument(readFileSync(file, 'utf8')))) {
        const link = element.attribs.href ?? (element.name === 'img' || element.name === 'script' ? element.attribs.src : undefined);
        if (link === undefined || /^(https?:|mailto:|data:)/.test(link)) continue;
        const target = new URL(link, here);
        if (target.origin !== here.origin) continue;
        checked++;
        const path = decodeURIComponent(target.pathname);
        const targetFile = join(out, path.endsWith('/') ? `${path}index.html` : path);
        const where = `${file.slice(out.length + 1)}: ${link}`;
        if (!existsSync(targetFile) || !statSync(targetFile).isFile()) {
          broken.push(`${where} (no ${path})`);
          continue;
        }
        const anchor = decodeURIComponent(target.hash.slice(1));
        if (anchor && targetFile.endsWith('.html') && !idsOf(targetFile).has(anchor)) broken.push(`${where} (no #${anchor})`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 1000, `${checked} links checked`);
  });

  it('lists every option, exit code, validation rule and diff rule the code defines, in its order', () => {
    const tableWith = (url: string, first: string): string[] => firstCells(page(url)).find((cells) => cells.includes(first)) ?? [];
    const options = tableWith('guides/commands', '--format text|json|sarif').map((cell) => cell.split(/[ ,]/)[0]!);
    const optionNames = Object.keys(CLI_OPTIONS).map((name) => `--${name}`);
    assert.deepEqual(mismatch(options, optionNames), []);
    assert.deepEqual(tableWith('guides/commands', '0'), [
      ...Object.values(EXIT)
        .sort((a, b) => a - b)
        .map(String),
      '128 + n',
    ]);
    const validation = tableWith('guides/validation', 'version');
    assert.deepEqual(
      mismatch(
        validation,
        rules.map((r) => r.id),
      ),
      [],
    );
    const diff = tableWith('guides/change-review', 'api-added');
    const diffIds = DIFF_RULES.flatMap((group) => group.rules.map((r) => r.id));
    assert.deepEqual(mismatch(diff, diffIds), []);
    // And the comparison sees a difference: a rule the code would have, and one it would not.
    assert.deepEqual(mismatch(diff, [...diffIds.filter((id) => id !== 'api-added'), 'api-moved']), ['missing api-moved', 'extra api-added']);
    assert.deepEqual(mismatch(options, [...optionNames].reverse()), ['another order']);
  });

  it('shows the example API live in its guides, and links them from the overview', () => {
    assert.match(page('guides/guides'), /<table class="schema-table|schema-tree/);
    // The guide's topic: one compact card naming it (the channel's page has the rest).
    assert.match(page('guides/sns'), /<div class="guide-card"[^>]*>(?:(?!<\/div>)[\s\S])*?<span class="kind">SNS topic<\/span>\s*<code>orders\.fifo<\/code>/);
    assert.match(page(''), /href="\/guides\/getting-started\/"/);
  });
});

describe('the README', () => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');

  it("keeps to a newcomer's one or two screens: under 10 KB", () => {
    assert.ok(Buffer.byteLength(readme) < 10_000, `${Buffer.byteLength(readme)} bytes`);
  });

  it('links only to files the repository has, and to the manual', () => {
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!).filter((l) => !/^(https?:|#)/.test(l));
    assert.ok(links.length > 5);
    for (const link of links) assert.ok(existsSync(join(repo, link.split('#')[0]!)), link);
    assert.match(readme, /npm run docs/);
  });
});

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !/[/\\](pagefind|_astro)[/\\]/.test(file.slice(dir.length)))
    .sort();
}
