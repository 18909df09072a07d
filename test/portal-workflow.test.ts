/**
 * The example workflow of a sharded portal (examples/portal-shards.yml): its matrix, artifacts,
 * cache and jobs agree with the command line's flags, and its commands, run here as the runner
 * runs them (each shard's folder moved where download-artifact puts it), make the site a build
 * of the whole makes.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { runIn, tempTree } from './helpers.ts';
import { CORPUS } from './corpus-location.ts';
import { assertSameSite } from './same-site.ts';

const WORKFLOW = resolve(import.meta.dirname, '../examples/portal-shards.yml');

interface Step {
  uses?: string;
  run?: string;
  id?: string;
  with?: Record<string, string | number | boolean>;
}
interface Job {
  needs?: string | string[];
  'runs-on': string;
  'timeout-minutes'?: number;
  strategy?: { matrix: { shard: number[] } };
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const { shard, merge, deploy } = workflow.jobs as { shard: Job; merge: Job; deploy: Job };
const runOf = (job: Job, command: string): string => {
  const step = job.steps.find((s) => s.run?.startsWith(`npx apidesc-docs ${command} `));
  assert.ok(step?.run, `a step runs apidesc-docs ${command}`);
  return step.run;
};
const usesOf = (job: Job, action: string): Step => {
  const step = job.steps.find((s) => s.uses?.startsWith(`${action}@`));
  assert.ok(step, `a step uses ${action}`);
  return step;
};
/** The matrix's shard in a command line read without one. */
const MATRIX_SHARD = '<matrix.shard>';
/** The workflow's expression of the matrix's shard (GitHub's syntax, not a template string's). */
const SHARD_EXPRESSION = ['$', '{{ matrix.shard }}'].join('');
/** A value of the workflow, its matrix's shard written as argsOf writes it. */
const workflowValue = (value: unknown): string => String(value).replaceAll(SHARD_EXPRESSION, MATRIX_SHARD);
/** A command line's arguments after `npx apidesc-docs`, the matrix's shard `shardNumber` when given. */
const argsOf = (run: string, shardNumber?: number): string[] =>
  run
    .replaceAll(SHARD_EXPRESSION, shardNumber === undefined ? MATRIX_SHARD : String(shardNumber))
    .trim()
    .split(/\s+/)
    .slice(2);
const flag = (args: string[], name: string): string => {
  const at = args.indexOf(name);
  assert.ok(at >= 0 && args[at + 1] !== undefined, `${name} is given: ${args.join(' ')}`);
  return args[at + 1]!;
};

describe('the example workflow of a portal in shards', () => {
  const shards = shard.strategy?.matrix.shard ?? [];
  const count = shards.length;

  it('runs shards 1 to n, each building its own --shard i/n into the folder it uploads, with the hidden files', () => {
    assert.ok(count >= 2);
    assert.deepEqual(
      shards,
      Array.from({ length: count }, (_, i) => i + 1),
    );
    const build = argsOf(runOf(shard, 'build'));
    assert.equal(flag(build, '--shard'), `${MATRIX_SHARD}/${count}`);
    const upload = usesOf(shard, 'actions/upload-artifact');
    assert.equal(workflowValue(upload.with?.path), flag(build, '--out'));
    assert.equal(workflowValue(upload.with?.name), flag(build, '--out'));
    // The stamp merge checks (.apidesc-docs) and .well-known/ are hidden files.
    assert.equal(upload.with?.['include-hidden-files'], true);
    // The build cache is the folder actions/cache keeps, per shard.
    const cache = usesOf(shard, 'actions/cache');
    assert.equal(cache.with?.path, flag(build, '--cache'));
    assert.ok(String(cache.with?.key).includes(SHARD_EXPRESSION), 'a cache per shard');
    assert.ok(shard.steps.indexOf(cache) < shard.steps.indexOf(shard.steps.find((s) => s.run?.includes(' build '))!), 'the cache is restored before the build');
  });

  it('merges every shard once all have run, and publishes what merge wrote once it has', () => {
    assert.deepEqual([merge.needs].flat(), ['shard']);
    const download = usesOf(merge, 'actions/download-artifact');
    assert.equal(download.with?.pattern, 'shard-*');
    const args = argsOf(runOf(merge, 'merge'));
    const folders = args.slice(1, args.indexOf('--out'));
    assert.deepEqual(
      folders,
      shards.map((i) => `${download.with?.path}/shard-${i}`),
    );
    assert.equal(usesOf(merge, 'actions/upload-pages-artifact').with?.path, flag(args, '--out'));
    assert.deepEqual([deploy.needs].flat(), ['merge']);
    assert.deepEqual(deploy.permissions, { pages: 'write', 'id-token': 'write' });
    usesOf(deploy, 'actions/deploy-pages');
    for (const job of [shard, merge, deploy]) assert.ok(job['timeout-minutes'], 'every job has a time bound');
  });

  describe('its commands, run here', { timeout: 600_000 }, () => {
    let dir = '';
    before(() => {
      const corpus = (name: string): string => readFileSync(join(CORPUS, 'valid', name), 'utf8');
      dir = tempTree({
        'apis/rpc-client.yaml': corpus('spec-rpc-client.yaml'),
        'apis/rpc-server.yaml': corpus('spec-rpc-server.yaml'),
        'apis/fifo-orders.yaml': corpus('bindings-sns-fifo-orders.yaml'),
        'apis/sqs-consumer.yaml': corpus('bindings-sns-sqs-consumer.yaml'),
        'apis/slack.yaml': corpus('spec-slack-rtm.yaml'),
      });
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('make the site of a build of the whole', async () => {
      const whole = await runIn(dir, ['build', 'apis', '--out', 'whole', '--cache', 'whole-cache']);
      assert.equal(whole.code, 0, whole.err);
      const download = String(usesOf(merge, 'actions/download-artifact').with?.path);
      for (const i of shards) {
        const args = argsOf(runOf(shard, 'build'), i);
        const built = await runIn(dir, args);
        assert.equal(built.code, 0, built.err);
        // download-artifact puts each artifact into a folder of its name.
        mkdirSync(join(dir, download), { recursive: true });
        renameSync(join(dir, flag(args, '--out')), join(dir, download, `shard-${i}`));
      }
      const mergeArgs = argsOf(runOf(merge, 'merge'));
      const merged = await runIn(dir, mergeArgs);
      assert.equal(merged.code, 0, merged.err);
      assertSameSite(join(dir, flag(mergeArgs, '--out')), join(dir, 'whole'));
    });
  });
});
