/**
 * A JSON payload in a sample is the language's own literal (a JavaScript object, a Python dict, a
 * Go raw string, a Java text block), never text pieced together with `+`, and what the sample
 * sends is the example: each language's literal is run and what it prints compared with the
 * example, for a value that holds everything that could be lost on the way (quotes, backslashes,
 * \u escapes as text, line separators, control characters, astral and lone surrogates, numbers
 * past 2^53 and past a double's range of integers, nested arrays, keys that are not identifiers,
 * `__proto__`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runSample } from '../../../test/sample-run.ts';
import { generateSamples } from './generators.ts';
import { goPayload, javaPayload, jsPayload, pyPayload } from './payload-literal.ts';
import { type SampleTarget, sampleTarget } from './sample-target.ts';

// A template literal's interpolation, written in pieces so that no linter takes it for a mistake.
const INTERPOLATION = ['$', '{globalThis.x}'].join('');
const BASE = {
  event: 'subscribe',
  quotes: `it's "quoted" \`back\` ''' """`,
  backslashes: 'C:\\path\\ \\u0022 \\n \\',
  unicode: 'été ✓ 日本 😀',
  separators: 'a\u2028b\u2029c',
  controls: '\u0000\u0007\b\t\n\r\u001f\u007f',
  lone: '\ud800 x \udc00',
  code: `${INTERPOLATION} #{x} %s " + pwned + "`,
  'not an identifier': true,
  'kebab-key': false,
  '': null,
  '1': 'a key of digits',
  café: 'a key past ASCII',
  constructor: 'a key that objects have',
  numbers: [0, -0.5, 1e21, 12345678901234567000, 5e-324, 1.7976931348623157e308, 0.1, 1e-7, -3, 2 ** 53 + 2],
  nested: [[[]], [{}], [[1, [2, [3]]]], { deep: { deeper: { deepest: ['x'] } } }],
  empty: { array: [], object: {} },
};
/** The value as a document gives it: `__proto__` an own key, as JSON and YAML parsers make it. */
const VALUE: unknown = JSON.parse(JSON.stringify(BASE).replace(/^\{/, '{"__proto__":{"polluted":1},'));

function targetOf(payload: unknown): SampleTarget {
  const target = sampleTarget({
    role: 'publish',
    server: { host: 'example.com', protocol: 'wss', variables: {}, security: [] },
    address: '/',
    parameters: {},
    bindings: { operation: {}, channel: {}, message: {} },
    example: { payload },
    security: [],
  });
  assert.ok(target);
  return target;
}

/** Programs that print the payload as the sample sends it, built from the same pieces as the samples. */
const PRINTERS = {
  javascript: (t: SampleTarget) => {
    const p = jsPayload(t);
    return [...p.setup, `process.stdout.write(${p.value});`].join('\n');
  },
  python: (t: SampleTarget) => {
    const p = pyPayload(t);
    return [...p.imports, 'import sys', '', ...p.setup, `sys.stdout.write(${p.value})`].join('\n');
  },
  go: (t: SampleTarget) => {
    const p = goPayload(t);
    return ['package main', '', 'import "os"', '', ...p.setup, 'func main() {', `\tos.Stdout.WriteString(${p.value})`, '}'].join('\n');
  },
  java: (t: SampleTarget) => {
    const p = javaPayload(t);
    const body = [...p.setup, `System.out.write((${p.value}).getBytes(java.nio.charset.StandardCharsets.UTF_8));`, 'System.out.flush();'];
    return ['public class Sample {', '  public static void main(String[] args) throws Exception {', ...body.map((l) => `    ${l}`), '  }', '}'].join('\n');
  },
};

async function printed(language: keyof typeof PRINTERS, t: SampleTarget): Promise<string> {
  const program = PRINTERS[language](t);
  const run = runSample(language, program);
  try {
    assert.equal(await run.exit(), 0, `${run.stderr()}\n${program}`);
    return run.stdout();
  } finally {
    await run.stop();
  }
}

describe('payloads written as literals', () => {
  const target = targetOf(VALUE);

  it('JavaScript sends the example exactly: JSON.stringify of an object literal', { timeout: 60_000 }, async () => {
    assert.equal(await printed('javascript', target), JSON.stringify(VALUE));
  });

  it('Python sends the example: json.dumps of a dict, the same value in the same order', { timeout: 60_000 }, async () => {
    const out = await printed('python', target);
    assert.deepEqual(JSON.parse(out), VALUE);
    assert.equal(JSON.stringify(JSON.parse(out)), JSON.stringify(VALUE));
  });

  it('Go and Java send the example text byte for byte: a raw string, a text block', { timeout: 180_000 }, async () => {
    assert.equal(await printed('go', target), target.payload);
    assert.equal(await printed('java', target), target.payload);
  });

  it('read as code a person writes: a literal over several lines, no text pieced together with +', () => {
    const t = targetOf({ event: 'subscribe', reqid: 10, pair: ['XBT/USD'], subscription: { name: 'book', snapshot: true, token: null, 'max-depth': 10 } });
    const [js, py, go, java] = generateSamples(t, ['javascript', 'python', 'go', 'java']).map((s) => s.code);
    assert.ok(
      js?.includes(
        [
          'const payload = {',
          "  event: 'subscribe',",
          '  reqid: 10,',
          "  pair: ['XBT/USD'],",
          '  subscription: {',
          "    name: 'book',",
          '    snapshot: true,',
          '    token: null,',
          "    'max-depth': 10,",
          '  },',
          '};',
        ].join('\n'),
      ),
      js,
    );
    // The call is laid an argument a line: on one line it would run past the panel's edge.
    assert.match(js ?? '', /socket\.send\(\n {4}JSON\.stringify\(payload\),\n/);
    assert.ok(py?.includes("payload = {\n    'event': 'subscribe',\n    'reqid': 10,\n    'pair': ['XBT/USD'],\n    'subscription': {\n"), py);
    assert.ok(py?.includes("        'snapshot': True,\n        'token': None,\n"), py);
    assert.match(py ?? '', /^import asyncio\nimport json\n/);
    assert.match(py ?? '', /socket\.send\(\n {12}json\.dumps\(payload\),\n {8}\)/);
    assert.ok(go?.includes(`const payload = \`${t.payload}\``), go);
    assert.ok(java?.includes(`String payload = """\n    ${t.payload.split('\n').join('\n    ')}""";`), java);
    for (const code of [js, py, go, java]) assert.doesNotMatch(code ?? '', /["'`] \+$/m, 'a line pieced onto the next');
  });

  it('a short payload goes inside the call; text that is not JSON stays a string', () => {
    const [js, py] = generateSamples(targetOf({ event: 'ping' })).map((s) => s.code);
    assert.match(js ?? '', /socket\.send\(\n {4}JSON\.stringify\(\{ event: 'ping' \}\),\n/);
    assert.match(py ?? '', /socket\.send\(\n {12}json\.dumps\(\{'event': 'ping'\}\),\n/);
    // Where the short payload would not fit the line of the call, it is declared first.
    const [deep] = generateSamples({ ...targetOf({ event: 'ping' }), protocol: 'amqp1' }, ['python']).map((s) => s.code);
    assert.match(deep ?? '', /^payload = \{'event': 'ping'\}$/m);
    assert.match(deep ?? '', /body=json\.dumps\(payload\)\.encode\(\),/);
    const text = { ...targetOf('x'), payload: 'line one\nline "two"', contentType: 'text/plain' };
    const [jsText, pyText] = generateSamples(text).map((s) => s.code);
    assert.doesNotMatch(jsText ?? '', /JSON\.stringify/);
    assert.doesNotMatch(pyText ?? '', /json/);
  });
});
