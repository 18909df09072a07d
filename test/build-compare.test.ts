/**
 * `build --compare <base>` and `build --compare-ref <git ref>`: the Changes page says what `diff`
 * says (the same changes, messages and order), grouped by object and linked to the pages; a badge
 * on exactly the changed pages; the overview links the page with its counts; document text is
 * escaped; the same bytes twice; a base that cannot be read stops the build with exit 2 before
 * anything is written; and a build without --compare is unchanged by it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { compareDocument, HOSTILE_VALUE } from './compare-fixture.ts';
import { readBack } from './twin-check.ts';
import { OBJECT_PROPERTY_NAMES } from './object-keys-document.ts';
import { runIn, tempDir, tempTree } from './helpers.ts';
import { changeWords } from '../src/site/change-words.ts';

function filesOf(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name))]));
}

/** The pages (folders relative to the site) whose HTML carries a change badge, with its text. */
function badgedPages(dir: string): Map<string, string> {
  const badged = new Map<string, string>();
  for (const [path, bytes] of filesOf(dir)) {
    if (!path.endsWith('index.html') || path.startsWith('changes')) continue;
    const badge = /<a class="badge change-badge [^"]*" href="([^"]*)"[^>]*>([^<]*)</.exec(bytes.toString());
    if (badge) badged.set(path.replace(/index\.html$/, ''), `${badge[2]} ${badge[1]}`);
  }
  return badged;
}

/** git in a test repository, as a user without a global configuration runs it. */
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

const html = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

describe('build --compare', () => {
  const dir = tempTree({
    'base.yaml': compareDocument('base'),
    'head.yaml': compareDocument('head'),
    'broken.yaml': 'apidesc: 3.0.0\ninfo: {title: [unclosed\n',
  });
  const runs: Record<string, { code: number; err: string; out: string }> = {};
  before(async () => {
    runs.first = await runIn(dir, ['build', 'head.yaml', '--out', 'first', '--compare', 'base.yaml']);
    runs.second = await runIn(dir, ['build', 'head.yaml', '--out', 'second', '--compare', 'base.yaml']);
    runs.plain = await runIn(dir, ['build', 'head.yaml', '--out', 'plain']);
    runs.preview = await runIn(dir, ['build', 'head.yaml', '--out', 'preview', '--compare', 'base.yaml', '--allow-invalid']);
    runs.same = await runIn(dir, ['build', 'head.yaml', '--out', 'same', '--compare', 'head.yaml']);
    runs.diff = await runIn(dir, ['diff', 'base.yaml', 'head.yaml', '--format', 'json']);
    runs.site = await runIn(dir, ['build', 'head.yaml', '--out', 'public', '--compare', 'base.yaml', '--site', 'https://docs.example.com', '--base', '/pr-7/']);
  });

  it('builds, and the Changes page lists what diff reports, in its order, escaped', () => {
    assert.equal(runs.first!.code, 0, runs.first!.err);
    const linked = readFileSync(join(dir, 'first/changes/index.html'), 'utf8');
    // A message's field, where a change starts with it, links to its row on the message's page; read as text below.
    const page = linked.replace(/<a class="change-field" href="[^"]*"><code>([^<]*)<\/code><\/a>/g, '$1');
    assert.match(
      linked,
      /<strong class="change-whom">Breaks its receivers: <\/strong><a class="change-field" href="\/channels\/orders\/messages\/orderplaced\/#payload\.status"><code>payload\.status<\/code><\/a>: new value/,
    );
    const changes = (
      JSON.parse(runs.diff!.out) as {
        changes: { severity: string; object: string; message: string; file: string; line: number; pointer: string; side: string }[];
      }
    ).changes;
    assert.deepEqual(
      changes.map((c) => c.severity),
      ['breaking', 'breaking', 'breaking', 'non-breaking', 'non-breaking', 'non-breaking', 'info'],
    );
    let at = 0;
    for (const c of changes) {
      // Each change in words: what changed (its value before and after apart), then its consequence as a sentence.
      const words = changeWords(c.message);
      for (const text of [...words.what.map((piece) => piece.text), ...(words.consequence ? [words.consequence] : [])]) {
        const found = page.indexOf(html(text), at + 1);
        assert.ok(found > at, `${c.object}: ${text} of ${c.message} after position ${at}`);
        at = found;
      }
      // A site built to be read: no file:line, no pointer, no id in what the reader sees.
      assert.ok(!page.includes(`${html(c.file)}:${c.line}`), `${c.file}:${c.line}`);
      assert.ok(!page.includes(`<code>${html(c.pointer)}</code>`), c.pointer);
    }
    const article = page.slice(page.indexOf('<article class="changes-page"'), page.indexOf('</article>'));
    assert.doesNotMatch(article, /class="change-at"|head\.yaml|base\.yaml:|orders\/orderPlaced|<code>consumeOrder<\/code>/);
    assert.match(page, /<h1>Changes<\/h1>/);
    assert.match(page, /3 breaking<\/span> <span class="badge change-changed">3 non-breaking<\/span> <span class="badge change-info">1 wording only/);
    assert.ok(page.indexOf('id="changes-breaking"') < page.indexOf('id="changes-non-breaking"'));
    assert.ok(page.indexOf('id="changes-non-breaking"') < page.indexOf('id="changes-info"'));
    // Named by its title, linked to its page; its kind in words quietly after, not its id.
    assert.match(page, /<a href="\/operations\/consumeorder\/">[^<]+<\/a> <span class="change-object-id"><span class="change-kind">operation<\/span><\/span>/);
    assert.match(
      page,
      /<a href="\/channels\/orders\/messages\/orderplaced\/">orderPlaced<\/a> <span class="change-object-id"><span class="change-kind">message<\/span><\/span>/,
    );
    assert.doesNotMatch(page, /Where in the document|<details class="change-source"/);
    // A preview the authors asked for (--allow-invalid, as the pull request's Action builds it): where each change is written, in a small line (no fold per entry: round 8), and the ids.
    const preview = readFileSync(join(dir, 'preview/changes/index.html'), 'utf8');
    for (const c of changes) {
      assert.ok(preview.includes(`<code>${html(c.file)}:${c.line}</code>${c.side === 'base' ? ' (in the base)' : ''}`), `${c.file}:${c.line}`);
      assert.ok(preview.includes(`<code>${html(c.pointer)}</code>`), c.pointer);
    }
    assert.match(preview, /<p class="change-at"><code>[^<]+\.yaml:\d+<\/code>(?: \(in [^)]+\))? <code>\/[^<]*<\/code><\/p><\/li>/);
    assert.match(preview, /<span class="change-kind">message<\/span> <code>orders\/orderPlaced<\/code>/);
    // A breaking change of a message leads with whom it breaks: a new enum value of a message sent and
    // received breaks its receivers only (its senders still send values valid before); a value before
    // and after is shown apart, with its words for screen readers.
    assert.match(page, /<strong class="change-whom">Breaks its receivers: <\/strong>payload\.status: new value/);
    assert.doesNotMatch(page, /Breaks its senders and receivers: <\/strong>payload\.status: new value/);
    assert.match(
      page,
      /address changed: <del class="change-old"><span class="visually-hidden">before: <\/span>&quot;audit&quot;<\/del> → <ins class="change-new"><span class="visually-hidden">after: <\/span>&quot;audit-v2&quot;<\/ins><span class="change-consequence"> clients still using &quot;audit&quot; stop sending and receiving its messages<\/span>/,
    );
    // The same version number on both sides: the base named by its file, the number said once, no "From … → to …".
    assert.match(page, /<p class="changes-sides">Changes in this build against <code>base\.yaml<\/code>; both are version <strong>1\.0\.0<\/strong>\.<\/p>/);
    assert.doesNotMatch(page, /From<\/span>|>to<\/span>|the version number is the same/);
    assert.ok(!page.includes(HOSTILE_VALUE), 'document text is escaped');
    assert.ok(page.includes(html(HOSTILE_VALUE)));
    assert.match(page, /data-pagefind-ignore="all"/, 'left out of the search index');
    assert.match(page, /<main id="content">/, 'in the layout, with its landmarks');
  });

  it('badges exactly the changed pages, each linking to its entries', () => {
    const page = readFileSync(join(dir, 'first/changes/index.html'), 'utf8');
    const badged = badgedPages(join(dir, 'first'));
    assert.deepEqual([...badged.keys()].sort(), [
      'channels/audit/',
      'channels/orders/',
      'channels/orders/messages/orderplaced/',
      'operations/consumeorder/',
      'operations/publishorder/',
      'servers/staging/',
    ]);
    for (const [url, badge] of badged) {
      const [, words, anchor] = /^(breaking change|changed) \/changes\/#(.+)$/.exec(badge) ?? [];
      assert.ok(words && anchor, `${url}: ${badge}`);
      assert.equal(
        words,
        // publishOrder's own change is wording, but the message it sends has a breaking change.
        ['channels/audit/', 'channels/orders/messages/orderplaced/', 'operations/consumeorder/', 'operations/publishorder/'].includes(url)
          ? 'breaking change'
          : 'changed',
        url,
      );
      assert.match(page, new RegExp(`id="${anchor}"[^>]*>\\s*<a href="/${url.replaceAll('/', '\\/')}"`), `${url}: its anchor heads its entries`);
    }
  });

  it('lists on a changed page what changed on it, before and after, each field linked to its row', () => {
    const operation = readFileSync(join(dir, 'first/operations/consumeorder/index.html'), 'utf8');
    assert.match(
      operation,
      /<div class="change-callout change-breaking" data-pagefind-ignore><p class="change-callout-head"><strong>Breaking change<\/strong> on this page · <a href="\/changes\/#change-\d+">on the Changes page<\/a><\/p><ul class="change-callout-list"><li>SQS subscription audit-queue removed<span class="change-consequence"> [^<]+<\/span><\/li><\/ul><\/div>/,
    );
    // The message's own page: the field that changed, linked to its row on this page, its new value marked.
    const message = readFileSync(join(dir, 'first/channels/orders/messages/orderplaced/index.html'), 'utf8');
    const callout = /<div class="change-callout[\s\S]*?<\/div>/.exec(message)?.[0] ?? '';
    assert.match(callout, /<li><a class="change-field" href="#payload\.status"><code>payload\.status<\/code><\/a>: new value &quot;&lt;script&gt;/);
    assert.match(message, /id="payload\.status"/, 'the row it links to');
    // A channel with two changes lists both (one breaking, one not: the breaking one says so).
    const channel = readFileSync(join(dir, 'first/channels/audit/index.html'), 'utf8');
    const items = /<ul class="change-callout-list">([\s\S]*?)<\/ul>/.exec(channel)?.[1]?.match(/<li>/g) ?? [];
    assert.equal(items.length, 2, channel);
    assert.match(
      channel,
      /<li><strong>Breaking: <\/strong>address changed: <del class="change-old"><span class="visually-hidden">before: <\/span>&quot;audit&quot;<\/del> → <ins class="change-new">/,
    );
  });

  it('gives every breaking change a line of what to change, shows a reworded description word by word, and warns of breaking changes under one version', () => {
    const page = readFileSync(join(dir, 'first/changes/index.html'), 'utf8');
    const breaking = /<section aria-labelledby="changes-breaking"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    const entries = breaking.match(/<li data-rule="[^"]+">[\s\S]*?<\/li>/g) ?? [];
    assert.equal(entries.length, 3);
    for (const entry of entries) assert.match(entry, /<p class="change-action"><strong>What to change:<\/strong> [^<]/, entry);
    assert.match(breaking, /data-rule="sns-subscription-removed"[\s\S]*?What to change:<\/strong> Subscribe your own queue/);
    // "description changed (wording only)": the words before and after, the shared ones once.
    assert.match(
      page,
      /<p class="change-wording">Publishes each <del class="change-old"><span class="visually-hidden">removed: <\/span>order\.<\/del><ins class="change-new"><span class="visually-hidden">added: <\/span>order once it is placed\.<\/ins><\/p>/,
    );
    // Both builds say version 1.0.0, yet 3 changes break: said before the list.
    const warning = page.indexOf(
      '<p class="changes-same-version" role="note"><strong>Breaking changes without a new version.</strong> 3 changes below break clients, yet the version stays <strong>1.0.0</strong>',
    );
    assert.ok(warning > 0 && warning < page.indexOf('class="changes-counts"'), 'the warning heads the page');
  });

  it('names the versions compared when they differ, and the base quietly', async () => {
    const versioned = tempTree({ 'base.yaml': compareDocument('base').replace("version: '1.0.0'", "version: '0.9.0'"), 'head.yaml': compareDocument('head') });
    const r = await runIn(versioned, ['build', 'head.yaml', '--out', 'site', '--compare', 'base.yaml']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync(join(versioned, 'site/changes/index.html'), 'utf8');
    assert.match(page, /<h1>Changes from version 0\.9\.0 to 1\.0\.0<\/h1>/);
    assert.match(
      page,
      /<p class="changes-sides">Version <strong>0\.9\.0<\/strong><span aria-hidden="true"> → <\/span><span class="visually-hidden"> to <\/span><strong>1\.0\.0<\/strong><\/p>/,
    );
    assert.match(page, /<p class="kind">Compared with <code>base\.yaml<\/code>/);
    assert.doesNotMatch(page, /the version number is the same|Changes in this build|changes-same-version/);
    assert.match(readFileSync(join(versioned, 'site/index.html'), 'utf8'), /<a href="\/changes\/">Changes from version 0\.9\.0<\/a>/);
  });

  it('has a Markdown twin with the same changes, escaped, announced by the page and listed in llms.txt and the sitemap', () => {
    assert.equal(runs.site!.code, 0, runs.site!.err);
    const changes = (JSON.parse(runs.diff!.out) as { changes: { message: string; rule: string; pointer: string }[] }).changes;
    const twin = readFileSync(join(dir, 'first/changes/index.md'), 'utf8');
    const read = readBack(twin);
    assert.deepEqual(read.html, [], 'no raw HTML reaches the twin');
    assert.ok(!twin.includes(HOSTILE_VALUE));
    assert.match(twin, /^# Changes\n\nChanges against `base\.yaml`/);
    assert.match(twin, /3 breaking, 3 non-breaking, 1 wording only/);
    assert.deepEqual(
      read.headings.filter((h) => h.depth === 2).map((h) => h.text),
      ['Breaking (3)', 'Non-breaking (3)', 'Wording only (1)'],
    );
    for (const c of changes) assert.ok(read.codeSpans.includes(c.rule) && read.codeSpans.includes(c.pointer || '/'), `${c.rule} at ${c.pointer}`);
    // A site to be read: no file:line; a preview for the authors: where each change is written, relative to the documents.
    assert.ok(!read.codeSpans.some((span) => /^head\.yaml:\d+$/.test(span)), 'no file:line in a site to be read');
    assert.ok(
      readBack(readFileSync(join(dir, 'preview/changes/index.md'), 'utf8')).codeSpans.some((span) => /^head\.yaml:\d+$/.test(span)),
      'file:line in the preview',
    );
    assert.ok(read.links.includes('/operations/consumeorder/'), 'objects link to their pages');
    assert.match(readFileSync(join(dir, 'first/changes/index.html'), 'utf8'), /<link rel="alternate" type="text\/markdown" href="\/changes\/index\.md">/);
    assert.match(
      readFileSync(join(dir, 'first/llms.txt'), 'utf8'),
      /## Changes\n\n- \[Changes against base\.yaml\]\(\/changes\/index\.md\): 3 breaking, 3 non-breaking, 1 wording only\n/,
    );
    // Under a base path, with --site: absolute links, and the page in the sitemap.
    assert.match(readFileSync(join(dir, 'public/llms.txt'), 'utf8'), /\(https:\/\/docs\.example\.com\/pr-7\/changes\/index\.md\)/);
    assert.ok(readBack(readFileSync(join(dir, 'public/changes/index.md'), 'utf8')).links.includes('/pr-7/operations/consumeorder/'));
    assert.match(readFileSync(join(dir, 'public/sitemap.xml'), 'utf8'), /<loc>https:\/\/docs\.example\.com\/pr-7\/changes\/<\/loc>/);
  });

  it("the project's own severities apply to the Changes page as to diff (configuration, then --severity)", async () => {
    writeFileSync(join(dir, 'policy.config.json'), JSON.stringify({ diffSeverity: { 'server-added': 'breaking' } }));
    const configured = await runIn(dir, ['build', 'head.yaml', '--out', 'policy', '--compare', 'base.yaml', '--config', 'policy.config.json']);
    assert.equal(configured.code, 0, configured.err);
    const page = readFileSync(join(dir, 'policy/changes/index.html'), 'utf8');
    assert.match(page, /4 breaking<\/span> <span class="badge change-changed">2 non-breaking/);
    assert.match(page, /\[breaking by this project&#39;s setting for server-added; the rule says non-breaking\]/);
    const flagged = await runIn(dir, [
      'build',
      'head.yaml',
      '--out',
      'policy-flag',
      '--compare',
      'base.yaml',
      '--config',
      'policy.config.json',
      '--severity',
      'server-added=info',
    ]);
    assert.equal(flagged.code, 0, flagged.err);
    assert.match(
      readFileSync(join(dir, 'policy-flag/changes/index.html'), 'utf8'),
      /3 breaking<\/span> <span class="badge change-changed">2 non-breaking<\/span> <span class="badge change-info">2 wording only/,
    );
  });

  it('links the Changes page from the overview with the counts', () => {
    const overview = readFileSync(join(dir, 'first/index.html'), 'utf8');
    assert.match(overview, /<a href="\/changes\/">Changes against <code>base\.yaml<\/code><\/a>: <strong>3 breaking<\/strong>, 3 non-breaking, 1 wording only/);
  });

  it('gives the same bytes twice', () => {
    assert.equal(runs.second!.code, 0, runs.second!.err);
    const first = filesOf(join(dir, 'first'));
    const second = filesOf(join(dir, 'second'));
    assert.deepEqual([...second.keys()].sort(), [...first.keys()].sort());
    for (const [path, bytes] of first) assert.ok(bytes.equals(second.get(path)!), `${path} differs`);
  });

  it('without --compare: no Changes page, no badge, no link; pages that did not change are the same bytes but for the sidebar link', () => {
    assert.equal(runs.plain!.code, 0, runs.plain!.err);
    const plain = filesOf(join(dir, 'plain'));
    const compared = filesOf(join(dir, 'first'));
    assert.ok(![...plain.keys()].some((p) => p.startsWith('changes')), 'no changes/ and no changes.css');
    assert.ok(compared.has('changes.css'));
    for (const [path, bytes] of plain) if (path.endsWith('.html')) assert.ok(!/change-badge|changes-link|\/changes\//.test(bytes.toString()), path);
    const badged = new Set(badgedPages(join(dir, 'first')).keys());
    // llms.txt gains a section that leads to the Changes page, and nothing else.
    assert.equal(
      compared
        .get('llms.txt')!
        .toString()
        .replace(/## Changes\n\n- .*\n\n/, ''),
      plain.get('llms.txt')!.toString(),
    );
    for (const [path, bytes] of plain) {
      if (path.startsWith('pagefind') || path === 'index.html' || path === 'llms.txt' || badged.has(path.replace(/index\.(html|md)$/, ''))) continue;
      // What --compare adds to every page: its stylesheet and the sidebar's link; a preview, it shows the validator's findings (warnings here).
      const added = [
        /<link rel="stylesheet" href="\/changes\.css">/,
        /<div class="section"><a href="\/changes\/"[^>]*>Changes<\/a> <span class="count">\(7\)<\/span><\/div>/,
        /<details class="diagnostics"[\s\S]*?<\/details>/g,
        /\*\*Findings of the validator\*\*[^\n]*\n\n(- [^\n]*\n)+\n/,
        // A preview says the line of the file that defines an object; a published page only the file.
        /(?<=Defined in (?:<code>|`)[^<`\n]*?\.ya?ml):\d+/g,
      ];
      const theirs = compared.get(path)!;
      assert.ok(theirs, `${path} is missing`);
      if (path === 'apidesc-routes.json') {
        // The same routes; a page's hash changes with its findings, which only the preview shows.
        const routes = (b: Buffer) => (JSON.parse(b.toString()) as { routes: { hash?: string }[] }).routes.map(({ hash: _, ...r }) => r);
        assert.deepEqual(routes(theirs), routes(bytes));
        continue;
      }
      if (path === 'routes/-.json') {
        // The 404 page's list of the root's pages names the Changes page too.
        const { names, kinds, titles, words } = JSON.parse(theirs.toString()) as { names: string[]; kinds: string; titles: string[]; words: string[] };
        const at = names.indexOf('changes');
        assert.ok(at >= 0, 'the Changes page is listed');
        assert.equal(titles[at], 'Changes', 'by its title');
        const without = <T>(list: T[]): T[] => list.filter((_, i) => i !== at);
        assert.deepEqual(
          { names: without(names), kinds: kinds.slice(0, at) + kinds.slice(at + 1), titles: without(titles), words: without(words) },
          JSON.parse(bytes.toString()),
        );
        continue;
      }
      assert.ok(bytes.equals(theirs) || bytes.toString() === added.reduce((text, a) => text.replace(a, ''), theirs.toString()), `${path} differs`);
    }
  });

  it('an identical base: the empty state', () => {
    assert.equal(runs.same!.code, 0, runs.same!.err);
    assert.match(readFileSync(join(dir, 'same/changes/index.html'), 'utf8'), /No changes against <code>head\.yaml<\/code>/);
    assert.deepEqual(badgedPages(join(dir, 'same')).size, 0);
  });

  it('a base that cannot be read: exit 2 with its located diagnostics, nothing written', async () => {
    const broken = await runIn(dir, ['build', 'head.yaml', '--out', 'broken', '--compare', 'broken.yaml']);
    assert.equal(broken.code, 2, broken.err);
    assert.match(broken.out, /broken\.yaml:3:1 {2}error {2}load-syntax/);
    assert.match(broken.err, /the base of the comparison \(broken\.yaml\) cannot be read/);
    assert.ok(!existsSync(join(dir, 'broken')));
    const missing = await runIn(dir, ['build', 'head.yaml', '--out', 'missing', '--compare', 'nowhere.yaml']);
    assert.equal(missing.code, 2, missing.err);
    assert.ok(!existsSync(join(dir, 'missing')));
    const folder = await runIn(dir, ['build', 'head.yaml', '--out', 'folder', '--compare', '.']);
    assert.equal(folder.code, 2);
    assert.match(folder.err, /compare a document with a document, or a folder with a folder/);
    const both = await runIn(dir, ['build', 'head.yaml', '--compare', 'base.yaml', '--compare-ref', 'HEAD']);
    assert.equal(both.code, 2);
    const elsewhere = await runIn(dir, ['validate', 'head.yaml', '--compare', 'base.yaml']);
    assert.equal(elsewhere.code, 2);
  });
});

/** A shop whose shared schema Money changes: reported by diff on the message that uses it. */
function shopDocument(version: 'base' | 'head'): string {
  const head = version === 'head';
  return `apidesc: 3.0.0
info: {title: Shop, version: 1.0.0}
channels:
  orders:
    address: orders
    messages:
      placed: {$ref: '#/components/messages/OrderPlaced'}
  audit:
    address: audit
    messages:
      entry: {payload: {type: string}}
operations:
  sendOrders: {action: send, channel: {$ref: '#/channels/orders'}, messages: [{$ref: '#/channels/orders/messages/placed'}]}
  receiveOrders: {action: receive, channel: {$ref: '#/channels/orders'}, messages: [{$ref: '#/channels/orders/messages/placed'}]}
  writeAudit: {action: send, channel: {$ref: '#/channels/audit'}, messages: [{$ref: '#/channels/audit/messages/entry'}]}
components:
  messages:
    OrderPlaced:
      payload: {$ref: '#/components/schemas/Order'}
  schemas:
    Order:
      type: object
      properties:
        total: {$ref: '#/components/schemas/Money'}
    Money:
      type: object
      properties:
        currency: {type: string, minLength: ${head ? 2 : 3}}
        amount: {type: number${head ? '' : ', default: 0'}}
${head ? '        note: {type: string}\n' : ''}`;
}

describe('build --compare: what a change reaches, and the paths it publishes', () => {
  // The base outside the working folder, given by its absolute path (as a CI job does).
  const dir = tempTree({ 'old/api.yaml': shopDocument('base'), 'new/api.yaml': shopDocument('head') });
  let run: { code: number; err: string };
  before(async () => {
    run = await runIn(join(dir, 'new'), ['build', 'api.yaml', '--out', 'site', '--compare', join(dir, 'old', 'api.yaml')]);
  });
  const site = (path: string): string => readFileSync(join(dir, 'new', 'site', path), 'utf8');

  it("badges the changed schema's page and the operations that send or receive the changed message, and nothing else", () => {
    assert.equal(run.code, 0, run.err);
    const badged = badgedPages(join(dir, 'new', 'site'));
    assert.deepEqual(Object.fromEntries([...badged].map(([url, badge]) => [url, badge.replace(/ \/changes\/#.*$/, '')])), {
      'components/messages/orderplaced/': 'breaking change',
      'components/schemas/money/': 'breaking change',
      'operations/receiveorders/': 'breaking change in a message',
      'operations/sendorders/': 'breaking change in a message',
    });
    // Each links to the entries of the message that carries the change.
    const message = badged.get('components/messages/orderplaced/')!.split(' ').pop();
    for (const url of ['components/schemas/money/', 'operations/sendorders/']) assert.equal(badged.get(url)!.split(' ').pop(), message, url);
  });

  it('publishes no absolute path of the machine: the base by its folder, its files under it', () => {
    const page = site('changes/index.html');
    for (const file of ['changes/index.html', 'changes/index.md', 'llms.txt', 'index.html'])
      assert.ok(!site(file).includes(dir), `${file} names no absolute path`);
    assert.match(page, /Changes in this build against <code>old\/api\.yaml<\/code>/);
    // A site to be read says what changed, not where it is written in the sources.
    assert.doesNotMatch(page, /\.yaml:\d+/);
  });

  it("shows a change's backticks as code", () => {
    const page = site('changes/index.html');
    const messages = [...page.matchAll(/<p class="change-message">([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    assert.ok(
      messages.some((m) => m.includes('new property <code>note</code>')),
      messages.join('\n'),
    );
    assert.ok(
      messages.every((m) => !m.includes('`')),
      'no backtick shows',
    );
  });
});

describe('build --compare in a portal', () => {
  const dir = tempTree({
    'base/orders.yaml': compareDocument('base'),
    'base/billing.yaml': compareDocument('base').replace('title: Orders', 'title: Billing'),
    'head/orders.yaml': compareDocument('head'),
    'head/billing.yaml': compareDocument('base').replace('title: Orders', 'title: Billing'),
  });
  it('one Changes page at the root, grouped by API; each overview and the root link it', async () => {
    const r = await runIn(dir, ['build', 'head', '--out', 'site', '--compare', 'base']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync(join(dir, 'site/changes/index.html'), 'utf8');
    // Each API's heading names it by title, linked to its overview, with the file compared.
    assert.match(page, /<h3 class="changes-api">\s*<a href="\/orders\/">Orders<\/a> <code>orders\.yaml<\/code>\s*<\/h3>/);
    const twin = readFileSync(join(dir, 'site/changes/index.md'), 'utf8');
    assert.match(twin, /^### \[Orders\]\(\/orders\/\) `orders\.yaml`$/m);
    assert.ok(readBack(twin).links.includes('/orders/operations/consumeorder/'));
    assert.match(readFileSync(join(dir, 'site/llms.txt'), 'utf8'), /## Changes\n\n- \[Changes against base\]\(\/changes\/index\.md\)/);
    assert.ok(!readFileSync(join(dir, 'site/orders/llms.txt'), 'utf8').includes('## Changes'), 'listed once, at the root');
    assert.ok(!page.includes('billing.yaml'), 'an API that did not change is not listed');
    assert.match(
      page,
      /<a href="\/orders\/operations\/consumeorder\/">[^<]+<\/a> <span class="change-object-id"><span class="change-kind">operation<\/span>(?: <code>consumeOrder<\/code>)?<\/span>/,
    );
    assert.match(readFileSync(join(dir, 'site/index.html'), 'utf8'), /<a href="\/changes\/">Changes against/);
    assert.match(readFileSync(join(dir, 'site/billing/index.html'), 'utf8'), /<a href="\/changes\/">Changes against/);
    assert.match(readFileSync(join(dir, 'site/orders/operations/consumeorder/index.html'), 'utf8'), /href="\/changes\/#change-\d+"[^>]*>breaking change/);
    assert.ok(!readFileSync(join(dir, 'site/billing/operations/consumeorder/index.html'), 'utf8').includes('change-badge'));
  });
});

describe('build --compare-ref', () => {
  it('compares with the document as the commit has it, shown at its path in the repository, writing nothing into it', async () => {
    const dir = tempTree({ 'api/orders.yaml': compareDocument('base') });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    writeFileSync(join(dir, 'api/orders.yaml'), compareDocument('head'));
    git(dir, 'commit', '-q', '-am', 'second');
    // Outside the repository (its status is compared below), in a temporary folder of its own, removed with the others.
    const out = join(tempDir('apidesc-compare-site-'), 'site');
    mkdirSync(out);
    const before = git(dir, 'status', '--porcelain');
    // The commit's files go to a temporary folder, removed after the build: watched in a TMPDIR of its own.
    const tmp = tempDir('apidesc-compare-tmp-');
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    let r: Awaited<ReturnType<typeof runIn>>;
    try {
      r = await runIn(dir, ['build', 'api/orders.yaml', '--out', out, '--compare-ref', 'HEAD~1']);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /^Search index: \d+ of the site's \d+ pages \(lists, the search page, the 404 page and the Changes page are not indexed\)\.$/m);
    assert.deepEqual(readdirSync(tmp), [], 'the temporary folders are removed');
    const page = readFileSync(join(out, 'changes/index.html'), 'utf8');
    // Both sides are version 1.0.0: the base named by its git ref and dated by its commit, as a reader dates a version.
    const date = git(dir, 'show', '-s', '--format=%cs', 'HEAD~1').trim();
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(
      new RegExp(
        `<p class="changes-sides">Changes in this build against <code>HEAD~1 \\([0-9a-f]{12}\\)</code> \\(committed <time datetime="${date}">${date}</time>\\); both are version <strong>1\\.0\\.0</strong>\\.</p>`,
      ).test(page),
      'the base by its ref and commit date',
    );
    assert.doesNotMatch(page, /orders\.yaml:\d+/, 'no place in the sources on a site to be read');
    assert.match(page, /3 breaking/);
    assert.equal(git(dir, 'status', '--porcelain'), before);
    const unknown = await runIn(dir, ['build', 'api/orders.yaml', '--out', join(out, 'x'), '--compare-ref', 'no-such-branch']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /--compare-ref no-such-branch: no commit named "no-such-branch"/);
  });
});

describe("build --compare-ref: the project's severities as the base has them", () => {
  it("a pull request's own diffSeverity does not re-classify its changes: its change of it is listed, breaking, at the top", async () => {
    const dir = tempTree({ 'api/orders.yaml': compareDocument('base') });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    writeFileSync(join(dir, 'api/orders.yaml'), compareDocument('head'));
    writeFileSync(join(dir, 'apidesc-docs.config.yaml'), 'diffSeverity:\n  schema-enum-value-added: info\n');
    const out = tempDir('apidesc-compare-ref-site-');
    // The pull request's preview, as the Action builds it (--allow-invalid): for its authors, where each change is written.
    const r = await runIn(dir, ['build', 'api/orders.yaml', '--out', join(out, 'site'), '--compare-ref', 'main', '--allow-invalid']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync(join(out, 'site/changes/index.html'), 'utf8');
    // The three breaking changes of the documents, and the setting.
    assert.match(page, /4 breaking<\/span>/);
    const breaking = page.slice(page.indexOf('id="changes-breaking"'), page.indexOf('id="changes-non-breaking"'));
    assert.match(breaking, /severity for schema-enum-value-added set to info \(the base has none: the rule&#39;s own verdicts\)/);
    assert.match(breaking, /<code>apidesc-docs\.config\.yaml:2<\/code>/);
    assert.match(breaking, /receivers built on the old schema reject status/);
    assert.ok(!page.includes('by this project&#39;s setting'), 'nothing re-classified by the branch');
  });
});

describe("build --compare-ref: the base commit's configuration", () => {
  it('applies the severities the base commit sets, though the branch removes them', async () => {
    const dir = tempTree({ 'api/orders.yaml': compareDocument('base'), 'apidesc-docs.config.yaml': 'diffSeverity:\n  server-added: breaking\n' });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    writeFileSync(join(dir, 'api/orders.yaml'), compareDocument('head'));
    writeFileSync(join(dir, 'apidesc-docs.config.yaml'), 'title: Orders\n');
    const out = tempDir('apidesc-compare-ref-site-');
    const r = await runIn(dir, ['build', 'api/orders.yaml', '--out', join(out, 'site'), '--compare-ref', 'main']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync(join(out, 'site/changes/index.html'), 'utf8');
    const breaking = page.slice(page.indexOf('id="changes-breaking"'), page.indexOf('id="changes-non-breaking"'));
    assert.match(breaking, /\[breaking by this project&#39;s setting for server-added; the rule says non-breaking\]/, "the base's setting applies");
    assert.match(breaking, /<li data-rule="config-severity-changed">/, "the branch's removal of it is a change of its own");
  });
});

describe('build --compare: hostile input and previews of invalid documents', () => {
  it('keys named like Object properties and script in ids: listed, escaped, never run', async () => {
    const withKeys = (version: 'base' | 'head'): string =>
      compareDocument(version).replace(/^channels:\n/m, `channels:\n${OBJECT_PROPERTY_NAMES.map((n) => `  ${n}: {address: ${n}-${version}}\n`).join('')}`);
    const dir = tempTree({
      'keys-base.yaml': withKeys('base'),
      'keys-head.yaml': withKeys('head'),
      // The base need only be readable (as for diff): ids that no valid document has, removed by head.
      'hostile-base.yaml': compareDocument('head').replace(
        /^channels:\n/m,
        'channels:\n  "<script>alert(1)</script>":\n    address: "<img src=x onerror=alert(2)>"\n',
      ),
      'hostile-head.yaml': compareDocument('head'),
    });
    const keys = await runIn(dir, ['build', 'keys-head.yaml', '--out', 'keys', '--compare', 'keys-base.yaml']);
    assert.equal(keys.code, 0, keys.err);
    const keysPage = readFileSync(join(dir, 'keys/changes/index.html'), 'utf8');
    for (const name of OBJECT_PROPERTY_NAMES) {
      // Named by its page's title (here its id), its kind after it.
      assert.match(keysPage, new RegExp(`>${name}</a> <span class="change-object-id"><span class="change-kind">channel</span></span>`), name);
      assert.match(
        keysPage,
        new RegExp(
          `address changed: <del class="change-old"><span class="visually-hidden">before: </span>&quot;${name}-base&quot;</del> → <ins class="change-new"><span class="visually-hidden">after: </span>&quot;${name}-head&quot;</ins>`,
        ),
        name,
      );
    }
    const built = await runIn(dir, ['build', 'hostile-head.yaml', '--out', 'hostile', '--compare', 'hostile-base.yaml']);
    assert.equal(built.code, 0, built.err);
    for (const [path, bytes] of filesOf(join(dir, 'hostile')))
      if (path.endsWith('.html')) assert.ok(!bytes.toString().includes('<script>alert('), `${path}: document text reaches the page as markup`);
    const page = readFileSync(join(dir, 'hostile/changes/index.html'), 'utf8');
    // Removed: no page in this site to title it, so named as diff names it.
    assert.match(page, /<span class="change-kind">channel<\/span> <code>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/code>/);
    assert.ok(!page.includes('<img src=x'));
  });

  it('control characters in ids (ESC, BEL, C1, DEL) are shown escaped in every Markdown twin and llms.txt, never written raw', async () => {
    const id = 'evil\u001b[2J\u0007\u009b31m\u007fend';
    const bidi = 'user\u202egnp.exe';
    const dir = tempTree({
      'base.yaml': compareDocument('head'),
      'head.yaml': compareDocument('head').replace(
        /^channels:\n/m,
        `channels:\n  ${JSON.stringify(id)}:\n    address: x\n  ${JSON.stringify(bidi)}:\n    address: y\n`,
      ),
    });
    const r = await runIn(dir, ['build', 'head.yaml', '--out', 'site', '--compare', 'base.yaml']);
    assert.equal(r.code, 0, r.err);
    let twins = 0;
    for (const [path, bytes] of filesOf(join(dir, 'site'))) {
      if (!/\.(md|txt)$/.test(path)) continue;
      twins++;
      assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(bytes.toString()), `${path} holds a raw control character`);
    }
    assert.ok(twins > 5);
    const twin = readFileSync(join(dir, 'site/changes/index.md'), 'utf8');
    // Shown, as diff shows it: the escape reads back as written.
    assert.ok(readBack(twin).text.includes('evil\\u001b[2J\\u0007\\u009b31m\\u007fend'), twin);
    // A bidirectional override: shown escaped on the Changes page and in its twin, as diff shows it.
    const page = readFileSync(join(dir, 'site/changes/index.html'), 'utf8');
    assert.match(page, />user\\u202egnp\.exe<\/a> <span class="change-object-id"><span class="change-kind">channel<\/span><\/span>/);
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(page + twin), 'no raw override on the Changes page');
    assert.ok(readBack(twin).text.includes('user\\u202egnp.exe'));
  });

  it('a change that quotes 20,000 values: the Changes page and its twin quote a bounded part of it', async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `value-${i}`);
    const dir = tempTree({
      'base.yaml': compareDocument('base'),
      'head.yaml': compareDocument('base').replace('enum: [placed]', `enum: ${JSON.stringify(['placed', ...values])}`),
    });
    const r = await runIn(dir, ['build', 'head.yaml', '--out', 'site', '--compare', 'base.yaml']);
    assert.equal(r.code, 0, r.err);
    const page = readFileSync(join(dir, 'site/changes/index.html'), 'utf8');
    const twin = readFileSync(join(dir, 'site/changes/index.md'), 'utf8');
    assert.ok(page.length < 40_000, `the page: ${page.length} characters`);
    assert.ok(twin.length < 10_000, `the twin: ${twin.length} characters`);
    assert.match(page, /… \(\d+ more characters; <code>apidesc-docs diff --format json<\/code> has it whole\)/);
    assert.match(twin, /… \(\d+ more characters; \\`apidesc-docs diff --format json\\` has it whole\)/);
  });

  it('--allow-invalid with errors in the head: the preview is built and its Changes page says it could not compare', async () => {
    const dir = tempTree({ 'base.yaml': compareDocument('base'), 'head.yaml': compareDocument('head').replace('action: send', 'action: publish') });
    const r = await runIn(dir, ['build', 'head.yaml', '--out', 'site', '--compare', 'base.yaml', '--allow-invalid']);
    assert.equal(r.code, 0, r.err);
    assert.match(readFileSync(join(dir, 'site/changes/index.html'), 'utf8'), /The documents have errors \(shown on their pages\)/);
    assert.match(readFileSync(join(dir, 'site/index.html'), 'utf8'), /<\/a>: not compared \(the documents have errors\)/);
    assert.match(readFileSync(join(dir, 'site/llms.txt'), 'utf8'), /\(\/changes\/index\.md\): not compared \(the documents have errors\)\n/);
    assert.equal(badgedPages(join(dir, 'site')).size, 0);
  });

  it('a base with errors (as validate finds them) is not compared, as diff does not compare it: the Changes page says so', async () => {
    // A list written as a map: compared, it would read as "no longer restricted".
    const dir = tempTree({ 'base.yaml': compareDocument('base').replace('enum: [placed]', 'enum: {placed: 1}'), 'head.yaml': compareDocument('head') });
    const r = await runIn(dir, ['build', 'head.yaml', '--out', 'site', '--compare', 'base.yaml']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /base\.yaml:\d+:\d+ +error /, 'its diagnostics, located');
    assert.match(r.err, /Not compared with base\.yaml: the base has errors/);
    assert.match(
      readFileSync(join(dir, 'site/changes/index.html'), 'utf8'),
      /The base \(base\.yaml\) has errors, as apidesc-docs validate finds them: it was not compared/,
    );
    assert.match(readFileSync(join(dir, 'site/changes/index.md'), 'utf8'), /The base \(base\.yaml\) has errors/);
    assert.match(readFileSync(join(dir, 'site/index.html'), 'utf8'), /<\/a>: not compared \(the base has errors\)/);
    assert.match(readFileSync(join(dir, 'site/llms.txt'), 'utf8'), /: not compared \(the base has errors\)\n/);
    assert.equal(badgedPages(join(dir, 'site')).size, 0);
  });
});
