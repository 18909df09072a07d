/**
 * The GitHub Action (action.yml) run step by step as the runner runs a composite action, in a
 * temporary git repository with two commits: the base branch, and a pull request that adds an
 * enum value to a message the API sends. Expressions (`${{ inputs.… }}`, `${{ github.… }}`,
 * `${{ steps.….outputs.… }}`) are filled in, `$GITHUB_ENV` and `$GITHUB_OUTPUT` are carried
 * between steps, `uses:` steps (setup-node, the SARIF upload) are left out, the package runs from
 * this checkout, and `gh` is a stand-in that records the comment calls.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { api } from './diff-fixture.ts';
import { tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: { id?: string; if?: string; uses?: string; shell?: string; env?: Record<string, string>; run?: string }[] };
};

interface Run {
  /** Exit code of each step that ran, by id. */
  codes: Map<string, number>;
  /** The step that failed, if one did (later steps do not run). */
  failed?: string;
  outputs: Map<string, Record<string, string>>;
  log: string;
  /** The job summary as the steps wrote it. */
  summary: () => string;
}

function runAction(cwd: string, inputs: Record<string, string>, github: Record<string, string>, env: Record<string, string>): Run {
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) values[name] = inputs[name] ?? spec.default ?? '';
  const outputs = new Map<string, Record<string, string>>();
  const work = tempDir('apidesc-runner-');
  const githubEnv = join(work, 'env');
  writeFileSync(githubEnv, '');
  const jobEnv: Record<string, string> = { ...env };
  const expression = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expr: string) => {
      const [scope, ...rest] = expr.split('.');
      if (scope === 'inputs') return values[rest.join('.')] ?? '';
      if (scope === 'github') return github[rest.join('.')] ?? '';
      if (scope === 'steps') return outputs.get(rest[0]!)?.[rest[2]!] ?? '';
      throw new Error(`expression not supported by this test: ${expr}`);
    });
  /** `if:` as the action writes them: comparisons joined by &&. */
  const condition = (text: string | undefined): boolean =>
    text === undefined ||
    text.split('&&').every((part) => {
      const m = /^\s*(\S+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(part);
      if (!m) throw new Error(`condition not supported by this test: ${part}`);
      const value = expression(`\${{ ${m[1]} }}`);
      return m[2] === '==' ? value === m[3] : value !== m[3];
    });
  const summary = join(work, 'summary.md');
  const run: Run = { codes: new Map(), outputs, log: '', summary: () => (existsSync(summary) ? readFileSync(summary, 'utf8') : '') };
  for (const [i, step] of action.runs.steps.entries()) {
    const id = step.id ?? `step${i}`;
    if (step.uses || !condition(step.if)) continue;
    assert.equal(step.shell, 'bash');
    const output = join(work, `output-${id}`);
    writeFileSync(output, '');
    const stepEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(step.env ?? {})) stepEnv[k] = expression(v);
    const script = join(work, `${id}.sh`);
    // The script as written: the action must not rely on ${{ }} inside `run`.
    assert.ok(!step.run!.includes('${{'), `step ${id} reads its inputs from the environment`);
    writeFileSync(script, step.run!);
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd,
      env: {
        ...process.env,
        ...jobEnv,
        ...stepEnv,
        GITHUB_ENV: githubEnv,
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: work,
      },
      encoding: 'utf8',
      timeout: 240_000,
    });
    run.log += `--- ${id} (${result.status})\n${result.stdout}${result.stderr}`;
    run.codes.set(id, result.status ?? -1);
    for (const line of readFileSync(githubEnv, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) jobEnv[line.slice(0, eq)] = line.slice(eq + 1);
    }
    const stepOutputs: Record<string, string> = {};
    for (const line of readFileSync(output, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) stepOutputs[line.slice(0, eq)] = line.slice(eq + 1);
    }
    outputs.set(id, stepOutputs);
    if (result.status !== 0) {
      run.failed = id;
      break;
    }
  }
  return run;
}

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

/**
 * A remote with the base branch, and a clone on the pull request's branch (two commits). `pr`: files
 * the pull request writes besides its change of the document (or instead of it).
 */
