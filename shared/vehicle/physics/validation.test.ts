/**
 * The physics car against closed forms a designer would check by hand (never against the code's own
 * numbers): coasting down a slope, braking distance, 0–100 km/h, steady cornering, free flight.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { STOCK_CARS, STOCK_CAR_IDS } from './cars';
import { PHYSICS_DT, PHYSICS_HZ, PhysicsCar, ROLLING_RESISTANCE, type PhysicsInput, type PhysicsState } from './physicsCar';
import { loadRapier, type Rapier } from './rapier';
import { GRAVITY as g, centreOfMassAboveUnderside } from './stability';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const DEG = Math.PI / 180;
const NONE: PhysicsInput = { throttle: 0, steer: 0, brake: 0, handbrake: false };
const runway = fieldFrom(17, 1025, 1, () => 0);
/** Air drag's deceleration at speed v, m/s² (½ ρ Cd A v² / m with the car's ρ·Cd = 1.2 · 0.35 and A = width · height). */
const dragAt = (spec: (typeof STOCK_CARS)['hatchback'], v: number): number => (0.5 * 1.2 * 0.35 * spec.width * spec.height * v * v) / spec.mass;

const s0 = (car: PhysicsCar): PhysicsState => car.state;

function withCar<T>(car: PhysicsCar, use: (car: PhysicsCar) => T): T {
  try {
    return use(car);
  } finally {
    car.dispose();
  }
}

/** Full throttle along the runway's +z until `speed`, m/s. */
function runUpTo(car: PhysicsCar, speed: number): void {
  for (let k = 0; k < 60 * PHYSICS_HZ && car.state.speed < speed; k++) car.step({ ...NONE, throttle: 1 });
}

