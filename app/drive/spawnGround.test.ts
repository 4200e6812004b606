import { describe, expect, it } from 'vitest';
import { carSlopeLimits } from '../../shared/vehicle/physics/drivability';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { spawnNear } from './carPlacement';
import { DEFAULT_DRIVE_SETTINGS, patchDriveSettings, type DriveSettings } from './settings';

const DEG = Math.PI / 180;
const HATCHBACK = patchDriveSettings(DEFAULT_DRIVE_SETTINGS, { model: 'physics', car: 'hatchback' });

// A trench along z (issue 34: the first drive spawned on a sculpted trench's 33.6° wall and rolled): a flat floor
// |x| ≤ 10 m at 0 m, walls of 34° up to a plateau from |x| = 40 m (30 · tan 34° = 20.2 m up). The creases are on
// vertices (1 m cells), so every drawn triangle is exactly flat or exactly 34°.
const WALL_DEG = 34;
const FLOOR_HALF = 10;
const WALL_TOP = 40;
const DEPTH = (WALL_TOP - FLOOR_HALF) * Math.tan(WALL_DEG * DEG);
const trench = fieldFrom(161, 161, 1, (x) => Math.min(DEPTH, Math.max(0, (Math.abs(x) - FLOOR_HALF) * Math.tan(WALL_DEG * DEG))));

/** The x of the four corners of the car's footprint. */
function cornerXs(settings: DriveSettings, placement: { x: number; heading: number }): number[] {
  // Heading 0 faces +z: the length runs along (sin h, cos h), the width along (cos h, −sin h).
  const a = settings.length / 2;
  const b = settings.width / 2;
  const s = Math.sin(placement.heading);
  const c = Math.cos(placement.heading);
  return [-1, 1].flatMap((u) => [-1, 1].map((v) => placement.x + u * a * s + v * b * c));
}

describe('the test drive never starts on a wall steeper than its car stands on', () => {
  const cars: [string, DriveSettings][] = [
    ['the physics hatchback (what the editor starts with)', HATCHBACK],
    ['the physics truck', patchDriveSettings(HATCHBACK, { car: 'truck' })],
    ['the kinematic car (35° climbs)', patchDriveSettings(DEFAULT_DRIVE_SETTINGS, { model: 'kinematic' })],
  ];
  for (const [name, settings] of cars) {
    it(`${name}: asked for the middle of a 34° wall, it stands wholly on the floor or the plateau`, () => {
      for (const from of [
        { x: (FLOOR_HALF + WALL_TOP) / 2, z: 0, heading: 0 },
        { x: -(FLOOR_HALF + WALL_TOP) / 2, z: 12, heading: 1 },
        { x: FLOOR_HALF + 2, z: -5, heading: -2 },
        { x: WALL_TOP - 2, z: 3, heading: 2.5 },
      ]) {
        const found = spawnNear(trench, settings, [], from);
        expect(found.quality, JSON.stringify(from)).toBe('clear');
        for (const x of cornerXs(settings, found.placement)) {
          const onFloor = Math.abs(x) <= FLOOR_HALF;
          const onPlateau = Math.abs(x) >= WALL_TOP;
          expect(onFloor || onPlateau, `corner x ${x} from ${JSON.stringify(from)}`).toBe(true);
        }
      }
    });
  }

  it('the physics car takes its own limit: the hatchback climbs only 22° (under the 34° wall and the kinematic 35°)', () => {
    // Closed forms of drivability.ts: front drive climbs while tan θ ≤ (μ/2)/(1 + μh/L).
    expect(carSlopeLimits(HATCHBACK.carSpec).limitDeg).toBeLessThan(WALL_DEG);
  });

  it('a spot on a 20° plane suits the kinematic car (35°) but not the hatchback: it goes to the flat ground beside it', () => {
    // Flat for x ≤ 0, then rising at 20° (tan 20° = 0.364).
    const ramp = fieldFrom(161, 161, 1, (x) => Math.max(0, x) * Math.tan(20 * DEG));
    const from = { x: 40, z: 0, heading: 0 };
    const kinematic = spawnNear(ramp, patchDriveSettings(DEFAULT_DRIVE_SETTINGS, { model: 'kinematic' }), [], from);
    expect(kinematic.distance).toBe(0);
    const physics = spawnNear(ramp, HATCHBACK, [], from);
    for (const x of cornerXs(HATCHBACK, physics.placement)) expect(x).toBeLessThanOrEqual(0);
  });

  it('not in water deeper than the car fords: a 1 m pond sends it to its shore, a 0.2 m one does not', () => {
    const flat = fieldFrom(129, 129, 1, () => 5);
    // Depths per vertex, as the drive's water field holds them.
    const pond = (depth: number) => fieldFrom(129, 129, 1, (x, z) => (Math.hypot(x, z) < 15 ? depth : 0));
    const from = { x: 0, z: 0, heading: 0 };
    // The hatchback fords 0.3 m.
    expect(HATCHBACK.carSpec.fordingDepth).toBe(0.3);
    const deep = spawnNear(flat, HATCHBACK, [], from, pond(1));
    expect(deep.quality).toBe('clear');
    expect(Math.hypot(deep.placement.x, deep.placement.z)).toBeGreaterThanOrEqual(15);
    const shallow = spawnNear(flat, HATCHBACK, [], from, pond(0.2));
    expect(shallow.distance).toBe(0);
  });
});

describe('the spawn says where it put the car when nothing is level', () => {
  it('on a 45° plane everywhere the quality is none and the HUD gets the placement', async () => {
    const { DriveSession } = await import('./driveSession');
    const steep = fieldFrom(65, 65, 1, (x) => x);
    const drive = new DriveSession({ field: () => steep, settings: { model: 'kinematic' } });
    drive.enterDriveNear({ x: 3, z: -4, heading: 0 });
    const spawn = drive.store.getState().spawn;
    expect(spawn?.quality).toBe('none');
    expect(Number.isFinite(spawn?.x)).toBe(true);
    expect(Number.isFinite(spawn?.z)).toBe(true);
    drive.leave();
  });
});