function repositories(pr: Record<string, string> = {}): { work: string; bin: string; calls: string } {
  const dir = tempDir('apidesc-action-');
  const origin = join(dir, 'origin.git');
  const work = join(dir, 'work');
  git(dir, 'init', '-q', '--bare', '-b', 'main', origin);
  git(dir, 'clone', '-q', origin, work);
  mkdirSync(join(work, 'api'));
  const status = (values: string[]) => JSON.stringify(api({ payload: { type: 'object', properties: { status: { enum: values } } } }), null, 2);
  writeFileSync(join(work, 'api/orders.json'), status(['placed']));
  git(work, 'checkout', '-q', '-b', 'main');
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'the API');
  git(work, 'push', '-q', 'origin', 'main');
  git(work, 'checkout', '-q', '-b', 'pr');
  writeFileSync(join(work, 'api/orders.json'), status(['placed', 'refunded']));
  for (const [file, text] of Object.entries(pr)) writeFileSync(join(work, file), text);
  git(work, 'add', '.');
  git(work, 'commit', '-q', '-m', 'a new status');
  // The runner's checkout of a pull request has no local branch of the base: remove it.
  git(work, 'branch', '-q', '-D', 'main');
  git(work, 'update-ref', '-d', 'refs/remotes/origin/main');
  // `gh` as a stand-in: records its arguments; answers \`api user\` as for GITHUB_TOKEN (refused); lists
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
  return { work, bin, calls };
}

