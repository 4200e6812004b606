import { describe, expect, it } from 'vitest';
import { heightAt } from '../../shared/terrain/surface';
import { drivableBounds } from '../../shared/vehicle/drive';
import { poseFromTerrain, poseFromWheelPlane } from '../../shared/vehicle/pose';
import { WALK_EYE_HEIGHT, firstTerrainHit } from '../../shared/vehicle/camera';
import { TELEMETRY_COLUMNS } from '../../shared/vehicle/telemetry';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { createRandom } from '../../shared/random';
import type { Prop } from '../../shared/props/prop';
import { getPropType } from '../../shared/props/library';
import { DriveSession, HUD_INTERVAL, MAX_FRAME_DT } from './driveSession';
import { createObstacleCache } from './obstacles';

const FRAME = 1 / 60;
// A tilted plane: every exact height is known in closed form.
const planeHeight = (x: number, z: number) => 0.12 * x - 0.07 * z + 3;
const plane = fieldFrom(129, 129, 1, planeHeight);

function run(drive: DriveSession, seconds: number, dt = FRAME): void {
  for (let t = 0; t < seconds - 1e-9; t += dt) drive.frame(dt);
}

describe('DriveSession driving', () => {
  it('puts the car at rest on the ground where asked, and drives it with the keyboard, staying on the ground', () => {
    const drive = new DriveSession({ field: () => plane });
    drive.enterDrive({ x: 5, z: -3, heading: 0 });
    expect(drive.mode).toBe('drive');
    const first = drive.store.getState().hud!;
    expect(first).toMatchObject({ x: 5, z: -3, speed: 0 });
    // Heights are stored as float32, so the plane is exact to about 1e-6 m.
    expect(first.height).toBeCloseTo(planeHeight(5, -3), 5);
    expect(first.ground).toBe(heightAt(plane, 5, -3));

    expect(drive.keyDown('KeyW')).toBe(true);
    run(drive, 2);
    const moving = drive.store.getState().hud!;
    expect(moving.speed).toBeGreaterThan(5);
    expect(moving.z).toBeGreaterThan(first.z + 5); // heading 0 drives towards +z
    expect(moving.x).toBeCloseTo(5, 9);
    expect(moving.height).toBeCloseTo(planeHeight(moving.x, moving.z), 6);
    // Going towards +z on this plane goes downhill: nose down, no roll.
    expect(moving.pitchDeg).toBeLessThan(0);

    drive.keyUp('KeyW');
    drive.keyDown('KeyD');
    drive.keyDown('ArrowUp');
    run(drive, 1);
    const turned = drive.store.getState().hud!;
    // D turns right: from +z towards −x, so the heading (0 = +z, 90 = +x) wraps below 360.
    expect(turned.headingDeg).toBeGreaterThan(180);
    expect(turned.x).toBeLessThan(moving.x);

    drive.keyUp('KeyD');
    drive.keyUp('ArrowUp');
    drive.keyDown('Space');
    run(drive, 5);
    expect(drive.store.getState().hud!.speed).toBe(0);
  });

  it('R puts the car at rest on drivable ground where it is, facing downhill; Esc leaves and hands the keyboard back', () => {
    const drive = new DriveSession({ field: () => plane });
    expect(drive.keyDown('KeyW')).toBe(false);
    drive.enterDrive({ x: 0, z: 0, heading: 1 });
    expect(drive.capturesKeys()).toBe(true);
    drive.keyDown('KeyW');
    run(drive, 1);
    const before = drive.carState;
    expect(before.speed).toBeGreaterThan(0);
    drive.keyUp('KeyW');
    drive.keyDown('KeyR');
    // The plane is drivable everywhere, so the nearest drivable spot is where the car is; downhill is −∇h.
    expect(drive.carState).toMatchObject({ x: before.x, z: before.z, speed: 0 });
    expect(drive.carState.heading).toBeCloseTo(Math.atan2(-0.12, 0.07), 6);
    expect(drive.store.getState().spawn).toMatchObject({ quality: 'clear', distance: 0 });
    expect(drive.keyDown('Escape')).toBe(true);
    expect(drive.mode).toBe('off');
    expect(drive.capturesKeys()).toBe(false);
    expect(drive.store.getState().hud).toBeNull();
    expect(drive.camera()).toBeNull();
    // Keys held when leaving do not drive the next session.
    drive.keyDown('KeyW');
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    run(drive, 1);
    expect(drive.carState.speed).toBe(0);
  });

  it('counts each stop once, however long the car pushes against it, and reports its wheels on the ground', () => {
    const drive = new DriveSession({ field: () => plane });
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    const first = drive.store.getState().hud!;
    expect(first.stops).toBe(0);
    expect(first.wheelsGrounded).toBe(4);
    expect(first.wheelGap).toBeLessThan(1e-4);
    expect(drive.wheels).toHaveLength(4);
    for (const w of drive.wheels) expect(w.contact.y).toBeCloseTo(heightAt(plane, w.contact.x, w.contact.z), 4);
    // Into the edge: stopped, and still one stop after seconds of throttle against it.
    drive.enterDrive({ x: 0, z: 50, heading: 0 });
    drive.keyDown('KeyW');
    run(drive, 6);
    expect(drive.store.getState().hud!.stoppedBy).toBe('edge');
    expect(drive.store.getState().hud!.stops).toBe(1);
    // Reversing away and back into it is a second stop; placing the car again starts the count afresh.
    drive.keyUp('KeyW');
    drive.keyDown('KeyS');
    run(drive, 1);
    drive.keyUp('KeyS');
    drive.keyDown('KeyW');
    run(drive, 3);
    expect(drive.store.getState().hud!.stops).toBe(2);
    drive.keyUp('KeyW');
    drive.keyDown('KeyR');
    expect(drive.store.getState().hud!.stops).toBe(0);
  });

  it('starts inside the drivable area and stops at the map edge', () => {
    const drive = new DriveSession({ field: () => plane });
    const bounds = drivableBounds(plane, drive.settings);
    drive.enterDrive({ x: 1000, z: 0, heading: Math.PI / 2 });
    expect(drive.carState.x).toBe(bounds.maxX);
    drive.keyDown('KeyW');
    run(drive, 3);
    expect(drive.carState.x).toBe(bounds.maxX);
    expect(drive.store.getState().hud!.stoppedBy).toBe('edge');
  });

  it('stops against a prop at any frame rate instead of passing through it', () => {
    const rock: Prop = { id: 'r', type: 'rock', x: 0, z: 30, yaw: 0, scale: 2 };
    const props = [rock];
    const obstacles = createObstacleCache(
      () => props,
      () => 1,
    );
    for (const dt of [FRAME, MAX_FRAME_DT]) {
      const drive = new DriveSession({ field: () => plane, obstacles });
      drive.setSettings({ maxSpeed: 100, maxClimbSlopeDeg: 90 });
      drive.enterDrive({ x: 0, z: 0, heading: 0 });
      drive.keyDown('KeyW');
      run(drive, 6, dt);
      const gap = 30 - drive.carState.z;
      // The capsule's front is length/2 ahead of the centre; it must end touching the footprint, not past it.
      const contact = getPropType('rock').footprintRadius * 2 + drive.settings.width / 2 + (drive.settings.length - drive.settings.width) / 2;
      expect(gap).toBeGreaterThan(contact - 1e-6);
      expect(gap).toBeLessThan(contact + 1);
      expect(drive.store.getState().hud!.stoppedBy).toBe('obstacle');
    }
  });

  it('shows the orientation of the chosen pose method', () => {
    const random = createRandom(7);
    const bumps = Array.from({ length: 64 }, () => random.next() * 2);
    const rough = fieldFrom(33, 33, 1, (x, z) => bumps[(Math.round(x) * 7 + Math.round(z) * 13 + 1024) % 64]);
    const drive = new DriveSession({ field: () => rough });
    const at = { x: 1.3, z: -2.2, heading: 0.7 };
    drive.enterDrive(at);
    expect(drive.pose).toEqual(poseFromTerrain(rough, at, drive.settings));
    drive.setSettings({ poseMethod: 'wheelPlane' });
    expect(drive.pose).toEqual(poseFromWheelPlane(rough, at, drive.settings));
    expect(drive.pose!.up).not.toEqual(poseFromTerrain(rough, at, drive.settings).up);
  });

  it('refreshes the HUD at a throttled rate while the car moves every frame', () => {
    const drive = new DriveSession({ field: () => plane });
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    drive.keyDown('KeyW');
    const published: number[] = [];
    drive.store.subscribe((s, prev) => {
      if (s.hud !== prev.hud) published.push(s.hud!.z);
    });
    const frames = 120;
    run(drive, frames * FRAME);
    // At most one refresh per HUD_INTERVAL, at the first frame that reaches it.
    expect(published.length).toBeGreaterThanOrEqual(Math.floor((frames * FRAME) / (HUD_INTERVAL + FRAME)));
    expect(published.length).toBeLessThan(frames / 3);
    expect(published[published.length - 1]).toBeGreaterThan(published[0]);
  });

  it('records a drive into telemetry CSV', () => {
    const drive = new DriveSession({ field: () => plane });
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    drive.startRecording();
    drive.keyDown('KeyW');
    run(drive, 30 * FRAME);
    drive.stopRecording();
    run(drive, 10 * FRAME);
    const lines = drive.recordingCsv().trimEnd().split('\n');
    expect(lines[0]).toBe(TELEMETRY_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 31);
    expect(drive.store.getState().recordedRows).toBe(31);
    const rows = lines.slice(1).map((line) => line.split(',').map(Number));
    const col = (name: (typeof TELEMETRY_COLUMNS)[number]) => TELEMETRY_COLUMNS.indexOf(name);
    expect(rows[30][col('t')]).toBeCloseTo(30 * FRAME, 5);
    expect(rows[30][col('z')]).toBeGreaterThan(rows[1][col('z')]);
    for (const row of rows) expect(row[col('y')]).toBeCloseTo(planeHeight(row[col('x')], row[col('z')]), 5);
  });
});

