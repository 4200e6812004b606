import { describe, expect, it } from 'vitest';
import { heightAt } from '../../shared/terrain/surface';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import { restRideHeight } from '../../shared/vehicle/physics/stability';
import { PHYSICS_TELEMETRY_COLUMNS } from '../../shared/vehicle/physics/physicsDrive';
import { loadRapier } from '../../shared/vehicle/physics/rapier';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { DriveSession, HUD_INTERVAL } from './driveSession';
import { driveSettingsFromSaved, savedDriveSettings, DEFAULT_DRIVE_SETTINGS } from './settings';

const FRAME = 1 / 60;
const hills = fieldFrom(129, 129, 1, (x, z) => 1.2 * Math.sin(x / 9) + 0.8 * Math.cos(z / 7));

function run(drive: DriveSession, seconds: number): void {
  for (let t = 0; t < seconds - 1e-9; t += FRAME) drive.frame(FRAME);
}

async function physicsDrive(): Promise<DriveSession> {
  const drive = new DriveSession({ field: () => hills, physics: loadRapier, settings: { model: 'physics' } });
  drive.enterDrive({ x: -20, z: -20, heading: 0.5 });
  await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
  return drive;
}

describe('DriveSession with the physics model', () => {
  it('when Rapier fails to load, drives the kinematic car and keeps the reason until physics is chosen again', async () => {
    let attempts = 0;
    const physics = async () => {
      attempts++;
      if (attempts === 1) throw new Error('WebAssembly.instantiate(): refused');
      return loadRapier();
    };
    const drive = new DriveSession({ field: () => hills, physics, settings: { model: 'physics' } });
    expect(drive.store.getState().physicsUnavailable).toBeNull();
    drive.enterDrive({ x: -20, z: -20, heading: 0.5 });
    await expect.poll(() => drive.store.getState().physicsUnavailable).toBe('WebAssembly.instantiate(): refused');
    expect(drive.settings.model).toBe('kinematic');
    expect(drive.store.getState().hud?.model).toBe('kinematic');
    // The kinematic car drives.
    drive.keyDown('KeyW');
    run(drive, 1);
    expect(drive.store.getState().hud!.speed).toBeGreaterThan(1);
    drive.keyUp('KeyW');
    // Physics chosen again: the reason goes, Rapier is loaded anew and the physics car is placed.
    drive.setSettings({ model: 'physics' });
    expect(drive.store.getState().physicsUnavailable).toBeNull();
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    expect(attempts).toBe(2);
    expect(drive.store.getState().physicsUnavailable).toBeNull();
    drive.leave();
  });

  it('drives with the keyboard on the ground, and the HUD says physics with per-wheel contact and compression', async () => {
    const drive = await physicsDrive();
    expect(drive.store.getState().hud?.model).toBe('physics');
    run(drive, 1);
    drive.keyDown('KeyW');
    drive.keyDown('KeyD');
    run(drive, 2);
    drive.keyUp('KeyD');
    run(drive, 1);
    const hud = drive.store.getState().hud!;
    expect(hud.speed).toBeGreaterThan(4);
    expect(Math.hypot(hud.x + 20, hud.z + 20)).toBeGreaterThan(5);
    expect(hud.airborne).toBe(false);
    expect(hud.wheelContacts).toEqual([true, true, true, true]);
    expect(hud.compressions.every((c) => c > 0 && c < 1)).toBe(true);
    expect(hud.wheelsGrounded).toBe(4);
    // Wheel contacts are on the exact surface.
    for (const w of drive.physicsState!.wheels) expect(Math.abs(w.contactPoint.y - heightAt(hills, w.contactPoint.x, w.contactPoint.z))).toBeLessThan(1e-3);
    // The drawn wheels' hubs sit one radius above their contacts, along the body's up.
    const radius = drive.settings.carSpec.wheelRadius;
    for (const w of drive.wheels) expect(Math.hypot(w.hub.x - w.contact.x, w.hub.y - w.contact.y, w.hub.z - w.contact.z)).toBeCloseTo(radius, 1);
    expect(drive.input.steer).toBe(0);
    drive.leave();
    expect(drive.physicsState).toBeNull();
  });

  it('records physics telemetry at 120 Hz with the extra columns', async () => {
    const drive = await physicsDrive();
    drive.startRecording();
    drive.keyDown('KeyW');
    run(drive, 1 + HUD_INTERVAL);
    drive.stopRecording();
    const lines = drive.recordingCsv().trimEnd().split('\n');
    expect(lines[0]).toBe(PHYSICS_TELEMETRY_COLUMNS.join(','));
    expect(lines.length - 1).toBeGreaterThanOrEqual(Math.floor((1 + HUD_INTERVAL) * 120));
    expect(drive.store.getState().recordedRows).toBe(lines.length - 1);
  });

  it('switches model and car while driving, putting the new car where the old one was', async () => {
    const drive = await physicsDrive();
    run(drive, 0.5);
    drive.setSettings({ car: 'truck' });
    await expect.poll(() => drive.physicsState !== null, { timeout: 30_000 }).toBe(true);
    expect(drive.settings.carSpec).toEqual(STOCK_CARS.truck);
    expect(drive.drawnSize.length).toBe(STOCK_CARS.truck.length);
    drive.setSettings({ model: 'kinematic' });
    expect(drive.physicsState).toBeNull();
    expect(drive.store.getState().hud?.model).toBe('kinematic');
    expect(Math.hypot(drive.carState.x + 20, drive.carState.z + 20)).toBeLessThan(1);
  });

  it('saves and restores the model, the car and its edited values; ignores what it does not know', () => {
    const edited = { ...DEFAULT_DRIVE_SETTINGS, model: 'physics' as const, car: '4x4' as const, carSpec: { ...STOCK_CARS['4x4'], mass: 2500 } };
    const saved = JSON.parse(JSON.stringify(savedDriveSettings(edited))) as unknown;
    const restored = driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, saved);
    expect(restored.model).toBe('physics');
    expect(restored.car).toBe('4x4');
    expect(restored.carSpec.mass).toBe(2500);
    expect(restored.carSpec.wheelbase).toBe(STOCK_CARS['4x4'].wheelbase);
    const odd = driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, {
      model: 'hover',
      car: 'tank',
      carSpec: { mass: -5, topSpeed: 1e9, colour: 'red' },
      length: 'long',
    });
    expect(odd.model).toBe(DEFAULT_DRIVE_SETTINGS.model);
    expect(odd.car).toBe(DEFAULT_DRIVE_SETTINGS.car);
    expect(odd.carSpec.mass).toBe(100);
    expect(odd.carSpec.topSpeed).toBe(150);
    expect(odd.length).toBe(DEFAULT_DRIVE_SETTINGS.length);
    expect(driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, 'junk')).toBe(DEFAULT_DRIVE_SETTINGS);
  });

  it('reads a car saved before the centre of mass was measured from the ground: stock values get their new height, edits keep their place on the body', () => {
    // Saved by the earlier version: no centreOfMassFrom, heights above the underside.
    const untouched = driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, {
      model: 'physics',
      car: 'truck',
      carSpec: { ...STOCK_CARS.truck, centreOfMassHeight: 0.7 },
    });
    expect(untouched.carSpec.centreOfMassHeight).toBe(STOCK_CARS.truck.centreOfMassHeight);
    const edited = driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, {
      model: 'physics',
      car: 'hatchback',
      carSpec: { ...STOCK_CARS.hatchback, centreOfMassHeight: 0.4 },
    });
    expect(edited.carSpec.centreOfMassHeight).toBeCloseTo(0.4 + restRideHeight(STOCK_CARS.hatchback), 12);
    // A file saved now keeps its value as it is.
    const now = JSON.parse(
      JSON.stringify(savedDriveSettings({ ...DEFAULT_DRIVE_SETTINGS, carSpec: { ...STOCK_CARS.hatchback, centreOfMassHeight: 0.4 } })),
    ) as unknown;
    expect(driveSettingsFromSaved(DEFAULT_DRIVE_SETTINGS, now).carSpec.centreOfMassHeight).toBe(0.4);
  });
});

