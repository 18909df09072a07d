/**
 * The parts of a process's time (`build --timings`): a part measured inside another counts once,
 * in itself; processor time is the thread's own, so that time spent waiting is elapsed time only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moment, threadCpuMs, Timings } from './timings.ts';

/** Keeps the processor busy for about `ms` of its own time. */
function spin(ms: number): void {
  const until = threadCpuMs() + ms;
  while (threadCpuMs() < until);
}

describe('Timings', () => {
  it('counts a part measured inside another once, in itself, and leaves it out of the outer part', () => {
    const timings = new Timings();
    timings.measure('outer', () => {
      spin(30);
      timings.measure('inner', () => spin(60));
      spin(30);
    });
    const byName = new Map(timings.list().map((t) => [t.name, t]));
    const outer = byName.get('outer');
    const inner = byName.get('inner');
    assert.ok(inner!.cpuMs >= 55 && inner!.cpuMs < 120, `inner ${inner!.cpuMs} ms`);
    assert.ok(outer!.cpuMs >= 55 && outer!.cpuMs < 120, `outer ${outer!.cpuMs} ms, the inner part left out`);
    assert.ok(outer!.wallMs >= outer!.cpuMs - 5, 'elapsed at least the processor time');
  });

  it('adds the runs of a part, and time measured elsewhere', () => {
    const timings = new Timings();
    for (let i = 0; i < 3; i++) timings.measure('part', () => spin(10));
    timings.add('part', 100, 7);
    const [part] = timings.list();
    assert.ok(part!.cpuMs >= 37, `${part!.cpuMs} ms`);
    assert.ok(part!.wallMs >= 100);
  });

  it('counts time waited as elapsed time, not processor time', async () => {
    const timings = new Timings();
    await timings.measureAsync('waiting', () => new Promise((done) => setTimeout(done, 200)));
    const [waiting] = timings.list();
    assert.ok(waiting!.wallMs >= 190, `${waiting!.wallMs} ms elapsed`);
    assert.ok(waiting!.cpuMs < 100, `${waiting!.cpuMs} ms of processor time for a wait`);
  });

  it('counts a part that throws, and notes the first moment of each mark', () => {
    const timings = new Timings();
    assert.throws(() => timings.measure('failing', () => spin(5) ?? assert.fail('stop')));
    assert.equal(timings.list()[0]?.name, 'failing');
    const before = moment();
    timings.mark('m');
    timings.mark('m');
    const noted = timings.marks().m!;
    assert.ok(noted >= before && noted <= moment());
  });
});
