/**
 * `apidesc-docs changes`: two builds of a document, before and after an edit, compared by their
 * route manifests: pages added, changed (what they show differs) and removed.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { marked } from 'marked';
import { unescapeText } from '../src/lib/html-text.ts';
import { runIn, tempTree } from './helpers.ts';

const ORDERS = readFileSync(new URL('../content/orders.apidesc.yaml', import.meta.url), 'utf8');

const run = runIn;

describe('apidesc-docs changes', () => {
  it('lists the pages an edit added, changed and removed, with links into the preview', async () => {
    const dir = tempTree({ 'orders.yaml': ORDERS });
    assert.equal((await run(dir, ['build', 'orders.yaml', '--out', 'before'])).code, 0);
    // An edit: Money gets a description (its page, and every page showing it as a table, change),
    // a channel is added, an operation removed; a comment line on top moves every line number.
    const edited = ('# moved every line down\n' + ORDERS)
      .replace('    Money:\n      type: object\n', '    Money:\n      type: object\n      description: An amount in a currency.\n')
      .replace(/\n {2}requestStockCheck:\n(?: {4}.*\n)+/, '\n')
      .replace('\nchannels:\n', '\nchannels:\n  auditLog:\n    address: audit-log\n    title: Audit log\n');
    writeFileSync(join(dir, 'orders.yaml'), edited);
    assert.equal((await run(dir, ['build', 'orders.yaml', '--out', 'after'])).code, 0);

    const json = await run(dir, ['changes', 'before/apidesc-routes.json', 'after/apidesc-routes.json', '--format', 'json']);
    assert.equal(json.code, 0, json.err);
    const changes = JSON.parse(json.out) as Record<'added' | 'changed' | 'removed', { url: string }[]>;
    assert.deepEqual(
      changes.added.map((e) => e.url),
      ['channels/auditlog/'],
    );
    assert.deepEqual(
      changes.removed.map((e) => e.url),
      ['operations/requeststockcheck/'],
    );
    const changed = changes.changed.map((e) => e.url);
    assert.ok(changed.includes('components/schemas/money/'), 'the edited schema');
    assert.ok(changed.includes('components/messages/orderplaced/'), 'a message whose payload shows Money');
    assert.ok(!changed.includes('components/schemas/category/'), 'pages that show nothing new are unchanged, though their lines moved');
    assert.ok(!changed.includes('components/securityschemes/partneroauth/'), 'a security scheme: nothing it shows changed');
    assert.ok(changed.includes('servers/production/'), 'a server: it lists the new channel');

    const md = await run(dir, [
      'changes',
      'before/apidesc-routes.json',
      'after/apidesc-routes.json',
      '--format',
      'markdown',
      '--preview-url',
      'https://preview.example.test/pr-7/',
    ]);
    assert.match(md.out, /^### API documentation changes\n\n1 added, \d+ changed, 1 removed\./);
    assert.match(md.out, /- \[channel auditLog\]\(https:\/\/preview\.example\.test\/pr-7\/channels\/auditlog\/\)/);
    assert.match(md.out, /\*\*Removed\*\*\n\n- operation requestStockCheck `operations\/requeststockcheck\/`/);

    // A site published before the manifest held flows wrote the list of routes alone: still read.
    const before = JSON.parse(readFileSync(join(dir, 'before/apidesc-routes.json'), 'utf8')) as { routes: unknown[]; flows: unknown[] };
    assert.deepEqual(before.flows, []);
    writeFileSync(join(dir, 'routes-only.json'), JSON.stringify(before.routes));
    const older = await run(dir, ['changes', 'routes-only.json', 'after/apidesc-routes.json', '--format', 'json']);
    assert.equal(older.code, 0, older.err);
    assert.deepEqual(JSON.parse(older.out), changes);
    const same = await run(dir, ['changes', 'after/apidesc-routes.json', 'after/apidesc-routes.json']);
    assert.equal(same.out.trim(), '0 added, 0 changed, 0 removed');
    const bad = await run(dir, ['changes', 'orders.yaml', 'after/apidesc-routes.json']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /orders\.yaml: is not JSON/);
  });
});

/**
 * Ids are the documents' map keys, and a manifest can be anyone's (a pull request builds its own
 * preview): the Markdown comment shows every id as written and adds nothing to the comment.
 */
