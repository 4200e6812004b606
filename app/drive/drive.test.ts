import { describe, expect, it } from 'vitest';
import { slopeAt } from '../../shared/terrain/surface';
import { vertexX, vertexZ } from '../../shared/terrain/heightfield';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { drivableBounds } from '../../shared/vehicle/drive';
import { firstTerrainHit } from '../../shared/vehicle/camera';
import { CommandRegistry } from '../commands/commands';
import { driveInputFrom, walkInputFrom, type HeldKey } from './keys';
import { steepVertexMask } from './drivability';
import { carStartFromView } from './viewCentre';
import { obstaclesFromProps } from './obstacles';
import { patchDriveSettings, DEFAULT_DRIVE_SETTINGS } from './settings';
import { DriveSession } from './driveSession';
import { bindDriveCommands } from './commands';

describe('drive keys', () => {
  it('combine into throttle, steer and handbrake', () => {
    const keys = (...k: HeldKey[]) => new Set<HeldKey>(k);
    expect(driveInputFrom(keys('forward', 'right'))).toEqual({ throttle: 1, steer: 1, handbrake: false });
    expect(driveInputFrom(keys('back', 'left', 'handbrake'))).toEqual({ throttle: -1, steer: -1, handbrake: true });
    expect(driveInputFrom(keys('forward', 'back'))).toEqual({ throttle: 0, steer: 0, handbrake: false });
    expect(walkInputFrom(keys('left', 'run'))).toEqual({ forward: 0, right: -1, run: true });
  });
});

describe('drivability mask', () => {
  it('marks exactly the vertices of triangles steeper than the limit', () => {
    // 30° everywhere along x.
    const ramp = fieldFrom(9, 9, 2, (x) => x * Math.tan(Math.PI / 6));
    expect(steepVertexMask(ramp, 35).every((v) => v === 0)).toBe(true);
    expect(steepVertexMask(ramp, 25).every((v) => v === 1)).toBe(true);
    expect(steepVertexMask(ramp, 90).every((v) => v === 0)).toBe(true);

    const spike = fieldFrom(9, 9, 2, (x, z) => (x === 0 && z === 0 ? 5 : 0));
    const mask = steepVertexMask(spike, 45);
    for (let j = 0; j < 9; j++) {
      for (let i = 0; i < 9; i++) {
        // A vertex is marked iff some triangle touching it is steep; check against the exact slopes nearby.
        const x = vertexX(spike, i);
        const z = vertexZ(spike, j);
        let steepNear = false;
        for (const [dx, dz] of [
          [0.3, 0.3],
          [-0.3, 0.3],
          [0.3, -0.3],
          [-0.3, -0.3],
          [0.9, 0.9],
          [-0.9, -0.9],
          [1.5, 0.2],
          [0.2, 1.5],
          [-1.5, -0.2],
          [-0.2, -1.5],
          [0.6, -1.2],
          [-1.2, 0.6],
        ]) {
          const s = slopeAt(spike, x + dx, z + dz);
          if (s > Math.PI / 4) steepNear = true;
        }
        expect(mask[j * 9 + i]).toBe(steepNear ? 1 : 0);
      }
    }
  });
});

describe('car start from the view', () => {
  const hill = fieldFrom(65, 65, 1, (x, z) => 4 - 0.002 * (x * x + z * z));

  it('is the ground point at the centre of the view, facing along it', () => {
    const eye = { x: 0, y: 40, z: 40 };
    const direction = { x: 5 - eye.x, y: heightAtHill(5, -10) - eye.y, z: -10 - eye.z };
    const start = carStartFromView(hill, eye, direction, DEFAULT_DRIVE_SETTINGS);
    expect(start.x).toBeCloseTo(5, 6);
    expect(start.z).toBeCloseTo(-10, 6);
    expect(start.heading).toBeCloseTo(Math.atan2(5, -50), 12);
  });

  it('falls back into the drivable area when the view misses the terrain', () => {
    // Looking up and past the map's side: the ray's nearest approach to the centre, moved onto the map.
    const eye = { x: 100, y: 50, z: 200 };
    const direction = { x: 0, y: 1, z: -1 };
    const b = drivableBounds(hill, DEFAULT_DRIVE_SETTINGS);
    expect(firstTerrainHit(hill, eye, { x: 100, y: 1050, z: -800 })).toBeUndefined();
    const start = carStartFromView(hill, eye, direction, DEFAULT_DRIVE_SETTINGS);
    expect(start.x).toBe(b.maxX);
    expect(start.z).toBeCloseTo(0, 9);
    expect(start.heading).toBeCloseTo(Math.PI, 12);
  });

  function heightAtHill(x: number, z: number): number {
    return 4 - 0.002 * (x * x + z * z);
  }
});

