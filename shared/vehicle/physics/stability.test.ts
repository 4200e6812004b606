import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { STOCK_CARS, STOCK_CAR_IDS, type PhysicsCarSpec } from './cars';
import { PHYSICS_DT, PhysicsCar, type PhysicsInput } from './physicsCar';
import { loadRapier, type Rapier } from './rapier';
import { staticStabilityFactor, tipAngleDeg } from './stability';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const DEG = Math.PI / 180;
const HOLD: PhysicsInput = { throttle: 0, steer: 0, brake: 1, handbrake: true };
const flat = fieldFrom(401, 33, 1, () => 0);

/**
 * A tilt table (NHTSA's rollover test): the car stands across a plane tilted about the line under it,
 * 0.5° a second, its tyres grippy enough not to slide; returns the table's angle when the car rolls
 * 10° past it (the uphill wheels well off).
 */
function tiltTableAngle(spec: PhysicsCarSpec, fromDeg: number, toDeg: number): number | null {
  const table = (deg: number) => fieldFrom(33, 33, 1, (x) => Math.tan(deg * DEG) * x);
  let deg = fromDeg;
  const car = new PhysicsCar(R, table(deg), spec, { x: 0, z: 0, heading: 0 });
  try {
    for (let k = 0; k < 240; k++) car.step(HOLD);
    while (deg < toDeg) {
      deg += 0.05;
      car.setField(table(deg));
      for (let k = 0; k < 12; k++) {
        car.step(HOLD);
        if (Math.abs(car.state.roll) / DEG > deg + 10) return deg;
      }
    }
    return null;
  } finally {
    car.dispose();
  }
}

describe('the centre of mass and rollover threshold', () => {
  it('gives each preset a static stability factor in the range measured for its kind of vehicle', () => {
    // NHTSA: cars about 1.3–1.5, SUVs 1.1–1.3, light trucks 1.0–1.2 (track / 2h).
    expect(staticStabilityFactor(STOCK_CARS.hatchback)).toBeGreaterThanOrEqual(1.3);
    expect(staticStabilityFactor(STOCK_CARS.hatchback)).toBeLessThanOrEqual(1.5);
    expect(staticStabilityFactor(STOCK_CARS['4x4'])).toBeGreaterThanOrEqual(1.1);
    expect(staticStabilityFactor(STOCK_CARS['4x4'])).toBeLessThanOrEqual(1.3);
    expect(staticStabilityFactor(STOCK_CARS.truck)).toBeGreaterThanOrEqual(1.0);
    expect(staticStabilityFactor(STOCK_CARS.truck)).toBeLessThanOrEqual(1.2);
  });

  it.each(STOCK_CAR_IDS)('%s: tips on a tilt table at atan(SSF) ± 2°', (id) => {
    // μ = 3: the tyres hold beyond tan 71°, so the car tips before it slides.
    const spec = { ...STOCK_CARS[id], tyreFriction: 3 };
    const expected = tipAngleDeg(spec);
    const tipped = tiltTableAngle(spec, expected - 8, expected + 4);
    expect(tipped).not.toBeNull();
    expect(Math.abs(tipped! - expected)).toBeLessThanOrEqual(2);
  });

  it.each(STOCK_CAR_IDS)('%s: braking moves load onto the front axle by m·a·h / wheelbase, h the documented height', (id) => {
    const spec = STOCK_CARS[id];
    const car = new PhysicsCar(R, flat, { ...spec, topSpeed: 60 }, { x: -190, z: 0, heading: Math.PI / 2 });
    try {
      while (car.state.speed < 14) car.step({ throttle: 1, steer: 0, brake: 0, handbrake: false });
      // A steady brake below the tyres' limit; after 0.75 s the pitch has settled.
      const input: PhysicsInput = { throttle: 0, steer: 0, brake: 0.4, handbrake: false };
      for (let k = 0; k < 90; k++) car.step(input);
      const springForce = (c: number): number => c * spec.suspensionTravel * spec.suspensionStiffness;
      const v0 = car.state.speed;
      let transfer = 0;
      const n = 30;
      for (let k = 0; k < n; k++) {
        car.step(input);
        const w = car.state.wheels;
        // Front minus rear, halved: the load each axle gained or lost (springs at rest, so no damper force).
        transfer += (springForce(w[0].compression) + springForce(w[1].compression) - springForce(w[2].compression) - springForce(w[3].compression)) / 2 / n;
      }
      const deceleration = (v0 - car.state.speed) / (n * PHYSICS_DT);
      const height = (transfer * spec.wheelbase) / (spec.mass * deceleration);
      expect(deceleration).toBeGreaterThan(2);
      expect(height).toBeGreaterThan(spec.centreOfMassHeight * 0.9);
      expect(height).toBeLessThan(spec.centreOfMassHeight * 1.1);
    } finally {
      car.dispose();
    }
  });
});
