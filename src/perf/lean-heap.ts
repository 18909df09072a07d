/**
 * V8 settings for the build's child processes (model and renderer), which hold a large document
 * and churn through short-lived objects (rendered pages, highlighted code).
 *
 * With V8's defaults, such a process's memory is mostly heap it grew into, not heap it uses: the
 * young generation grows to 2 × 64 MB, and the old generation up to four times its live size
 * before a full collection, after which the freed pages stay pooled. At 2000 channels the model
 * process used 160 MB of live heap and 1.2 GB of memory. With a 16 MB young generation and a
 * full collection once the old generation has grown by half, it peaks at 0.62 GB in the same
 * time (bench/README.md). Both flags exist from Node 22.18 (the oldest Node this tool supports)
 * on; they only tune the collector, so a process still gets all the memory it needs.
 */
export const LEAN_HEAP_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];

/**
 * For a model process that holds a portal's summaries while it makes its pages (a shard, or a
 * portal whose first pass goes one document at a time: src/pipeline/portal-first-pass.ts). Its
 * live heap is large and lasts the whole build (about 1 GB for a shard of 500 APIs of 100
 * channels), so growing by half before each full collection made the process half a gigabyte
 * larger than what it used: a full collection once the old generation grew by 30 % instead
 * (bench/README.md, "Portals, ninth round").
 */
export const PORTAL_MODEL_HEAP_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=30'];