describe('the GitHub Action', () => {
  it('validates, builds the preview, reviews the change against the base branch, comments once, and fails on a breaking change', () => {
    const { work, bin, calls } = repositories();
    const env = {
      PATH: `${bin}:${process.env.PATH}`,
      // This checkout instead of the published package, under the Node the package pins.
      APIDESC_DOCS: `${process.execPath} ${join(ROOT, 'bin/apidesc-docs.mjs')}`,
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    const github = { base_ref: 'main', 'event.number': '7', repository: 'example/orders', token: 'not-a-token' };
    const first = runAction(work, { path: 'api', 'preview-url': 'https://previews.example.com/pr-7/' }, github, env);
    assert.equal(first.failed, 'verdict', first.log);
    assert.equal(first.codes.get('validate'), 0, first.log);
    const sarif = JSON.parse(readFileSync(first.outputs.get('validate')!.sarif!, 'utf8'));
    assert.equal(sarif.version, '2.1.0');
    assert.ok(existsSync(join(work, 'apidesc-preview/index.html')), 'the preview is built');
    assert.match(readFileSync(join(work, 'apidesc-preview/index.html'), 'utf8'), /href="\/pr-7\//, 'under the base path of the pull request');
    // The preview was built with --compare-ref against the base branch: its Changes page and badges.
    assert.match(
      readFileSync(join(work, 'apidesc-preview/index.html'), 'utf8'),
      /<a href="\/pr-7\/changes\/">Changes against <code>origin\/main \([0-9a-f]{12}\)<\/code><\/a>: <strong>1 breaking/,
    );
    assert.match(
      readFileSync(join(work, 'apidesc-preview/changes/index.html'), 'utf8'),
      /receivers built on the old schema reject status &quot;refunded&quot;/,
    );
    assert.match(
      readFileSync(join(work, 'apidesc-preview/channels/orders/messages/orderplaced/index.html'), 'utf8'),
      /href="\/pr-7\/changes\/#change-1"[^>]*>breaking change/,
    );
    assert.equal(first.outputs.get('diff')!.breaking, '1');
    const review = readFileSync(first.outputs.get('diff')!.review!, 'utf8');
    assert.match(review, /#### Breaking \(1\)/);
    assert.match(review, /receivers built on the old schema reject status \\"refunded\\"/);
    assert.match(review, /https:\/\/previews\.example\.com\/pr-7\/channels\/orders\/messages\/orderplaced\//);
    assert.match(review, /<!-- apidesc-docs-review -->\n$/);
    assert.match(readFileSync(calls, 'utf8'), /^api --method POST repos\/example\/orders\/issues\/7\/comments -F body=@/m);
    assert.match(first.log, /::error title=Breaking API change::1 breaking change/);

    // The comment planted by someone else with the marker is neither updated nor taken for ours.
    assert.ok(!readFileSync(calls, 'utf8').includes('comments/666'), 'a comment by another author is never updated');

    // The next push: the same comment is updated, and with fail-on-breaking false the job passes.
    const second = runAction(work, { path: 'api', 'fail-on-breaking': 'false' }, github, env);
    assert.equal(second.failed, undefined, second.log);
    assert.equal(second.codes.get('verdict'), 0);
    assert.match(readFileSync(calls, 'utf8'), /^api --method PATCH repos\/example\/orders\/issues\/comments\/4242 -F body=@/m);
    assert.equal(readFileSync(calls, 'utf8').match(/--method POST/g)?.length, 1, 'one comment per pull request');
    assert.ok(!readFileSync(calls, 'utf8').includes('comments/666'), 'a comment by another author is never updated');
    // The repository is left as it was, but for the preview folder the action was asked to write.
    assert.equal(git(work, 'status', '--porcelain'), '?? apidesc-preview/\n');
  });

  const env = (bin: string, extra: Record<string, string> = {}) => ({
    PATH: `${bin}:${process.env.PATH}`,
    APIDESC_DOCS: `${process.execPath} ${join(ROOT, 'bin/apidesc-docs.mjs')}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    ...extra,
  });
  const github = { base_ref: 'main', 'event.number': '7', repository: 'example/orders', token: 'not-a-token' };

  it("a fork's read-only token: the review goes to the job summary with a notice, and the verdict still fails the job; the pull request's own diffSeverity does not apply", () => {
    // The pull request also lowers the severity of its own change in its branch's configuration.
    const { work, bin, calls } = repositories({ 'apidesc-docs.config.json': JSON.stringify({ diffSeverity: { 'schema-enum-value-added': 'info' } }) });
    const run = runAction(work, { path: 'api' }, github, env(bin, { GH_READ_ONLY: '1' }));
    assert.equal(run.codes.get('comment'), 0, run.log);
    assert.match(run.log, /::notice title=Review not commented::the review could not be commented: the review is in the job summary/);
    assert.match(readFileSync(calls, 'utf8'), /--method POST/);
    assert.equal(run.failed, 'verdict', run.log);
    // Its change is breaking as the base says, and so is its change of the setting.
    assert.equal(run.outputs.get('diff')!.breaking, '2');
    const summary = run.summary();
    assert.match(summary, /#### Breaking \(2\)/);
    assert.match(summary, /severity for schema\\-enum\\-value\\-added set to info/);
    assert.match(run.log, /::error title=Breaking API change::2 breaking change/);
  });

  it('a head that validate rejects: the preview is built, the comment says "Not compared", and the job fails', () => {
    const invalid = JSON.stringify(api({ payload: { type: 'object', properties: { status: { enum: { placed: 1 } } } } }), null, 2);
    const { work, bin, calls } = repositories({ 'api/orders.json': invalid });
    const run = runAction(work, { path: 'api' }, github, env(bin));
    assert.equal(run.codes.get('validate'), 0, run.log);
    assert.ok(existsSync(join(work, 'apidesc-preview/index.html')), 'the preview is built, showing the errors');
    assert.equal(run.outputs.get('diff')!.compared, 'false');
    assert.equal(run.outputs.get('diff')!.breaking, '');
    const review = readFileSync(run.outputs.get('diff')!.review!, 'utf8');
    assert.match(review, /^### API change review\n\n\*\*Not compared\*\*: the head has errors/);
    assert.match(review, /`api\/orders\.json:\d+:\d+`/);
    assert.match(readFileSync(calls, 'utf8'), /--method POST/);
    assert.equal(run.failed, 'verdict', run.log);
    assert.match(run.log, /::error title=API change not reviewed::/);
  });

  it('runs no configuration module from the pull request: an apidesc-docs.config.mjs, or a config input that is not JSON or YAML, stops it first', () => {
    const { work, bin } = repositories({
      'apidesc-docs.config.mjs': 'import { writeFileSync } from "node:fs"; writeFileSync("ran", "");\nexport default {};\n',
    });
    const run = runAction(work, { path: 'api' }, github, env(bin));
    assert.equal(run.failed, 'setup', run.log);
    assert.equal(run.codes.get('setup'), 2);
    assert.match(run.log, /apidesc-docs\.config\.mjs is code from the pull request's branch, and the action runs none/);
    assert.ok(!existsSync(join(work, 'ran')));
    const named = runAction(work, { path: 'api', config: 'apidesc-docs.config.mjs' }, github, env(bin));
    assert.equal(named.failed, 'setup');
    assert.match(named.log, /config must be a \.json, \.yaml or \.yml file/);
  });

  it('refuses a version that is not a version or a tag', () => {
    const { work, bin } = repositories();
    const run = runAction(
      work,
      { path: 'api', version: 'latest; rm -rf /' },
      { base_ref: 'main', 'event.number': '7' },
      { PATH: `${bin}:${process.env.PATH}` },
    );
    assert.equal(run.failed, 'setup');
    assert.equal(run.codes.get('setup'), 2);
  });
});
