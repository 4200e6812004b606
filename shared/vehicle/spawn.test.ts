import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { DEFAULT_CAR_SETTINGS, drivableBounds, stepCar, type CarSettings, type CarState, type Obstacle } from './drive';
import { poseFromTerrain, poseFromWheelPlane, type PoseFunction } from './pose';
import { DEFAULT_MAX_EVALUATIONS, MIN_FREE_SECONDS, SPAWN_HEADINGS, SPOT_SLOPE_FRACTION, findSpawn, runAheadDistance, type SpawnResult } from './spawn';
import { fieldFrom } from './testFields';
import { wheelContacts, wheelLayoutFor } from './wheels';

const DEG = Math.PI / 180;
const car: CarSettings = DEFAULT_CAR_SETTINGS;
const limit = car.maxClimbSlopeDeg * DEG;

/** The spot's own checks, done again from the outside: upright within the margin, no clipping, four wheels down. */
function expectStandable(field: Heightfield, result: SpawnResult, pose: PoseFunction = poseFromTerrain): void {
  const p = pose(field, result.placement, car);
  expect(Math.abs(p.pitch)).toBeLessThanOrEqual(limit * SPOT_SLOPE_FRACTION);
  expect(Math.abs(p.roll)).toBeLessThanOrEqual(limit * SPOT_SLOPE_FRACTION);
  expect(p.clipDepth).toBe(0);
  expect(wheelContacts(field, p, wheelLayoutFor(car)).every((w) => w.grounded)).toBe(true);
  const b = drivableBounds(field, car);
  expect(result.placement.x).toBeGreaterThanOrEqual(b.minX);
  expect(result.placement.x).toBeLessThanOrEqual(b.maxX);
  expect(result.placement.z).toBeGreaterThanOrEqual(b.minZ);
  expect(result.placement.z).toBeLessThanOrEqual(b.maxZ);
}

/** Full throttle from the placement for `seconds` at a fixed frame step; returns whether it was ever stopped and how far it got. */
function drive(
  field: Heightfield,
  result: SpawnResult,
  seconds: number,
  dt: number,
  obstacles: readonly Obstacle[] = [],
): { stopped: boolean; distance: number } {
  let state: CarState = { ...result.placement, speed: 0 };
  let stopped = false;
  for (let t = 0; t < seconds - 1e-9; t += dt) {
    const step = stepCar(field, state, { throttle: 1, steer: 0, handbrake: false }, dt, car, obstacles);
    if (step.stoppedBy) stopped = true;
    state = step.state;
  }
  return { stopped, distance: Math.hypot(state.x - result.placement.x, state.z - result.placement.z) };
}

const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

describe('spawn on simple ground', () => {
  it('flat ground: exactly where asked, facing the preferred heading, with a clear run', () => {
    const flat = fieldFrom(129, 129, 1, () => 1);
    const result = findSpawn(flat, { x: 3, z: -4 }, { car, preferredHeading: 2 });
    expect(result).toMatchObject({ placement: { x: 3, z: -4, heading: 2 }, quality: 'clear', distance: 0, runTilt: 0 });
  });

  it('a drivable slope: where asked, facing straight downhill', () => {
    for (const method of [poseFromTerrain, poseFromWheelPlane]) {
      // 15° falling towards +x+z.
      const g = Math.tan(15 * DEG) / Math.SQRT2;
      const slope = fieldFrom(129, 129, 1, (x, z) => -g * (x + z));
      const result = findSpawn(slope, { x: -20, z: -20 }, { car, pose: method, preferredHeading: 3 });
      expect(result.quality).toBe('clear');
      expect(result.distance).toBe(0);
      expect(wrap(result.placement.heading - Math.PI / 4)).toBeCloseTo(0, 5);
      expectStandable(slope, result, method);
      expect(drive(slope, result, 3, 1 / 60).stopped).toBe(false);
    }
  });

  it('a car asked onto a 45° face lands on the nearest terrace, fully off the face', () => {
    // Rises at 45° towards +x between x = −10 and x = 10, flat either side.
    const face = fieldFrom(129, 129, 1, (x) => Math.max(-10, Math.min(10, x)));
    const result = findSpawn(face, { x: 4, z: 0 }, { car, preferredHeading: 0 });
    expect(result.quality).toBe('clear');
    expectStandable(face, result);
    // The upper terrace is nearer; the footprint has to clear the edge, but not by much more than its size.
    expect(result.placement.x).toBeGreaterThan(10);
    expect(result.distance).toBeLessThan(6 + Math.hypot(car.length, car.width) / 2 + 2);
  });

  it('never faces a wall it cannot climb, at any frame rate', () => {
    // A narrow flat strip with a 70° wall 8 m ahead of the preferred heading and a gentle fall behind.
    const wall = fieldFrom(129, 129, 1, (_x, z) => (z > 8 ? (z - 8) * Math.tan(70 * DEG) : -0.02 * (8 - z)));
    const result = findSpawn(wall, { x: 0, z: 0 }, { car, preferredHeading: 0 });
    expect(result.quality).toBe('clear');
    // Away from the wall: forward has a negative z component.
    expect(Math.cos(result.placement.heading)).toBeLessThan(0);
    for (const dt of [1 / 60, 1 / 20, 0.25]) expect(drive(wall, result, 3, dt).stopped).toBe(false);
  });

  it('keeps clear of props', () => {
    const flat = fieldFrom(129, 129, 1, () => 0);
    const obstacles: Obstacle[] = [{ x: 0, z: 0, radius: 3 }];
    const result = findSpawn(flat, { x: 0, z: 0 }, { car, obstacles, preferredHeading: 0 });
    expect(result.quality).toBe('clear');
    expect(result.distance).toBeGreaterThan(3);
    expect(result.distance).toBeLessThan(3 + car.length / 2 + 3);
    expect(drive(flat, result, 3, 1 / 30, obstacles).stopped).toBe(false);
  });
});

