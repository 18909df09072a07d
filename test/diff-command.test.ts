/**
 * `apidesc-docs diff` as a user runs it: exit codes (0 nothing breaks, 1 something breaks as
 * --fail-on says, 2 unreadable input), the four output formats, two folders matched by API,
 * --base-ref reading the base from git (its $refs between files resolved in that commit, nothing
 * written into the repository), and hostile input (keys named like Object properties, deep
 * chains of references, script and control characters in document text).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { diffSides } from '../src/lib/diff/compare-inputs.ts';
import { api } from './diff-fixture.ts';
import { deepChainDocument } from './deep-document.ts';
import { runIn, tempTree } from './helpers.ts';
import { hostileDocument } from './hostile-document.ts';
import { objectKeysDocument } from './object-keys-document.ts';

const run = (args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> => runIn(cwd, args);

const json = (value: unknown): string => JSON.stringify(value, null, 2);
const status = (values: string[]) => ({ type: 'object', properties: { status: { enum: values } }, required: ['status'] });

describe('apidesc-docs diff', () => {
  const dir = tempTree({
    'base.json': json(api({ payload: status(['placed']) })),
    'widened.json': json(api({ payload: status(['placed', 'paid']) })),
    'narrowed.json': json(api({ payload: status([]) })),
    'wording.json': json(api({ payload: status(['placed']), message: { description: 'Now described.' } })),
    'syntax.yaml': 'apidesc: 3.0.0\ninfo: {title: [unclosed\n',
    'bomb.yaml': `apidesc: 3.0.0\ninfo: {title: t, version: '1'}\n${Array.from(
      { length: 12 },
      (_, i) =>
        `a${i + 1}: &a${i + 1} [${Array(10)
          .fill(i === 0 ? '"x"' : `*a${i}`)
          .join(',')}]`,
    ).join('\n')}\n`,
  });

  it('identical documents: no changes, exit 0', async () => {
    const r = await run(['diff', 'base.json', 'base.json'], dir);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim(), 'no changes');
    const j = await run(['diff', 'base.json', 'base.json', '--format', 'json'], dir);
    assert.deepEqual(JSON.parse(j.out), { changes: [], breaking: 0 });
  });

  it('a breaking change: exit 1, and JSON as documented', async () => {
    const r = await run(['diff', 'base.json', 'widened.json', '--format', 'json'], dir);
    assert.equal(r.code, 1, r.err);
    const report = JSON.parse(r.out) as { changes: Record<string, unknown>[]; breaking: number };
    assert.equal(report.breaking, 1);
    const [change] = report.changes;
    for (const key of ['severity', 'pointer', 'file', 'line', 'direction', 'message']) assert.ok(Object.hasOwn(change!, key), key);
    assert.equal(change!.severity, 'breaking');
    assert.equal(change!.direction, 'send');
    assert.equal(change!.file, 'widened.json');
    assert.equal(change!.pointer, '/channels/orders/messages/orderPlaced/payload/properties/status/enum');
    assert.ok((change!.line as number) > 1);
    assert.match(change!.message as string, /receivers built on the old schema reject status "paid"/);
  });

  it('--fail-on: none never fails, any fails on a non-breaking change', async () => {
    assert.equal((await run(['diff', 'base.json', 'widened.json', '--fail-on', 'none'], dir)).code, 0);
    assert.equal((await run(['diff', 'base.json', 'narrowed.json'], dir)).code, 0, 'narrowing a sent message breaks nobody');
    assert.equal((await run(['diff', 'base.json', 'narrowed.json', '--fail-on', 'any'], dir)).code, 1);
    assert.equal((await run(['diff', 'base.json', 'wording.json', '--fail-on', 'any'], dir)).code, 1);
    assert.equal((await run(['diff', 'base.json', 'base.json', '--fail-on', 'any'], dir)).code, 0);
    assert.equal((await run(['diff', 'base.json', 'base.json', '--fail-on', 'sometimes'], dir)).code, 2);
  });

  it('text lists breaking changes first, then a summary', async () => {
    const r = await run(['diff', 'base.json', 'widened.json'], dir);
    const lines = r.out.trim().split('\n');
    assert.match(lines[0]!, /^breaking +widened\.json:\d+ +message orders\/orderPlaced +\[schema-enum-value-added\]$/);
    assert.equal(lines.at(-1), '1 breaking, 0 non-breaking, 0 info');
  });

  it('SARIF annotates the changed line in head', async () => {
    const r = await run(['diff', 'base.json', 'widened.json', '--format', 'sarif'], dir);
    const log = JSON.parse(r.out);
    assert.equal(log.version, '2.1.0');
    const [result] = log.runs[0].results;
    assert.equal(result.ruleId, 'schema-enum-value-added');
    assert.equal(result.level, 'error');
    assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, 'widened.json');
    assert.ok(result.locations[0].physicalLocation.region.startLine > 1);
  });

  it('SARIF: a file name with spaces, #, % and ? is a valid URI, its segments percent-encoded (diff and validate)', async () => {
    const d = tempTree({
      'a b#c%?/x y#1.json': json(api({ payload: status(['placed']) })),
      'a b#c%?/new x#.json': json(api({ payload: status(['placed', 'paid']) })),
      'a b#c%?/bad x#.json': json(api({ patch: (doc) => ((doc.operations as Record<string, { action: string }>).publishOrder!.action = 'publish') })),
    });
    const uris = (out: string): string[] =>
      (JSON.parse(out).runs[0].results as { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]).map(
        (r) => r.locations[0]!.physicalLocation.artifactLocation.uri,
      );
    const validate = await run(['validate', 'a b#c%?/bad x#.json', '--format', 'sarif'], d);
    assert.equal(validate.code, 1, validate.err);
    const diffed = await run(['diff', 'a b#c%?/x y#1.json', 'a b#c%?/new x#.json', '--format', 'sarif'], d);
    assert.equal(diffed.code, 1, diffed.err);
    for (const [out, name] of [
      [validate.out, 'bad x#.json'],
      [diffed.out, 'new x#.json'],
    ] as const) {
      const got = uris(out);
      assert.ok(got.length > 0);
      for (const uri of got) {
        assert.equal(uri, `a%20b%23c%25%3F/${encodeURIComponent(name)}`);
        // Read back as a URI reference: the same file, nothing taken as a fragment or a query.
        const url = new URL(uri, 'file:///repo/');
        assert.equal(url.hash + url.search, '');
        assert.equal(decodeURIComponent(url.pathname), `/repo/a b#c%?/${name}`);
      }
    }
  });

  it('Markdown: a pull-request comment, breaking first, linked into the preview', async () => {
    const r = await run(['diff', 'base.json', 'widened.json', '--format', 'markdown', '--preview-url', 'https://preview.example.com/pr-7/'], dir);
    assert.equal(r.code, 1);
    assert.match(r.out, /^### API change review/);
    assert.match(r.out, /#### Breaking \(1\)/);
    // The object links to its page in the preview (the site's route of the channel message).
    assert.match(r.out, /^- \[message orders\\\/orderPlaced\]\(https:\/\/preview\.example\.com\/pr-7\/channels\/orders\/messages\/orderplaced\/\)$/m);
    assert.match(r.out, /^ {2}- payload\\\.status\\: new value \\"paid\\"\\; receivers built on the old schema reject status \\"paid\\" `widened\.json:\d+`$/m);
  });

  it("Markdown stays under GitHub's comment limit: each message cut, and the list stops at a budget, counting the rest", async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `value-${i}`);
    // 200 properties, each given 200 new values: 200 long changes.
    const many = (extra: boolean) => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 200 }, (_, p) => [`p${p}`, { enum: extra ? values.slice(0, 200) : ['a'] }])),
    });
    const d = tempTree({
      'a.json': json(api({ payload: status(['a']) })),
      'b.json': json(api({ payload: status(['a', ...values]) })),
      'many-a.json': json(api({ payload: many(false) })),
      'many-b.json': json(api({ payload: many(true) })),
    });
    const one = await run(['diff', 'a.json', 'b.json', '--format', 'markdown'], d);
    assert.equal(one.code, 1, one.err);
    assert.ok(one.out.length < 65_536, `${one.out.length} characters`);
    assert.match(one.out, /\\"\\,… \\\(\d+ more characters\\; \\`\\-\\-format json\\` has it whole\\\) `b\.json:\d+`$/m);
    const lots = await run(['diff', 'many-a.json', 'many-b.json', '--format', 'markdown', '--preview-url', 'https://preview.example.com/pr-7/'], d);
    assert.equal(lots.code, 1, lots.err);
    assert.ok(lots.out.length < 65_536, `${lots.out.length} characters`);
    assert.match(lots.out, /^#### Breaking \(200\)$/m);
    // Stopped by the budget, before the 150 a section lists at most.
    assert.ok((lots.out.match(/^ {2}- /gm) ?? []).length < 150);
    assert.match(
      lots.out,
      /^- … and \d+ more \(see the preview's \[Changes page\]\(https:\/\/preview\.example\.com\/pr-7\/changes\/\); `--format json` lists them all\)$/m,
    );
    // The folded sections are closed, whatever was left out.
    assert.equal(lots.out.match(/<details>/g)?.length ?? 0, lots.out.match(/<\/details>/g)?.length ?? 0);
    // SARIF: one bounded quote per change; JSON and text keep every value.
    const sarif = await run(['diff', 'a.json', 'b.json', '--format', 'sarif'], d);
    assert.ok(sarif.out.length < 20_000, `${sarif.out.length} characters`);
    assert.match(JSON.parse(sarif.out).runs[0].results[0].message.text, /… \(\d+ more characters; `apidesc-docs diff --format json` has it whole\)$/);
    const whole = await run(['diff', 'a.json', 'b.json', '--format', 'json'], d);
    assert.ok(JSON.parse(whole.out).changes[0].message.includes('"value-19999"'));
  });

  it('unreadable input: exit 2 with a located diagnostic, nothing compared', async () => {
    const syntax = await run(['diff', 'base.json', 'syntax.yaml'], dir);
    assert.equal(syntax.code, 2);
    assert.match(syntax.err, /syntax\.yaml:3:1 +error +load-syntax/);
    assert.equal(syntax.out, '');
    const missing = await run(['diff', 'missing.json', 'base.json'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /missing\.json.*load-missing/s);
    const bomb = await run(['diff', 'base.json', 'bomb.yaml'], dir);
    assert.equal(bomb.code, 2, bomb.out);
    assert.equal((await run(['diff', 'base.json'], dir)).code, 2);
    assert.equal((await run(['diff', 'base.json', 'base.json', '--format', 'html'], dir)).code, 2);
  });

  it('a version that validate rejects is not compared: exit 2 with its diagnostics, and every format says so', async () => {
    const withServer = (variable: unknown, security?: unknown) =>
      json(
        api({
          patch: (d) => {
            d.servers = { production: { host: '{region}.example.com', protocol: 'sns', variables: { region: variable }, ...(security ? { security } : {}) } };
          },
        }),
      );
    const d = tempTree({
      'base.json': withServer({ enum: ['eu', 'us'], default: 'eu' }),
      // A list written as a map would read as "no longer restricted", non-breaking.
      'enum-map.json': withServer({ enum: { eu: 1 }, default: 'eu' }),
      'security-map.json': withServer({ enum: ['eu', 'us'], default: 'eu' }, { a: 1 }),
      'not-a-document.json': json({ apidesc: '3.0.0', foo: 1 }),
      'old-version.json': json({ ...api(), apidesc: '2.6.0' }),
    });
    for (const head of ['enum-map.json', 'security-map.json', 'not-a-document.json', 'old-version.json']) {
      const text = await run(['diff', 'base.json', head], d);
      assert.equal(text.code, 2, `${head}: ${text.out}`);
      assert.equal(text.out, '', head);
      assert.match(text.err, new RegExp(`${head.replace('.', '\\.')}:\\d+:\\d+ +error `), head);
      assert.match(text.err, /not compared: the head has errors/);
      const j = await run(['diff', 'base.json', head, '--format', 'json'], d);
      assert.equal(j.code, 2);
      const report = JSON.parse(j.out);
      assert.equal(report.notCompared, 'the head has errors');
      assert.equal(report.breaking, null, 'never a 0 that reads as "nothing breaks"');
      assert.ok(report.diagnostics.length > 0 && report.diagnostics.every((x: { file: string; line: number }) => x.file === head && x.line > 0));
      const md = await run(['diff', 'base.json', head, '--format', 'markdown'], d);
      assert.equal(md.code, 2);
      assert.match(md.out, /^### API change review\n\n\*\*Not compared\*\*: the head has errors; nothing of this change was reviewed\./);
      const sarif = JSON.parse((await run(['diff', 'base.json', head, '--format', 'sarif'], d)).out);
      assert.equal(sarif.runs[0].invocations[0].executionSuccessful, false);
      assert.equal(sarif.runs[0].invocations[0].toolExecutionNotifications[0].message.text, 'Not compared: the head has errors');
      assert.ok(sarif.runs[0].results.length > 0);
    }
    const base = await run(['diff', 'enum-map.json', 'base.json', '--format', 'json'], d);
    assert.equal(base.code, 2);
    assert.equal(JSON.parse(base.out).notCompared, 'the base has errors');
    const both = await run(['diff', 'enum-map.json', 'security-map.json', '--format', 'json'], d);
    assert.equal(JSON.parse(both.out).notCompared, 'the base and the head have errors');
    // Valid versions are compared as before.
    assert.equal((await run(['diff', 'base.json', 'base.json'], d)).code, 0);
  });

  it('a $ref that does not resolve: exit 2, the reason named', async () => {
    const d = tempTree({
      'a.json': json(api({ payload: { $ref: './schemas.json#/Order' } })),
      'b.json': json(api({ payload: { $ref: './gone.json#/Order' } })),
      'schemas.json': json({ Order: status(['a']) }),
    });
    const r = await run(['diff', 'a.json', 'b.json'], d);
    assert.equal(r.code, 2);
    assert.match(r.err, /gone\.json/);
  });
});

describe('apidesc-docs diff of two folders (portals)', () => {
  it('matches documents by path, then by title; reports APIs added and removed', async () => {
    const withTitle = (title: string, values: string[]) =>
      json(api({ payload: status(values), patch: (d) => ((d.info as Record<string, unknown>).title = title) }));
    const dir = tempTree({
      'old/orders.json': withTitle('Orders', ['placed']),
      'old/billing/api.json': withTitle('Billing', ['due']),
      'old/legacy.json': withTitle('Legacy', ['x']),
      'new/orders.json': withTitle('Orders', ['placed', 'paid']),
      'new/payments/api.json': withTitle('Billing', ['due']),
      'new/shipping.json': withTitle('Shipping', ['sent']),
    });
    const r = await run(['diff', 'old', 'new', '--format', 'json'], dir);
    assert.equal(r.code, 1, r.err);
    const changes = JSON.parse(r.out).changes as { api: string; rule: string; severity: string }[];
    const got = changes.map((c) => `${c.api} ${c.rule} ${c.severity}`);
    assert.deepEqual(got, ['legacy.json api-removed breaking', 'orders.json schema-enum-value-added breaking', 'shipping.json api-added non-breaking']);
  });

  it('a folder compared with a file is a usage error', async () => {
    const dir = tempTree({ 'a/x.json': json(api()), 'b.json': json(api()) });
    assert.equal((await run(['diff', 'a', 'b.json'], dir)).code, 2);
  });
});

describe('apidesc-docs diff --base-ref', () => {
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  const schemas = (values: string[]) => json({ Order: status(values) });

  it('reads the base from the commit, its $refs between files within that commit, and writes nothing into the repository', async () => {
    const dir = tempTree({ 'api/orders.json': json(api({ payload: { $ref: '../common/schemas.json#/Order' } })), 'common/schemas.json': schemas(['placed']) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    writeFileSync(join(dir, 'common/schemas.json'), schemas(['placed', 'paid']));
    git(dir, 'commit', '-q', '-am', 'second');
    // The working tree differs from both commits: the base must come from git, not from disk.
    writeFileSync(join(dir, 'common/schemas.json'), schemas(['placed', 'paid', 'refunded']));
    const before = { status: git(dir, 'status', '--porcelain'), files: readdirSync(dir, { recursive: true }).sort() };
    const r = await run(['diff', '--base-ref', 'HEAD~1', 'api/orders.json', '--format', 'json'], dir);
    assert.equal(r.code, 1, r.err);
    const changes = JSON.parse(r.out).changes as { rule: string; file: string; message: string; pointer: string }[];
    assert.equal(changes.length, 1, r.out);
    assert.equal(changes[0]!.file, 'common/schemas.json');
    assert.equal(changes[0]!.pointer, '/Order/properties/status/enum');
    assert.match(changes[0]!.message, /new values "paid", "refunded"/);
    const head = await run(['diff', '--base-ref', 'HEAD', 'api/orders.json', '--format', 'json'], dir);
    assert.match(JSON.parse(head.out).changes[0].message, /new value "refunded"/);
    assert.deepEqual({ status: git(dir, 'status', '--porcelain'), files: readdirSync(dir, { recursive: true }).sort() }, before);
  });

  it('a folder: documents new since the ref are APIs added', async () => {
    const dir = tempTree({ 'apis/orders.json': json(api()) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    writeFileSync(join(dir, 'apis/billing.json'), json(api()));
    const r = await run(['diff', '--base-ref', 'main', 'apis', '--format', 'json'], dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      JSON.parse(r.out).changes.map((c: { api: string; rule: string }) => `${c.api} ${c.rule}`),
      ['billing.json api-added'],
    );
  });

  it('a document deleted since the ref: its API removed, breaking', async () => {
    const dir = tempTree({ 'apis/orders.json': json(api()), 'apis/billing.json': json(api()) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    git(dir, 'rm', '-q', 'apis/billing.json');
    const r = await run(['diff', '--base-ref', 'main', 'apis/billing.json', '--format', 'json'], dir);
    assert.equal(r.code, 1, r.err);
    const changes = JSON.parse(r.out).changes as { rule: string; severity: string; file: string }[];
    assert.deepEqual(
      changes.map((c) => [c.rule, c.severity, c.file]),
      [['api-removed', 'breaking', 'apis/billing.json']],
    );
    // A document that is in neither: still unreadable input.
    assert.equal((await run(['diff', '--base-ref', 'main', 'apis/never.json'], dir)).code, 2);
  });

  it('SARIF: an API whose document was deleted is annotated on the nearest document head has, never without a location', async () => {
    const dir = tempTree({ 'apis/orders.json': json(api()), 'apis/billing.json': json(api()), 'other/x.json': json(api()) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    git(dir, 'rm', '-q', 'apis/billing.json');
    type Result = {
      ruleId: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
    };
    const results = async (args: string[]): Promise<Result[]> =>
      JSON.parse((await run(['diff', '--base-ref', 'main', ...args, '--format', 'sarif'], dir)).out).runs[0].results;
    const [removed] = await results(['apis']);
    assert.equal(removed!.ruleId, 'api-removed');
    // GitHub's code scanning refuses a whole SARIF file for one result without a location.
    assert.equal(removed!.locations[0]!.physicalLocation.artifactLocation.uri, 'apis/orders.json');
    assert.equal(removed!.locations[0]!.physicalLocation.region?.startLine, 1);
    assert.match(removed!.message.text, /removed; was at apis\/billing\.json:1 in base; annotated on apis\/orders\.json, the nearest document head has/);
    // Head has no document at all: where it was, with a region all the same.
    const [alone] = await results(['apis/billing.json']);
    assert.equal(alone!.locations[0]!.physicalLocation.artifactLocation.uri, 'apis/billing.json');
    assert.equal(alone!.locations[0]!.physicalLocation.region?.startLine, 1);
  });

  it("applies the base's diffSeverity, and reports the pull request's change of it as a change of its own (breaking when it lowers one)", async () => {
    const dir = tempTree({ 'api/orders.json': json(api({ payload: status(['placed']) })) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    // The pull request: a breaking change, and a setting in its own branch that would call it wording.
    writeFileSync(join(dir, 'api/orders.json'), json(api({ payload: status(['placed', 'paid']) })));
    writeFileSync(join(dir, 'apidesc-docs.config.json'), json({ diffSeverity: { 'schema-enum-value-added': 'info', 'info-version-changed': 'breaking' } }));
    const r = await run(['diff', '--base-ref', 'main', 'api/orders.json', '--format', 'json'], dir);
    assert.equal(r.code, 1, r.err);
    const changes = JSON.parse(r.out).changes as { rule: string; severity: string; file: string; line: number; message: string; pointer: string }[];
    assert.deepEqual(
      changes.map((c) => `${c.rule} ${c.severity} ${c.pointer}`),
      [
        'config-severity-changed breaking /diffSeverity/schema-enum-value-added',
        'schema-enum-value-added breaking /channels/orders/messages/orderPlaced/payload/properties/status/enum',
        'config-severity-changed non-breaking /diffSeverity/info-version-changed',
      ],
    );
    assert.equal(changes[0]!.file, 'apidesc-docs.config.json');
    assert.ok(changes[0]!.line > 1);
    assert.match(
      changes[0]!.message,
      /severity for schema-enum-value-added set to info \(the base has none: the rule's own verdicts\); this review applies the base's severities/,
    );
    const md = await run(['diff', '--base-ref', 'main', 'api/orders.json', '--format', 'markdown'], dir);
    assert.match(
      md.out,
      /#### Breaking \(2\)\n\n\*\*apidesc\\-docs\\\.config\\\.json\*\*\n\n- configuration diffSeverity\n {2}- this project\\'s severity for schema\\-enum\\-value\\-added set to info/,
    );
    // Once merged, the setting applies, and the comment says at its top what it re-classified, folded or not.
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'second');
    writeFileSync(join(dir, 'api/orders.json'), json(api({ payload: status(['placed', 'paid', 'refunded']) })));
    const merged = await run(['diff', '--base-ref', 'main', 'api/orders.json', '--format', 'markdown'], dir);
    assert.equal(merged.code, 0, merged.err);
    assert.match(
      merged.out,
      /^\*\*0 breaking\*\*, 0 non-breaking, 1 wording only\.\n\n\*\*1 change re-classified by this project's settings: 1 breaking → info \(`schema-enum-value-added`\)\.\*\* Each says so after its reason\.\n\n<details>/m,
    );
    const text = await run(['diff', '--base-ref', 'main', 'api/orders.json'], dir);
    assert.match(
      text.out,
      /^1 change re-classified by this project's settings: 1 breaking → info \(schema-enum-value-added\)\n0 breaking, 0 non-breaking, 1 info$/m,
    );
    const j = await run(['diff', '--base-ref', 'main', 'api/orders.json', '--format', 'json'], dir);
    assert.equal(JSON.parse(j.out).changes[0].ruleSeverity, 'breaking');
  });

  it('a ref that does not exist, or that looks like an option: exit 2', async () => {
    const dir = tempTree({ 'a.json': json(api()) });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'first');
    const missing = await run(['diff', '--base-ref', 'origin/nope', 'a.json'], dir);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /no commit named "origin\/nope"/);
    assert.equal((await run(['diff', '--base-ref=--output=/tmp/x', 'a.json'], dir)).code, 2);
  });
});

describe('apidesc-docs diff with hostile input', () => {
  it('keys named like Object properties are compared as keys (and the document, which validate rejects, is not compared by the command)', async () => {
    const doc = objectKeysDocument();
    const changed = doc.replace('"the constructor property"', '"changed"');
    const dir = tempTree({ 'a.json': doc, 'b.json': changed, 'c.json': objectKeysDocument(['toString', 'valueOf']) });
    // Its bindings name protocols no one has (`constructor`, …): errors, so the command compares nothing.
    const refused = await run(['diff', 'a.json', 'c.json', '--format', 'json'], dir);
    assert.equal(refused.code, 2);
    assert.equal(JSON.parse(refused.out).notCompared, 'the base and the head have errors');
    // The comparison itself, on what validation would refuse: keys are keys, never properties of Object.
    const side = (file: string) => ({ files: [join(dir, file)], display: (f: string) => f.slice(dir.length + 1), root: dir });
    const compare = (a: string, b: string) => diffSides(side(a), side(b), { limits: defaultLimits, allowRemoteRefs: false, cwd: dir, validate: false });
    const same = await compare('a.json', 'a.json');
    assert.equal(same.unreadable, false);
    assert.deepEqual(same.report.changes, []);
    const fewer = await compare('a.json', 'c.json');
    assert.equal(fewer.unreadable, false, fewer.diagnostics.map((d) => d.message).join('\n'));
    const removed = fewer.report.changes.map((c) => c.pointer);
    assert.ok(removed.includes('/channels/__proto__'), removed.join('\n'));
    assert.ok(removed.includes('/channels/constructor'));
  });

  it('a chain of 2,000 references ends, and a change past the depth of the walk is reported as not compared', async () => {
    const dir = tempTree({
      'a.yaml': deepChainDocument('property', 2000),
      'b.yaml': deepChainDocument('property', 2000).replace(/(s2000:.*)type: object/, '$1type: array'),
    });
    const r = await run(['diff', 'a.yaml', 'b.yaml', '--format', 'json'], dir);
    assert.equal(r.code, 0, r.err);
    // The change lies past the depth the walk goes to: it says where it stopped, instead of nothing.
    const changes = JSON.parse(r.out).changes as { rule: string; message: string }[];
    assert.deepEqual(
      changes.map((c) => c.rule),
      ['schema-not-compared'],
    );
    assert.match(changes[0]!.message, /^payload\.next\.next\.…\(\d+ levels\)\.next\.next: not compared past 64 levels .*review the rest by hand$/);
    const same = await run(['diff', 'a.yaml', 'a.yaml'], dir);
    assert.equal(same.out.trim(), 'no changes');
  });

  it('Markdown escapes document text: no HTML, links, mentions or table breaks; text escapes control characters', async () => {
    const hostile = '<script>alert(1)</script>[x](javascript:alert(2)) @admin #1 |a|\u001b[2J';
    const dir = tempTree({
      'a.json': json(api()),
      'b.json': json(api({ patch: (d) => ((d.channels as Record<string, unknown>)[hostile] = { address: 'x' }) })),
      // A document with script in every field, which validate rejects: the diagnostics in the comment are escaped too.
      'h.yaml': hostileDocument(),
    });
    const md = await run(['diff', 'a.json', 'b.json', '--format', 'markdown', '--fail-on', 'none'], dir);
    assert.equal(md.code, 0, md.err);
    const refused = await run(['diff', 'h.yaml', 'h.yaml', '--format', 'markdown'], dir);
    assert.equal(refused.code, 2);
    assert.match(refused.out, /\*\*Not compared\*\*: the base and the head have errors/);
    for (const out of [md.out, refused.out]) {
      // Every `<` of the text is escaped: no HTML can start but the comment's own folds.
      assert.ok(!/(^|[^\\])<(?!\/?details>|summary>|\/summary>)/m.test(out), out);
      assert.ok(!out.includes('](javascript:'), out);
      assert.ok(!/(^|[^\\])@admin/.test(out), 'no mention');
    }
    assert.match(md.out, /channel \\<script\\>alert\\\(1\\\)/, 'the text is shown, escaped');
    const text = await run(['diff', 'a.json', 'b.json', '--fail-on', 'none'], dir);
    assert.ok(!text.out.includes('\u001b'), 'no escape sequence reaches the terminal');
    assert.ok(text.out.includes('\\u001b[2J'), 'it is shown escaped');
  });

  it('bidirectional overrides and isolates in ids are shown escaped in text, Markdown and SARIF, never reordering the line', async () => {
    const id = 'user\u202egnp.exe\u2066x\u2069';
    const dir = tempTree({
      'a.json': json(api()),
      'b.json': json(api({ patch: (d) => ((d.channels as Record<string, unknown>)[id] = { address: 'x' }) })),
    });
    for (const format of ['text', 'markdown', 'sarif', 'json']) {
      const r = await run(['diff', 'a.json', 'b.json', '--format', format], dir);
      assert.equal(r.code, 0, r.err);
      if (format === 'json') {
        // JSON is data for programs: the id as it is (JSON.parse gives it back).
        assert.ok(JSON.parse(r.out).changes.some((c: { object: string }) => c.object === `channel ${id}`));
        continue;
      }
      assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(r.out), `${format}: a raw bidirectional control`);
      // Markdown escapes the backslash of the escape and the dot, and reads back as the text does.
      const shown = format === 'markdown' ? '\\\\u202egnp\\.exe\\\\u2066x\\\\u2069' : '\\u202egnp.exe\\u2066x\\u2069';
      const read =
        format === 'sarif'
          ? JSON.parse(r.out)
              .runs[0].results.map((x: { message: { text: string } }) => x.message.text)
              .join('\n')
          : r.out;
      assert.ok(read.includes(shown), `${format}: shown escaped\n${read}`);
    }
  });
});

describe("apidesc-docs diff with the project's own severities", () => {
  const versioned = (version: string): string => json({ ...api(), info: { title: 'Orders', version } });
  const dir = tempTree({ 'a.json': versioned('1.0.0'), 'b.json': versioned('1.1.0') });
  const rules = async (args: string[], cwd = dir) => {
    const r = await run(['diff', 'a.json', 'b.json', '--format', 'json', ...args], cwd);
    return { ...r, changes: r.code === 2 ? [] : (JSON.parse(r.out).changes as { rule: string; severity: string; message: string }[]) };
  };

  it('by default an info.version edit is wording, and nothing breaks', async () => {
    const r = await rules([]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      r.changes.map((c) => `${c.rule} ${c.severity}`),
      ['info-version-changed info'],
    );
  });

  it('--severity makes it breaking (exit 1), and the change says whose verdict that is', async () => {
    const r = await rules(['--severity', 'info-version-changed=breaking']);
    assert.equal(r.code, 1, r.err);
    assert.equal(r.changes[0]!.severity, 'breaking');
    assert.match(r.changes[0]!.message, /\[breaking by this project's setting for info-version-changed; the rule says info\]$/);
  });

  it("the configuration's diffSeverity applies, and a flag overrides it", async () => {
    const configured = tempTree({
      'a.json': versioned('1.0.0'),
      'b.json': versioned('1.1.0'),
      'apidesc-docs.config.json': json({ diffSeverity: { 'info-version-changed': 'breaking' } }),
    });
    const fromConfig = await rules([], configured);
    assert.equal(fromConfig.code, 1, fromConfig.err);
    assert.equal(fromConfig.changes[0]!.severity, 'breaking');
    const flagged = await rules(['--severity', 'info-version-changed=non-breaking'], configured);
    assert.equal(flagged.code, 0, flagged.err);
    assert.equal(flagged.changes[0]!.severity, 'non-breaking');
  });

  it("docs/asyncapi-diff.config.json (the AsyncAPI diff's verdicts on top) is a configuration diff takes", async () => {
    const profile = fileURLToPath(new URL('../docs/asyncapi-diff.config.json', import.meta.url));
    const r = await rules(['--config', profile]);
    assert.equal(r.code, 1, r.err);
    assert.equal(r.changes[0]!.severity, 'breaking');
  });

  it('a rule diff does not have is refused, located in the configuration, with the rules it may mean (exit 2)', async () => {
    const configured = tempTree({
      'a.json': versioned('1.0.0'),
      'b.json': versioned('1.1.0'),
      'apidesc-docs.config.yaml': 'title: Orders\ndiffSeverity:\n  info-version-change: breaking\n',
    });
    const r = await rules([], configured);
    assert.equal(r.code, 2);
    assert.match(r.err, /apidesc-docs\.config\.yaml:3:3 {2}error {2}config-invalid/);
    assert.match(r.err, /"info-version-change" is not a rule of diff; rules about info: info-changed, info-version-changed/);
    const wrongLevel = await rules(['--severity', 'info-version-changed=major']);
    assert.equal(wrongLevel.code, 2);
    assert.match(wrongLevel.err, /--severity takes <rule>=breaking\|non-breaking\|info, not "info-version-changed=major"/);
    const elsewhere = await run(['validate', 'a.json', '--severity', 'info-version-changed=breaking'], dir);
    assert.equal(elsewhere.code, 2);
    assert.match(elsewhere.err, /--severity belongs to diff, and to build with --compare or --compare-ref/);
    // The reason and a one-line hint: the whole usage text would bury the reason.
    for (const r of [wrongLevel, elsewhere]) {
      assert.ok(!r.err.includes('Usage:'), r.err);
      assert.ok(r.err.trim().split('\n').length <= 2, r.err);
    }
  });

  it('the same rule given twice with two levels is refused, not settled by the last (exit 2)', async () => {
    const twice = await rules(['--severity', 'info-version-changed=breaking', '--severity', 'info-version-changed=info']);
    assert.equal(twice.code, 2);
    assert.match(twice.err, /--severity info-version-changed is given twice, as breaking and as info: give it once/);
    assert.ok(!twice.err.includes('Usage:'), twice.err);
    // Twice with the same level says the same thing twice: accepted.
    const same = await rules(['--severity', 'info-version-changed=breaking', '--severity', 'info-version-changed=breaking']);
    assert.equal(same.code, 1, same.err);
  });
});
