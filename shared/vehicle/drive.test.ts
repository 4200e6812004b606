import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { terrainExtent } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import { DEFAULT_CAR_SETTINGS, drivableBounds, stepCar, type CarSettings, type CarState, type DriveInput, type Obstacle } from './drive';
import { horizontalForward } from './pose';
import { fieldFrom } from './testFields';

const settings: CarSettings = { ...DEFAULT_CAR_SETTINGS, length: 4, width: 2, maxSpeed: 100, maxClimbSlopeDeg: 35, accel: 50 };
const fullThrottle: DriveInput = { throttle: 1, steer: 0, handbrake: false };
const flat = fieldFrom(65, 65, 1, () => 0);

function drive(field = flat, start: CarState, input: DriveInput, dt: number, frames: number, obstacles: Obstacle[] = [], car = settings): CarState[] {
  const states = [start];
  let state = start;
  for (let k = 0; k < frames; k++) {
    state = stepCar(field, state, input, dt, car, obstacles).state;
    states.push(state);
  }
  return states;
}

describe('stepCar speed and steering', () => {
  it('accelerates to the top speed, brakes, reverses slower, and turns right for positive steer', () => {
    let state: CarState = { x: 0, z: 0, heading: 0, speed: 0 };
    state = stepCar(flat, state, fullThrottle, 0.1, settings).state;
    expect(state.speed).toBeCloseTo(settings.accel * 0.1, 12);
    expect(state.z).toBeGreaterThan(0); // heading 0 drives towards +z
    const slow: CarSettings = { ...settings, maxSpeed: 10 };
    const fast = drive(flat, state, fullThrottle, 0.01, 100, [], slow).at(-1)!;
    expect(fast.speed).toBe(10);
    const reversing = drive(flat, { x: 0, z: 0, heading: 0, speed: 0 }, { throttle: -1, steer: 0, handbrake: false }, 0.01, 100, [], slow).at(-1)!;
    expect(reversing.speed).toBeCloseTo(-10 / 3, 12);
    const turning = stepCar(flat, { x: 0, z: 0, heading: 0, speed: 10 }, { throttle: 0, steer: 1, handbrake: false }, 0.1, settings).state;
    expect(turning.heading).toBeLessThan(0);
    expect(turning.x).toBeLessThan(0); // right of +z is −x
    const parked = stepCar(flat, { x: 0, z: 0, heading: 0, speed: 0 }, { throttle: 0, steer: 1, handbrake: true }, 0.1, settings);
    expect(parked.state).toEqual({ x: 0, z: 0, heading: 0, speed: 0 });
  });

  it('sub-steps so that no sub-step is longer than half a cell', () => {
    for (const cellSize of [0.25, 1, 3]) {
      const field = fieldFrom(257, 257, cellSize, () => 0);
      const dt = 0.05;
      const result = stepCar(field, { x: 0, z: 0, heading: 0.3, speed: 100 }, fullThrottle, dt, { ...settings, maxSpeed: 100 });
      const travelled = 100 * dt;
      expect(result.substeps).toBeGreaterThanOrEqual(travelled / (cellSize / 2));
      expect(result.substeps).toBeLessThanOrEqual(Math.ceil(travelled / (cellSize / 2)) + 1);
    }
  });
});