describe('drive settings in the project file', () => {
  it('a saved project brings back the model, the car and its edited values', async () => {
    const { createEditorSession } = await import('../editorSession');
    const { createMemoryFaultlineApi } = await import('../platform/memoryApi');
    const { documentFromPayload, payloadOf } = await import('../project/mapping');
    const { DEFAULT_VIEW_SETTINGS } = await import('../../shared/ipc/contract');
    const session = createEditorSession({ api: createMemoryFaultlineApi() });
    session.drive.setSettings({ model: 'kinematic', car: 'truck' });
    session.drive.setSettings({ carSpec: { ...session.drive.settings.carSpec, mass: 9000 } });
    const saved = { ...session.drive.settings };
    // What the session's save writes: the view, with the drive settings beside it.
    const drive = JSON.parse(JSON.stringify(savedDriveSettings(saved))) as Record<string, never>;
    const loaded = documentFromPayload(payloadOf(session.editor.document, { ...DEFAULT_VIEW_SETTINGS, drive }), 'd.faultline');
    expect(loaded.view).toEqual(DEFAULT_VIEW_SETTINGS);
    expect(loaded.drive).toEqual(drive);
    const other = createEditorSession({ api: createMemoryFaultlineApi() });
    expect(other.drive.settings.model).toBe('physics');
    other.drive.setSettings(driveSettingsFromSaved(other.drive.settings, loaded.drive));
    expect(other.drive.settings.model).toBe('kinematic');
    expect(other.drive.settings.car).toBe('truck');
    expect(other.drive.settings.carSpec.mass).toBe(9000);
    session.dispose();
    other.dispose();
  });
});
