/**
 * Seeded PRNG (sfc32, seeded by splitmix32 from a 32-bit seed). Integer arithmetic only, so the same
 * seed yields the same sequence on every JavaScript runtime and machine.
 */
export interface Random {
  /** Uniform in [0, 1) with 32 random bits. */
  next(): number;
  /** Raw generator state, to resume the same sequence later. */
  state(): [number, number, number, number];
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number, resumeState?: readonly [number, number, number, number]): Random {
  let a: number, b: number, c: number, d: number;
  if (resumeState) {
    [a, b, c, d] = resumeState;
  } else {
    const mix = splitmix32(seed);
    a = mix();
    b = mix();
    c = mix();
    d = mix();
  }
  const nextUint32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  if (!resumeState) for (let k = 0; k < 12; k++) nextUint32();
  return {
    next: () => nextUint32() / 4294967296,
    state: () => [a, b, c, d],
  };
}

/** A fresh random seed for the "new seed" button (not for reproducible work). */
export function seedFromNumber(value: number): number {
  return (Math.floor(Math.abs(value) * 4294967296) ^ 0x5bd1e995) >>> 0;
}
