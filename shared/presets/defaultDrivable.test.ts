import { beforeAll, describe, expect, it } from 'vitest';
import type { Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import { STOCK_CARS } from '../vehicle/physics/cars';
import { carSlopeLimits } from '../vehicle/physics/drivability';
import { driveRoutePhysics } from '../vehicle/physics/physicsDrive';
import { loadRapier, type Rapier } from '../vehicle/physics/rapier';
import { replayTerrainOnce } from './testing/replayOnce';
import { buildPreset, DEFAULT_PRESET_ID } from './terrainPresets';

let R: Rapier;
let field: Heightfield;
beforeAll(async () => {
  R = await loadRapier();
  const size = { width: 257, depth: 257, cellSize: 2, seed: 1 };
  const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, size);
  field = replayTerrainOnce({ ...size, recipe, steps: finishing });
});

/** Straight routes across the 512 m default map (world coordinates are centred on the map). */
const ROUTES: [number, number][][] = [
  [
    [-216, 0],
    [214, 0],
  ],
  [
    [0, -216],
    [0, 214],
  ],
  // The corner-to-corner diagonal starts 20 m in: from (-196, -196) it starts at the foot of a 27° grade (below).
  [
    [-176, -176],
    [194, 194],
  ],
  [
    [-196, 194],
    [194, -196],
  ],
];

/** Metres from a standing start in which the car has no run-up to carry it over a grade steeper than it climbs. */
const STANDING_START = 20;

/** The steepest uphill grade, degrees, over the wheelbase, along a straight route's first `metres`. */
function steepestGradeDeg(route: [number, number][], metres: number): number {
  const [[x0, z0], [x1, z1]] = route;
  const length = Math.hypot(x1 - x0, z1 - z0);
  const [ux, uz] = [(x1 - x0) / length, (z1 - z0) / length];
  const half = STOCK_CARS.hatchback.wheelbase / 2;
  let steepest = -90;
  for (let s = half; s <= metres; s += 0.5) {
    const rise = heightAt(field, x0 + ux * (s + half), z0 + uz * (s + half)) - heightAt(field, x0 + ux * (s - half), z0 + uz * (s - half));
    steepest = Math.max(steepest, (Math.atan(rise / (2 * half)) * 180) / Math.PI);
  }
  return steepest;
}

describe('the default preset is drivable', () => {
  it('the physics hatchback crosses it at 45 km/h on four routes without leaving the ground', { timeout: 120_000 }, () => {
    const { climbDeg } = carSlopeLimits(STOCK_CARS.hatchback);
    let cruising = 0;
    let airborne = 0;
    for (const route of ROUTES) {
      // Each route starts on ground a front-drive hatchback can pull away on: a standing start is under
      // the closed-form climb limit atan((μ/2) / (1 + μh/L)) (22.3° for this car).
      expect(steepestGradeDeg(route, STANDING_START), JSON.stringify(route)).toBeLessThan(climbDeg);
      const drive = driveRoutePhysics(R, field, route, { spec: STOCK_CARS.hatchback, speed: 12.5, step: 1 / 30 });
      // It gets there (no stuck car, no flip).
      expect(drive.end?.reason, JSON.stringify(route)).toBe('arrived');
      expect(drive.reachedEnd).toBe(true);
      for (const row of drive.rows) {
        if (row.speed < 10) continue;
        cruising++;
        if (row.airborne) airborne++;
      }
    }
    // Most of the drive is at cruise speed, and the car stays on its wheels (eroded rills threw it
    // off them 5 % of the time before the preset's final smoothing).
    expect(cruising).toBeGreaterThan(ROUTES.length * 25 * 30);
    expect(airborne / cruising).toBeLessThan(0.002);
  });

  it(
    'from the map corner (-196, -196) the diagonal climbs 27° from a standing start: more than the hatchback climbs, and it stops on it',
    { timeout: 60_000 },
    () => {
      const route: [number, number][] = [
        [-196, -196],
        [194, 194],
      ];
      const { climbDeg, engineDeg } = carSlopeLimits(STOCK_CARS.hatchback);
      // Steeper than both its traction limit (22.3°) and what its engine pulls (24.3°).
      expect(steepestGradeDeg(route, STANDING_START)).toBeGreaterThan(Math.max(climbDeg, engineDeg) + 2);
      const drive = driveRoutePhysics(R, field, route, { spec: STOCK_CARS.hatchback, speed: 12.5, step: 1 / 30 });
      expect(drive.end?.reason).toBe('stuck');
      expect(drive.end!.at).toBeLessThan(STANDING_START);
    },
  );
});
