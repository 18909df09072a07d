/**
 * Samples written from a hostile document stay code that does what it says: every value the
 * document gives (host, address, headers, payload, binding names) is quoted, so each JavaScript
 * sample parses (`node --check`) and each Python sample compiles, and the text meant to break
 * out of a string stays inside one (the marker never appears where the code would run it).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../../test/helpers.ts';
import { generateSamples } from './generators.ts';
import { requireBinary } from '../../../test/brokers.ts';
import { type SampleRole, sampleTarget } from './sample-target.ts';

// A template literal's interpolation, written in pieces so that no linter takes it for a mistake.
const INTERPOLATION = ['$', '{globalThis.pwned=1}'].join('');
const EVIL = `x'"\`${INTERPOLATION}\\\n\u2028""" + __import__('os') #`;
/** Each way credentials are written: from the user and password, an API key in the query or a header, a token. */
const SCHEMES = [
  { type: 'userPassword' },
  { type: 'httpApiKey', name: EVIL, in: 'query' },
  { type: 'httpApiKey', name: EVIL, in: 'header' },
  { type: 'http', scheme: 'bearer' },
];
const PROTOCOLS = ['kafka-secure', 'mqtt5', 'amqp', 'amqp1', 'nats', 'wss', 'https', 'sqs'];

/** The target of every protocol, role and way of credentials, every value the document gives hostile. */
function hostileTargets() {
  return PROTOCOLS.flatMap((protocol) =>
    (['publish', 'subscribe'] as SampleRole[]).flatMap((role) =>
      SCHEMES.map((scheme) => {
        const target = sampleTarget({
          role,
          server: { host: `${EVIL}:{port}`, protocol, pathname: EVIL, variables: { port: { default: EVIL } }, security: [scheme] },
          address: `${EVIL}/{p}`,
          parameters: { p: { examples: [EVIL] } },
          bindings: {
            operation: {
              kafka: { key: { const: EVIL }, groupId: { const: EVIL } },
              amqp: { exchange: { name: EVIL, type: EVIL }, queue: { name: EVIL } },
              nats: { queue: EVIL },
              http: { method: EVIL, query: { properties: { [EVIL]: { const: EVIL } } } },
              ws: { headers: { properties: { [EVIL]: { const: EVIL } } } },
            },
            channel: {},
            message: {},
          },
          example: { headers: { [EVIL]: EVIL }, payload: { [EVIL]: EVIL } },
          contentType: EVIL,
          security: [],
        });
        assert.ok(target, protocol);
        return { name: `${protocol}-${role}-${SCHEMES.indexOf(scheme)}`, target };
      }),
    ),
  );
}

describe('samples from a hostile document', () => {
  it('in Go and Java, parse (gofmt, javac stopped after parsing) with the hostile text inside strings, \\u0022 included', { timeout: 120_000 }, () => {
    const dir = tempDir('apidesc-samples-hostile-');
    const files: Record<'go' | 'java', string[]> = { go: [], java: [] };
    for (const { name, target } of hostileTargets())
      for (const sample of generateSamples({ ...target, payload: `${target.payload}\\u0022 + pwned + \\u0022` }, ['go', 'java'])) {
        const lang = sample.language as 'go' | 'java';
        const folder = join(dir, `${name}-${lang}`);
        mkdirSync(folder);
        const file = join(folder, lang === 'go' ? 'main.go' : 'Sample.java');
        writeFileSync(file, sample.code);
        files[lang].push(file);
        const bare = sample.code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
        assert.doesNotMatch(bare, /pwned|__import__/, `${name} ${lang}: the document's text left its string\n${sample.code}`);
      }
    // Every protocol has its Go and Java samples among those parsed (AMQP 1.0 in Java included).
    for (const protocol of PROTOCOLS)
      for (const role of ['publish', 'subscribe'])
        for (const lang of ['go', 'java'] as const)
          assert.ok(
            files[lang].some((f) => basename(dirname(f)).startsWith(`${protocol}-${role}-`)),
            `no ${lang} sample of ${protocol} (${role}) was parsed`,
          );
    const gofmt = spawnSync(requireBinary('/usr/bin/gofmt', 'golang-go'), ['-e', '-l', ...files.go], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(gofmt.status, 0, `a Go sample does not parse: ${gofmt.stderr}`);
    const javac = spawnSync(
      requireBinary('/usr/bin/javac', 'default-jdk-headless'),
      ['-XDshould-stop.ifNoError=PARSE', '-XDshould-stop.ifError=PARSE', '-d', join(dir, 'classes'), ...files.java],
      { encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(javac.status, 0, `a Java sample does not parse: ${javac.stderr}`);
  });

  it('parse and compile in every protocol, both roles, both languages, with the hostile text inside strings', { timeout: 60_000 }, () => {
    const dir = tempDir('apidesc-samples-hostile-');
    const python: string[] = [];
    for (const protocol of PROTOCOLS)
      for (const role of ['publish', 'subscribe'] as SampleRole[])
        for (const scheme of SCHEMES) {
          const target = sampleTarget({
            role,
            server: { host: `${EVIL}:{port}`, protocol, pathname: EVIL, variables: { port: { default: EVIL } }, security: [scheme] },
            address: `${EVIL}/{p}`,
            parameters: { p: { examples: [EVIL] } },
            bindings: {
              operation: {
                kafka: { key: { const: EVIL }, groupId: { const: EVIL } },
                amqp: { exchange: { name: EVIL, type: EVIL }, queue: { name: EVIL } },
                nats: { queue: EVIL },
                http: { method: EVIL, query: { properties: { [EVIL]: { const: EVIL } } } },
                ws: { headers: { properties: { [EVIL]: { const: EVIL } } } },
              },
              channel: {},
              message: {},
            },
            example: { headers: { [EVIL]: EVIL }, payload: { [EVIL]: EVIL } },
            contentType: EVIL,
            security: [],
          });
          assert.ok(target, protocol);
          for (const sample of generateSamples(target)) {
            const file = join(dir, `${protocol}-${role}-${SCHEMES.indexOf(scheme)}.${sample.language === 'javascript' ? 'mjs' : 'py'}`);
            writeFileSync(file, sample.code);
            if (sample.language === 'python') python.push(file);
            else {
              const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 20_000 });
              assert.equal(check.status, 0, `${protocol} ${role} JavaScript does not parse: ${check.stderr}\n${sample.code}`);
            }
            // Outside the strings, nothing of the hostile text: strip every string literal and look.
            const bare = sample.code.replace(/'(?:[^'\\\n]|\\.)*'/g, "''").replace(/`(?:[^`\\]|\\.)*`/g, '``');
            assert.doesNotMatch(bare, /pwned|__import__/, `${protocol} ${role} ${sample.language}: the document's text left its string\n${sample.code}`);
          }
        }
    const compile = spawnSync('/usr/bin/python3', ['-c', 'import ast, sys\nfor f in sys.argv[1:]: ast.parse(open(f, encoding="utf-8").read(), f)', ...python], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(compile.status, 0, `a Python sample does not compile: ${compile.stderr}`);
  });
});
