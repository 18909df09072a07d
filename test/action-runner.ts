/**
 * The GitHub Action (action.yml) run as the runner runs a composite action, for the tests of
 * test/action*.test.ts: each `run:` step is a bash script (`bash --noprofile --norc -eo pipefail`)
 * in the checkout, with its expressions (`${{ inputs.… }}`, `${{ github.… }}`,
 * `${{ steps.….outputs.… }}`) filled in, `if:` evaluated (status functions included), and the
 * runner's file commands: fresh `$GITHUB_ENV`, `$GITHUB_OUTPUT`, `$GITHUB_PATH`, `$GITHUB_STATE`
 * and `$GITHUB_STEP_SUMMARY` files per step in `$RUNNER_TEMP/_runner_file_commands/`, read when
 * the step ends (later writes are lost, as on GitHub). `uses:` steps are left out: setup-node is
 * a `node` on PATH (the Node running the tests), the SARIF upload does not happen.
 *
 * A job's repositories are real: a bare origin with the base branch, and a clone on the pull
 * request's branch (two commits) laid out as on a runner (`work/`, `_temp/`, a home of its own).
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { api } from './diff-fixture.ts';
import { tempDir } from './helpers.ts';

export const ROOT = resolve(import.meta.dirname, '..');

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
}

export type Outcome = 'success' | 'failure' | 'skipped';

export interface Run {
  /** The steps that ran, in order, by id. */
  ran: string[];
  outcomes: Map<string, Outcome>;
  /** Exit code of each step that ran, by id. */
  codes: Map<string, number>;
  /** The first step that failed, if one did. */
  failed?: string;
  outputs: Map<string, Record<string, string>>;
  /** What a later step of the job gets: the variables steps wrote to $GITHUB_ENV… */
  envAfter: Record<string, string>;
  /** …and the folders they added to PATH with $GITHUB_PATH. */
  pathAfter: string[];
  log: string;
  /** The job summary as the steps wrote it. */
  summary: string;
}

export interface Job {
  /** The checkout: every step's working folder. */
  workspace: string;
  /** `github.action_path`: the action's own folder. */
  actionPath: string;
  runnerTemp: string;
  inputs: Record<string, string>;
  github: Record<string, string>;
  /** The job's environment (PATH included), as the workflow and the runner set it. */
  env: Record<string, string>;
}

const STEP_TIMEOUT_MS = 240_000;

function readAction(): Action {
  return parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
}

/** Lines of a file command: `NAME=value` and `NAME<<DELIMITER … DELIMITER`, as the runner reads them. */
function keyValues(text: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`unterminated ${heredoc[1]}<<${heredoc[2]}`);
      out.push([heredoc[1]!, lines.slice(i + 1, end).join('\n')]);
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) out.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return out;
}

type Value = string | boolean;

/**
 * The expressions the action writes: `a.b.c` contexts, 'strings', ==, !=, !, &&, || and
 * parentheses, and the status functions success(), failure(), cancelled(), always().
 */
function evaluate(expression: string, lookup: (name: string) => string, failedSoFar: boolean): Value {
  const tokens: string[] = [];
  const lexer = /\s*(==|!=|&&|\|\||!|\(|\)|'(?:[^']|'')*'|[A-Za-z_][\w.-]*(?:\(\))?)/y;
  while (lexer.lastIndex < expression.trimEnd().length) {
    const m = lexer.exec(expression);
    if (!m) throw new Error(`expression not supported by the test runner: ${expression}`);
    tokens.push(m[1]!);
  }
  let at = 0;
  const truthy = (v: Value): boolean => (typeof v === 'boolean' ? v : v !== '');
  const primary = (): Value => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`unexpected end of ${expression}`);
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') throw new Error(`missing ) in ${expression}`);
      return value;
    }
    if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
    if (token === 'success()') return !failedSoFar;
    if (token === 'failure()') return failedSoFar;
    if (token === 'cancelled()') return false;
    if (token === 'always()') return true;
    if (token === 'true' || token === 'false') return token === 'true';
    return lookup(token);
  };
  const comparison = (): Value => {
    const left = primary();
    const op = tokens[at];
    if (op !== '==' && op !== '!=') return left;
    at++;
    const right = primary();
    return op === '==' ? String(left) === String(right) : String(left) !== String(right);
  };
  const unary = (): Value => {
    if (tokens[at] === '!') {
      at++;
      return !truthy(unary());
    }
    return comparison();
  };
  const and = (): Value => {
    let value = unary();
    while (tokens[at] === '&&') {
      at++;
      const right = unary();
      value = truthy(value) && truthy(right);
    }
    return value;
  };
  function or(): Value {
    let value = and();
    while (tokens[at] === '||') {
      at++;
      const right = and();
      value = truthy(value) || truthy(right);
    }
    return value;
  }
  const value = or();
  if (at !== tokens.length) throw new Error(`expression not supported by the test runner: ${expression}`);
  return value;
}

