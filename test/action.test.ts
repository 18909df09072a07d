/**
 * The GitHub Action (action.yml) run step by step as the runner runs a composite action
 * (test/action-runner.ts), in a temporary git repository with two commits: the base branch, and a
 * pull request that adds an enum value to a message the API sends. apidesc-docs runs from the
 * action's folder (this checkout), and `gh` is a stand-in that records the comment calls.
 * test/action-hostile.test.ts tries to forge the verdict.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { api } from './diff-fixture.ts';
import { git, jobEnv, PULL_REQUEST, recordingNpx, repositories, ROOT, runAction, type Repositories } from './action-runner.ts';

const job = (repos: Repositories, inputs: Record<string, string>, env: Record<string, string> = {}, github: Record<string, string> = PULL_REQUEST) => ({
  workspace: repos.workspace,
  actionPath: ROOT,
  runnerTemp: repos.runnerTemp,
  inputs,
  github,
  env: jobEnv(repos, env),
});

describe('the GitHub Action', () => {
  it('validates, reviews the change against the base branch, comments once, fails on a breaking change, and then builds the preview', async () => {
    const repos = repositories();
    const { workspace: work, calls } = repos;
    const npx = recordingNpx(repos);
    const first = await runAction(job(repos, { path: 'api', 'preview-url': 'https://previews.example.com/pr-7/' }));
    assert.equal(first.failed, 'verdict', first.log);
    assert.deepEqual(first.ran, ['setup', 'validate', 'base', 'diff', 'comment', 'verdict', 'preview'], 'the preview is built last, after the verdict');
    assert.equal(first.outcomes.get('preview'), 'success', first.log);
    assert.equal(first.codes.get('validate'), 0, first.log);
    assert.ok(!existsSync(npx), 'apidesc-docs comes from the action, never from a registry');
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
    assert.equal(first.outputs.get('diff')!.compared, 'true');
    const review = readFileSync(first.outputs.get('diff')!.review!, 'utf8');
    assert.match(review, /#### Breaking \(1\)/);
    assert.match(review, /receivers built on the old schema reject status \\"refunded\\"/);
    assert.match(review, /https:\/\/previews\.example\.com\/pr-7\/channels\/orders\/messages\/orderplaced\//);
    assert.match(review, /<!-- apidesc-docs-review -->\n$/);
    assert.match(readFileSync(calls, 'utf8'), /^api --method POST repos\/example\/orders\/issues\/7\/comments -F body=@/m);
    assert.match(first.log, /::error title=Breaking API change::1 breaking change/);
    // What apidesc-docs prints quotes the branch: no line of it is taken for a workflow command.
    for (const step of ['validate', 'diff', 'preview']) {
      assert.match(first.log, new RegExp(`--- ${step} \\(\\d+\\)\n::stop-commands::([0-9a-f]{32})\n(?:[\\s\\S]*?\n)?::\\1::\n`), step);
    }
    // Nothing the action computed reaches the job's later steps through $GITHUB_ENV.
    assert.deepEqual(first.envAfter, {});
    assert.deepEqual(first.pathAfter, []);

    // The comment planted by someone else with the marker is neither updated nor taken for ours.
    assert.ok(!readFileSync(calls, 'utf8').includes('comments/666'), 'a comment by another author is never updated');

    // The next push: the same comment is updated, and with fail-on-breaking false the job passes.
    const second = await runAction(job(repos, { path: 'api', 'fail-on-breaking': 'false' }));
    assert.equal(second.failed, undefined, second.log);
    assert.equal(second.codes.get('verdict'), 0);
    assert.match(readFileSync(calls, 'utf8'), /^api --method PATCH repos\/example\/orders\/issues\/comments\/4242 -F body=@/m);
    assert.equal(readFileSync(calls, 'utf8').match(/--method POST/g)?.length, 1, 'one comment per pull request');
    assert.ok(!readFileSync(calls, 'utf8').includes('comments/666'), 'a comment by another author is never updated');
    // The repository is left as it was, but for the preview folder the action was asked to write.
    assert.equal(git(work, 'status', '--porcelain'), '?? apidesc-preview/\n');
  });

  it("a fork's read-only token: the review goes to the job summary with a notice, and the verdict still fails the job; the pull request's own diffSeverity does not apply", async () => {
    // The pull request also lowers the severity of its own change in its branch's configuration.
    const repos = repositories({ 'apidesc-docs.config.json': JSON.stringify({ diffSeverity: { 'schema-enum-value-added': 'info' } }) });
    const run = await runAction(job(repos, { path: 'api', preview: 'false' }, { GH_READ_ONLY: '1' }));
    assert.equal(run.codes.get('comment'), 0, run.log);
    assert.match(run.log, /::notice title=Review not commented::the review could not be commented: the review is in the job summary/);
    assert.match(readFileSync(repos.calls, 'utf8'), /--method POST/);
    assert.equal(run.failed, 'verdict', run.log);
    assert.equal(run.outcomes.get('preview'), 'skipped', 'preview: false builds nothing');
    assert.ok(!existsSync(join(repos.workspace, 'apidesc-preview')));
    // Its change is breaking as the base says, and so is its change of the setting.
    assert.equal(run.outputs.get('diff')!.breaking, '2');
    assert.match(run.summary, /#### Breaking \(2\)/);
    assert.match(run.summary, /severity for schema\\-enum\\-value\\-added set to info/);
    assert.match(run.log, /::error title=Breaking API change::2 breaking change/);
  });

  it('a head that validate rejects: the comment says "Not compared", the job fails, and the preview is built to show the errors', async () => {
    const invalid = JSON.stringify(api({ payload: { type: 'object', properties: { status: { enum: { placed: 1 } } } } }), null, 2);
    const repos = repositories({ 'api/orders.json': invalid });
    const run = await runAction(job(repos, { path: 'api' }));
    assert.equal(run.codes.get('validate'), 0, run.log);
    assert.equal(run.outputs.get('diff')!.compared, 'false');
    assert.equal(run.outputs.get('diff')!.breaking, '');
    const review = readFileSync(run.outputs.get('diff')!.review!, 'utf8');
    assert.match(review, /^### API change review\n\n\*\*Not compared\*\*: the head has errors/);
    assert.match(review, /`api\/orders\.json:\d+:\d+`/);
    assert.match(readFileSync(repos.calls, 'utf8'), /--method POST/);
    assert.equal(run.failed, 'verdict', run.log);
    assert.match(run.log, /::error title=API change not reviewed::/);
    assert.equal(run.outcomes.get('preview'), 'success', run.log);
    assert.ok(existsSync(join(repos.workspace, 'apidesc-preview/index.html')), 'the preview is built, showing the errors');
  });

  it('runs no configuration module from the pull request: an apidesc-docs.config.mjs, or a config input that is not JSON or YAML, stops it first', async () => {
    const repos = repositories({
      'apidesc-docs.config.mjs': 'import { writeFileSync } from "node:fs"; writeFileSync("ran", "");\nexport default {};\n',
    });
    const run = await runAction(job(repos, { path: 'api' }));
    assert.equal(run.failed, 'setup', run.log);
    assert.equal(run.codes.get('setup'), 2);
    assert.deepEqual(run.ran, ['setup'], 'nothing else runs, the preview neither');
    assert.match(run.log, /apidesc-docs\.config\.mjs is code from the pull request's branch, and the action runs none/);
    assert.ok(!existsSync(join(repos.workspace, 'ran')));
    const named = await runAction(job(repos, { path: 'api', config: 'apidesc-docs.config.mjs' }));
    assert.equal(named.failed, 'setup');
    assert.match(named.log, /config must be a \.json, \.yaml or \.yml file/);
  });

  it('refuses a version other than its own, and a switch that is neither true nor false', async () => {
    const repos = repositories();
    const refused: Record<string, string>[] = [{ version: 'latest; rm -rf /' }, { version: '0.0.1' }, { 'fail-on-breaking': 'yes' }, { preview: 'no' }];
    for (const inputs of refused) {
      const run = await runAction(job(repos, { path: 'api', ...inputs }, {}, { base_ref: 'main', 'event.number': '7' }));
      assert.equal(run.failed, 'setup', JSON.stringify(inputs));
      assert.equal(run.codes.get('setup'), 2);
      assert.deepEqual(run.ran, ['setup']);
    }
    const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
    const pinned = await runAction(job(repos, { path: 'api', version: own, preview: 'false' }));
    assert.equal(pinned.outputs.get('diff')!.breaking, '1', pinned.log);
  });
});
