/** Mask weights (0…1 per vertex) from a layer's mask and the heights it receives. */
import { isFiniteNumber } from './kind';
import { bandWeightAt } from '../terrain/bandMask';
import type { LayerMask, LayerSize } from './types';

/** How far (vertices) a mask looks around a vertex: a slope needs its neighbours. */
export const maskRadius = (mask: LayerMask | undefined): number => (mask?.kind === 'slope' ? 1 : 0);

export { slopeDegAt } from '../terrain/bandMask';

export function maskWeightAt(mask: LayerMask, input: Float32Array, size: LayerSize, i: number, j: number): number {
  switch (mask.kind) {
    case 'painted':
      return mask.weights[j * size.width + i];
    case 'height':
    case 'slope':
      return bandWeightAt(mask, input, size, i, j);
  }
}

export function maskProblem(mask: LayerMask, size: LayerSize): string | null {
  switch (mask.kind) {
    case 'painted': {
      const n = size.width * size.depth;
      if (!(mask.weights instanceof Float32Array) || mask.weights.length !== n) {
        return (
          `painted mask must hold ${n} weights for a ${size.width} × ${size.depth} map, it ` +
          `holds ${mask.weights instanceof Float32Array ? mask.weights.length : 0}`
        );
      }
      for (let k = 0; k < n; k++) if (!(mask.weights[k] >= 0 && mask.weights[k] <= 1)) return `painted mask weight ${k} is ${mask.weights[k]}, outside 0…1`;
      return null;
    }
    case 'height':
      return isFiniteNumber(mask.min) && isFiniteNumber(mask.max) && mask.min <= mask.max && isFiniteNumber(mask.softness) && mask.softness >= 0
        ? null
        : 'height mask needs finite min ≤ max and softness ≥ 0';
    case 'slope':
      return isFiniteNumber(mask.minDeg) &&
        isFiniteNumber(mask.maxDeg) &&
        mask.minDeg >= 0 &&
        mask.minDeg <= mask.maxDeg &&
        mask.maxDeg <= 90 &&
        isFiniteNumber(mask.softness) &&
        mask.softness >= 0
        ? null
        : 'slope mask needs 0 ≤ minDeg ≤ maxDeg ≤ 90 and softness ≥ 0';
    default:
      return `mask kind ${JSON.stringify((mask as { kind: unknown }).kind)} is unknown (known: painted, height, slope)`;
  }
}
