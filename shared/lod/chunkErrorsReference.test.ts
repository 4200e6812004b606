import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { chunkBounds, chunkMaxLevel, createChunkLayout } from './chunkLayout';
import { computeChunkErrors, updateChunkErrors } from './chunkErrors';

/** Vertex by vertex: the level's triangle under it, its plane, the gap (no shared-edge shortcuts). */
function referenceLevelError(field: Heightfield, i0: number, j0: number, i1: number, j1: number, step: number): number {
  const { width: w, heights: h } = field;
  let worst = 0;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const ci = Math.min(i0 + Math.floor((i - i0) / step) * step, i1 - step);
      const cj = Math.min(j0 + Math.floor((j - j0) / step) * step, j1 - step);
      const fx = (i - ci) / step;
      const fz = (j - cj) / step;
      const h00 = h[cj * w + ci];
      const h10 = h[cj * w + ci + step];
      const h01 = h[(cj + step) * w + ci];
      const h11 = h[(cj + step) * w + ci + step];
      const surface = fx + fz <= 1 ? h00 + fx * (h10 - h00) + fz * (h01 - h00) : h11 + (1 - fx) * (h01 - h11) + (1 - fz) * (h10 - h11);
      worst = Math.max(worst, Math.abs(h[j * w + i] - surface));
    }
  }
  return worst;
}

function noise(width: number, depth: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, 1);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = random.next() * 10 + (k % width) * 0.01;
  return field;
}

describe('chunk errors against a vertex-by-vertex reference', () => {
  it('match on rough terrain with full and narrow chunks', () => {
    const field = noise(75, 53, 3);
    const layout = createChunkLayout(75, 53, 1, 16);
    const errors = computeChunkErrors(field, layout);
    for (let cz = 0; cz < layout.chunksZ; cz++) {
      for (let cx = 0; cx < layout.chunksX; cx++) {
        const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
        const c = cz * layout.chunksX + cx;
        let expected = 0;
        for (let level = 1; level <= chunkMaxLevel(layout, cx, cz); level++) {
          expected = Math.max(expected, referenceLevelError(field, i0, j0, i1, j1, 2 ** level));
          expect(errors.errors[c * layout.levelCount + level]).toBeCloseTo(expected, 4);
        }
      }
    }
  });

  it('after many random rect edits, dirty-only updates equal a full recompute', () => {
    const field = noise(97, 97, 5);
    const layout = createChunkLayout(97, 97, 1, 16);
    const errors = computeChunkErrors(field, layout);
    const random = createRandom(9);
    for (let edit = 0; edit < 25; edit++) {
      const i0 = Math.floor(random.next() * 90);
      const j0 = Math.floor(random.next() * 90);
      const i1 = Math.min(97, i0 + 1 + Math.floor(random.next() * 30));
      const j1 = Math.min(97, j0 + 1 + Math.floor(random.next() * 30));
      for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) field.heights[j * 97 + i] += random.next() * 4 - 2;
      updateChunkErrors(field, errors, i0, j0, i1, j1);
    }
    const full = computeChunkErrors(field, layout);
    expect(Array.from(errors.errors)).toEqual(Array.from(full.errors));
    expect(Array.from(errors.minHeight)).toEqual(Array.from(full.minHeight));
    expect(Array.from(errors.maxHeight)).toEqual(Array.from(full.maxHeight));
  });
});