describe('physics car validation against closed forms', () => {
  it.each([4, 8, 12])('coasts down %d° at a = g(sin θ − C_rr cos θ)', (deg) => {
    const theta = deg * DEG;
    const plane = fieldFrom(33, 513, 1, (_x, z) => -Math.tan(theta) * z);
    const spec = STOCK_CARS.hatchback;
    withCar(new PhysicsCar(R, plane, spec, { x: 0, z: -200, heading: 0 }), (car) => {
      for (let k = 0; k < PHYSICS_HZ; k++) car.step(NONE);
      const v0 = car.state.speed;
      for (let k = 0; k < 2 * PHYSICS_HZ; k++) car.step(NONE);
      const measured = (car.state.speed - v0) / 2;
      const expected = g * (Math.sin(theta) - ROLLING_RESISTANCE * Math.cos(theta)) - dragAt(spec, (car.state.speed + v0) / 2);
      expect(measured).toBeGreaterThan(expected * 0.97);
      expect(measured).toBeLessThan(expected * 1.03);
    });
  });

  it.each([
    ['the preset brakes', 1],
    ['five times the brake force', 5],
  ] as const)('%s: stops from 20 m/s no sooner than v²/(2μg), so never above μ·g', (_name, factor) => {
    for (const id of STOCK_CAR_IDS) {
      const spec = { ...STOCK_CARS[id], brakeForce: STOCK_CARS[id].brakeForce * factor, topSpeed: 60 };
      withCar(new PhysicsCar(R, runway, spec, { x: 0, z: -500, heading: 0 }), (car) => {
        runUpTo(car, 20);
        const v0 = car.state.speed;
        const z0 = car.state.position.z;
        let peak = 0;
        let last = v0;
        for (let k = 0; k < 20 * PHYSICS_HZ && car.state.speed > 0.05; k++) {
          car.step({ ...NONE, brake: 1 });
          // The tyres' limit plus the drag at that speed (above walking pace: below it the braked wheels hold the car still).
          if (car.state.speed > 1) peak = Math.max(peak, (last - car.state.speed) / PHYSICS_DT - dragAt(spec, last));
          last = car.state.speed;
        }
        const distance = car.state.position.z - z0;
        const mu = spec.tyreFriction;
        expect(distance).toBeGreaterThanOrEqual((v0 * v0) / (2 * (mu * g + dragAt(spec, v0))));
        expect(peak).toBeLessThanOrEqual(mu * g * 1.02);
      });
    }
  });

  it.each(STOCK_CAR_IDS)('%s: 0–100 km/h no faster than the engine force allows (F = ma with its fade to top speed)', (id) => {
    const spec = STOCK_CARS[id];
    const target = Math.min(100 / 3.6, spec.topSpeed * 0.8);
    withCar(new PhysicsCar(R, runway, spec, { x: 0, z: -500, heading: 0 }), (car) => {
      for (let k = 0; k < PHYSICS_HZ / 2; k++) car.step(NONE);
      let steps = 0;
      while (car.state.speed < target && steps < 60 * PHYSICS_HZ) {
        car.step({ ...NONE, throttle: 1 });
        steps++;
      }
      // dv/dt ≤ (F/m)(1 − v/v_top)  ⇒  t ≥ (m·v_top/F)·ln(v_top / (v_top − v)).
      const bound = ((spec.mass * spec.topSpeed) / spec.engineForce) * Math.log(spec.topSpeed / (spec.topSpeed - target));
      const seconds = steps * PHYSICS_DT;
      expect(seconds).toBeGreaterThanOrEqual(bound);
      expect(seconds).toBeLessThan(bound * 1.3);
    });
  });

  it.each(STOCK_CAR_IDS)('%s: steady cornering at full lock never exceeds μ·g of lateral acceleration', (id) => {
    const spec = { ...STOCK_CARS[id], tyreFriction: 0.8 };
    const pad = fieldFrom(257, 257, 1, () => 0);
    withCar(new PhysicsCar(R, pad, spec, { x: 0, z: -60, heading: Math.PI / 2 }), (car) => {
      let worst = 0;
      const path: { x: number; z: number }[] = [];
      // The lateral acceleration is the path's: |v × a| / |v| from the positions (central differences over
      // H steps). Speed × yaw rate equals it only while the sideslip holds still; at the limit the car yaws
      // faster than its path turns (the driven outer wheels push it round), which is not grip.
      const H = 6;
      const dt = H * PHYSICS_DT;
      for (let k = 0; k < 25 * PHYSICS_HZ; k++) {
        // Throttle rising over the run: the car runs wide once the tyres reach their limit.
        const s = car.step({ ...NONE, throttle: Math.min(1, k / (20 * PHYSICS_HZ)), steer: 1 });
        path.push({ x: s.position.x, z: s.position.z });
        if (k > PHYSICS_HZ && k % 12 === 0) {
          const [p0, p1, p2] = [path[k - 2 * H], path[k - H], path[k]];
          const v = { x: (p2.x - p0.x) / (2 * dt), z: (p2.z - p0.z) / (2 * dt) };
          const a = { x: (p2.x - 2 * p1.x + p0.x) / (dt * dt), z: (p2.z - 2 * p1.z + p0.z) / (dt * dt) };
          worst = Math.max(worst, Math.abs(v.x * a.z - v.z * a.x) / Math.hypot(v.x, v.z));
        }
        if (Math.abs(s.roll) > 60 * DEG) break;
      }
      expect(worst).toBeGreaterThan(0.3 * spec.tyreFriction * g);
      expect(worst).toBeLessThanOrEqual(spec.tyreFriction * g * 1.05);
    });
  });

  it('flies free at g: the centre of mass falls along a parabola off a cliff', () => {
    const spec = STOCK_CARS.hatchback;
    const cliff = fieldFrom(33, 1025, 1, (_x, z) => (z < 100 ? 60 : 0));
    withCar(new PhysicsCar(R, cliff, spec, { x: 0, z: -300, heading: 0 }), (car) => {
      const com = (s: PhysicsState): number => s.position.y + s.up.y * centreOfMassAboveUnderside(spec);
      const heights: number[] = [];
      for (let k = 0; k < 30 * PHYSICS_HZ && heights.length < PHYSICS_HZ; k++) {
        const s = car.step({ ...NONE, throttle: s0(car).position.z < 90 && car.state.speed < 25 ? 1 : 0 });
        // In the air: no wheel down, the body clear of the cliff face and above its foot.
        if (s.airborne && s.position.z > 110 && com(s) > 10) heights.push(com(s));
        else if (heights.length > 0) break;
      }
      expect(heights.length).toBeGreaterThan(PHYSICS_HZ / 2);
      const m = (heights.length - 1) >> 1;
      const accel = (heights[2 * m] - 2 * heights[m] + heights[0]) / (m * PHYSICS_DT) ** 2;
      expect(accel).toBeLessThan(-g * 0.98);
      expect(accel).toBeGreaterThan(-g * 1.02);
    });
  });
});
