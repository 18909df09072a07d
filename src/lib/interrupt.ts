/**
 * What a long command does when it is asked to stop (Ctrl-C, SIGTERM from CI, a closed terminal):
 * its clean-up runs before the process exits with 128 + the signal's number, as shells expect.
 */
import { constants } from 'node:os';
import { SIGNAL_EXIT_BASE } from './exit-codes.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Longest wait for the clean-up before exiting all the same. */
const CLEANUP_MS = 10_000;

/** Runs `run`; if a stop signal arrives meanwhile, runs `cleanup` and exits. */
export async function cleanUpOnStop<T>(cleanup: () => Promise<void> | void, run: () => Promise<T>): Promise<T> {
  let stopping = false;
  const handlers = SIGNALS.map((signal) => {
    const handler = (): void => {
      if (stopping) return;
      stopping = true;
      const code = SIGNAL_EXIT_BASE + (constants.signals[signal] ?? 15);
      const timer = setTimeout(() => process.exit(code), CLEANUP_MS);
      void Promise.resolve()
        .then(cleanup)
        .catch(() => {})
        .finally(() => {
          clearTimeout(timer);
          process.exit(code);
        });
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  try {
    return await run();
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  }
}
