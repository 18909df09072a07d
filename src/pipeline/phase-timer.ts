/** Wall time of the phases of a command, for the summary line ("validate 1.9 s, pages 20.1 s, …"). */
export class PhaseTimer {
  private readonly phases: { name: string; ms: number }[] = [];
  private readonly started = performance.now();
  private last = this.started;

  /** Ends the phase that ran since the previous call (or since construction). */
  end(name: string): void {
    const now = performance.now();
    this.phases.push({ name, ms: now - this.last });
    this.last = now;
  }

  /** Records a phase of `ms` that ran elsewhere (another process) from the previous mark on. */
  split(name: string, ms: number): void {
    this.phases.push({ name, ms });
    this.last += ms;
  }

  totalMs(): number {
    return performance.now() - this.started;
  }

  /** e.g. "12.3 s (validate 1.9 s, model 0.8 s, pages 8.1 s, search 1.5 s)" */
  summary(): string {
    const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
    return `${s(this.totalMs())} (${this.phases.map((p) => `${p.name} ${s(p.ms)}`).join(', ')})`;
  }
}
