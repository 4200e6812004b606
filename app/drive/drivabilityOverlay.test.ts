import { describe, expect, it } from 'vitest';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import { carSlopeLimits } from '../../shared/vehicle/physics/drivability';
import { overlaySlopeChanged, overlaySlopeDeg } from './drivability';
import { DEFAULT_DRIVE_SETTINGS, patchDriveSettings } from './settings';

describe('the drivability overlay follows the selected car', () => {
  it("tints above the physics car's own limit, or the kinematic car's max climb", () => {
    const physics = patchDriveSettings(DEFAULT_DRIVE_SETTINGS, { model: 'physics', car: 'truck', drivabilityOverlay: true });
    expect(overlaySlopeDeg(physics)).toBe(carSlopeLimits(physics.carSpec).limitDeg);
    expect(overlaySlopeDeg(physics)).toBeLessThan(45);
    const kinematic = patchDriveSettings(physics, { model: 'kinematic', maxClimbSlopeDeg: 33 });
    expect(overlaySlopeDeg(kinematic)).toBe(33);
    expect(overlaySlopeChanged(physics, kinematic)).toBe(true);
    const hatch = patchDriveSettings(physics, { car: 'hatchback' });
    expect(hatch.carSpec).toEqual(STOCK_CARS.hatchback);
    expect(overlaySlopeChanged(physics, hatch)).toBe(overlaySlopeDeg(physics) !== overlaySlopeDeg(hatch));
    expect(overlaySlopeChanged(physics, { ...physics })).toBe(false);
  });
});
