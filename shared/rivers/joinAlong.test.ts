import { describe, expect, it } from 'vitest';
import { joinedSurface } from './carve';
import { fitRiver } from './fittedRiver';
import { riverParams, type RiverParams } from './params';

// A river drawn along water below it that falls: an automatic river down a plane. The plane falls
// 5 cm a metre along z; the water below stands 0.3 m over it in a band 8 m wide along the line, so its
// level at z is 20.3 − 0.05·z in closed form. The drawn river's own surface is the ground along its
// line (20 − 0.05·z), under that water all along.
const SIZE = { width: 65, depth: 65, cellSize: 2 };
const half = ((SIZE.width - 1) / 2) * SIZE.cellSize;
const ground = new Float32Array(SIZE.width * SIZE.depth);
const below = new Float32Array(SIZE.width * SIZE.depth).fill(NaN);
for (let j = 0; j < SIZE.depth; j++) {
  for (let i = 0; i < SIZE.width; i++) {
    const x = i * SIZE.cellSize - half;
    const z = j * SIZE.cellSize - half;
    ground[j * SIZE.width + i] = 20 - 0.05 * z;
    if (Math.abs(x) <= 4) below[j * SIZE.width + i] = 20.3 - 0.05 * z;
  }
}
const points = [
  { x: 0, z: -56 },
  { x: 0, z: 56 },
];

/** The water below at station k: the level at its nearest vertex, as the join reads it. */
function belowAt(fitted: ReturnType<typeof fitRiver>, k: number): number {
  const j = Math.round(fitted.line.z[k] / SIZE.cellSize + (SIZE.depth - 1) / 2);
  return 20.3 - 0.05 * (j * SIZE.cellSize - half);
}

describe('a drawn river joined with the water below it along a stretch', () => {
  it('follows that water’s falling level station by station (joinAlongWater, new rivers)', () => {
    const fitted = fitRiver(riverParams(points), ground, SIZE);
    expect(fitted.params.joinAlongWater).toBe(true);
    const joined = joinedSurface(fitted, SIZE, below);
    for (let k = 0; k < fitted.line.n; k++) {
      expect(Math.abs(joined[k] - belowAt(fitted, k))).toBeLessThan(1e-4);
      if (k > 0) expect(joined[k]).toBeLessThanOrEqual(joined[k - 1]);
    }
    // 5.6 m of fall from source to mouth, as the water below falls.
    expect(joined[0] - joined[fitted.line.n - 1]).toBeGreaterThan(5.5);
  });

  it('is held at the level where the stretch begins for a river saved without it (the same bytes as before)', () => {
    const old: RiverParams = { ...riverParams(points) };
    delete old.joinAlongWater;
    const fitted = fitRiver(old, ground, SIZE);
    const joined = joinedSurface(fitted, SIZE, below);
    // The level as the water holds it (float32) where the stretch begins: station 0, on the water.
    const first = below[Math.round(fitted.line.z[0] / SIZE.cellSize + (SIZE.depth - 1) / 2) * SIZE.width + (SIZE.width - 1) / 2];
    expect(Math.abs(first - belowAt(fitted, 0))).toBeLessThan(1e-5);
    for (let k = 0; k < fitted.line.n; k++) expect(joined[k]).toBe(Math.max(fitted.surface[k], first));
  });

  it('is the same for a lake below (one level): the backwater stands level', () => {
    const lake = below.map((level) => (Number.isNaN(level) ? NaN : 19));
    const along = joinedSurface(fitRiver(riverParams(points), ground, SIZE), SIZE, lake);
    const old: RiverParams = { ...riverParams(points) };
    delete old.joinAlongWater;
    expect(Array.from(along)).toEqual(Array.from(joinedSurface(fitRiver(old, ground, SIZE), SIZE, lake)));
  });
});
