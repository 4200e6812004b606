/**
 * Junctions: a road that ends on another joins it, two roads that cross meet at grade. Checked on the
 * exact triangles of the evaluated stack against the through road alone (it keeps its surface) and at
 * the seam (no step, no kink), and by driving the kinematic and the physics car through them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { HeightsLayer, Layer, LayerSize, RoadLayer } from '../layers/types';
import { heightAt } from '../terrain/surface';
import { poseFromTerrain } from '../vehicle/pose';
import { DEFAULT_CAR_SETTINGS } from '../vehicle/drive';
import { STOCK_CARS } from '../vehicle/physics/cars';
import { loadRapier, type Rapier } from '../vehicle/physics/rapier';
import { driveRoad } from './drive';
import { fitRoad } from './fittedRoad';
import type { RoadPoint } from './params';
import { roadLayer } from './testing/terrain';

const SIZE: LayerSize = { width: 201, depth: 201, cellSize: 1 };

/** Ground rising 5 % along x with a wave along z: a through road along x climbs, a side road along z meets it on a slope. */
function ground(): HeightsLayer {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++) {
    for (let i = 0; i < SIZE.width; i++) {
      const x = i - 100;
      const z = j - 100;
      heights[j * SIZE.width + i] = 20 + 0.05 * x + 1.5 * Math.sin(z / 17);
    }
  }
  return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
}

const THROUGH: RoadPoint[] = [
  { x: -90, z: 0 },
  { x: 90, z: 0 },
];
const through = (): RoadLayer => roadLayer(THROUGH, { designSpeedKmh: 50 }, 'road-1');
const side = (
  points: RoadPoint[] = [
    { x: 0, z: 85 },
    { x: 0, z: 0 },
  ],
): RoadLayer => roadLayer(points, { designSpeedKmh: 50 }, 'road-2');

const surface = (heights: Float32Array) => (x: number, z: number) => heightAt({ ...SIZE, heights }, x, z);

describe('junctions', () => {
  const base = ground();
  const alone = evaluateStack([base, through()], SIZE)!;
  const joined = evaluateStack([base, through(), side()], SIZE)!;
  const a = surface(alone);
  const t = surface(joined);

  it('T-junction: the through road keeps its surface under the junction (within 2 cm on the exact triangles)', () => {
    let worst = 0;
    for (let x = -60; x <= 60; x += 0.25) for (const z of [-3.5, -2, 0, 2, 3.5]) worst = Math.max(worst, Math.abs(t(x, z) - a(x, z)));
    expect(worst).toBeLessThanOrEqual(0.02);
  });

  it('T-junction: the joining road meets it without a step or a kink at the seam, and nothing changes past the far side', () => {
    // The seam is the through road's edge (z = 4). Across the joining road's surface (|x| < 4):
    // the surface just outside is the through road's continued (its centre height: it is flat across),
    // and the second difference across the seam (one cell each side) is within 2 cm.
    for (let x = -3.5; x <= 3.5; x += 0.5) {
      for (const z of [4, 4.5, 5]) expect(Math.abs(t(x, z) - a(x, 0)), `x ${x}, z ${z}`).toBeLessThanOrEqual(0.02);
      expect(Math.abs(t(x, 5) - 2 * t(x, 4) + t(x, 3)), `x ${x}`).toBeLessThanOrEqual(0.02);
    }
    // Past the through road's far edge the joining road writes nothing: the bytes of the through road alone.
    for (let j = 0; j < 95; j++) for (let i = 70; i <= 130; i++) expect(joined[j * SIZE.width + i]).toBe(alone[j * SIZE.width + i]);
  });

  it('crossing: two roads meet at grade, the one below keeps its surface, the one above blends to it on both sides', () => {
    const crossing = evaluateStack(
      [
        base,
        through(),
        side([
          { x: 20, z: 85 },
          { x: 20, z: -85 },
        ]),
      ],
      SIZE,
    )!;
    const c = surface(crossing);
    let worst = 0;
    for (let x = -60; x <= 60; x += 0.25) for (const z of [-3.5, 0, 3.5]) worst = Math.max(worst, Math.abs(c(x, z) - a(x, z)));
    expect(worst).toBeLessThanOrEqual(0.02);
    for (let x = 16.5; x <= 23.5; x += 0.5) {
      for (const z of [4, 4.5, -4, -4.5]) expect(Math.abs(c(x, z) - a(x, 0)), `x ${x}, z ${z}`).toBeLessThanOrEqual(0.02);
      expect(Math.abs(c(x, 5) - 2 * c(x, 4) + c(x, 3))).toBeLessThanOrEqual(0.02);
      expect(Math.abs(c(x, -5) - 2 * c(x, -4) + c(x, -3))).toBeLessThanOrEqual(0.02);
    }
  });
});

