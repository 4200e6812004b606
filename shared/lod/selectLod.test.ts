import { describe, expect, it } from 'vitest';
import { createChunkLayout } from './chunkLayout';
import { computeChunkErrors } from './chunkErrors';
import { selectionTriangleCount } from './chunkTriangles';
import { syntheticTerrain } from './testing/syntheticTerrain';
import { chunkPixelScales, selectLod, type LodCamera } from './selectLod';
import { perspectiveFrustum } from './frustum';

describe('selectLod', () => {
  const field = syntheticTerrain(257, 1);
  const layout = createChunkLayout(257, 257, 1, 32);
  const errors = computeChunkErrors(field, layout);
  const camera: LodCamera = { position: { x: -40, y: 60, z: 300 }, fovYDegrees: 50, viewportHeight: 800 };

  it('keeps every chunk within the pixel error bound and picks the coarsest level that does', () => {
    const selection = selectLod(errors, camera, { maxPixelError: 1, triangleBudget: Infinity });
    const scales = chunkPixelScales(errors, camera);
    const levels = new Set<number>();
    for (let c = 0; c < selection.levels.length; c++) {
      const level = selection.levels[c];
      levels.add(level);
      const base = c * layout.levelCount;
      expect(errors.errors[base + level] * scales[c]).toBeLessThanOrEqual(1);
      if (level < errors.maxLevel[c]) expect(errors.errors[base + level + 1] * scales[c]).toBeGreaterThan(1);
    }
    // The view spans near and far chunks, so the choice is not uniform.
    expect(levels.size).toBeGreaterThan(1);
    expect(selection.triangles).toBe(selectionTriangleCount(layout, selection.levels));
    expect(selection.pixelError).toBe(1);
  });

  it('projects the error as viewportHeight / (2 tan(fov/2) · distance to the chunk box)', () => {
    const scales = chunkPixelScales(errors, { position: { x: 0, y: 1000, z: 0 }, fovYDegrees: 90, viewportHeight: 1000 });
    // The camera is straight above the centre chunk, so its distance is 1000 − the chunk's top.
    const centre = Math.floor(layout.chunksZ / 2) * layout.chunksX + Math.floor(layout.chunksX / 2);
    expect(scales[centre]).toBeCloseTo(500 / (1000 - errors.maxHeight[centre]), 9);
  });

  it('keeps to the budget from a bound of 0 (full detail asked everywhere: the exact mode)', () => {
    // Full detail: two triangles a cell, 2 · 256² on this map.
    expect(selectLod(errors, camera, { maxPixelError: 0, triangleBudget: Infinity }).triangles).toBe(2 * 256 * 256);
    const budget = (2 * 256 * 256) / 3;
    const limited = selectLod(errors, camera, { maxPixelError: 0, triangleBudget: budget });
    expect(limited.triangles).toBeLessThanOrEqual(budget);
    expect(limited.pixelError).toBeGreaterThan(0);
  });

  it('relaxes the bound just enough when the triangle budget would be exceeded', () => {
    const unlimited = selectLod(errors, camera, { maxPixelError: 0.01, triangleBudget: Infinity });
    const budget = Math.floor(unlimited.triangles / 4);
    const limited = selectLod(errors, camera, { maxPixelError: 0.01, triangleBudget: budget });
    expect(limited.triangles).toBeLessThanOrEqual(budget);
    expect(limited.pixelError).toBeGreaterThan(0.01);
    // A slightly tighter bound would not have fitted.
    expect(selectLod(errors, camera, { maxPixelError: limited.pixelError * 0.9, triangleBudget: Infinity }).triangles).toBeGreaterThan(budget);
  });

  it('uses the exact level for a chunk the camera is inside', () => {
    const inside: LodCamera = { position: { x: 0, y: 0, z: 0 }, fovYDegrees: 50, viewportHeight: 800 };
    const selection = selectLod(errors, inside, { triangleBudget: Infinity });
    const scales = chunkPixelScales(errors, inside);
    const c = scales.findIndex((scale) => scale === Infinity);
    expect(c).toBeGreaterThanOrEqual(0);
    expect(selection.levels[c]).toBe(0);
  });
});

describe('selectLod with a view frustum', () => {
  const field = syntheticTerrain(257, 1);
  const layout = createChunkLayout(257, 257, 1, 32);
  const errors = computeChunkErrors(field, layout);
  // Low over the +x edge looking towards −x with a narrow field of view: most chunks are off-screen.
  const eye = { x: 200, y: 80, z: 0 };
  const frustum = perspectiveFrustum(eye, { x: -1, y: -0.3, z: 0 }, { x: 0, y: 1, z: 0 }, 30, 1.5, 0.5, 5000);
  const plain: LodCamera = { position: eye, fovYDegrees: 30, viewportHeight: 800 };
  const culled: LodCamera = { ...plain, frustum };

  const chunkCorners = (c: number) => {
    const cx = c % layout.chunksX;
    const cz = Math.floor(c / layout.chunksX);
    const half = (layout.width - 1) / 2;
    const corners = [];
    for (const i of [cx * 32, (cx + 1) * 32])
      for (const j of [cz * 32, (cz + 1) * 32]) for (const y of [errors.minHeight[c], errors.maxHeight[c]]) corners.push({ x: i - half, y, z: j - half });
    return corners;
  };
  const seen = (p: { x: number; y: number; z: number }) => frustum.every((q) => q.nx * p.x + q.ny * p.y + q.nz * p.z + q.d >= 0);

  it('gives off-screen chunks their coarsest level and keeps visible ones as without culling', () => {
    const withCulling = selectLod(errors, culled, { triangleBudget: Infinity });
    const without = selectLod(errors, plain, { triangleBudget: Infinity });
    let offScreen = 0;
    for (let c = 0; c < withCulling.levels.length; c++) {
      const visibleCorner = chunkCorners(c).some(seen);
      if (visibleCorner) expect(withCulling.levels[c]).toBe(without.levels[c]);
      if (withCulling.levels[c] !== without.levels[c]) {
        expect(visibleCorner).toBe(false);
        expect(withCulling.levels[c]).toBe(errors.maxLevel[c]);
        offScreen++;
      }
    }
    expect(offScreen).toBeGreaterThan(0);
    expect(withCulling.triangles).toBeLessThan(without.triangles);
    expect(withCulling.triangles).toBe(selectionTriangleCount(layout, withCulling.levels));
  });

  it('spends a tight budget on visible chunks: they get finer levels than without culling', () => {
    const budget = Math.floor(selectLod(errors, plain, { maxPixelError: 0.01, triangleBudget: Infinity }).triangles / 6);
    const withCulling = selectLod(errors, culled, { maxPixelError: 0.01, triangleBudget: budget });
    const without = selectLod(errors, plain, { maxPixelError: 0.01, triangleBudget: budget });
    expect(withCulling.triangles).toBeLessThanOrEqual(budget);
    expect(withCulling.pixelError).toBeLessThan(without.pixelError);
  });
});
