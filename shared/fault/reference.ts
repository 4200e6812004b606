import type { Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { nextFaultLine, risesAt } from './lines';
import { displacementAt, type FaultRecipe } from './recipe';

/**
 * The plain fault-formation loop, O(vertices × lines): the definition every faster engine must match
 * bit for bit. Sums are kept in float64 (exact, since displacements are quantised) and stored as
 * float32 at the end, added to the heights already in the field.
 */
export function referenceFaultFormation(field: Heightfield, recipe: FaultRecipe): void {
  const { width, depth, cellSize, heights } = field;
  const sums = new Float64Array(width * depth);
  const random = createRandom(recipe.seed);
  const size = { sizeX: (width - 1) * cellSize, sizeZ: (depth - 1) * cellSize };
  for (let iteration = 0; iteration < recipe.iterations; iteration++) {
    const line = nextFaultLine(random, recipe.lineMethod, size);
    const disp = displacementAt(recipe.decay, iteration);
    for (let j = 0; j < depth; j++) {
      const z = (j - (depth - 1) / 2) * cellSize;
      for (let i = 0; i < width; i++) {
        const x = (i - (width - 1) / 2) * cellSize;
        sums[j * width + i] += risesAt(line, x, z) ? disp : -disp;
      }
    }
  }
  for (let k = 0; k < sums.length; k++) heights[k] = heights[k] + sums[k];
}
