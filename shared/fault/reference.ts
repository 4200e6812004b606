import type { Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { nextFaultLine, risesAt } from './lines';
import { smoothDisplacementAt, smoothScale } from './profile';
import { displacementAt, profileOf, type FaultRecipe } from './recipe';

/** Iterations [start, end) of a recipe's sequence; the whole recipe when omitted. */
export interface IterationRange {
  start: number;
  end: number;
}

/**
 * The plain fault-formation loop, O(vertices × lines): the definition every faster formation must match
 * bit for bit. Sums are kept in float64 (exact, since displacements are quantised) and stored as
 * float32 at the end, added to the heights already in the field. With a range, the PRNG is replayed
 * from the start of the sequence and only iterations [start, end) are applied (decay by absolute index).
 * With the smooth profile each vertex gets `smoothDisplacementAt` instead of ±displacement.
 */
export function referenceFaultFormation(field: Heightfield, recipe: FaultRecipe, range?: IterationRange): void {
  const { width, depth, cellSize, heights } = field;
  const start = range?.start ?? 0;
  const end = range?.end ?? recipe.iterations;
  const sums = new Float64Array(width * depth);
  const random = createRandom(recipe.seed);
  const size = { sizeX: (width - 1) * cellSize, sizeZ: (depth - 1) * cellSize };
  const profile = profileOf(recipe);
  for (let iteration = 0; iteration < end; iteration++) {
    const line = nextFaultLine(random, recipe.lineMethod, size);
    if (iteration < start) continue;
    const disp = displacementAt(recipe.decay, iteration);
    const scale = profile.kind === 'smooth' ? smoothScale(line, profile.width) : 0;
    for (let j = 0; j < depth; j++) {
      const z = (j - (depth - 1) / 2) * cellSize;
      for (let i = 0; i < width; i++) {
        const x = (i - (width - 1) / 2) * cellSize;
        sums[j * width + i] += profile.kind === 'smooth' ? smoothDisplacementAt(line, scale, disp, x, z) : risesAt(line, x, z) ? disp : -disp;
      }
    }
  }
  for (let k = 0; k < sums.length; k++) heights[k] = heights[k] + sums[k];
}
