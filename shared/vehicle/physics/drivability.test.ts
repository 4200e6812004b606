import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { STOCK_CARS, STOCK_CAR_IDS } from './cars';
import { carSlopeLimits, drivabilityBytes, drivabilitySummary } from './drivability';
import { PHYSICS_HZ, PhysicsCar } from './physicsCar';
import { loadRapier, type Rapier } from './rapier';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const tanDeg = (d: number): number => Math.tan((d * Math.PI) / 180);

/** Metres the car gets up a plane of `deg` in 12 s at full throttle from rest. */
function climbed(id: (typeof STOCK_CAR_IDS)[number], deg: number): number {
  const plane = fieldFrom(33, 257, 1, (_x, z) => tanDeg(deg) * z);
  const car = new PhysicsCar(R, plane, STOCK_CARS[id], { x: 0, z: -100, heading: 0 });
  try {
    const z0 = car.state.position.z;
    for (let k = 0; k < 12 * PHYSICS_HZ; k++) car.step({ throttle: 1, steer: 0, brake: 0, handbrake: false });
    return car.state.position.z - z0;
  } finally {
    car.dispose();
  }
}

describe('where each car can go', () => {
  it.each(STOCK_CAR_IDS)('%s: the physics car climbs 3° below its computed climb limit and not 3° above it', (id) => {
    const { climbDeg } = carSlopeLimits(STOCK_CARS[id]);
    expect(climbed(id, climbDeg - 3)).toBeGreaterThan(20);
    expect(climbed(id, climbDeg + 3)).toBeLessThan(3);
  });

  it('the hatchback climbs 15° (7° under its limit) over ground twisted 8 cm under its wheels, one front wheel nearly unloaded', () => {
    // The grade plus a twist a·x·sin(2πz / 20 m): over the 1.5 m track and 2.5 m wheelbase one wheel sits up to
    // 2 · 0.07 · 1.5 · sin(π · 2.5 / 20) = 8 cm off the plane of the other three, so the anti-roll bars move
    // the front axle's load onto one wheel. The axle's grip is still μ·N_front: the drive goes to the wheel
    // that grips (traction control), as the closed-form limit assumes.
    const twisted = fieldFrom(33, 257, 0.5, (x, z) => tanDeg(15) * z + 0.07 * x * Math.sin((2 * Math.PI * z) / 20));
    const car = new PhysicsCar(R, twisted, STOCK_CARS.hatchback, { x: 0, z: -50, heading: 0 });
    try {
      const z0 = car.state.position.z;
      for (let k = 0; k < 12 * PHYSICS_HZ; k++) car.step({ throttle: 1, steer: 0, brake: 0, handbrake: false });
      expect(car.state.position.z - z0).toBeGreaterThan(20);
    } finally {
      car.dispose();
    }
  });

  it('the limits follow the closed forms: front drive loses grip uphill, the tip angle is atan(SSF)', () => {
    const hatch = STOCK_CARS.hatchback;
    const limits = carSlopeLimits(hatch);
    expect(tanDeg(limits.tractionDeg)).toBeCloseTo(0.5 / (1 + hatch.centreOfMassHeight / hatch.wheelbase), 9);
    expect(tanDeg(limits.tipDeg)).toBeCloseTo(hatch.track / (2 * hatch.centreOfMassHeight), 9);
    expect(limits.slideDeg).toBeCloseTo(45, 9);
    expect(tanDeg(carSlopeLimits(STOCK_CARS['4x4']).tractionDeg)).toBeCloseTo(1, 9);
    expect(limits.limitDeg).toBe(Math.min(limits.climbDeg, limits.tipDeg, limits.slideDeg));
  });

  it('one byte per vertex: 255 flat, 255·(1 − tan θ / tan limit) on a plane, 0 beyond the limit', () => {
    const spec = STOCK_CARS['4x4'];
    const limit = carSlopeLimits(spec).limitDeg;
    const half = fieldFrom(9, 9, 1, (_x, z) => (z > 0 ? tanDeg(limit / 2) * z : 0));
    const bytes = drivabilityBytes(half, spec);
    // The flat rows away from the crease are 255; the sloping rows' vertices read the plane.
    expect(bytes[0]).toBe(255);
    expect(bytes[8 * 9 + 4]).toBe(Math.round(255 * (1 - tanDeg(limit / 2) / tanDeg(limit))));
    const steep = drivabilityBytes(
      fieldFrom(9, 9, 1, (_x, z) => tanDeg(limit + 1) * z),
      spec,
    );
    expect(steep.every((b) => b === 0)).toBe(true);
    expect(drivabilitySummary(steep)).toEqual({ impassable: 1, hard: 0, easy: 0 });
    expect(
      drivabilitySummary(
        drivabilityBytes(
          fieldFrom(9, 9, 1, () => 0),
          spec,
        ),
      ),
    ).toEqual({ impassable: 0, hard: 0, easy: 1 });
  });
});
