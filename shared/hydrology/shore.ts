/**
 * Shore wetness for the engine masks: 1 on water (depth > 0) and fading linearly to 0 at
 * `distance` metres from the nearest wet vertex (straight-line distance between vertices), 0 beyond.
 * The distance is an exact Euclidean distance transform (Felzenszwalb & Huttenlocher 2012: the lower
 * envelope of parabolas, one pass down the columns and one along the rows), O(vertices).
 */
import type { HydrologyGrid } from './grid';

/** How far from the water the shore mask reaches by default, metres. */
export const SHORE_DISTANCE_M = 20;

/** Squared distances along one line through the lower envelope of parabolas (f: squared distances so far). */
function envelope(f: Float64Array, n: number, out: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    out[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
  }
}

/**
 * Wetness 0…1 per vertex from the water depth (metres, > 0 where wet). Squared distances beyond the
 * reach are capped, so a float32 holds every one that matters exactly.
 */
export function shoreWetness(grid: HydrologyGrid, depth: Float32Array, distance = SHORE_DISTANCE_M): Float32Array {
  const { width, depth: rows, cellSize } = grid;
  const reach = distance / cellSize;
  const far = (Math.ceil(reach) + 2) ** 2;
  const squared = new Float32Array(width * rows);
  const line = Math.max(width, rows);
  const f = new Float64Array(line);
  const d = new Float64Array(line);
  const v = new Int32Array(line);
  const z = new Float64Array(line + 1);
  // A line with no water (or none within reach) is far all along: the envelope would say so, at a cost.
  for (let i = 0; i < width; i++) {
    let wet = false;
    for (let j = 0; j < rows; j++) {
      const w = depth[j * width + i] > 0;
      f[j] = w ? 0 : 1e20;
      wet ||= w;
    }
    if (!wet) {
      for (let j = 0; j < rows; j++) squared[j * width + i] = far;
      continue;
    }
    envelope(f, rows, d, v, z);
    for (let j = 0; j < rows; j++) squared[j * width + i] = Math.min(far, d[j]);
  }
  const out = new Float32Array(width * rows);
  for (let j = 0; j < rows; j++) {
    const at = j * width;
    let near = false;
    for (let i = 0; i < width; i++) {
      const n = squared[at + i] < far;
      f[i] = n ? squared[at + i] : 1e20;
      near ||= n;
    }
    if (!near) continue;
    envelope(f, width, d, v, z);
    for (let i = 0; i < width; i++) {
      const metres = Math.sqrt(d[i]) * cellSize;
      out[at + i] = metres >= distance ? 0 : 1 - metres / distance;
    }
  }
  return out;
}