describe('DriveSession cameras and walking', () => {
  const random = createRandom(3);
  const hills = fieldFrom(65, 65, 2, (x, z) => 6 * Math.sin(x / 5) * Math.cos(z / 7) + random.next());

  it('keeps the chase and hood cameras above the ground with a clear line to the car', () => {
    const drive = new DriveSession({ field: () => hills });
    for (const camera of ['chase', 'hood'] as const) {
      drive.setSettings({ camera });
      for (let k = 0; k < 40; k++) {
        drive.enterDrive({ x: random.next() * 100 - 50, z: random.next() * 100 - 50, heading: random.next() * 7 });
        const view = drive.camera()!;
        expect(view.eye.y).toBeGreaterThanOrEqual(heightAt(hills, view.eye.x, view.eye.z));
        const car = drive.pose!.position;
        const body = { x: car.x, y: car.y + 1.5, z: car.z };
        if (camera === 'chase' && body.y > heightAt(hills, body.x, body.z)) expect(firstTerrainHit(hills, body, view.eye)).toBeUndefined();
      }
    }
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    expect(drive.keyDown('KeyC')).toBe(true);
    expect(drive.settings.camera).toBe('chase');
  });

  it('walks with the eye 1.67 m above the exact ground and looks around with the mouse', () => {
    const drive = new DriveSession({ field: () => hills });
    drive.enterWalk({ x: 3, z: 4, yaw: 0 });
    expect(drive.capturesKeys()).toBe(true);
    const before = drive.camera()!;
    expect(before.eye.y).toBeCloseTo(heightAt(hills, 3, 4) + WALK_EYE_HEIGHT, 9);
    drive.keyDown('KeyW');
    run(drive, 2);
    const after = drive.camera()!;
    expect(after.eye.z).toBeCloseTo(4 + 8, 6);
    expect(after.eye.y).toBeCloseTo(heightAt(hills, after.eye.x, after.eye.z) + WALK_EYE_HEIGHT, 9);
    drive.look(100, 0);
    const turned = drive.camera()!;
    // Mouse right turns right: from +z towards −x.
    expect(turned.target.x).toBeLessThan(turned.eye.x);
    drive.keyUp('KeyW');
    drive.keyDown('KeyD');
    run(drive, 30);
    // Walking far off the map keeps the walker on its edge.
    expect(Math.abs(drive.camera()!.eye.x)).toBeLessThanOrEqual(64);
    drive.keyDown('Escape');
    expect(drive.mode).toBe('off');
  });
});
