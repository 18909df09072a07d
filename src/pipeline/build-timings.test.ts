/**
 * What a build says of its time: the summary line of every build (phases on one clock; pages
 * that render beside the model say so instead of showing the few tenths left after it), and the
 * table of `--timings`, whose rows of a stage add up to the stage's processor time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BuildClock, formatTimings, SEARCH_ASKED, STAGES, type StageTimings } from './build-timings.ts';

/** A clock the test moves by hand; the build starts at 1,000,000 ms after the epoch. */
function handClock(): { clock: BuildClock; at(ms: number): void; epoch(ms: number): number } {
  const origin = 1_000_000;
  let now = origin;
  return { clock: new BuildClock(() => now), at: (ms) => void (now = origin + ms), epoch: (ms) => origin + ms };
}

const stage = (marks: Record<string, number>, cpuMs = 1000, parts: StageTimings['parts'] = []): StageTimings => ({ parts, cpuMs, wallMs: 0, marks });

describe('the summary line of a build', () => {
  it("says how much of the pages' time ran beside the model when they render as its data arrives", () => {
    const { clock, at, epoch } = handClock();
    clock.started(STAGES.render);
    clock.started(STAGES.prepare);
    at(6500);
    clock.ended(STAGES.prepare, stage({ validated: epoch(800) }));
    clock.started(STAGES.search);
    at(7000);
    clock.ended(STAGES.render, stage({ rendering: epoch(1200), rendered: epoch(6900) }));
    clock.mark(SEARCH_ASKED);
    at(9200);
    clock.ended(STAGES.search, stage({}));
    assert.equal(clock.summary(14_100), '9.2 s (validate 0.8 s, model 5.7 s, pages 5.7 s (5.3 s of it beside the model), search 2.2 s; CPU 14.1 s)');
  });

  it('says nothing of the model for pages rendered after it (large inputs)', () => {
    const { clock, at, epoch } = handClock();
    clock.started(STAGES.prepare);
    at(30_000);
    clock.ended(STAGES.prepare, stage({ validated: epoch(5000) }));
    clock.started(STAGES.render);
    clock.started(STAGES.search);
    at(52_000);
    clock.ended(STAGES.render, stage({ rendering: epoch(31_000), rendered: epoch(51_900) }));
    clock.mark(SEARCH_ASKED);
    at(70_000);
    clock.ended(STAGES.search, stage({}));
    assert.equal(clock.summary(50_000), '70.0 s (validate 5.0 s, model 25.0 s, pages 20.9 s, search 18.0 s; CPU 50.0 s)');
  });
});

describe('the table of --timings', () => {
  it('lists every stage with its parts, and what no part measured as "other", so that a stage\'s rows add up to it', () => {
    const { clock, at, epoch } = handClock();
    clock.started(STAGES.prepare);
    at(3000);
    const parts = [
      { name: 'load and validate', wallMs: 500, cpuMs: 450 },
      { name: 'model', wallMs: 1500, cpuMs: 1300 },
    ];
    clock.ended(STAGES.prepare, stage({ validated: epoch(600) }, 2000, parts));
    const table = formatTimings({ ...clock.report(2500), commandCpuMs: 200 });
    const rows = new Map(
      table
        .split('\n')
        .slice(1, -1)
        .map((line) => {
          const [, name, wall, cpu] = /^(.*?)\s+([\d.]+)?\s+([\d.]+)$/.exec(line) ?? [];
          return [name!.trim(), { wall: Number(wall), cpu: Number(cpu) }];
        }),
    );
    assert.deepEqual(rows.get('whole build'), { wall: 3, cpu: 2.5 });
    assert.deepEqual(rows.get('model process'), { wall: 3, cpu: 2 });
    assert.deepEqual(rows.get('load and validate'), { wall: 0.5, cpu: 0.45 });
    assert.deepEqual(rows.get('model'), { wall: 1.5, cpu: 1.3 });
    assert.equal(rows.get('other (garbage collection, the stage itself)')?.cpu, 0.25);
    assert.match(table, /^Wall: elapsed time/m);
  });
});
