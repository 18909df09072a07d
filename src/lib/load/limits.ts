/** Resource limits for untrusted input (issue: hostile input is handled on purpose). */
export interface LoadLimits {
  /** Largest file accepted, in bytes. Default 50 MB. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects. Later stages recurse, so this bounds their stack use. */
  maxDepth: number;
  /**
   * Most nodes a document may expand to once YAML aliases are followed. Guards against
   * "billion laughs" alias bombs, which are tiny on disk but explode when walked.
   */
  maxExpandedNodes: number;
}

export const defaultLimits: LoadLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxDepth: 500,
  maxExpandedNodes: 20_000_000,
};
