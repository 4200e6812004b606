/**
 * The 13 terrains every flood is held to (shared/hydrology/tuned.test.ts, lazyFlood.test.ts): rough
 * ground on non-square grids, terraces at 0 m and below it with −0, quantised hills with tied outlets,
 * widths that are not a multiple of 8, and grids so thin that every vertex is on the edge.
 */
import type { HydrologyGrid } from '../grid';
import { roughGround, sampled } from './surfaces';

export interface FloodCase {
  readonly name: string;
  readonly grid: HydrologyGrid;
  readonly heights: Float32Array;
}

export const FLOOD_CASES: readonly FloodCase[] = [
  ...[3, 17, 101].map((seed, n) => {
    const grid = { width: [97, 64, 130][n], depth: [83, 129, 41][n], cellSize: [1, 2.5, 0.75][n] };
    return { name: `rough ground, seed ${seed} (${grid.width} × ${grid.depth})`, grid, heights: roughGround(grid, seed) };
  }),
  // Wide flats at 0 m and a terrace: long ε chains, and ties everywhere in the queue.
  ...[{ width: 60, depth: 45, cellSize: 1 }].map((grid) => ({
    name: 'terraced flats at 0 m (60 × 45)',
    grid,
    heights: sampled(grid, (x, z) => Math.max(0, Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3))),
  })),
  // Below sea level with −0: a flat at −0 rises from 2⁻¹⁰⁰⁰ as one at 0 does.
  {
    name: 'terraces below sea level, with −0 (41 × 70)',
    grid: { width: 41, depth: 70, cellSize: 1 },
    heights: sampled({ width: 41, depth: 70, cellSize: 1 }, (x, z) => Math.min(-0, Math.round(Math.sin(x / 5) * Math.cos(z / 9) * 4) / 2)),
  },
  // 16-bit steps of 1/64 m: ties between outlets of one flat, so the queue's order among equal heights shows.
  {
    name: 'a plateau and quantised hills (88 × 60)',
    grid: { width: 88, depth: 60, cellSize: 1 },
    heights: sampled({ width: 88, depth: 60, cellSize: 1 }, (x, z) =>
      Math.min(6, Math.round(64 * (4 + 3 * Math.sin(x / 9) * Math.sin(z / 6) + 0.3 * Math.sin(x * z))) / 64),
    ),
  },
  // Widths that are not a multiple of 8: a row of neighbours straddles the bytes of the flood's bit sets.
  ...[9, 17, 23].map((width) => {
    const grid = { width, depth: 31, cellSize: 1 };
    return { name: `rough ground ${width} wide (${width} × 31)`, grid, heights: roughGround(grid, width) };
  }),
  // Grids so thin that every vertex is on the edge.
  ...[
    { width: 2, depth: 9, cellSize: 1 },
    { width: 7, depth: 2, cellSize: 1 },
    { width: 3, depth: 3, cellSize: 1 },
  ].map((grid) => ({
    name: `a thin grid (${grid.width} × ${grid.depth})`,
    grid,
    heights: roughGround(grid, 5),
  })),
];
