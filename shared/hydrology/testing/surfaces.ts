/** Surfaces with known hydrology, and an independent depression filler, for the tests and benches. */
import { createRandom } from '../../random';
import type { HydrologyGrid } from '../grid';

/** Heights h(x, z) sampled at the vertices, x = i · cellSize, z = j · cellSize. */
export function sampled(grid: HydrologyGrid, h: (x: number, z: number) => number): Float32Array {
  const heights = new Float32Array(grid.width * grid.depth);
  for (let j = 0; j < grid.depth; j++) for (let i = 0; i < grid.width; i++) heights[j * grid.width + i] = h(i * grid.cellSize, j * grid.cellSize);
  return heights;
}

/** Rough ground with many depressions: a few broad waves plus seeded noise, metres. */
export function roughGround(grid: HydrologyGrid, seed: number, amplitude = 20): Float32Array {
  const random = createRandom(seed);
  const heights = sampled(grid, (x, z) => amplitude * (Math.sin(x / 37) * Math.cos(z / 23) + 0.5 * Math.sin((x + 2 * z) / 11)));
  for (let v = 0; v < heights.length; v++) heights[v] += Math.fround(amplitude * 0.3 * (random.next() - 0.5));
  return heights;
}

/**
 * Depression filling by iterative relaxation (Planchon & Darboux 2001), a method independent of
 * Priority-Flood: water starts everywhere at +∞ except on the edge and is lowered to
 * max(ground, lowest neighbouring water) until nothing changes.
 */
export function relaxationFill(grid: HydrologyGrid, heights: Float32Array): Float32Array {
  const { width, depth } = grid;
  const water = new Float32Array(heights.length).fill(Infinity);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) if (i === 0 || j === 0 || i === width - 1 || j === depth - 1) water[j * width + i] = heights[j * width + i];
  }
  for (let changed = true; changed;) {
    changed = false;
    for (let j = 1; j < depth - 1; j++) {
      for (let i = 1; i < width - 1; i++) {
        const v = j * width + i;
        let lowest = Infinity;
        for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) if (di || dj) lowest = Math.min(lowest, water[v + dj * width + di]);
        const next = Math.max(heights[v], lowest);
        if (next < water[v]) {
          water[v] = next;
          changed = true;
        }
      }
    }
  }
  return water;
}
