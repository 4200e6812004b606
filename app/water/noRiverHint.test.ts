import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { largestDrainingArea, noRiverHint, noRiverHintFor } from './noRiverHint';

/** A plane falling along +y by `slope`, `width` × `rows` vertices of `cellSize` m. */
function tiltedPlane(width: number, rows: number, cellSize: number, slope: number): Float32Array {
  const heights = new Float32Array(width * rows);
  for (let j = 0; j < rows; j++) heights.fill(100 - slope * j * cellSize, j * width, (j + 1) * width);
  return heights;
}

describe('noRiverHint', () => {
  it('measures the area upslope of the lowest edge vertex on a tilted plane', () => {
    // Flow runs down the y rows and spreads sideways symmetrically, so a bottom-edge vertex in the middle
    // (farther from the sides than there are rows) gathers the column of vertex cells above it: half a
    // cell on each edge row, a full one on each row between, (rows − 1)·cellSize².
    const width = 129;
    const rows = 33;
    const cellSize = 2;
    const grid = { width, depth: rows, cellSize };
    const largest = largestDrainingArea(grid, tiltedPlane(width, rows, cellSize, 0.05), null, DEFAULT_WATER_PARAMS);
    expect(largest).toBeCloseTo((rows - 1) * cellSize * cellSize, 6);
  });

  it('says why with the figures, and nothing once a river exists', () => {
    expect(noRiverHint(48_200, 250_000)).toBe(
      'No rivers: the most area draining to one place here is 48,200 m², under the river area of 250,000 m². Lower River area to see rivers.',
    );
    // (9 − 1)·2² = 32 m²: the column of vertex cells above a bottom vertex, as above.
    const grid = { width: 9, depth: 9, cellSize: 2 };
    const kind = new Uint8Array(81);
    const heights = tiltedPlane(9, 9, 2, 0.1);
    expect(noRiverHintFor(grid, heights, kind, DEFAULT_WATER_PARAMS)).toContain('is 32 m², under the river area of 250,000 m²');
    kind[40] = WATER_RIVER;
    expect(noRiverHintFor(grid, heights, kind, DEFAULT_WATER_PARAMS)).toBeNull();
  });
});
