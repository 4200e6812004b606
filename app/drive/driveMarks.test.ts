import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import { NO_INPUT, PHYSICS_HZ, PhysicsCar } from '../../shared/vehicle/physics/physicsCar';
import { loadRapier, type Rapier } from '../../shared/vehicle/physics/rapier';
import { DriveMarks, MARK_SPACING } from './driveMarks';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const tan20 = Math.tan((20 * Math.PI) / 180);
/** A run-up, a 20° kicker ending in a 2.55 m drop, flat ground after it. */
const ramp = fieldFrom(49, 1025, 0.5, (_x, z) => (z < 0 ? 0 : z < 6 ? (tan20 * z * z) / 12 : z < 10 ? 3 * tan20 + tan20 * (z - 6) : 0));

describe('drive marks for the drivability overlay', () => {
  it('mark where the physics car left the ground — past the kicker, nowhere on the flat run-up', () => {
    const car = new PhysicsCar(R, ramp, STOCK_CARS.hatchback, { x: 0, z: -250, heading: 0 });
    const marks = new DriveMarks();
    for (let k = 0; k < 16 * PHYSICS_HZ; k++) {
      car.step({ ...NO_INPUT, throttle: car.state.speed < 25 ? 1 : 0 });
      marks.observe(car.state);
    }
    const airborne = marks.marks.filter((m) => m.kind === 'airborne');
    expect(airborne.length).toBeGreaterThan(3);
    for (const mark of airborne) expect(mark.z).toBeGreaterThan(5);
    // Spaced along the flight, not one per step.
    for (let k = 1; k < airborne.length; k++)
      expect(Math.hypot(airborne[k].x - airborne[k - 1].x, airborne[k].z - airborne[k - 1].z)).toBeGreaterThanOrEqual(MARK_SPACING);
    expect(marks.version).toBe(marks.marks.length);
  });

  it('a flat drive marks nothing, and clear starts afresh', () => {
    const flat = fieldFrom(65, 257, 1, () => 0);
    const car = new PhysicsCar(R, flat, STOCK_CARS.hatchback, { x: 0, z: -100, heading: 0 });
    const marks = new DriveMarks();
    for (let k = 0; k < 4 * PHYSICS_HZ; k++) {
      car.step({ ...NO_INPUT, throttle: 0.5 });
      marks.observe(car.state);
    }
    expect(marks.marks).toEqual([]);
    const version = marks.version;
    marks.clear();
    expect(marks.version).toBe(version);
  });
});