function runScript(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((done, fail) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    // A step that hangs is a failure: its whole process group is ended.
    const timer = setTimeout(() => {
      out += `\n(the step ran past ${STEP_TIMEOUT_MS} ms and was stopped)\n`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, STEP_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : -1), out });
    });
  });
}

/** Runs the action's steps in order, as the runner does, and reports what each did. */
export async function runAction(job: Job): Promise<Run> {
  const action = readAction();
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = job.inputs[name] ?? spec.default ?? '';
  const run: Run = { ran: [], outcomes: new Map(), codes: new Map(), outputs: new Map(), envAfter: {}, pathAfter: [], log: '', summary: '' };
  const github: Record<string, string> = { ...job.github, action_path: job.actionPath, workspace: job.workspace };
  const lookup = (name: string): string => {
    const [scope, ...rest] = name.split('.');
    if (scope === 'inputs') return inputs[rest.join('.')] ?? '';
    if (scope === 'github') return github[rest.join('.')] ?? '';
    if (scope === 'steps' && rest[1] === 'outputs') return run.outputs.get(rest[0]!)?.[rest[2]!] ?? '';
    if (scope === 'steps' && rest[1] === 'outcome') return run.outcomes.get(rest[0]!) ?? '';
    throw new Error(`context not supported by the test runner: ${name}`);
  };
  const fill = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expr: string) => String(evaluate(expr, lookup, run.failed !== undefined)));
  const commands = join(job.runnerTemp, '_runner_file_commands');
  mkdirSync(commands, { recursive: true });
  for (const [i, step] of action.runs.steps.entries()) {
    const id = step.id ?? `step${i}`;
    if (step.uses) continue;
    // An `if:` without a status function means success() && (…), as on GitHub.
    const condition = step.if ?? '';
    const guarded = /\b(success|failure|cancelled|always)\(\)/.test(condition) ? condition : condition ? `success() && (${condition})` : 'success()';
    if (!evaluate(guarded, lookup, run.failed !== undefined)) {
      run.outcomes.set(id, 'skipped');
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`step ${id}: shell ${step.shell}`);
    // The script as written: the action must not rely on ${{ }} inside `run`.
    if (step.run!.includes('${{')) throw new Error(`step ${id} reads an expression inside its script`);
    const files = Object.fromEntries(
      (['set_env', 'set_output', 'add_path', 'save_state', 'step_summary'] as const).map((kind) => {
        const file = join(commands, `${kind}_${randomUUID()}`);
        writeFileSync(file, '');
        return [kind, file];
      }),
    ) as Record<'set_env' | 'set_output' | 'add_path' | 'save_state' | 'step_summary', string>;
    const script = join(job.runnerTemp, `${id}-${randomUUID()}.sh`);
    writeFileSync(script, step.run!);
    const stepEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = fill(v);
    const path = [...run.pathAfter, job.env.PATH ?? ''].join(':');
    const result = await runScript(script, job.workspace, {
      ...job.env,
      ...run.envAfter,
      PATH: path,
      ...stepEnv,
      GITHUB_ENV: files.set_env,
      GITHUB_OUTPUT: files.set_output,
      GITHUB_PATH: files.add_path,
      GITHUB_STATE: files.save_state,
      GITHUB_STEP_SUMMARY: files.step_summary,
      GITHUB_ACTION_PATH: job.actionPath,
      GITHUB_WORKSPACE: job.workspace,
      RUNNER_TEMP: job.runnerTemp,
    });
    run.ran.push(id);
    run.log += `--- ${id} (${result.code})\n${result.out}`;
    run.codes.set(id, result.code);
    run.outcomes.set(id, result.code === 0 ? 'success' : 'failure');
    const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    for (const [k, v] of keyValues(read(files.set_env))) run.envAfter[k] = v;
    for (const line of read(files.add_path).split('\n')) if (line) run.pathAfter.unshift(line);
    run.outputs.set(id, Object.fromEntries(keyValues(read(files.set_output))));
    run.summary += read(files.step_summary);
    if (result.code !== 0 && run.failed === undefined) run.failed = id;
  }
  return run;
}

export const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });

export interface Repositories {
  /** The folder that holds the rest (a runner's `work/` folder, roughly). */
  dir: string;
  /** The checkout of the pull request. */
  workspace: string;
  runnerTemp: string;
  home: string;
  /** gh (a stand-in), node (the Node running the tests, as setup-node would put one on PATH). */
  bin: string;
  /** What the stand-in gh was asked, one call a line. */
  calls: string;
}

