import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import { randomField } from '../terrain/testing/surfaceReference';
import { chunkBounds, createChunkLayout } from './chunkLayout';
import { computeChunkErrorBounds, computeChunkErrors, updateChunkErrors, updateChunkErrorsAt } from './chunkErrors';

/** The chunk's surface at a level, as its own heightfield of every step-th vertex (placed at the same world points). */
function levelField(field: Heightfield, i0: number, j0: number, i1: number, j1: number, step: number): { sub: Heightfield; offsetX: number; offsetZ: number } {
  const width = (i1 - i0) / step + 1;
  const depth = (j1 - j0) / step + 1;
  const sub = createHeightfield(width, depth, field.cellSize * step);
  for (let b = 0; b < depth; b++) {
    for (let a = 0; a < width; a++) sub.heights[b * width + a] = field.heights[(j0 + b * step) * field.width + i0 + a * step];
  }
  // World offset between the chunk's centre in the map and the sub-field's own centred frame.
  return { sub, offsetX: (vertexX(field, i0) + vertexX(field, i1)) / 2, offsetZ: (vertexZ(field, j0) + vertexZ(field, j1)) / 2 };
}

describe('chunk errors', () => {
  const field = randomField(97, 81, 2, 5, 30);
  const layout = createChunkLayout(field.width, field.depth, field.cellSize, 16);
  const errors = computeChunkErrors(field, layout);

  it('equal the largest vertical gap between each level and the exact surface, found by dense sampling', () => {
    const random = createRandom(3);
    for (const [cx, cz] of [
      [0, 0],
      [2, 3],
      [5, 4],
      [3, 1],
    ]) {
      const { i0, j0, i1, j1 } = chunkBounds(layout, cx, cz);
      const c = cz * layout.chunksX + cx;
      let finerError = 0;
      for (let level = 1; level <= errors.maxLevel[c]; level++) {
        const { sub, offsetX, offsetZ } = levelField(field, i0, j0, i1, j1, 2 ** level);
        let sampled = 0;
        // Every fine vertex plus random points in between.
        const points: [number, number][] = [];
        for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) points.push([vertexX(field, i), vertexZ(field, j)]);
        for (let n = 0; n < 2000; n++) points.push([vertexX(field, i0 + random.next() * (i1 - i0)), vertexZ(field, j0 + random.next() * (j1 - j0))]);
        for (const [x, z] of points) sampled = Math.max(sampled, Math.abs(heightAt(field, x, z) - heightAt(sub, x - offsetX, z - offsetZ)));
        finerError = Math.max(finerError, sampled);
        // Stored errors are made non-decreasing over levels, hence the max with the finer levels.
        expect(errors.errors[c * layout.levelCount + level]).toBeCloseTo(finerError, 3);
      }
      expect(errors.errors[c * layout.levelCount]).toBe(0);
    }
  });

  it('are Infinity for levels a narrow chunk does not have', () => {
    // 97 − 1 = 96 = 6 · 16; 81 − 1 = 80 = 5 · 16: all chunks full. A 90-wide map has a 9-cell last column.
    const narrow = randomField(90, 33, 1, 8);
    const narrowLayout = createChunkLayout(90, 33, 1, 16);
    const narrowErrors = computeChunkErrors(narrow, narrowLayout);
    const last = narrowLayout.chunksX - 1;
    expect(narrowErrors.maxLevel[last]).toBe(0);
    expect(narrowErrors.errors[last * narrowLayout.levelCount + 1]).toBe(Infinity);
  });

  it('after an edit, updating only the dirty region gives the same errors as recomputing everything', () => {
    const edited = randomField(97, 81, 2, 5, 30);
    const before = computeChunkErrors(edited, layout);
    const [i0, j0, i1, j1] = [30, 16, 49, 40];
    for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) edited.heights[j * edited.width + i] += 7 * Math.sin(i * j);
    const refreshed = updateChunkErrors(edited, before, i0, j0, i1, j1);
    const fresh = computeChunkErrors(edited, layout);
    expect(Array.from(before.errors)).toEqual(Array.from(fresh.errors));
    expect(Array.from(before.maxHeight)).toEqual(Array.from(fresh.maxHeight));
    expect(Array.from(before.minHeight)).toEqual(Array.from(fresh.minHeight));
    // Columns 1..3 (j0 = 16 sits on the border of rows 0 and 1, so rows 0..2): 3 × 3 of 30 chunks.
    expect(refreshed).toBe(9);
  });
});

describe('chunk error bounds', () => {
  // Odd sizes: the last chunk column and row are narrower and have fewer levels.
  const field = randomField(107, 90, 1.5, 11, 25);
  const layout = createChunkLayout(field.width, field.depth, field.cellSize, 16);
  const exact = computeChunkErrors(field, layout);
  const bounds = computeChunkErrorBounds(field, layout);

  it('have the exact height ranges and levels, and errors never below the exact ones', () => {
    expect(Array.from(bounds.minHeight)).toEqual(Array.from(exact.minHeight));
    expect(Array.from(bounds.maxHeight)).toEqual(Array.from(exact.maxHeight));
    expect(Array.from(bounds.maxLevel)).toEqual(Array.from(exact.maxLevel));
    let loose = 0;
    for (let k = 0; k < exact.errors.length; k++) {
      expect(bounds.errors[k]).toBeGreaterThanOrEqual(exact.errors[k]);
      if (bounds.errors[k] > exact.errors[k]) loose++;
      const c = Math.floor(k / layout.levelCount);
      // Only by the height range: a bound no larger than the chunk's own spread (plus rounding).
      if (Number.isFinite(exact.errors[k])) expect(bounds.errors[k]).toBeLessThanOrEqual((exact.maxHeight[c] - exact.minHeight[c]) * 1.00001);
    }
    expect(loose).toBeGreaterThan(0);
  });

  it('become exact chunk by chunk', () => {
    const refined = computeChunkErrorBounds(field, layout);
    for (let cz = 0; cz < layout.chunksZ; cz++) for (let cx = 0; cx < layout.chunksX; cx++) updateChunkErrorsAt(field, refined, cx, cz);
    expect(Array.from(refined.errors)).toEqual(Array.from(exact.errors));
  });
});
