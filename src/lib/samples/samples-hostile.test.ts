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

/**
 * The payload as text that is not JSON, and as JSON text over several lines (a Go raw string, a
 * Java text block), each holding \u0022, which Java reads as a quote anywhere in its source unless
 * its backslash is escaped.
 */
const payloadVariants = (payload: string) => ({
  text: `${payload}\\u0022 + pwned + \\u0022`,
  json: JSON.stringify({ [EVIL]: `${EVIL}\\u0022 + pwned + \\u0022 \`+pwned+\` """+pwned+"""`, nested: [[EVIL]] }, null, 2),
});

/** Java's first step: a \uXXXX whose backslash is not itself escaped becomes its character, wherever it is. */
const javaUnicode = (code: string): string =>
  code.replace(/(\\+)u+([0-9a-fA-F]{4})/g, (all, slashes: string, hex: string) =>
    slashes.length % 2 === 1 ? `${slashes.slice(1)}${String.fromCharCode(Number.parseInt(hex, 16))}` : all,
  );

/** Every string literal, read from the left as the compiler reads them: emptied, what is left is code that runs. */
const GO_STRINGS = /`[^`]*`|"(?:[^"\\\n]|\\.)*"/g;
const JAVA_STRINGS = /"""\n(?:[^"\\]|\\[\s\S]|"(?!""))*"""|"(?:[^"\\\n]|\\.)*"/g;

/** How the Go and Java samples are parsed, not built: the file a sample is written to, and the parser's command for all the files. */
const PARSERS = {
  go: {
    language: 'Go',
    file: 'main.go',
    binary: '/usr/bin/gofmt',
    debianPackage: 'golang-go',
    args: (files: string[]) => ['-e', '-l', ...files],
    bare: (code: string) => code.replace(GO_STRINGS, '""'),
  },
  java: {
    language: 'Java',
    file: 'Sample.java',
    binary: '/usr/bin/javac',
    debianPackage: 'default-jdk-headless',
    args: (files: string[], dir: string) => ['-XDshould-stop.ifNoError=PARSE', '-XDshould-stop.ifError=PARSE', '-d', join(dir, 'classes'), ...files],
    bare: (code: string) => javaUnicode(code).replace(JAVA_STRINGS, '""'),
  },
} as const;

describe('samples from a hostile document', () => {
  it('in Go and Java, parse (gofmt, javac stopped after parsing) with the hostile text inside strings, \\u0022 included', { timeout: 120_000 }, () => {
    const dir = tempDir('apidesc-samples-hostile-');
    const targets = hostileTargets();
    for (const lang of ['go', 'java'] as const) {
      const parser = PARSERS[lang];
      const files: string[] = [];
      for (const { name, target } of targets)
        for (const [variant, payload] of Object.entries(payloadVariants(target.payload)))
          for (const sample of generateSamples({ ...target, payload }, [lang])) {
            const folder = join(dir, `${name}-${variant}-${lang}`);
            mkdirSync(folder);
            const file = join(folder, parser.file);
            writeFileSync(file, sample.code);
            files.push(file);
            const bare = parser.bare(sample.code);
            assert.doesNotMatch(bare, /pwned|__import__/, `${name} ${lang}: the document's text left its string\n${sample.code}`);
          }
      // Every protocol has its samples among those parsed (AMQP 1.0 in Java included).
      for (const protocol of PROTOCOLS)
        for (const role of ['publish', 'subscribe'])
          assert.ok(
            files.some((f) => basename(dirname(f)).startsWith(`${protocol}-${role}-`)),
            `no ${lang} sample of ${protocol} (${role}) was parsed`,
          );
      const parsed = spawnSync(requireBinary(parser.binary, parser.debianPackage), parser.args(files, dir), { encoding: 'utf8', timeout: 60_000 });
      assert.equal(parsed.status, 0, `a ${parser.language} sample does not parse: ${parsed.stderr}`);
    }
  });

  it('parse and compile in every protocol, both roles, JavaScript, Python and shell, with the hostile text inside strings', { timeout: 60_000 }, () => {
    const dir = tempDir('apidesc-samples-hostile-');
    const python: string[] = [];
    for (const { name, target } of hostileTargets())
      for (const sample of generateSamples(target, ['javascript', 'python', 'shell'])) {
        const file = join(dir, `${name}.${({ javascript: 'mjs', python: 'py' } as Record<string, string>)[sample.language] ?? 'sh'}`);
        writeFileSync(file, sample.code);
        if (sample.language === 'python') python.push(file);
        else if (sample.language === 'shell') {
          // A shell command: read by sh without running it; outside its single quotes (which end at the next quote, no escape inside) and its escaped characters (`\'`), nothing of the text.
          const check = spawnSync('/bin/sh', ['-n', file], { encoding: 'utf8', timeout: 20_000 });
          assert.equal(check.status, 0, `${name} shell does not parse: ${check.stderr}\n${sample.code}`);
          assert.doesNotMatch(
            sample.code.replace(/'[^']*'|\\./g, "''"),
            /pwned|__import__/,
            `${name} shell: the document's text left its quotes\n${sample.code}`,
          );
          continue;
        } else {
          const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 20_000 });
          assert.equal(check.status, 0, `${name} JavaScript does not parse: ${check.stderr}\n${sample.code}`);
        }
        // Outside the strings, nothing of the hostile text: strip every string literal and look.
        const bare = sample.code.replace(/'(?:[^'\\\n]|\\.)*'/g, "''").replace(/`(?:[^`\\]|\\.)*`/g, '``');
        assert.doesNotMatch(bare, /pwned|__import__/, `${name} ${sample.language}: the document's text left its string\n${sample.code}`);
      }
    const compile = spawnSync('/usr/bin/python3', ['-c', 'import ast, sys\nfor f in sys.argv[1:]: ast.parse(open(f, encoding="utf-8").read(), f)', ...python], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(compile.status, 0, `a Python sample does not compile: ${compile.stderr}`);
  });
});