/** Vertical acceleration (m/s²) and pitch rate (rad/s) from rows `dt` seconds apart: the largest magnitudes. */
function bumps(y: readonly number[], pitch: readonly number[], dt: number): { accel: number; pitchRate: number } {
  let accel = 0;
  let pitchRate = 0;
  for (let k = 1; k + 1 < y.length; k++) {
    accel = Math.max(accel, Math.abs((y[k + 1] - 2 * y[k] + y[k - 1]) / (dt * dt)));
    pitchRate = Math.max(pitchRate, Math.abs((pitch[k + 1] - pitch[k - 1]) / (2 * dt)));
  }
  return { accel, pitchRate };
}

/** The kinematic car (its pose from the exact surface under its footprint) moved along a straight line at `speed`, rows every `dt`. */
function kinematicDrive(heights: Float32Array, from: [number, number], to: [number, number], speed: number, dt = 0.05) {
  const field = { ...SIZE, heights };
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const heading = Math.atan2(to[0] - from[0], to[1] - from[1]);
  const y: number[] = [];
  const pitch: number[] = [];
  for (let s = 0; s <= length; s += speed * dt) {
    const pose = poseFromTerrain(
      field,
      { x: from[0] + ((to[0] - from[0]) * s) / length, z: from[1] + ((to[1] - from[1]) * s) / length, heading },
      DEFAULT_CAR_SETTINGS,
      false,
    );
    y.push(pose.position.y);
    pitch.push(pose.pitch);
  }
  return bumps(y, pitch, dt);
}

/**
 * "Without a bump": against the same drive on a single road (the through road alone; the side road
 * as one straight road through where the junction is), the largest vertical acceleration grows by at
 * most 0.1 g and the largest pitch rate by at most 0.1 rad/s.
 */
const MORE_ACCEL = 0.1 * 9.81;
const MORE_PITCH_RATE = 0.1;

describe('driving through a T-junction', () => {
  let rapier: Rapier;
  beforeAll(async () => {
    rapier = await loadRapier();
  });
  const base = ground();
  const stackOf = (...roads: Layer[]) => evaluateStack([base, ...roads], SIZE)!;
  const straightSide = () =>
    side([
      { x: 0, z: 85 },
      { x: 0, z: -85 },
    ]);
  const speed = 50 / 3.6;

  it('the kinematic car, along the through road and in from the side road', () => {
    const junction = stackOf(through(), side());
    const alongAlone = kinematicDrive(stackOf(through()), [-60, 0], [60, 0], speed);
    const along = kinematicDrive(junction, [-60, 0], [60, 0], speed);
    const inAlone = kinematicDrive(stackOf(straightSide()), [0, 70], [0, 0], speed);
    const into = kinematicDrive(junction, [0, 70], [0, 0], speed);
    expect(along.accel).toBeLessThanOrEqual(alongAlone.accel + MORE_ACCEL);
    expect(along.pitchRate).toBeLessThanOrEqual(alongAlone.pitchRate + MORE_PITCH_RATE);
    expect(into.accel).toBeLessThanOrEqual(inAlone.accel + MORE_ACCEL);
    expect(into.pitchRate).toBeLessThanOrEqual(inAlone.pitchRate + MORE_PITCH_RATE);
  });

  it('the physics car (autopilot at 50 km/h), along the through road and in from the side road to the junction', () => {
    const ground = evaluateStack([base], SIZE)!;
    const withThrough = evaluateStack([base, through()], SIZE)!;
    const drive = (heights: Float32Array, road: RoadLayer, below: Float32Array) => {
      const result = driveRoad(rapier, { ...SIZE, heights }, fitRoad(road.params, below, SIZE), { spec: STOCK_CARS.hatchback, speed });
      expect(result.end?.reason).toBe('arrived');
      expect(result.rows.some((r) => r.airborne)).toBe(false);
      // After the start (the car settles on its springs).
      const rows = result.rows.filter((r) => r.t > 3);
      return bumps(
        rows.map((r) => r.y),
        rows.map((r) => r.pitch),
        rows[1].t - rows[0].t,
      );
    };
    const junction = stackOf(through(), side());
    const alongAlone = drive(stackOf(through()), through(), ground);
    const along = drive(junction, through(), ground);
    const inAlone = drive(stackOf(straightSide()), side(), ground);
    const into = drive(junction, side(), withThrough);
    expect(along.accel).toBeLessThanOrEqual(alongAlone.accel + MORE_ACCEL);
    expect(along.pitchRate).toBeLessThanOrEqual(alongAlone.pitchRate + MORE_PITCH_RATE);
    expect(into.accel).toBeLessThanOrEqual(inAlone.accel + MORE_ACCEL);
    expect(into.pitchRate).toBeLessThanOrEqual(inAlone.pitchRate + MORE_PITCH_RATE);
  }, 120_000);
});