describe('spawn on rough fault terrain', () => {
  // Today's default recipe on a 257² map with 2 m cells: steps up to 4 m over one cell.
  const rough = createHeightfield(257, 257, 2);
  runFaultFormation(rough, DEFAULT_RECIPE);

  it('finds standable spots near the asked point whose run ahead the drive does not stop on', () => {
    const random = createRandom(91);
    const runs = runAheadDistance(car);
    for (let k = 0; k < 6; k++) {
      const from = { x: (random.next() - 0.5) * 400, z: (random.next() - 0.5) * 400 };
      const result = findSpawn(rough, from, { car, preferredHeading: random.next() * 7 });
      expect(['clear', 'rough']).toContain(result.quality);
      expect(result.freeRun).toBe(runs);
      expectStandable(rough, result);
      expect(result.evaluations).toBeLessThanOrEqual(DEFAULT_MAX_EVALUATIONS + 4 * SPAWN_HEADINGS);
      // Two seconds of full throttle at very different frame rates: never stopped, and it gets going.
      for (const dt of [1 / 60, 1 / 7, 0.25]) {
        const run = drive(rough, result, 2, dt);
        expect(run.stopped).toBe(false);
        expect(run.distance).toBeGreaterThan(0.5 * car.accel * 4 * 0.95);
      }
      expect(runs).toBeGreaterThan(0.5 * car.accel * 4);
    }
  });
});

describe('spawn on a rougher 1025² map', () => {
  // 1 m cells with today's displacements: steps up to 4 m over one metre, few long runs anywhere.
  const rougher = createHeightfield(1025, 1025, 1);
  runFaultFormation(rougher, { ...DEFAULT_RECIPE, iterations: 1000, decay: { ...DEFAULT_RECIPE.decay, n: 1000 } });

  it('still gives two seconds of full throttle before any stop, at any frame rate', () => {
    const random = createRandom(92);
    for (let k = 0; k < 3; k++) {
      const from = { x: (random.next() - 0.5) * 900, z: (random.next() - 0.5) * 900 };
      const result = findSpawn(rougher, from, { car, preferredHeading: random.next() * 7 });
      expect(result.quality).not.toBe('none');
      expectStandable(rougher, result);
      expect(result.freeRun).toBeGreaterThanOrEqual(runAheadDistance(car, MIN_FREE_SECONDS));
      for (const dt of [1 / 60, 0.25]) expect(drive(rougher, result, MIN_FREE_SECONDS, dt).stopped).toBe(false);
    }
  });
});

describe('spawn where nothing is drivable', () => {
  it('says so and falls back to the least tilted placement it saw, within the map', () => {
    // 60° ridges everywhere.
    const saw = fieldFrom(65, 65, 1, (x) => Math.abs((((x % 4) + 4) % 4) - 2) * Math.tan(60 * DEG));
    const result = findSpawn(saw, { x: 500, z: -3 }, { car });
    expect(result.quality).toBe('none');
    expect(result.runTilt).toBe(Infinity);
    expect(result.freeRun).toBe(0);
    const b = drivableBounds(saw, car);
    expect(result.placement.x).toBeLessThanOrEqual(b.maxX);
    expect(result.placement.x).toBeGreaterThanOrEqual(b.minX);
    expect(Number.isFinite(result.placement.heading)).toBe(true);
  });

  it('bounds its work on an 8 km map: points visited grow with the log of the size, evaluations stop at the budget', () => {
    // 2049² at 4 m: the extent of an 8193² map at 1 m. A 45° plane: every point fails the planar pre-check,
    const extent = 2049;
    const steep = createHeightfield(extent, extent, 4);
    for (let j = 0; j < extent; j++) for (let i = 0; i < extent; i++) steep.heights[j * extent + i] = 4 * i;
    const rejected = findSpawn(steep, { x: 0, z: 0 }, { car });
    expect(rejected.quality).toBe('none');
    expect(rejected.evaluations).toBeLessThanOrEqual(SPAWN_HEADINGS);
    expect(rejected.locations).toBeLessThan(60_000);
    // … and 63° ridges 8 m apart: many points pass the pre-check (its samples straddle a ridge), none is a spot.
    const ridges = createHeightfield(extent, extent, 4);
    for (let j = 0; j < extent; j++) for (let i = 0; i < extent; i++) ridges.heights[j * extent + i] = (i % 2) * 8;
    const budget = 3000;
    const capped = findSpawn(ridges, { x: 0, z: 0 }, { car, maxEvaluations: budget });
    expect(capped.quality).toBe('none');
    expect(capped.evaluations).toBeGreaterThanOrEqual(budget);
    expect(capped.evaluations).toBeLessThanOrEqual(budget + SPAWN_HEADINGS);
  });
});