describe('apidesc-docs changes of a hostile document', () => {
  const IDS = [
    'x\n# Heading\n- [item](https://evil.example/)\n\n| a | b |\n|---|---|',
    'thanks @octocat and @org/team, mail a@b.example',
    'fixes #123, GH-7 and owner/repo#9',
    '[click](javascript:alert(1)) ![img](https://evil.example/x.png) [ref][1]\n\n[1]: https://evil.example/',
    '<img src=x onerror=alert(1)><b>bold</b> &amp; &#64;octocat <!-- hidden -->',
    'a | b | c',
    '`code` ``two`` *em* _em_ ~~del~~ **strong** \\',
    'https://evil.example/ www.evil.example',
    'x\r\n::error::forged\u001b]0;title\u0007\u001b[2J',
  ];
  const route = (id: string, url: string, hash: string) => ({ api: '', kind: 'channel', id, pointer: `/channels/${id}`, url, hash });
  const before = [
    route(IDS[0]!, 'channels/changed/', 'old'),
    route('removed <b>x</b> @octocat', 'channels/removed/', 'h'),
    route('removed script', 'javascript:alert(2)', 'h'),
  ];
  const after = [
    route(IDS[0]!, 'channels/changed/', 'new'),
    ...IDS.slice(1).map((id, i) => route(id, `channels/c${i}/`, 'h')),
    // URLs a manifest may not link to: a script, data, another host by a path; and one that
    // looks like the end of a link destination.
    route('script', 'javascript:alert(1)', 'h'),
    route('data', 'data:text/html,<script>alert(1)</script>', 'h'),
    route('host', '//evil.example/x/', 'h'),
    route('backslash host', '/\\evil.example/x/', 'h'),
    route('paren', 'channels/a)b(/', 'h'),
    route('absolute', 'https://docs.example.test/page/', 'h'),
  ];
  const dir = tempTree({ 'before.json': JSON.stringify(before), 'after.json': JSON.stringify(after) });
  const PREVIEW = 'https://preview.example.test/pr-7/';

  it('escapes ids in Markdown: no heading, list, table, link, image, HTML, code, emphasis, mention or issue reference', async () => {
    const r = await runIn(dir, ['changes', 'before.json', 'after.json', '--format', 'markdown', '--preview-url', PREVIEW]);
    assert.equal(r.code, 0, r.err);
    const md = r.out.trimEnd();
    // One line per entry: three headings of our own, the summary, and nothing the ids started.
    assert.equal(md.split('\n').filter((l) => l.startsWith('- ')).length, after.length + 2);
    assert.ok(
      md.split('\n').every((l) => l === '' || l.startsWith('- ') || l.startsWith('**') || l === '### API documentation changes' || /^\d+ added/.test(l)),
      md,
    );
    assert.doesNotMatch(md, /[\u0000-\u0009\u000b-\u001f]/, 'no control character but line breaks');
    // As GitHub renders it (GitHub-flavoured Markdown).
    const html = marked.parse(md, { gfm: true, async: false });
    const tags = [...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(tags)].sort(), ['a', 'code', 'h3', 'li', 'p', 'strong', 'ul']);
    assert.equal(tags.filter((t) => t === 'h3').length, 1);
    assert.equal(tags.filter((t) => t === 'li').length, after.length + 2);
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => unescapeText(m[1]!));
    assert.deepEqual(
      [...hrefs].sort(),
      [
        `${PREVIEW}channels/a%29b%28/`,
        `${PREVIEW}channels/changed/`,
        ...IDS.slice(1).map((_, i) => `${PREVIEW}channels/c${i}/`),
        'https://docs.example.test/page/',
      ].sort(),
      "links of our own only: each entry to its page (the ids' links are text)",
    );
    // Mentions, issue references and bare URLs are broken by a zero-width joiner.
    const text = unescapeText(html.replace(/<[^>]*>/g, ''));
    assert.doesNotMatch(text, /@[a-z0-9]/i);
    assert.doesNotMatch(text, /#\d|GH-\d/i);
    assert.doesNotMatch(text, /:\/\/|www\./);
    // Every id reads as written (control characters escaped, the joiners aside).
    const shown = text.replace(/\u200d/g, '');
    for (const id of IDS)
      assert.ok(
        shown.includes(
          `channel ${id
            .replace(/\r/g, '\\r')
            .replace(/\n/g, '\\n')
            .replace(/\u001b/g, '\\u001b')
            .replace(/\u0007/g, '\\u0007')}`,
        ),
        `shown as written: ${JSON.stringify(id)}`,
      );
  });

  it("writes a manifest's URL only when it is a path of the site or an http(s) URL", async () => {
    const md = (await runIn(dir, ['changes', 'before.json', 'after.json', '--format', 'markdown', '--preview-url', PREVIEW])).out;
    for (const name of ['script', 'data', 'host', 'backslash host']) assert.match(md, new RegExp(`^- channel ${name}$`, 'm'), `${name}: shown without a link`);
    assert.match(md, /^- \[channel paren\]\(https:\/\/preview\.example\.test\/pr-7\/channels\/a%29b%28\/\)$/m);
    assert.match(md, /^- \[channel absolute\]\(https:\/\/docs\.example\.test\/page\/\)$/m);
    assert.match(md, /^- channel removed \\<b\\>x\\<\\\/b\\> \\@\u200doctocat `channels\/removed\/`$/m);
    assert.match(md, /^- channel removed script$/m);
    assert.deepEqual(
      [...md.matchAll(/\]\(([^)]*)\)$/gm)].map((m) => m[1]).filter((href) => !href!.startsWith(PREVIEW)),
      ['https://docs.example.test/page/'],
    );
    assert.deepEqual(
      [...md.matchAll(/`([^`]*)`$/gm)].map((m) => m[1]),
      ['channels/removed/'],
    );
    // Without a preview: the URLs that may be shown as code, the others left out.
    const plain = (await runIn(dir, ['changes', 'before.json', 'after.json', '--format', 'markdown'])).out;
    assert.match(plain, /^- channel paren `channels\/a\)b\(\/`$/m);
    assert.match(plain, /^- channel script$/m);
    assert.deepEqual(
      [...plain.matchAll(/`([^`]*)`$/gm)].map((m) => m[1]).sort(),
      [...after.map((e) => e.url).filter((u) => /^(channels\/|https:)/.test(u)), 'channels/removed/'].sort(),
    );
  });

  it('prints ids with their control characters escaped as text, and URLs only when they may be shown', async () => {
    const r = await runIn(dir, ['changes', 'before.json', 'after.json', '--format', 'text']);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.trimEnd().split('\n');
    assert.equal(lines.length, 1 + after.length + 2, "a line per entry, none of the ids' own");
    assert.doesNotMatch(r.out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    assert.ok(lines.includes('+ channel x\\r\\n::error::forged\\u001b]0;title\\u0007\\u001b[2J  channels/c7/'), lines.join('\n'));
    for (const name of ['script', 'data', 'host', 'backslash host']) assert.ok(lines.includes(`+ channel ${name}`), `${name}: shown without its URL`);
    assert.ok(lines.includes('- channel removed script'));
    assert.ok(lines.includes('+ channel absolute  https://docs.example.test/page/'));
  });
});