describe('drive settings, obstacles and commands', () => {
  it('keeps settings within their limits and ignores non-numbers', () => {
    const s = patchDriveSettings(DEFAULT_DRIVE_SETTINGS, { length: -3, maxSpeed: NaN, maxClimbSlopeDeg: 400 });
    expect(s.length).toBe(0.5);
    expect(s.maxSpeed).toBe(DEFAULT_DRIVE_SETTINGS.maxSpeed);
    expect(s.maxClimbSlopeDeg).toBe(90);
  });

  it('turns known props into scaled footprint circles and skips unknown types', () => {
    const obstacles = obstaclesFromProps([
      { id: 'a', type: 'bush', x: 1, z: 2, yaw: 0, scale: 2 },
      { id: 'b', type: 'no-such-prop', x: 0, z: 0, yaw: 0, scale: 1 },
    ]);
    expect(obstacles).toHaveLength(1);
    expect(obstacles[0].x).toBe(1);
    expect(obstacles[0].radius).toBeGreaterThan(0);
    expect(obstaclesFromProps([{ id: 'a', type: 'bush', x: 1, z: 2, yaw: 0, scale: 1 }])[0].radius * 2).toBe(obstacles[0].radius);
  });

  it('toggle drive (on drivable ground near the view centre) and walk, reset only while driving, and the overlay', async () => {
    const flat = fieldFrom(129, 129, 1, () => 0);
    const drive = new DriveSession({ field: () => flat });
    const commands = new CommandRegistry();
    bindDriveCommands(commands, drive, { viewStart: () => ({ x: 2, z: 3, heading: 0.5 }) });
    expect(commands.isEnabled('drive.resetDrivable')).toBe(false);
    await commands.execute('drive.toggle');
    expect(drive.mode).toBe('drive');
    // Flat ground: the view centre itself, facing along the view.
    expect(drive.carState).toMatchObject({ x: 2, z: 3, heading: 0.5 });
    expect(drive.store.getState().spawn).toMatchObject({ quality: 'clear', distance: 0 });
    expect(commands.isEnabled('drive.resetDrivable')).toBe(true);
    await commands.execute('drive.walk');
    expect(drive.mode).toBe('walk');
    expect(commands.isEnabled('drive.resetDrivable')).toBe(false);
    await commands.execute('drive.walk');
    expect(drive.mode).toBe('off');
    await commands.execute('drive.toggle');
    await commands.execute('drive.toggle');
    expect(drive.mode).toBe('off');
    await commands.execute('view.drivability');
    expect(drive.settings.drivabilityOverlay).toBe(true);
  });

  it('reset onto drivable ground moves a car stuck on a cliff to the nearest drivable spot', async () => {
    // Flat on x < 0, a 60° cliff face on 0 ≤ x < 6, flat again above it.
    const cliff = fieldFrom(129, 129, 1, (x) => Math.tan(Math.PI / 3) * Math.min(6, Math.max(0, x)));
    const drive = new DriveSession({ field: () => cliff });
    const commands = new CommandRegistry();
    bindDriveCommands(commands, drive, { viewStart: () => ({ x: 0, z: 0, heading: 0 }) });
    drive.enterDrive({ x: 3, z: 0, heading: Math.PI / 2 });
    expect(Math.abs(drive.store.getState().hud!.pitchDeg)).toBeGreaterThan(drive.settings.maxClimbSlopeDeg);
    expect(await commands.execute('drive.resetDrivable')).toBe(true);
    const hud = drive.store.getState().hud!;
    expect(Math.max(Math.abs(hud.pitchDeg), Math.abs(hud.rollDeg))).toBeLessThan(drive.settings.maxClimbSlopeDeg * 0.8);
    expect(hud.clipDepth).toBe(0);
    // Off the cliff face on either side, no farther than needed to clear it with the whole footprint.
    const { x } = drive.carState;
    expect(x < 0 || x > 6).toBe(true);
    expect(drive.store.getState().spawn!.distance).toBeLessThan(3 + drive.settings.length / 2 + 2);
    drive.keyDown('KeyW');
    for (let t = 0; t < 2; t += 1 / 60) drive.frame(1 / 60);
    expect(drive.store.getState().hud!.stops).toBe(0);
  });
});
