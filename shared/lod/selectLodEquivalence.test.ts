import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createChunkLayout } from './chunkLayout';
import { computeChunkErrors } from './chunkErrors';
import { perspectiveFrustum } from './frustum';
import { referenceSelectLod } from './testing/selectLodReference';
import { selectLod, type LodCamera } from './selectLod';

/** Hills plus noise whose strength varies across the map, so levels differ from chunk to chunk. */
function bumpyField(width: number, depth: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, 0.75);
  const random = createRandom(seed);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const rough = (i / width) * (j / depth) * 3;
      field.heights[j * width + i] = 20 * Math.sin(i * 0.03) * Math.cos(j * 0.02) + rough * (random.next() - 0.5);
    }
  }
  return field;
}

function randomCamera(random: { next(): number }, field: Heightfield, withFrustum: boolean): LodCamera {
  const span = Math.max(field.width, field.depth) * field.cellSize;
  const position = { x: (random.next() - 0.5) * span * 1.4, y: random.next() * span * 0.5 - 5, z: (random.next() - 0.5) * span * 1.4 };
  const fovYDegrees = 20 + random.next() * 70;
  const viewportHeight = 300 + Math.floor(random.next() * 1500);
  const camera: LodCamera = { position, fovYDegrees, viewportHeight };
  if (!withFrustum) return camera;
  const forward = { x: random.next() - 0.5, y: -random.next(), z: random.next() - 0.5 };
  return { ...camera, frustum: perspectiveFrustum(position, forward, { x: 0, y: 1, z: 0 }, fovYDegrees, 1.6, 0.1, span * 3) };
}

// Square, non-square, last chunk narrower than the rest (odd extents too), chunk sizes 8–32.
const MAPS: [number, number, number][] = [
  [129, 129, 16],
  [201, 97, 16],
  [150, 233, 32],
  [77, 66, 8],
  [300, 41, 16],
];

describe.each(MAPS)('fast selectLod on %i × %i with %i-cell chunks', (width, depth, chunkCells) => {
  const field = bumpyField(width, depth, width * depth);
  const errors = computeChunkErrors(field, createChunkLayout(width, depth, field.cellSize, chunkCells));

  it('chooses exactly what the straightforward reference chooses, for random cameras and budgets', () => {
    const random = createRandom(width + depth);
    let bound = 0;
    let free = 0;
    for (let n = 0; n < 40; n++) {
      const camera = randomCamera(random, field, n % 2 === 1);
      const maxPixelError = [0, 0.05, 0.5, 1, 3][n % 5];
      const unlimited = referenceSelectLod(errors, camera, { maxPixelError, triangleBudget: Infinity });
      // Budgets that do not bind, that bind a little or a lot, and one no selection can meet.
      for (const budget of [Infinity, unlimited.triangles, Math.floor(unlimited.triangles * 0.6), Math.floor(unlimited.triangles * 0.1), 1]) {
        const options = { maxPixelError, triangleBudget: budget };
        const expected = referenceSelectLod(errors, camera, options);
        const actual = selectLod(errors, camera, options);
        expect(actual.pixelError).toBe(expected.pixelError);
        expect(actual.triangles).toBe(expected.triangles);
        expect(Array.from(actual.levels)).toEqual(Array.from(expected.levels));
        if (expected.pixelError > maxPixelError) bound++;
        else free++;
      }
    }
    // Both paths (plain and budget-relaxed) were exercised.
    expect(bound).toBeGreaterThan(10);
    expect(free).toBeGreaterThan(10);
  });
});
