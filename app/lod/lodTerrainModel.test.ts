import { describe, expect, it } from 'vitest';
import { chunkCount, createChunkLayout } from '../../shared/lod/chunkLayout';
import { computeChunkErrors } from '../../shared/lod/chunkErrors';
import { perspectiveFrustum } from '../../shared/lod/frustum';
import { chunkPixelScales, selectLevels, selectLod, type LodCamera } from '../../shared/lod/selectLod';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { LodTerrainModel } from './lodTerrainModel';

const SIDE = 513;
const eye = { x: -60, y: 40, z: 200 };
const camera: LodCamera = {
  position: eye,
  fovYDegrees: 50,
  viewportHeight: 900,
  frustum: perspectiveFrustum(eye, { x: 0.3, y: -0.4, z: -1 }, { x: 0, y: 1, z: 0 }, 50, 1.6, 0.1, 5000),
};
const NO_BUDGET = { triangleBudget: Infinity };

/** The selection from freshly computed exact errors: the reference for every cached path. */
function exactSelection(field: Heightfield, view: LodCamera, options = NO_BUDGET) {
  return selectLod(computeChunkErrors(field, createChunkLayout(field.width, field.depth, field.cellSize)), view, options);
}

function bump(field: Heightfield, i0: number, j0: number, side: number, amount: number): { kind: 'rect'; i0: number; j0: number; i1: number; j1: number } {
  for (let j = j0; j < j0 + side; j++) for (let i = i0; i < i0 + side; i++) field.heights[j * field.width + i] += amount * (((i + j) % 3) - 1);
  return { kind: 'rect', i0, j0, i1: i0 + side, j1: j0 + side };
}

/** Raises vertices [i0, i1) × [j0, j1) by `amount`. */
function lift(
  field: Heightfield,
  i0: number,
  j0: number,
  i1: number,
  j1: number,
  amount: number,
): { kind: 'rect'; i0: number; j0: number; i1: number; j1: number } {
  for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) field.heights[j * field.width + i] += amount;
  return { kind: 'rect', i0, j0, i1, j1 };
}

/** A clock that advances `stepMs` each time it is read. */
function steppingClock(stepMs: number): { now: () => number; reads: () => number } {
  let t = 0;
  let reads = 0;
  return {
    now: () => {
      reads++;
      t += stepMs;
      return t;
    },
    reads: () => reads,
  };
}

describe('LodTerrainModel level selection', () => {
  it('reuses pixel scales for an unchanged camera yet rescores the chunks an edit touched', () => {
    const field = syntheticTerrain(SIDE, 1);
    const model = new LodTerrainModel(field);
    const before = model.select(camera, NO_BUDGET);
    expect(Array.from(before.levels)).toEqual(Array.from(exactSelection(field, camera).levels));
    // Same numbers in new objects: still the same camera.
    const copy: LodCamera = { ...camera, position: { ...eye }, frustum: camera.frustum?.map((p) => ({ ...p })) };
    expect(model.select(copy, NO_BUDGET)).toBe(before);

    // Lift a block of chunks in front of the camera: their boxes move, so their scales must change.
    const oldScales = chunkPixelScales(model.errors, camera);
    const region = lift(field, 128, 256, 257, 385, 80);
    model.applyChange(field, region);
    const after = model.select(copy, NO_BUDGET);
    const exact = exactSelection(field, camera);
    expect(Array.from(after.levels)).toEqual(Array.from(exact.levels));
    expect(after.triangles).toBe(exact.triangles);
    // Keeping the old scales would have chosen differently, so the rescoring is what made it right.
    const stale = selectLevels(computeChunkErrors(field, model.layout), oldScales, NO_BUDGET);
    expect(Array.from(stale.levels)).not.toEqual(Array.from(exact.levels));
  });

  it('matches a fresh selection after moving the camera, changing options and budgets', () => {
    const field = syntheticTerrain(SIDE, 1, 1);
    const model = new LodTerrainModel(field);
    model.select(camera);
    model.applyChange(field, bump(field, 10, 10, 30, 5));
    const moved: LodCamera = { ...camera, position: { x: 100, y: 30, z: -50 } };
    for (const view of [moved, camera, { ...camera, viewportHeight: 500 }, { ...camera, frustum: undefined }]) {
      for (const options of [NO_BUDGET, { maxPixelError: 0.1, triangleBudget: 20_000 }, {}]) {
        const got = model.select(view, options);
        const want = selectLod(computeChunkErrors(field, model.layout), view, options);
        expect(got.pixelError).toBe(want.pixelError);
        expect(Array.from(got.levels)).toEqual(Array.from(want.levels));
      }
    }
  });
});

