import { describe, expect, it } from 'vitest';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { DriveSession } from './driveSession';
import { DEFAULT_DRIVE_SETTINGS } from './settings';

const FRAME = 1 / 60;
const flat = fieldFrom(129, 129, 1, () => 0);
const run = (drive: DriveSession, seconds: number) => {
  for (let t = 0; t < seconds - 1e-9; t += FRAME) drive.frame(FRAME);
};

describe('DriveSession in water', () => {
  it('the kinematic car wading half its fording depth tops out at ¾ of its top speed, and shows the water', () => {
    const shallow = fieldFrom(129, 129, 1, () => 0.15); // the hatchback fords 0.3 m
    const drive = new DriveSession({ field: () => flat, water: () => shallow });
    drive.enterDrive({ x: 0, z: -60, heading: 0 });
    drive.keyDown('KeyW');
    run(drive, 5);
    const hud = drive.store.getState().hud!;
    // 1 − ½ · 0.15 / 0.3 = 0.75 of the top speed.
    expect(hud.speed).toBeCloseTo(0.75 * DEFAULT_DRIVE_SETTINGS.maxSpeed, 4);
    expect(hud.water).toBeCloseTo(0.15, 6);
    expect(hud.flooded).toBe(false);
  });

  it('a car in water deeper than its fording depth is flooded: it does not move, and the HUD says so', () => {
    const deep = fieldFrom(129, 129, 1, () => 0.5);
    const drive = new DriveSession({ field: () => flat, water: () => deep });
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    drive.keyDown('KeyW');
    run(drive, 2);
    const hud = drive.store.getState().hud!;
    expect(hud.flooded).toBe(true);
    expect(hud.speed).toBe(0);
    expect(hud.z).toBe(0);
    // The truck (0.9 m) fords it.
    drive.setSettings({ car: 'truck' });
    run(drive, 1);
    expect(drive.store.getState().hud!.flooded).toBe(false);
  });
});
