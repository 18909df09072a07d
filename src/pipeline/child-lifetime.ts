/**
 * The build's child processes (prepare-runner.ts, render-runner.ts) end with the command that
 * started it. A command stopped by SIGINT or SIGTERM ends them itself (src/pipeline/pipeline.ts); one
 * killed outright (SIGKILL, out of memory) cannot, so each child watches the IPC channel the
 * command opened for it and exits when the command is gone, instead of writing on into a folder
 * nobody will swap in.
 */

/** Spawn option for a child that calls endWithParent(): the IPC channel it watches. */
export const CHILD_STDIO_IPC = 'ipc' as const;

/** In a child: exit as soon as the parent's channel closes. The channel alone keeps nothing alive. */
export function endWithParent(): void {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => process.exit(129));
}
