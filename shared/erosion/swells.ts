/**
 * Swells and hollows in a rock surface (the fluvial layer's optional `swells`): smooth value noise of
 * three octaves (spacing, ½, ¼; weights 1, ½, ¼) whose lattices are turned off the grid's rows, columns
 * and diagonals, scaled to ±height/2 about the surface. On a sandstone plateau (Colorado Plateau
 * slickrock) the bare rock rises and falls over tens of metres; the hollows gather the rain, so the
 * rivers that cut into the plateau branch along them instead of running off a smooth sheet in
 * parallel rills. Seeded, integer hashing only: the same bytes on every machine.
 */

import { smoothValueNoise } from './valueNoise';

/** The octaves' lattice angles (degrees): off 0°, 45° and 90°, and off each other. */
const OCTAVE_TURNS_DEG = [17, 61, 106];
const OCTAVE_WEIGHTS = [1, 0.5, 0.25];
const WEIGHT_SUM = OCTAVE_WEIGHTS.reduce((a, b) => a + b, 0);

/** Smooth value noise at world (x, z) metres on a lattice turned by (c, s) = (cos, sin) and `spacing` metres apart, in [0, 1). */
function octave(x: number, z: number, spacing: number, c: number, s: number, seed: number): number {
  const u = (x * c + z * s) / spacing;
  const v = (z * c - x * s) / spacing;
  return smoothValueNoise(u, v, seed);
}

/**
 * The swells' offset (metres, −height/2 … height/2) per vertex of a `width` × `depth` grid of
 * `cellSize` metres, vertex (0, 0) at the origin.
 */
export function swellOffsets(width: number, depth: number, cellSize: number, height: number, spacing: number, seed: number): Float64Array {
  const out = new Float64Array(width * depth);
  const cos = OCTAVE_TURNS_DEG.map((deg) => Math.cos((deg * Math.PI) / 180));
  const sin = OCTAVE_TURNS_DEG.map((deg) => Math.sin((deg * Math.PI) / 180));
  for (let j = 0, k = 0; j < depth; j++) {
    const z = j * cellSize;
    for (let i = 0; i < width; i++, k++) {
      const x = i * cellSize;
      let sum = 0;
      for (let o = 0; o < OCTAVE_WEIGHTS.length; o++) sum += OCTAVE_WEIGHTS[o] * octave(x, z, spacing / 2 ** o, cos[o], sin[o], seed + o);
      out[k] = height * (sum / WEIGHT_SUM - 0.5);
    }
  }
  return out;
}
