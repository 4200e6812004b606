/**
 * Smooth value noise on an integer lattice: the wall retreat's jointing and the fluvial layer's swells.
 * Integer hashing only, so the same bytes on every machine.
 */

/** Integer hash of a lattice point and seed to [0, 1) (a 32-bit mix; seed 0 hashes the point alone). */
export function latticeValue(x: number, z: number, seed = 0): number {
  let v = Math.imul(x, 0x27d4eb2d) ^ Math.imul(z, 0x165667b1) ^ Math.imul(seed, 0x2545f491);
  v = Math.imul(v ^ (v >>> 15), 0x85ebca6b);
  v = Math.imul(v ^ (v >>> 13), 0xc2b2ae35);
  return ((v ^ (v >>> 16)) >>> 0) / 4294967296;
}

/** Value noise at lattice coordinates (u, v), in [0, 1): the four corners' values blended by a smoothstep. */
export function smoothValueNoise(u: number, v: number, seed = 0): number {
  const gu = Math.floor(u);
  const gv = Math.floor(v);
  const fu = u - gu;
  const fv = v - gv;
  const su = fu * fu * (3 - 2 * fu);
  const sv = fv * fv * (3 - 2 * fv);
  const near = latticeValue(gu, gv, seed) * (1 - su) + latticeValue(gu + 1, gv, seed) * su;
  const far = latticeValue(gu, gv + 1, seed) * (1 - su) + latticeValue(gu + 1, gv + 1, seed) * su;
  return near * (1 - sv) + far * sv;
}