describe('LodTerrainModel after a whole-map change', () => {
  function changedMap() {
    const field = syntheticTerrain(SIDE, 1);
    const model = new LodTerrainModel(field);
    model.select(camera);
    // A different terrain in the same document: scaled and shifted, with other noise.
    const next = syntheticTerrain(SIDE, 1, 0.2);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = next.heights[k] * 0.5 + 7;
    const range = model.applyChange(field, { kind: 'all' });
    return { field, model, range };
  }

  it('bounds every error from above at once, so levels are never coarser than exact ones', () => {
    const { field, model, range } = changedMap();
    const count = chunkCount(model.layout);
    expect(range).toEqual({ cx0: 0, cz0: 0, cx1: model.layout.chunksX - 1, cz1: model.layout.chunksZ - 1 });
    expect(model.pendingChunks).toBe(count);
    const exact = computeChunkErrors(field, model.layout);
    expect(Array.from(model.errors.minHeight)).toEqual(Array.from(exact.minHeight));
    expect(Array.from(model.errors.maxHeight)).toEqual(Array.from(exact.maxHeight));
    for (let k = 0; k < exact.errors.length; k++) expect(model.errors.errors[k]).toBeGreaterThanOrEqual(exact.errors[k]);

    const exactLevels = selectLod(exact, camera, NO_BUDGET).levels;
    const bounded = model.select(camera, NO_BUDGET).levels;
    let finer = 0;
    for (let c = 0; c < count; c++) {
      expect(bounded[c]).toBeLessThanOrEqual(exactLevels[c]);
      if (bounded[c] < exactLevels[c]) finer++;
    }
    // The bound is loose somewhere, so refining has something to do.
    expect(finer).toBeGreaterThan(0);
  });

  it('refines to exactly computeChunkErrors, then reports nothing left to do', () => {
    const { field, model } = changedMap();
    expect(model.refineErrors(Infinity)).toBe(true);
    expect(model.pendingChunks).toBe(0);
    const exact = computeChunkErrors(field, model.layout);
    expect(Array.from(model.errors.errors)).toEqual(Array.from(exact.errors));
    expect(Array.from(model.errors.maxLevel)).toEqual(Array.from(exact.maxLevel));
    expect(Array.from(model.select(camera, NO_BUDGET).levels)).toEqual(Array.from(selectLod(exact, camera, NO_BUDGET).levels));
    expect(model.refineErrors(Infinity)).toBe(false);
  });

  it('stays within its time budget on an injected clock, and always makes progress', () => {
    const { model } = changedMap();
    const count = model.pendingChunks;
    // Each chunk "takes" 1 ms: a 4.5 ms budget fits four chunks, not five.
    const clock = steppingClock(1);
    expect(model.refineErrors(4.5, clock.now)).toBe(true);
    expect(count - model.pendingChunks).toBe(4);
    expect(clock.reads() - 1).toBeLessThanOrEqual(4.5);
    // A budget too small for any chunk still refines one, so the caller's loop ends.
    expect(model.refineErrors(0, steppingClock(1).now)).toBe(true);
    expect(count - model.pendingChunks).toBe(5);
    let calls = 0;
    while (model.pendingChunks > 0 && calls < count) {
      model.refineErrors(10, steppingClock(1).now);
      calls++;
    }
    expect(model.pendingChunks).toBe(0);
    expect(calls).toBe(Math.ceil((count - 5) / 10));
  });

  it('updates edited chunks exactly while others are pending, and clears only their pending flags', () => {
    const { field, model } = changedMap();
    const count = model.pendingChunks;
    // Vertices 65..126 × 1..62 lie inside chunk (1, 0) only.
    model.applyChange(field, bump(field, 65, 1, 62, 3));
    const exact = computeChunkErrors(field, model.layout);
    const levels = model.layout.levelCount;
    const touched = [1];
    expect(model.pendingChunks).toBe(count - touched.length);
    for (const c of touched) {
      expect(Array.from(model.errors.errors.subarray(c * levels, (c + 1) * levels))).toEqual(Array.from(exact.errors.subarray(c * levels, (c + 1) * levels)));
    }
    model.refineErrors(Infinity);
    expect(Array.from(model.errors.errors)).toEqual(Array.from(exact.errors));
  });

  it('defers exact errors from the start when asked, and after a change of map size', () => {
    const field = syntheticTerrain(SIDE, 1);
    const deferred = new LodTerrainModel(field, { deferExactErrors: true });
    expect(deferred.pendingChunks).toBe(chunkCount(deferred.layout));
    deferred.refineErrors(Infinity);
    expect(Array.from(deferred.errors.errors)).toEqual(Array.from(computeChunkErrors(field, deferred.layout).errors));

    const bigger = syntheticTerrain(SIDE + 64, 1);
    deferred.applyChange(bigger, { kind: 'all' });
    expect(deferred.layout.chunksX).toBe(9);
    expect(deferred.pendingChunks).toBe(81);
    deferred.refineErrors(Infinity);
    expect(Array.from(deferred.select(camera, NO_BUDGET).levels)).toEqual(Array.from(exactSelection(bigger, camera).levels));
  });

  it('installs errors computed elsewhere only for chunks still pending and only for the current whole-map change', () => {
    const { field, model } = changedMap();
    const generation = model.wholeMapGeneration;
    // What a worker computes from the heights as they were at the change…
    const snapshot = computeChunkErrors({ ...field, heights: field.heights.slice() }, model.layout).errors;
    // …while an edit lands here meanwhile: its chunk is recomputed from the new heights.
    model.applyChange(field, bump(field, 65, 1, 62, 3));
    expect(model.installErrors(generation - 1, snapshot)).toBe(false);
    expect(model.pendingChunks).toBeGreaterThan(0);
    expect(model.installErrors(generation, snapshot)).toBe(true);
    expect(model.pendingChunks).toBe(0);
    expect(Array.from(model.errors.errors)).toEqual(Array.from(computeChunkErrors(field, model.layout).errors));
    expect(Array.from(model.select(camera, NO_BUDGET).levels)).toEqual(Array.from(exactSelection(field, camera).levels));
    // A later whole-map change makes the old result stale.
    model.applyChange(field, { kind: 'all' });
    expect(model.wholeMapGeneration).toBe(generation + 1);
    expect(model.installErrors(generation, snapshot)).toBe(false);
  });
});
