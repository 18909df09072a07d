import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { processReporter } from './reporter.ts';

describe('standard output and error', () => {
  it('write no control character but line breaks, tabs and colour codes, whatever text reaches them', () => {
    const written: string[] = [];
    const write = (chunk: string | Uint8Array): boolean => written.push(String(chunk)) > 0;
    const { stdout, stderr } = process;
    const [out, err] = [stdout.write, stderr.write];
    stdout.write = write as typeof stdout.write;
    stderr.write = write as typeof stderr.write;
    try {
      processReporter.out('a \u001b[31mred\u001b[0m\tcell\nnext line');
      processReporter.err('apidesc-docs: cannot read x\u001b]0;pwned\u0007\u001b[2J\r::error::forged.yaml');
    } finally {
      stdout.write = out;
      stderr.write = err;
    }
    assert.deepEqual(written, [
      'a \u001b[31mred\u001b[0m\tcell\nnext line\n',
      'apidesc-docs: cannot read x\\u001b]0;pwned\\u0007\\u001b[2J\\r::error::forged.yaml\n',
    ]);
  });
});
