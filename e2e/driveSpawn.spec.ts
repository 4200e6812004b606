import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createDefaultDocument } from '../app/document/document';
import { DEFAULT_DRIVE_SETTINGS } from '../app/drive/settings';
import { heightAt } from '../shared/terrain/surface';
import { poseFromTerrain } from '../shared/vehicle/pose';
import { SPOT_SLOPE_FRACTION } from '../shared/vehicle/spawn';
import { expect, test } from './fixtures';
import { chooseModel, holdThrottleUntil, readHud, type Hud } from './driveHud';

// The app opens on the default document: the test computes the exact ground itself from it.
const field = createDefaultDocument().field;
const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'drive-spawn');

test.use({ viewport: { width: 1600, height: 1000 } });

/** The car sits on the exact surface: its reference point is the pose's, and every wheel bottom is on heightAt. */
function expectOnGround(hud: Hud): void {
  expect(hud.ground).toBe(heightAt(field, hud.x, hud.z));
  const pose = poseFromTerrain(field, { x: hud.x, z: hud.z, heading: (hud.heading * Math.PI) / 180 }, DEFAULT_DRIVE_SETTINGS);
  expect(hud.height).toBeCloseTo(pose.position.y, 6);
  expect(hud.pitch).toBeCloseTo((pose.pitch * 180) / Math.PI, 6);
  expect(hud.roll).toBeCloseTo((pose.roll * 180) / Math.PI, 6);
}

test('the test drive starts on drivable ground of the default terrain and drives off for two seconds without being stopped', async ({ app }) => {
  const { page } = app;
  await mkdir(ARTIFACTS, { recursive: true });
  // The kinematic car's spawn and stop rules; the physics car has drivePhysics.spec.ts.
  await chooseModel(page, 'kinematic');
  await page.keyboard.press('g');
  const hudElement = page.getByTestId('drive-hud');
  await expect(hudElement).toHaveAttribute('data-mode', 'drive');
  await expect(hudElement).toHaveAttribute('data-x', /\d/);

  // Placed near the view centre, level enough, on the ground, four wheels down, not stopped.
  const start = await readHud(page);
  expect(['clear', 'rough']).toContain(start.quality);
  expect(start.speed).toBe(0);
  expect(start.stopped).toBe(false);
  expect(start.stops).toBe(0);
  const limit = DEFAULT_DRIVE_SETTINGS.maxClimbSlopeDeg * SPOT_SLOPE_FRACTION;
  expect(Math.abs(start.pitch)).toBeLessThanOrEqual(limit);
  expect(Math.abs(start.roll)).toBeLessThanOrEqual(limit);
  expect(start.clip).toBe(0);
  expect(start['wheels-grounded']).toBe(4);
  expect(start['wheel-gap']).toBeLessThan(0.01);
  expect(start['spawn-distance']).toBeLessThan(80);
  expectOnGround(start);
  await page.screenshot({ path: path.join(ARTIFACTS, '1-spawned.png') });

  // Full throttle until the car has gone 3 m: it gets going and is never stopped. (Drive time follows the frames,
  // each capped at MAX_FRAME_DT; software GL on a loaded machine draws slower frames than that, so a hold of a
  // few wall-clock seconds covered 1 m of drive in one run: the hold waits for the distance, up to 30 s.)
  const samples = await holdThrottleUntil(page, (hud) => Math.hypot(hud.x - start.x, hud.z - start.z) > 3, 30_000);
  const driving = samples[samples.length - 1];
  await page.screenshot({ path: path.join(ARTIFACTS, '2-driving.png') });
  for (const s of samples) {
    expect(s.stopped).toBe(false);
    expect(s.stops).toBe(0);
  }
  expect(driving.speed).toBeGreaterThan(2);
  expect(Math.hypot(driving.x - start.x, driving.z - start.z)).toBeGreaterThan(3);
  expectOnGround(driving);
  // Wheels follow the exact surface while moving (those within their suspension travel).
  for (const s of samples) expect(s['wheel-gap']).toBeLessThan(0.01);

  // The HUD's Reset (the reset command) puts the car back at rest on drivable ground near where it is.
  await page.getByTestId('drive-reset').click();
  await expect.poll(async () => (await readHud(page)).speed).toBe(0);
  const reset = await readHud(page);
  expect(Math.abs(reset.pitch)).toBeLessThanOrEqual(limit);
  expect(Math.abs(reset.roll)).toBeLessThanOrEqual(limit);
  expect(reset['wheels-grounded']).toBe(4);
  expect(reset.stops).toBe(0);
  expectOnGround(reset);
  await page.screenshot({ path: path.join(ARTIFACTS, '3-reset.png') });
  expect(app.consoleErrors).toEqual([]);
});
