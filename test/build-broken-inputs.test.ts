/**
 * A preview of broken and hostile documents (`build --allow-invalid`) publishes nothing a person
 * cannot trust (issue 33). One portal is built, from a temporary folder and a working folder
 * elsewhere (so that no path can be shown relative to it), of: references that loop or name
 * nothing in every kind of object, values of the wrong kind everywhere, malformed Avro in files of
 * its own, examples their schemas reject, binding fields where protocols belong, three APIs of one
 * title, the hostile documents of the other suites, and the corpus's invalid and multi-file
 * documents. Then every page, Markdown twin, llms file and search record is read:
 * - no `undefined`, `[object Object]` or `NaN`, and no `null` in prose where a value belongs;
 * - no absolute path of the machine (the README names none that a site must show);
 * - the catalog's protocols are protocols, and the switcher tells every API apart;
 * - an example its schema rejects is marked where it is shown, and a broken reference says why.
 */
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { before, describe, it } from 'node:test';
import { BINDING_FIELDS, BROKEN_FILES, INVALID_EXAMPLES, MALFORMED_AVRO, SAME_TITLE, WRONG_SHAPES } from './broken-documents.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { hostileDocument } from './hostile-document.ts';
import { objectKeysDocument } from './object-keys-document.ts';
import { realPath } from '../src/lib/real-path.ts';
import { runIn, tempDir, tempTree } from './helpers.ts';

/** The folders of the APIs built from this suite's own documents (their text says none of the words looked for). */
const OWN = ['broken-api', 'shapes-api', 'avro-api', 'examples-api', 'bindings-api', 'a-api', 'b-api', 'c-api'];

function inputs(): { root: string; files: string[] } {
  const root = realPath(
    tempTree({
      ...Object.fromEntries(Object.entries(BROKEN_FILES).map(([name, text]) => [`broken/${name}`, text])),
      ...Object.fromEntries(Object.entries(MALFORMED_AVRO).map(([name, text]) => [`avro/${name}`, text])),
      'shapes/api.yaml': WRONG_SHAPES,
      'examples/api.yaml': INVALID_EXAMPLES,
      'bindings/api.yaml': BINDING_FIELDS,
      'same/a/api.yaml': SAME_TITLE('1.0.0'),
      'same/b/api.yaml': SAME_TITLE('1.0.0'),
      'same/c/api.yaml': SAME_TITLE('2.0.0'),
      'hostile/api.yaml': hostileDocument(),
      'keys/api.json': objectKeysDocument(),
    }),
  );
  const files = ['broken', 'avro', 'shapes', 'examples', 'bindings', 'same/a', 'same/b', 'same/c', 'hostile'].map((d) => join(root, d, 'api.yaml'));
  files.push(join(root, 'keys', 'api.json'));
  if (HAS_CORPUS) {
    cpSync(join(CORPUS, 'invalid'), join(root, 'corpus', 'invalid'), { recursive: true });
    cpSync(join(CORPUS, 'multi-file'), join(root, 'corpus', 'multi-file'), { recursive: true });
    const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    for (const file of walk(join(root, 'corpus')).sort()) if (/^\s*"?apidesc"?\s*:/m.test(readFileSync(file, 'utf8'))) files.push(file);
  }
  return { root, files };
}

/** Every file of the site as text (search fragments unpacked), by its path in the site. */
function siteText(site: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.pf_(fragment|meta|index|filter)$/.test(entry.name)) out.set(relative(site, path), gunzipSync(readFileSync(path)).toString('utf8'));
      else if (!/\.(js|css|png|ico|woff2?)$/.test(entry.name)) out.set(relative(site, path), readFileSync(path, 'utf8'));
    }
  };
  walk(site);
  return out;
}

