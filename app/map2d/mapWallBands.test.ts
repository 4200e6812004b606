import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { bandCycle } from '../../shared/terrain/rockBands';
import { CLIMATE_LOOKS } from '../../shared/ground/climate';
import { HILLSHADE_REACH, writeMapImageRows } from './mapImage';

/**
 * A wall (a plane rising along the diagonal) so steep that one cell spans exactly one repeat of the
 * desert's rock beds: sampled at the vertices, each pixel showed whichever bed its height fell in
 * (the diagonal step is cycle/√2, an irrational share of the cycle, so the beds came in a moiré);
 * averaged over the cell's heights every pixel is the beds' mean, the same colour under the plane's
 * one hillshade.
 */
describe('rock bands on a steep wall in the 2D map', () => {
  it('a wall whose cell spans one bed cycle is one colour, not a moiré', () => {
    const cycle = bandCycle(CLIMATE_LOOKS.desert.bands);
    const size = 33;
    const cellSize = 1;
    // |∇h| · cell = cycle: along x and z each cycle/√2 a cell.
    const step = cycle / Math.SQRT2;
    const field = createHeightfield(size, size, cellSize);
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = 100 + step * (i + j);
    const pixels = new Uint8ClampedArray(size * size * 4);
    const lines = { treeLine: 2500, snowLine: 5000, climate: 'desert' as const };
    writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, size, null, lines);
    // The interior, where the hillshade's reach stays on the map (the plane's one shade).
    const spread = [0, 1, 2].map((c) => {
      let min = 255;
      let max = 0;
      for (let j = HILLSHADE_REACH; j < size - HILLSHADE_REACH; j++) {
        for (let i = HILLSHADE_REACH; i < size - HILLSHADE_REACH; i++) {
          const v = pixels[(j * size + i) * 4 + c];
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
      return max - min;
    });
    // Byte rounding only (sampled at a point, the beds spread the red over 65 levels).
    for (const s of spread) expect(s).toBeLessThanOrEqual(1);
  });
});
