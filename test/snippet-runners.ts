/**
 * Runs the snippets of sns pages as their readers would, with stand-ins for what they call: a
 * POSIX shell with an `aws` that prints its arguments, node:vm with the SDK's client and command,
 * python3 with a boto3 module. Shared by the snippet unit tests and the build test.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { parse as parseYaml } from 'yaml';
import { tempDir } from './helpers.ts';

/** The files a page offers for its commands to read (`<a download="order-placed.json" href="data:…">`), by name. */
export function offeredFiles(html: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const m of html.matchAll(/<a href="data:application\/json;charset=utf-8,([^"]*)" download="([^"]+)"/g))
    files[m[2]!] = decodeURIComponent(m[1]!.replaceAll('&amp;', '&'));
  return files;
}

/** A command's `--message`: its text, or the file it reads (`file://order-placed.json`), from those the page offers. */
export function messageOption(args: string[], files: Record<string, string>): string | undefined {
  const value = option(args, '--message');
  if (!value?.startsWith('file://')) return value;
  const file = files[value.slice('file://'.length)];
  assert.ok(file !== undefined, `${value}: the page offers no such file (${Object.keys(files).join(', ')})`);
  return file;
}

/** The arguments a POSIX shell passes to `aws` when it runs the snippet. */
export function shellArgs(code: string): string[] {
  const out = execFileSync('sh', ['-c', `aws() { printf '%s\\0' "$@"; }\n${code}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/**
 * The attributes an `aws sns subscribe` command sets: its `--attributes` JSON, or the `Attributes`
 * of its `--cli-input-yaml` (the form of a command whose attributes hold a policy's JSON).
 */
export function subscriptionAttributes(args: string[]): Record<string, string> {
  const yaml = option(args, '--cli-input-yaml');
  if (yaml !== undefined) return ((parseYaml(yaml) as { Attributes?: Record<string, string> }).Attributes ?? {}) as Record<string, string>;
  return JSON.parse(option(args, '--attributes') ?? '{}') as Record<string, string>;
}

/** The value after `--name` in a command's arguments. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** What PublishCommand receives when the JavaScript snippet runs. */
export async function jsPublishInput(code: string, files: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const sent: Record<string, unknown>[] = [];
  const context = {
    sent,
    readFileSync: (name: string): string => {
      assert.ok(Object.hasOwn(files, name), `${name}: the page offers no such file`);
      return files[name]!;
    },
    SNSClient: class {
      async send(command: { input: Record<string, unknown> }): Promise<void> {
        sent.push(command.input);
      }
    },
    PublishCommand: class {
      input: unknown;
      constructor(input: unknown) {
        this.input = input;
      }
    },
  };
  const body = code.replace(/^import .*$/gm, '');
  await runInNewContext(`(async () => {\n${body}\n})()`, context);
  assert.equal(sent.length, 1);
  return JSON.parse(JSON.stringify(sent[0])) as Record<string, unknown>;
}

/** What boto3's publish receives when the Python snippet runs (python3, with a stand-in boto3 module). */
export function pythonPublishInput(code: string, files: Record<string, string> = {}): Record<string, unknown> {
  const harness = `import sys, types, json
captured = {}
class Client:
    def publish(self, **kwargs):
        captured.update(kwargs)
boto3 = types.ModuleType('boto3')
boto3.client = lambda *args, **kwargs: Client()
sys.modules['boto3'] = boto3
exec(compile(sys.stdin.read(), 'snippet', 'exec'))
print(json.dumps(captured))
`;
  // Run where the files the page offers were downloaded to.
  const cwd = tempDir('apidesc-snippet-py-');
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
    return JSON.parse(execFileSync('python3', ['-c', harness], { input: code, encoding: 'utf8', cwd, timeout: 30_000 })) as Record<string, unknown>;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
