/** Height and slope bands as weights 0…1 per vertex: layer masks and the fluvial layer's uplift mask share them. */
import { smoothstep01 } from '../smoothstep';

export type BandMask = { kind: 'height'; min: number; max: number; softness: number } | { kind: 'slope'; minDeg: number; maxDeg: number; softness: number };

/** 1 inside [lo, hi], fading to 0 over `softness` beyond either end. */
export function band(v: number, lo: number, hi: number, softness: number): number {
  if (v >= lo && v <= hi) return 1;
  const d = v < lo ? lo - v : v - hi;
  return softness > 0 && d < softness ? smoothstep01(1 - d / softness) : 0;
}

/** Slope in degrees at vertex (i, j) of the heights (central differences, one-sided at the edges). */
export function slopeDegAt(heights: Float32Array, size: { width: number; depth: number; cellSize: number }, i: number, j: number): number {
  const { width, depth, cellSize } = size;
  const il = Math.max(0, i - 1);
  const ir = Math.min(width - 1, i + 1);
  const jl = Math.max(0, j - 1);
  const jr = Math.min(depth - 1, j + 1);
  const gx = (heights[j * width + ir] - heights[j * width + il]) / ((ir - il) * cellSize);
  const gz = (heights[jr * width + i] - heights[jl * width + i]) / ((jr - jl) * cellSize);
  return (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
}

/** A band mask's weight at vertex (i, j) of the heights it reads. */
export function bandWeightAt(mask: BandMask, input: Float32Array, size: { width: number; depth: number; cellSize: number }, i: number, j: number): number {
  return mask.kind === 'height'
    ? band(input[j * size.width + i], mask.min, mask.max, mask.softness)
    : band(slopeDegAt(input, size, i, j), mask.minDeg, mask.maxDeg, mask.softness);
}
