/** Mask weights (0…1 per vertex) from a layer's mask and the heights it receives. */
import { isFiniteNumber, smoothstep01 } from './kind';
import type { LayerMask, LayerSize } from './types';

/** How far (vertices) a mask looks around a vertex: a slope needs its neighbours. */
export const maskRadius = (mask: LayerMask | undefined): number => (mask?.kind === 'slope' ? 1 : 0);

/** 1 inside [lo, hi], fading to 0 over `softness` beyond either end. */
function band(v: number, lo: number, hi: number, softness: number): number {
  if (v >= lo && v <= hi) return 1;
  const d = v < lo ? lo - v : v - hi;
  return softness > 0 && d < softness ? smoothstep01(1 - d / softness) : 0;
}

/** Slope in degrees at vertex (i, j) of the heights (central differences, one-sided at the edges). */
export function slopeDegAt(heights: Float32Array, size: LayerSize, i: number, j: number): number {
  const { width, depth, cellSize } = size;
  const il = Math.max(0, i - 1);
  const ir = Math.min(width - 1, i + 1);
  const jl = Math.max(0, j - 1);
  const jr = Math.min(depth - 1, j + 1);
  const gx = (heights[j * width + ir] - heights[j * width + il]) / ((ir - il) * cellSize);
  const gz = (heights[jr * width + i] - heights[jl * width + i]) / ((jr - jl) * cellSize);
  return (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
}

export function maskWeightAt(mask: LayerMask, input: Float32Array, size: LayerSize, i: number, j: number): number {
  switch (mask.kind) {
    case 'painted':
      return mask.weights[j * size.width + i];
    case 'height':
      return band(input[j * size.width + i], mask.min, mask.max, mask.softness);
    case 'slope':
      return band(slopeDegAt(input, size, i, j), mask.minDeg, mask.maxDeg, mask.softness);
  }
}

export function maskProblem(mask: LayerMask, size: LayerSize): string | null {
  switch (mask.kind) {
    case 'painted': {
      const n = size.width * size.depth;
      if (!(mask.weights instanceof Float32Array) || mask.weights.length !== n) {
        return `painted mask must hold ${n} weights for a ${size.width} × ${size.depth} map, it holds ${mask.weights instanceof Float32Array ? mask.weights.length : 0}`;
      }
      for (let k = 0; k < n; k++) if (!(mask.weights[k] >= 0 && mask.weights[k] <= 1)) return `painted mask weight ${k} is ${mask.weights[k]}, outside 0…1`;
      return null;
    }
    case 'height':
      return isFiniteNumber(mask.min) && isFiniteNumber(mask.max) && mask.min <= mask.max && isFiniteNumber(mask.softness) && mask.softness >= 0
        ? null
        : 'height mask needs finite min ≤ max and softness ≥ 0';
    case 'slope':
      return isFiniteNumber(mask.minDeg) && isFiniteNumber(mask.maxDeg) && mask.minDeg >= 0 && mask.minDeg <= mask.maxDeg && mask.maxDeg <= 90 && isFiniteNumber(mask.softness) && mask.softness >= 0
        ? null
        : 'slope mask needs 0 ≤ minDeg ≤ maxDeg ≤ 90 and softness ≥ 0';
    default:
      return `mask kind ${JSON.stringify((mask as { kind: unknown }).kind)} is unknown (known: painted, height, slope)`;
  }
}
