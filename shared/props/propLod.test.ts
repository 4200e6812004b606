import { describe, expect, it } from 'vitest';
import { PROP_LEVEL_PIXELS, PROP_NO_MESH, selectPropLods, type PropLodInput } from './propLod';
import { perspectiveFrustum } from '../lod/frustum';

/** Props of one kind (6 m tall; 100, 20 and 5 triangles by level) along +x at the given distances from the camera at the origin. */
function row(distances: number[], triangles = [100, 20, 5]): PropLodInput {
  return {
    count: distances.length,
    x: Float64Array.from(distances),
    y: new Float64Array(distances.length).fill(-3),
    z: new Float64Array(distances.length),
    height: new Float64Array(distances.length).fill(6),
    kind: new Uint8Array(distances.length),
    triangles: [triangles],
  };
}

const camera = { position: { x: 0, y: 0, z: 0 }, fovYDegrees: 60, viewportHeight: 1000 };
/** Pixels per metre at 1 m: 1000 / (2 tan 30°). */
const FOCAL = 1000 / (2 * Math.tan(Math.PI / 6));

describe('selectPropLods', () => {
  it('chooses each level by the screen height h · f / d, against the closed form', () => {
    // Screen heights just over and under each threshold.
    const distances: number[] = [];
    for (const px of PROP_LEVEL_PIXELS) distances.push((6 * FOCAL) / (px * 1.01), (6 * FOCAL) / (px * 0.99));
    const levels = new Uint8Array(distances.length);
    const result = selectPropLods(row(distances), camera, levels);
    expect([...levels]).toEqual([0, 1, 1, 2, 2, PROP_NO_MESH]);
    expect(result.triangles).toBe(100 + 20 + 20 + 5 + 5);
    expect(result.raised).toBe(1);
    expect(result.perLevel).toEqual([1, 2, 2, 1]);
  });

  it('draws no mesh for a prop wholly outside the view, unless its shadow reaches in', () => {
    const frustum = perspectiveFrustum({ x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, 60, 1.6, 0.5, 20000);
    const input = row([20, 20]);
    // The second prop 20 m behind the camera: behind its near plane by more than its size.
    (input.x as Float64Array)[1] = -20;
    (input.z as Float64Array)[1] = 0;
    const levels = new Uint8Array(2);
    selectPropLods(input, { ...camera, frustum }, levels);
    expect([...levels]).toEqual([0, PROP_NO_MESH]);
    // A low sun: its shadow reaches 4 heights (24 m) beyond it, over the 20 m back into the view.
    selectPropLods(input, { ...camera, frustum }, levels, { reach: 4 });
    expect(levels[1]).toBeLessThan(PROP_NO_MESH);
  });

  it('keeps to the budget by raising every threshold by one factor: the nearest keep their detail', () => {
    const distances = Array.from({ length: 20_000 }, (_, k) => 5 + k * 0.5);
    const levels = new Uint8Array(distances.length);
    const free = selectPropLods(row(distances), camera, levels, { budget: Infinity });
    const budget = Math.floor(free.triangles / 3);
    const result = selectPropLods(row(distances), camera, levels, { budget });
    expect(result.triangles).toBeLessThanOrEqual(budget);
    expect(result.raised).toBeGreaterThan(1);
    for (let k = 1; k < levels.length; k++) expect(levels[k]).toBeGreaterThanOrEqual(levels[k - 1]);
    expect(levels[0]).toBe(0);
  });
});
