/**
 * A seeded Math.random for the property tests, installed before any library reads it: avsc seeds
 * its random values from Math.random when it is loaded, so instances (and so the test) are the
 * same on every run. Import it first.
 */
let state = 0x2f6b_c3a1;
Math.random = (): number => {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