describe('apidesc-docs changes of manifests that are not what they seem', () => {
  it('refuses a manifest that is a pipe without reading it, and a server that sends without end', async () => {
    const dir = tempTree({ 'after.json': '[]' });
    execFileSync('mkfifo', [join(dir, 'before.json')]);
    const bin = join(import.meta.dirname, '..', 'bin', 'apidesc-docs.mjs');
    const piped = spawnSync(process.execPath, [bin, 'changes', 'before.json', 'after.json'], { cwd: dir, encoding: 'utf8', timeout: 15_000 });
    assert.equal(piped.signal, null, 'finished without reading the pipe');
    assert.equal(piped.status, 2);
    assert.match(piped.stderr, /before\.json.*named pipe/);

    // 65 MB, more than any manifest, sent in chunks without a length.
    const server = createServer((_req, res) => {
      let sent = 0;
      const more = (): void => {
        while (sent < 65 * 1024 * 1024) {
          sent += 1024 * 1024;
          if (!res.write('['.padEnd(1024 * 1024, ' '))) return void res.once('drain', more);
        }
        res.end(']');
      };
      more();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const r = await run(dir, ['changes', `http://127.0.0.1:${(server.address() as AddressInfo).port}/apidesc-routes.json`, 'after.json']);
      assert.equal(r.code, 2);
      assert.match(r.err, /larger than a route manifest can be/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