/** Markdown without its code: fenced blocks and code spans hold the document's values as written. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '')
    .replace(/\\`/g, '');
}

describe('a preview of broken and hostile documents', () => {
  let root = '';
  let site = '';
  let cwd = '';
  let inputFiles: string[] = [];
  let files = new Map<string, string>();
  before(async () => {
    const built = inputs();
    root = built.root;
    inputFiles = built.files;
    // The working folder is elsewhere: a path cannot be shown relative to it.
    cwd = realPath(tempDir('apidesc-elsewhere-'));
    site = join(realPath(tempDir('apidesc-broken-site-')), 'site');
    writeFileSync(join(cwd, 'note.txt'), 'the working folder of the build');
    const r = await runIn(cwd, ['build', ...built.files, '--allow-invalid', '--root', root, '--out', site]);
    assert.equal(r.code, 0, r.err.slice(-2000));
    files = siteText(site);
    assert.ok(files.size > 500, `${files.size} files`);
  });

  it('writes no "undefined", "[object Object]" or "NaN" on any page, twin, llms file or search record', () => {
    const found: string[] = [];
    for (const [path, text] of files) {
      if (path.startsWith('_astro/') || /\.(js|css)$/.test(path)) continue;
      for (const word of ['undefined', '[object Object]', 'NaN'])
        if (new RegExp(`(^|[^\\w])${word.replace(/[[\]]/g, '\\$&')}([^\\w]|$)`).test(text)) found.push(`${path}: ${word}`);
    }
    assert.deepEqual(found, []);
  });

  it('writes no "null" in prose where a value belongs, on the pages of its own documents', () => {
    const found: string[] = [];
    for (const [path, text] of files) {
      if (!/\.(md|txt)$/.test(path) || !OWN.some((api) => path.startsWith(`${api}/`))) continue;
      // A type that admits null ("string | null") names the type; anything else is a value that was not there.
      // The validator's findings quote the document's values ("must be an object, not null"): that null was written.
      // A schema table's row that is not shown quotes why, as the finding does.
      for (const line of prose(text)
        .replace(/(\\\| )?\bnull\b( \\\|)?/g, (m, a, b) => (a || b ? '' : m))
        .split('\n'))
        if (/\bnull\b/.test(line) && !/^- (error|warning|info) /.test(line) && !/ · not shown: /.test(line)) found.push(`${path}: ${line.trim()}`);
    }
    assert.deepEqual(found, []);
  });

  it('shows no absolute path of the machine that built it, in any file', () => {
    const found: string[] = [];
    for (const [path, text] of files) for (const machine of [root, site]) if (text.includes(machine)) found.push(`${path}: ${machine}`);
    assert.deepEqual(found, []);
    // And the findings that name files name them relative to the input root.
    assert.match(files.get('avro-api/channels/users/messages/pointer/index.md') ?? '', /the document root of avro\/schemas\/user-signedup\.avsc has no "User"/);
  });

  it("names no absolute path in a diagnostic's message or hint, in any output format of validate", async () => {
    const json = await runIn(cwd, ['validate', ...inputFiles, '--root', root, '--format', 'json']);
    const diagnostics = JSON.parse(json.out) as { message: string; hint?: string }[];
    assert.ok(diagnostics.length > 100, `${diagnostics.length} diagnostics`);
    for (const d of diagnostics) assert.ok(!`${d.message} ${d.hint ?? ''}`.includes(root), d.message);
    const sarif = await runIn(cwd, ['validate', ...inputFiles, '--root', root, '--format', 'sarif']);
    const results = (JSON.parse(sarif.out) as { runs: { results: { message: { text: string } }[] }[] }).runs[0]!.results;
    assert.equal(results.length, diagnostics.length);
    for (const r of results) assert.ok(!r.message.text.includes(root), r.message.text);
    // The text format names each file as given (absolute here, as on the command line), and never in a message.
    const text = await runIn(cwd, ['validate', ...inputFiles, '--root', root]);
    for (const line of text.out.split('\n').filter((l) => / {2}(error|warning|info) {2}/.test(l)))
      assert.ok(!line.slice(line.search(/ {2}(error|warning|info) {2}/)).includes(root), line);
  });

  it('lists protocols by their names only, and every API apart in the switcher', () => {
    const index = files.get('index.html') ?? '';
    // The portal's protocol filter: a chip (a link) per protocol, with its count, that filters the cards in place.
    const protocols = [...index.matchAll(/<a class="chip(?: protocol| not-stated)?" href="#protocol-[^"]*">([^<]*) <span class="count">\d+<\/span><\/a>/g)].map(
      (m) => m[1]!,
    );
    assert.ok(protocols.includes('Kafka') && protocols.includes('Kafka (TLS)'), protocols.join(', '));
    // Protocol names only (known ones by their readers' names, "Amazon SNS", "Kafka (TLS)"), and the APIs that name none under "not stated" (nothing else of their documents).
    for (const p of protocols) assert.match(p, /^((Amazon )?[A-Za-z][A-Za-z0-9+./ -]*( \(TLS\))?|not stated)$/, p);
    for (const field of ['bindingVersion', 'partitions', 'topic']) assert.ok(!protocols.includes(field), field);
    const switcher = /<details class="api-switcher">[\s\S]*?<\/details>/.exec(files.get('broken-api/index.html') ?? '')?.[0] ?? '';
    const entries = [...switcher.matchAll(/<li><a [^>]*>([^<]*)<\/a><\/li>/g)].map((m) => m[1]!);
    assert.ok(entries.length > 10, switcher);
    assert.equal(new Set(entries).size, entries.length, entries.join('\n'));
    for (const title of ['Orders (version 2.0.0)', 'Orders (same/a/api.yaml)', 'Orders (same/b/api.yaml)']) assert.ok(entries.includes(title), title);
  });

  it('marks an example its schema rejects on the operation page and the message page, by the wrong field', () => {
    for (const page of ['examples-api/operations/placeorder/index.html', 'examples-api/components/messages/placed/index.html']) {
      const html = files.get(page) ?? '';
      assert.match(
        html,
        /<div class="example-warning" role="note" aria-label="This example does not satisfy its schema" data-pagefind-ignore><p>This example does not satisfy its schema: the payload does not match the message&#39;s payload schema: <code>total<\/code> is -5, below the minimum of 0<\/p><\/div>/,
        page,
      );
    }
  });

  it("says why a reference leads nowhere, and links to the validator's finding", () => {
    const page = files.get('broken-api/components/parameters/l2/index.html') ?? '';
    assert.match(
      page,
      /<div class="broken-reference" role="note"><p>This reference loops: <a href="\/broken-api\/components\/parameters\/l2\/">L2<\/a> → <a href="\/broken-api\/components\/parameters\/l1\/">L1<\/a> → <a href="\/broken-api\/components\/parameters\/l2\/">L2<\/a>\. It never reaches a definition, so there is nothing to show\.<\/p><p class="kind">The validator(&#39;|')s finding: <a href="\/broken-api\/components\/parameters\/l1\/#findings">on the page of L1<\/a><\/p><\/div>/,
    );
    // An error: the note for authors open at the top of the page.
    assert.match(files.get('broken-api/components/parameters/l1/index.html') ?? '', /<details class="diagnostics has-errors" id="findings" open[ >]/);
  });
});
