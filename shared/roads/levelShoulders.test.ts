import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { Layer, LayerSize } from '../layers/types';
import { heightAtAnyPoint } from '../terrain/surface';
import { levelShoulderWidth, roadParams, ROAD_SHOULDER_M, shoulderReach, type RoadParams } from './params';

// Issue 34: along a cut or a fill the painted shoulder's and surface's edges were drawn as a saw-tooth.
// The cause is the heights: the shoulder's blend to the ground started at the surface's edge, so the
// triangles the painted edge and shoulder lie on had corners already rising into the cut (or falling down
// the fill), a few centimetres to decimetres off the road's plane in a pattern of the cells, which a low
// camera sees as jogs of tens of centimetres in the edge lines. With `levelShoulders` every triangle that
// holds a painted point lies on the road's plane. Checked against the closed form: a straight road at 21.8°
// to the grid on a plane rising 30 % across it (a cut on its left, a fill on its right) and 4 % along it.

const SIZE: LayerSize = { width: 129, depth: 129, cellSize: 2 };
const ANGLE = Math.atan2(2, 5);
const [UX, UZ] = [Math.cos(ANGLE), Math.sin(ANGLE)];
const HALF = 4;
const CROSS = 0.3;
const GRADE = 0.04;

/** Ground height at (x, z): 20 m at the centre, rising 30 % towards the road's left (−UZ, UX) and 4 % along it. */
const plane = (x: number, z: number) => 20 + CROSS * (-x * UZ + z * UX) + GRADE * (x * UX + z * UZ);

function shaped(overrides: Partial<RoadParams>): LayerSize & { heights: Float32Array } {
  const ground = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++)
    for (let i = 0; i < SIZE.width; i++)
      ground[j * SIZE.width + i] = plane((i - (SIZE.width - 1) / 2) * SIZE.cellSize, (j - (SIZE.depth - 1) / 2) * SIZE.cellSize);
  const road = roadParams(
    [
      { x: -50 * UX, z: -50 * UZ },
      { x: 50 * UX, z: 50 * UZ },
    ],
    { width: 2 * HALF, endsOnGround: true, ...overrides },
  );
  const layers: Layer[] = [
    { id: 'ground', name: 'Plane', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: ground },
    { id: 'road-1', name: 'Road', enabled: true, opacity: 1, kind: 'road', params: road },
  ];
  return { ...SIZE, heights: evaluateStack(layers, SIZE)! };
}

/**
 * The drawn surface's largest distance (metres, vertical) from the road's plane — flat across (no bank),
 * at the ground's 4 % along the centreline (its ends on the ground) — over the painted road: the surface,
 * its shoulders, from end to end (the paint ends square at the end points).
 */
function worstOffPlane(field: LayerSize & { heights: Float32Array }, across: number[]): number {
  let worst = 0;
  for (let along = -50; along <= 50; along += 0.07)
    for (const d of across) {
      const x = along * UX - d * UZ;
      const z = along * UZ + d * UX;
      worst = Math.max(worst, Math.abs(heightAtAnyPoint(field, x, z) - (20 + GRADE * along)));
    }
  return worst;
}

const EDGES = [HALF, HALF - 0.35, HALF + ROAD_SHOULDER_M].flatMap((d) => [d, -d]);
const PAINTED = Array.from({ length: 53 }, (_, k) => -(HALF + ROAD_SHOULDER_M) + (k * 2 * (HALF + ROAD_SHOULDER_M)) / 52);

describe('level shoulders', () => {
  it('draw the painted road and shoulders on the road’s plane: their edges within 2 mm of straight lines at 21.8° to the grid', () => {
    const field = shaped({ levelShoulders: true });
    // The surface's and shoulders' edges and the white edge lines, and every line across the painted road.
    expect(worstOffPlane(field, EDGES)).toBeLessThan(0.002);
    expect(worstOffPlane(field, PAINTED)).toBeLessThan(0.002);
  });

  it('without the key the blend starts at the surface’s edge, as in projects saved before it (its edges off the plane by centimetres)', () => {
    const field = shaped({});
    // Measured 0.36 m on the shoulders' outer edges and 7 cm on the white edge lines (with them: under 1 µm).
    expect(worstOffPlane(field, EDGES)).toBeGreaterThan(0.2);
    expect(worstOffPlane(field, [HALF - 0.35, -(HALF - 0.35)])).toBeGreaterThan(0.05);
    expect(levelShoulderWidth({}, SIZE.cellSize)).toBe(0);
    expect(levelShoulderWidth({ levelShoulders: true }, SIZE.cellSize)).toBeCloseTo(ROAD_SHOULDER_M + 2 * Math.SQRT2, 12);
  });

  it('then blend into the ground as before, only that much further out: untouched beyond, between plane and ground within', () => {
    const field = shaped({ levelShoulders: true });
    const level = levelShoulderWidth({ levelShoulders: true }, SIZE.cellSize);
    const p = roadParams([], {});
    // Beyond the level shoulder and the blend's longest run the ground is untouched; inside the blend it
    // lies between the road's plane and the ground.
    const reach = HALF + level + shoulderReach(p, p.falloffLeft);
    for (const side of [1, -1]) {
      const beyond = side * (reach + 2 * SIZE.cellSize);
      expect(Math.abs(heightAtAnyPoint(field, -beyond * UZ, beyond * UX) - plane(-beyond * UZ, beyond * UX))).toBeLessThan(1e-4);
      for (let d = HALF + level; d < reach; d += 0.5) {
        const [x, z] = [-side * d * UZ, side * d * UX];
        const h = heightAtAnyPoint(field, x, z);
        const [lo, hi] = [Math.min(20, plane(x, z)), Math.max(20, plane(x, z))];
        expect(h).toBeGreaterThanOrEqual(lo - 0.01);
        expect(h).toBeLessThanOrEqual(hi + 0.01);
      }
    }
  });
});
