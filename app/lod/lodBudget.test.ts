/**
 * Triangles drawn stay within the 2-million budget at every map size, from the default view and
 * from orbit views near and far (the budget is what bounds them when a 1-pixel bound would not).
 */
import { describe, expect, it } from 'vitest';
import { defaultCameraPose } from '../view/cameraPose';
import { createChunkLayout } from '../../shared/lod/chunkLayout';
import { computeChunkErrors } from '../../shared/lod/chunkErrors';
import { selectionTriangleCount } from '../../shared/lod/chunkTriangles';
import { selectLod, DEFAULT_TRIANGLE_BUDGET, type LodCamera } from '../../shared/lod/selectLod';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';

const FOV = 50;
const VIEWPORT = { width: 1600, height: 1000 };

describe.each([1025, 4097, 8193])('LOD triangle budget at %i²', (side) => {
  it('holds from the default view and orbit views', () => {
    const field = syntheticTerrain(side, 1);
    const layout = createChunkLayout(side, side, 1);
    const errors = computeChunkErrors(field, layout);
    const pose = defaultCameraPose(field, FOV, VIEWPORT.width / VIEWPORT.height);
    const cameras: LodCamera[] = [{ position: pose.position, fovYDegrees: FOV, viewportHeight: VIEWPORT.height }];
    const orbitRadius = Math.hypot(pose.position.x - pose.target.x, pose.position.y - pose.target.y, pose.position.z - pose.target.z);
    for (const [azimuth, elevation, zoom] of [
      [0.8, 0.3, 1],
      [2.5, 1.2, 0.5],
      [4, 0.15, 0.1],
      [5.5, 0.05, 0.02],
    ]) {
      const r = orbitRadius * zoom;
      cameras.push({
        position: {
          x: pose.target.x + r * Math.cos(elevation) * Math.sin(azimuth),
          y: pose.target.y + r * Math.sin(elevation) + 5,
          z: pose.target.z + r * Math.cos(elevation) * Math.cos(azimuth),
        },
        fovYDegrees: FOV,
        viewportHeight: VIEWPORT.height,
      });
    }
    for (const camera of cameras) {
      const selection = selectLod(errors, camera);
      expect(selection.triangles).toBe(selectionTriangleCount(layout, selection.levels));
      expect(selection.triangles).toBeLessThanOrEqual(DEFAULT_TRIANGLE_BUDGET);
    }
    // Close to the ground, detail is spent near the camera and saved far away.
    const closest = selectLod(errors, cameras[cameras.length - 1]);
    expect(Math.max(...closest.levels)).toBeGreaterThan(Math.min(...closest.levels));
  });
});
