// A small seeded random generator (mulberry32): the same seed gives the same sequence, so generated files stay
// byte for byte the same between builds (scripts/postman.mjs) and a failing generated case can be replayed from
// its seed (test/docs/breaking.test.ts). Kept by hand: the Postman files are generated from this exact sequence.

/**
 * A function returning numbers in [0, 1), like Math.random, drawn from `seed`.
 * @param {number} seed
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