/** A file of a pull request's branch: its text, an executable's text, or a symbolic link to a path. */
export type BranchFile = string | { executable: string } | { link: string };

/** The document of the base branch, and the pull request's: a status the API sends gains a value (breaking for receivers). */
export const statusDocument = (values: string[]): string =>
  JSON.stringify(api({ payload: { type: 'object', properties: { status: { enum: values } } } }), null, 2);

/**
 * A bare origin with the base branch, and a clone on the pull request's branch (two commits).
 * `pr`: files the pull request writes besides its change of the document (or instead of it).
 */
export function repositories(pr: Record<string, BranchFile> = {}): Repositories {
  const dir = tempDir('apidesc-action-');
  const origin = join(dir, 'origin.git');
  const workspace = join(dir, 'work');
  const runnerTemp = join(dir, '_temp');
  const home = join(dir, 'home');
  mkdirSync(runnerTemp);
  mkdirSync(home);
  git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  // The checkout's repository pointed at the origin, as a clone would be (a clone of the still
  // empty origin would warn that it is empty).
  git(dir, 'init', '-q', '-b', 'main', workspace);
  git(workspace, 'remote', 'add', 'origin', origin);
  mkdirSync(join(workspace, 'api'));
  writeFileSync(join(workspace, 'api/orders.json'), statusDocument(['placed']));
  git(workspace, 'checkout', '-q', '-b', 'main');
  git(workspace, 'add', '.');
  git(workspace, 'commit', '-q', '-m', 'the API');
  git(workspace, 'push', '-q', 'origin', 'main');
  git(workspace, 'checkout', '-q', '-b', 'pr');
  writeFileSync(join(workspace, 'api/orders.json'), statusDocument(['placed', 'refunded']));
  for (const [file, content] of Object.entries(pr)) {
    const full = join(workspace, file);
    mkdirSync(dirname(full), { recursive: true });
    if (typeof content === 'string') writeFileSync(full, content);
    else if ('executable' in content) writeFileSync(full, content.executable, { mode: 0o755 });
    else symlinkSync(content.link, full);
  }
  git(workspace, 'add', '--force', '.');
  git(workspace, 'commit', '-q', '-m', 'a new status');
  // The runner's checkout of a pull request has no local branch of the base: remove it.
  git(workspace, 'branch', '-q', '-D', 'main');
  git(workspace, 'update-ref', '-d', 'refs/remotes/origin/main');
  // `gh` as a stand-in: records its arguments; answers `api user` as for GITHUB_TOKEN (refused); lists
  // the comments as the action's --jq projects them: one planted by someone else with the marker,
  // and ours once one was made; with GH_READ_ONLY set (a fork's token), refuses to write.
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const calls = join(dir, 'gh-calls');
  writeFileSync(
    join(bin, 'gh'),
    `#!/usr/bin/env bash
echo "$*" >> "${calls}"
case "$*" in
  "api user"*) echo "HTTP 403: Resource not accessible by integration" >&2; exit 1 ;;
  *"--method POST"*|*"--method PATCH"*)
    if [ -n "\${GH_READ_ONLY:-}" ]; then echo "HTTP 403: Resource not accessible by integration" >&2; exit 1; fi
    touch "${dir}/commented" ;;
  *"--paginate"*)
    echo '{"id":666,"author":"mallory","body":"planted <!-- apidesc-docs-review -->"}'
    if [ -e "${dir}/commented" ]; then echo '{"id":4242,"author":"github-actions[bot]","body":"### API change review\\n<!-- apidesc-docs-review -->"}'; fi ;;
esac
`,
  );
  chmodSync(join(bin, 'gh'), 0o755);
  symlinkSync(process.execPath, join(bin, 'node'));
  return { dir, workspace, runnerTemp, home, bin, calls };
}

/**
 * `npx` as a stand-in for a registry that has this action's apidesc-docs (none is needed, and the
 * tests use no network): it records that it ran and runs the action's own command. The action
 * runs no npx at all; an older action that did can be tried with it.
 */
export function recordingNpx(repos: Repositories): string {
  const file = join(repos.bin, 'npx');
  const log = join(repos.dir, 'npx-calls');
  writeFileSync(file, `#!/usr/bin/env bash\necho "$*" >> "${log}"\nshift 2\nexec node "$GITHUB_ACTION_PATH/bin/apidesc-docs.mjs" "$@"\n`);
  chmodSync(file, 0o755);
  return log;
}

/** The job's environment on a fresh runner: PATH with gh and node first, a home of its own. */
export function jobEnv(repos: Repositories, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: `${repos.bin}:${process.env.PATH}`,
    HOME: repos.home,
    ...extra,
  };
}

export const PULL_REQUEST = { base_ref: 'main', 'event.number': '7', repository: 'example/orders', token: 'not-a-token' } as const;
