import { describe, expect, it } from 'vitest';
import { loadRapier } from '../../shared/vehicle/physics/rapier';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { DriveSession, MAX_FRAME_DT } from './driveSession';

const FRAME = 1 / 60;
const flat = fieldFrom(129, 129, 1, () => 0);

function run(drive: DriveSession, seconds: number, until: () => boolean = () => false): void {
  for (let t = 0; t < seconds - 1e-9 && !until(); t += FRAME) drive.frame(FRAME);
}

describe('Drive This Road in the editor: the autopilot always ends, and says why', () => {
  it('a prop across the route: the drive ends as stuck, where it stopped, and the HUD shows the surface under each wheel', async () => {
    const drive = new DriveSession({
      field: () => flat,
      obstacles: () => [{ x: 0, z: 0, radius: 3 }],
      physics: loadRapier,
      settings: { model: 'physics' },
      // Sand on the west half, grass elsewhere.
      surfaces: () => (x) => (x < 0 ? 'sediment' : 'grass'),
    });
    const route: [number, number][] = [];
    for (let z = -40; z <= 40; z += 2) route.push([0.5, z]);
    drive.enterAutopilot(route, 8, { roadWidth: 6 });
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    expect(drive.store.getState().autopilot).toBe('driving');
    run(drive, 60, () => drive.store.getState().autopilot !== 'driving');
    const state = drive.store.getState();
    expect(state.autopilot).toBe('stuck');
    expect(state.driveEnd?.reason).toBe('stuck');
    // Stopped against the prop, a few metres before it (the route starts 40 m before the prop).
    expect(state.driveEnd!.at).toBeGreaterThan(30);
    expect(state.driveEnd!.at).toBeLessThan(40);
    expect(state.driveEnd!.t).toBeGreaterThan(3);
    run(drive, 0.2);
    const wheels = drive.physicsState!.wheels;
    expect(wheels.map((w) => w.surface)).toEqual(wheels.map((w) => (w.contactPoint.x < 0 ? 'sediment' : 'grass')));
    expect(new Set(wheels.map((w) => w.surface))).toEqual(new Set(['grass', 'sediment']));
    expect(drive.store.getState().hud!.surfaces).toEqual(wheels.map((w) => w.surface));
    drive.leave();
  });

  it('a route through a wall of rock it cannot climb: ends (stuck or off the road), never drives on for ever', async () => {
    const wall = fieldFrom(129, 129, 1, (_x, z) => (z > 10 ? (z - 10) * 3 : 0));
    const drive = new DriveSession({ field: () => wall, physics: loadRapier, settings: { model: 'physics' } });
    const route: [number, number][] = [];
    for (let z = -40; z <= 40; z += 2) route.push([0, z]);
    drive.enterAutopilot(route, 10, { roadWidth: 6 });
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    run(drive, 120, () => drive.store.getState().autopilot !== 'driving');
    const end = drive.store.getState().driveEnd;
    expect(end).not.toBeNull();
    expect(['stuck', 'rolledOver', 'leftRoad']).toContain(end!.reason);
    // Within the bound: 80 m / 2 m/s + 30 s.
    expect(end!.t).toBeLessThanOrEqual(80 / 2 + 30);
    drive.leave();
  });
});

describe('Drive This Road does not depend on the frame rate', () => {
  /** A route north across flat ground into water 0.5 m deep from z = 10 (the hatchback fords 0.3 m); the drive's end at `frame` seconds a frame. */
  async function floodAt(frame: number) {
    const deep = fieldFrom(129, 129, 1, (_x, z) => (z >= 10 ? 0.5 : 0));
    const drive = new DriveSession({ field: () => flat, water: () => deep, physics: loadRapier, settings: { model: 'physics' } });
    const route: [number, number][] = [];
    for (let z = -40; z <= 40; z += 2) route.push([0, z]);
    drive.enterAutopilot(route, 12, { roadWidth: 6 });
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    for (let t = 0; t < 60 && drive.store.getState().autopilot === 'driving'; t += frame) drive.frame(frame);
    const end = drive.store.getState().driveEnd;
    drive.leave();
    return end;
  }

  it('flooded at the same step, time and place whether a frame lasts 1/60 s or the longest frame step (0.25 s)', async () => {
    const smooth = await floodAt(1 / 60);
    const slow = await floodAt(MAX_FRAME_DT);
    expect(smooth?.reason).toBe('flooded');
    // The car's centre is over the water's edge (z = 10; heights are interpolated over the 1 m cell before it).
    expect(smooth!.z).toBeGreaterThan(9);
    expect(smooth!.z).toBeLessThan(11);
    expect(slow).toEqual(smooth);
  }, 60_000);
});

describe('after a road drive ends', () => {
  it('the physics car holds its brakes on a slope (it does not roll away) until a driving key is pressed', async () => {
    // Down a 10 % slope along +z; the route ends half-way down.
    const slope = fieldFrom(129, 129, 1, (_x, z) => -0.1 * z);
    const drive = new DriveSession({ field: () => slope, physics: loadRapier, settings: { model: 'physics' } });
    const route: [number, number][] = [];
    for (let z = -40; z <= 0; z += 2) route.push([0, z]);
    drive.enterAutopilot(route, 8, { roadWidth: 6 });
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    run(drive, 60, () => drive.store.getState().autopilot !== 'driving');
    expect(drive.store.getState().autopilot).toBe('arrived');
    const stopped = drive.physicsState!.position;
    run(drive, 5);
    expect(Math.hypot(drive.physicsState!.position.x - stopped.x, drive.physicsState!.position.z - stopped.z)).toBeLessThan(0.1);
    // The driver takes over: the throttle moves it.
    drive.keyDown('KeyW');
    run(drive, 2);
    expect(drive.physicsState!.position.z - stopped.z).toBeGreaterThan(1);
    drive.leave();
  }, 60_000);
});
