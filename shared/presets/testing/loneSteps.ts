/**
 * Steep one-cell steps along the rows and columns, and the share of them standing alone (for the preset
 * tests, shared/presets/thermalStaircase.test.ts and mesaLips.test.ts): a step steeper than 45° (a drop
 * over a cell larger than the cell) stands alone when both steps beside it on its line are under half of
 * it. Ground smooth at the cell's scale has neighbouring steps alike, and a cliff several cells tall has
 * steep steps beside steep steps; only a riser one cell tall between two treads stands alone — the
 * thermal staircase, and the slivers of a face drawn one cell wide.
 */
import type { Heightfield } from '../../terrain/heightfield';

export function loneSteepSteps(field: Heightfield): { steep: number; aloneShare: number } {
  const { width, depth, cellSize, heights } = field;
  let steep = 0;
  let alone = 0;
  const visit = (first: number, stride: number, count: number) => {
    for (let n = 1; n + 2 < count; n++) {
      const k = first + n * stride;
      const step = Math.abs(heights[k + stride] - heights[k]);
      if (step <= cellSize) continue;
      steep++;
      const before = Math.abs(heights[k] - heights[k - stride]);
      const after = Math.abs(heights[k + 2 * stride] - heights[k + stride]);
      if (before < step / 2 && after < step / 2) alone++;
    }
  };
  for (let j = 0; j < depth; j++) visit(j * width, 1, width);
  for (let i = 0; i < width; i++) visit(i, width, depth);
  return { steep, aloneShare: steep > 0 ? alone / steep : 0 };
}
