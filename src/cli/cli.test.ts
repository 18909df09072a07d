import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree, MINIMAL } from '../../test/helpers.ts';
import { STRICT_CODES } from '../lib/validate/validate-document.ts';
import { OPTION_DOCS } from './cli-options.ts';
import { main } from './main.ts';

async function run(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(args, { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n') });
    return { code, out, err };
  } finally {
    process.chdir(previous);
  }
}

const broken = MINIMAL.replace('  version: 1.0.0\n', '') + 'channels:\n  c:\n    address: users/{id}\n';

describe('apidesc-docs validate', () => {
  const dir = tempTree({
    'ok.yaml': MINIMAL,
    'bad.yaml': broken,
    'warn.yaml': MINIMAL + 'x-a: 1\ncomponents:\n  schemas:\n    A: {type: boolean, default: "no"}\n',
    'empty/readme.txt': 'no documents',
  });

  it('exits 0 for a valid document and prints a summary', async () => {
    const r = await run(['validate', 'ok.yaml'], dir);
    assert.equal(r.code, 0);
    assert.match(r.err, /1 document: 0 error\(s\)/);
  });

  it('exits 0 with warnings, 1 with --strict', async () => {
    assert.equal((await run(['validate', 'warn.yaml'], dir)).code, 0);
    assert.equal((await run(['validate', '--strict', 'warn.yaml'], dir)).code, 1);
  });

  it('exits 1 for an invalid document, printing file:line:col, severity, code, message, a code frame and a hint', async () => {
    const r = await run(['validate', 'bad.yaml'], dir);
    assert.equal(r.code, 1);
    assert.match(r.out, /^bad\.yaml:2:1 {2}error {2}spec-required {2}missing required field `version` in Info Object$/m);
    assert.match(r.out, /^> 2 \| info:$/m);
    assert.match(r.out, /^ {2}hint: Add `version`/m);
    assert.match(r.out, /^bad\.yaml:6:14 {2}error {2}channel-parameters-missing/m);
  });

  it('prints JSON diagnostics with --format json', async () => {
    const r = await run(['validate', '--format', 'json', 'bad.yaml'], dir);
    const list = JSON.parse(r.out) as { code: string; file: string; line: number; column: number; pointer: string; severity: string; message: string }[];
    assert.deepEqual(
      list.map((d) => [d.code, d.file, d.line, d.pointer]),
      [
        ['spec-required', 'bad.yaml', 2, '/info'],
        ['channel-parameters-missing', 'bad.yaml', 6, '/channels/c/address'],
      ],
    );
  });

  it('prints SARIF 2.1.0 with --format sarif', async () => {
    const r = await run(['validate', '--format', 'sarif', 'bad.yaml'], dir);
    const sarif = JSON.parse(r.out);
    assert.equal(sarif.version, '2.1.0');
    const result = sarif.runs[0].results[0];
    assert.equal(result.ruleId, 'spec-required');
    assert.equal(result.level, 'error');
    assert.deepEqual(result.locations[0].physicalLocation.region, { startLine: 2, startColumn: 1 });
    assert.equal(result.locations[0].physicalLocation.artifactLocation.uri, 'bad.yaml');
  });

  it('validates every document of a folder', async () => {
    const r = await run(['validate', '--format', 'json', '.'], dir);
    assert.equal(r.code, 1);
    assert.deepEqual([...new Set((JSON.parse(r.out) as { file: string }[]).map((d) => d.file))].sort(), ['bad.yaml', 'warn.yaml']);
  });

  it('exits 2 for unreadable input, a folder without documents, and usage errors', async () => {
    assert.equal((await run(['validate', 'missing.yaml'], dir)).code, 2);
    assert.equal((await run(['validate', 'empty'], dir)).code, 2);
    assert.equal((await run(['validate'], dir)).code, 2);
    assert.equal((await run(['frobnicate'], dir)).code, 2);
    assert.equal((await run(['validate', '--format', 'xml', 'ok.yaml'], dir)).code, 2);
    assert.equal((await run(['validate', '--max-depth', 'deep', 'ok.yaml'], dir)).code, 2);
    assert.equal((await run(['validate', '--bogus', 'ok.yaml'], dir)).code, 2);
  });

  it('honours --max-bytes', async () => {
    const r = await run(['validate', '--max-bytes', '10', '--format', 'json', 'ok.yaml'], dir);
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.out)[0].code, 'load-too-large');
  });

  it('prints the control characters of documents and file names escaped (no terminal sequence, no line of their own)', async () => {
    const evil = tempTree({
      // A key with an OSC title, a clear-screen, a carriage return and a forged GitHub annotation
      // (YAML escapes), a file name with a clear-screen, a tab in a comment; a document with a raw
      // ESC (a syntax error).
      'ev\u001b[2Jil.yaml':
        'apidesc: 3.0.0\ninfo:\n  title: T\n  version: 1.0.0\n  "x\\e]0;pwned\\a\\r\\n::error file=a.yaml::forged\\e[2J": 1\nchannels:\n  c:\n    address: "a/{id}"  #\tnote\n',
      'raw.yaml': 'apidesc: 3.0.0\ninfo:\n  title: "\u001b]0;pwned\u0007"\n  version: 1.0.0\n',
    });
    const r = await run(['validate', '.'], evil);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.out + r.err, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, 'no control character but line breaks');
    assert.doesNotMatch(r.out, /^::error/m);
    assert.match(
      r.out,
      /^ev\\u001b\[2Jil\.yaml:5:3 {2}error {2}spec-unknown-field {2}unknown field `x\\u001b\]0;pwned\\u0007\\r\\n::error file=a\.yaml::forged\\u001b\[2J` in Info Object$/m,
    );
    assert.match(r.out, /^> 8 \| {5}address: "a\/\{id\}" {2}# note$/m);
    assert.match(r.out, /^raw\.yaml:3:\d+ {2}error {2}load-syntax/m);
  });

  it('prints help and version', async () => {
    const help = await run(['--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.out, /Exit codes: 0 valid/);
    assert.match((await run(['--version'], dir)).out, /^\d+\.\d+\.\d+/);
  });

  it("says in --help what the manual's table of options says about --strict: every rule it turns into an error", async () => {
    const help = (await run(['--help'], dir)).out;
    const helpStrict = help.slice(help.indexOf('--strict'), help.indexOf('--max-bytes')).replace(/\s+/g, ' ');
    const manualStrict = OPTION_DOCS.strict.meaning;
    for (const code of STRICT_CODES) {
      assert.ok(helpStrict.includes(code), `--help names ${code}`);
      assert.ok(manualStrict.includes(`\`${code}\``), `the manual names ${code}`);
    }
    for (const rule of ['#13', '#14', '#9']) assert.ok(helpStrict.includes(rule) && manualStrict.includes(rule), rule);
  });

  it('lists every option in --help', async () => {
    const help = (await run(['--help'], dir)).out;
    for (const name of Object.keys(OPTION_DOCS)) assert.ok(help.includes(`--${name}`), `--help names --${name}`);
  });

  it('answers a mistyped command with the one it most likely meant, in two lines, not the whole usage', async () => {
    const r = await run(['valdate', 'ok.yaml'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.equal(r.err, 'apidesc-docs: unknown command "valdate": did you mean validate?\n  apidesc-docs --help lists the commands and their options\n');
    assert.match((await run(['biuld'], dir)).err, /^apidesc-docs: unknown command "biuld": did you mean build\?$/m);
    const far = await run(['publish', 'ok.yaml'], dir);
    assert.equal(far.code, 2);
    assert.match(far.err, /^apidesc-docs: unknown command "publish" \(the commands: validate, build, merge, dev, preview, changes, diff\)$/m);
    assert.doesNotMatch(far.err, /Usage:/);
  });

  it('answers a mistyped option with the one it most likely meant', async () => {
    const r = await run(['validate', '--fromat', 'json', 'ok.yaml'], dir);
    assert.equal(r.code, 2);
    assert.equal(r.err, 'apidesc-docs: unknown option --fromat: did you mean --format?\n  apidesc-docs --help lists the commands and their options\n');
    assert.match((await run(['validate', '--zzz', 'ok.yaml'], dir)).err, /^apidesc-docs: unknown option --zzz\n/);
  });

  it('shows a code frame for YAML and JSON syntax errors and duplicate keys, as for every other finding', async () => {
    const broken = tempTree({
      'syntax.yaml': 'apidesc: 3.0.0\ninfo:\n  title: "T\n  version: 1.0.0\n',
      'twice.yaml': 'apidesc: 3.0.0\ninfo:\n  title: T\n  version: 1.0.0\n  title: again\n',
      'twice.json': '{"apidesc": "3.0.0", "info": {"title": "T", "title": 1, "version": "1"}}\n',
      'refers.yaml': 'apidesc: 3.0.0\ninfo:\n  title: T\n  version: 1.0.0\ncomponents:\n  schemas:\n    A: {$ref: "./part.yaml#/A"}\n',
      'part.yaml': 'A:\n  type: object\n  type: string\n',
    });
    const r = await run(['validate', 'syntax.yaml', 'twice.yaml', 'twice.json', 'refers.yaml'], broken);
    assert.equal(r.code, 1);
    assert.match(r.out, /^syntax\.yaml:5:1 {2}error {2}load-syntax .*\n {2}4 \| {3}version: 1\.0\.0\n> 5 \| \n {4}\| \^\n/m);
    assert.match(r.out, /^twice\.yaml:5:3 {2}error {2}load-duplicate-key .*\n {2}4 \| {3}version: 1\.0\.0\n> 5 \| {3}title: again\n {4}\| {3}\^\n/m);
    assert.match(r.out, /^twice\.json:1:45 {2}error {2}load-duplicate-key .*\n> 1 \| \{"apidesc".*\n {4}\| {45}\^\n/m);
    // A file the document references, read through its $ref.
    assert.match(r.out, /^part\.yaml:3:3 {2}error {2}load-duplicate-key .*\n {2}2 \| {3}type: object\n> 3 \| {3}type: string\n/m);
  });

  // Bounded: a dev command that found nothing to serve and served all the same would never return.
  it("build and dev without a document: the convention's files, then content/; else what was looked for, and exit 2", { timeout: 30_000 }, async () => {
    const empty = tempTree({ 'notes.txt': 'no document here' });
    for (const command of ['build', 'dev']) {
      const r = await run([command], empty);
      assert.equal(r.code, 2, command);
      assert.match(
        r.err,
        new RegExp(
          `^apidesc-docs: ${command}: no document named, and none found: looked for apidesc\\.yaml, apidesc\\.yml, apidesc\\.json in the working folder, then a content/ folder \\(in .+\\)\\n {2}Name the document or the folder that holds it: apidesc-docs ${command} api/apidesc\\.yaml\\n$`,
        ),
      );
    }
    const both = tempTree({ 'apidesc.yaml': MINIMAL, 'apidesc.json': '{}' });
    const r = await run(['build'], both);
    assert.equal(r.code, 2);
    assert.match(r.err, /no document named, and the working folder has apidesc\.yaml and apidesc\.json: which one is meant would be a guess/);
    assert.match(
      (await run(['--help'], dir)).out,
      /Without a document named, build and dev look for apidesc\.yaml, apidesc\.yml, apidesc\.json\nin the working folder, then a content\/ folder\./,
    );
  });

  it('dev does not start a server for a document that is not there', { timeout: 30_000 }, async () => {
    const r = await run(['dev', 'nope.yaml', 'empty'], dir);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /^apidesc-docs: dev: nothing to serve: nope\.yaml does not exist; the folder empty holds no document with an `apidesc` root key\n {2}Name a document/,
    );
  });

  it('build refuses an output folder that holds the inputs (it is replaced as a whole)', async () => {
    const r = await run(['build', 'ok.yaml', '--out', '.'], dir);
    assert.equal(r.code, 2);
    assert.match(r.err, /--out \. (is the working folder|holds the input)/);
  });

  it('build stops with exit 1 on an invalid document and writes nothing', async () => {
    const r = await run(['build', 'bad.yaml', '--out', join(dir, 'site')], dir);
    assert.equal(r.code, 1);
    assert.match(r.err, /Build stopped/);
  });
});