describe('no tunnelling', () => {
  // A one-cell-wide wall along z at x = 10: faces of atan(5) ≈ 79°, well over the 35° limit.
  const wall = fieldFrom(65, 65, 1, (x) => (x === 10 ? 5 : 0));

  it('stops in front of a thin steep ridge at 100 m/s, whatever the frame time and angle of approach', () => {
    for (const dt of [1 / 60, 0.1, 0.5, 2]) {
      for (const heading of [Math.PI / 2, Math.PI / 3, (2 * Math.PI) / 3]) {
        const start: CarState = { x: -10, z: 0, heading, speed: 100 };
        const states = drive(wall, start, fullThrottle, dt, 40);
        for (const s of states) {
          // No part of the footprint (capsule of half-length 2) gets past the foot of the wall at x = 9.
          expect(s.x + 2).toBeLessThanOrEqual(9.5 + 1e-9);
        }
        const last = states.at(-1)!;
        expect(last.speed).toBe(0);
        expect(last.x + 2 * Math.sin(heading)).toBeGreaterThan(7.5); // it did drive up to the wall
      }
    }
    const result = stepCar(wall, { x: -10, z: 0, heading: Math.PI / 2, speed: 100 }, fullThrottle, 1, settings);
    expect(result.stoppedBy).toBe('slope');
  });

  it('climbs the same ridge when it is within the slope limit', () => {
    const gentle = fieldFrom(65, 65, 1, (x) => (x === 10 ? 0.5 : 0)); // 26.6° faces
    const last = drive(gentle, { x: -10, z: 0, heading: Math.PI / 2, speed: 30 }, fullThrottle, 0.1, 10).at(-1)!;
    expect(last.x).toBeGreaterThan(15);
  });

  it('stops against a small obstacle at 100 m/s instead of passing through it', () => {
    const post: Obstacle = { x: 10, z: 0, radius: 0.2 };
    for (const dt of [1 / 60, 0.5, 3]) {
      const states = drive(flat, { x: -5, z: 0, heading: Math.PI / 2, speed: 100 }, fullThrottle, dt, 30, [post]);
      const last = states.at(-1)!;
      // Contact when the nose (2 m ahead of the centre) meets the post's rim.
      expect(last.x).toBeCloseTo(10 - 0.2 - 2, 6);
      expect(last.speed).toBe(0);
      for (const s of states) expect(s.x).toBeLessThanOrEqual(7.8 + 1e-9);
    }
    // Offset sideways: still inside the half-width plus radius, blocked; just outside it, passes.
    const grazing = drive(flat, { x: -5, z: 1.1, heading: Math.PI / 2, speed: 100 }, fullThrottle, 0.5, 10, [post]).at(-1)!;
    expect(grazing.x).toBeLessThan(10);
    const clear = drive(flat, { x: -5, z: 1.25, heading: Math.PI / 2, speed: 40 }, fullThrottle, 0.1, 10, [post]).at(-1)!;
    expect(clear.x).toBeGreaterThan(15);
  });

  it('can back away from an obstacle it touches', () => {
    const post: Obstacle = { x: 10, z: 0, radius: 0.5 };
    const touching = drive(flat, { x: 0, z: 0, heading: Math.PI / 2, speed: 20 }, fullThrottle, 0.1, 20, [post]).at(-1)!;
    const backing = drive(flat, touching, { throttle: -1, steer: 0, handbrake: false }, 0.1, 10, [post]).at(-1)!;
    expect(backing.x).toBeLessThan(touching.x - 1);
  });
});

describe('map edges', () => {
  it('keeps the whole car over the map and stops at the edge in every direction', () => {
    const field = fieldFrom(33, 21, 1, () => 0);
    const { sizeX, sizeZ } = terrainExtent(field);
    for (let k = 0; k < 16; k++) {
      const heading = (k / 16) * 2 * Math.PI;
      const states = drive(field, { x: 1, z: -1, heading, speed: 100 }, fullThrottle, 0.25, 20);
      for (const s of states) {
        const nose = horizontalForward(s.heading);
        for (const end of [1, -1]) {
          expect(Math.abs(s.x + end * 2 * nose.x)).toBeLessThanOrEqual(sizeX / 2 + 1e-9);
          expect(Math.abs(s.z + end * 2 * nose.z)).toBeLessThanOrEqual(sizeZ / 2 + 1e-9);
          expect(Number.isNaN(heightAt(field, s.x + end * 2 * nose.x, s.z + end * 2 * nose.z))).toBe(false);
        }
      }
      expect(states.at(-1)!.speed).toBe(0);
    }
    const result = stepCar(field, { x: 0, z: 0, heading: 0, speed: 100 }, fullThrottle, 1, settings);
    expect(result.stoppedBy).toBe('edge');
    expect(result.state.z).toBe(drivableBounds(field, settings).maxZ);
  });

  it('brings a car placed outside the map back to the edge', () => {
    const result = stepCar(flat, { x: 500, z: -3, heading: 1, speed: 5 }, fullThrottle, 0.1, settings);
    expect(result.state.x).toBe(drivableBounds(flat, settings).maxX);
    expect(result.state.speed).toBe(0);
  });
});

describe('determinism', () => {
  it('the same inputs give bit-identical states', () => {
    const random = createRandom(1234);
    const rough = fieldFrom(65, 65, 1, (x, z) => 2 * Math.sin(x * 0.3) * Math.cos(z * 0.2) + random.next() * 0.3);
    const posts: Obstacle[] = [
      { x: 5, z: 5, radius: 1 },
      { x: -8, z: 3, radius: 0.5 },
    ];
    const inputs: DriveInput[] = [];
    for (let k = 0; k < 600; k++) inputs.push({ throttle: random.next() * 2 - 0.7, steer: random.next() * 2 - 1, handbrake: random.next() < 0.05 });
    const run = (): CarState[] => {
      let state: CarState = { x: 0, z: 0, heading: 0, speed: 0 };
      const out: CarState[] = [];
      for (const input of inputs) {
        state = stepCar(rough, state, input, 1 / 30, DEFAULT_CAR_SETTINGS, posts).state;
        out.push(state);
      }
      return out;
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(new Set(first.map((s) => `${s.x},${s.z}`)).size).toBeGreaterThan(100); // it did move about
  });
});
