import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDefaultDocument } from '../app/document/document';
import { outputFormatFor } from '../main/cli/outputs';
import type { Layer } from '../shared/layers/types';
import { createHeightfield, vertexX } from '../shared/terrain/heightfield';
import { DEFAULT_DRIVE_SETTINGS } from '../app/drive/settings';
import { heightAt } from '../shared/terrain/surface';
import { poseFromTerrain } from '../shared/vehicle/pose';
import { SPOT_SLOPE_FRACTION } from '../shared/vehicle/spawn';
import { expect, sendMenuCommand, test } from './fixtures';
import { reviewShot } from './reviewShot';
import { chooseModel, holdThrottleUntil, readHud, type Hud } from './driveHud';

// The app opens on the default document: the test computes the exact ground itself from it.
const field = createDefaultDocument().field;

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
  await reviewShot(page, 'drive-spawn', '1-spawned.png');

  // Full throttle until the car has gone 3 m: it gets going and is never stopped. (Drive time follows the frames,
  // each capped at MAX_FRAME_DT; software GL on a loaded machine draws slower frames than that, so a hold of a
  // few wall-clock seconds covered 1 m of drive in one run: the hold waits for the distance, up to 30 s.)
  const samples = await holdThrottleUntil(page, (hud) => Math.hypot(hud.x - start.x, hud.z - start.z) > 3, 30_000);
  const driving = samples[samples.length - 1];
  await reviewShot(page, 'drive-spawn', '2-driving.png');
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
  await reviewShot(page, 'drive-spawn', '3-reset.png');
  expect(app.consoleErrors).toEqual([]);
});

/** A 256 m map whose middle 80 m (|x| ≤ 40) is one 34° wall from a floor at 0 m to a plateau 54 m up, as .faultline bytes. */
async function wallProject(): Promise<Uint8Array> {
  const side = 129;
  const cellSize = 2;
  const field = createHeightfield(side, side, cellSize);
  const tan34 = Math.tan((34 * Math.PI) / 180);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) field.heights[j * side + i] = (Math.min(40, Math.max(-40, vertexX(field, i))) + 40) * tan34;
  const layers: Layer[] = [{ id: 'ground', name: 'Wall', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: field.heights }];
  return outputFormatFor('wall.faultline')!.encodeAsync(field, { recipe: null, history: [], props: [], layers, fileName: 'wall.faultline' });
}

test.describe('on an opened wall', () => {
  // The test opens its own map first: the start terrain is never looked at, so it is the small one.
  test.use({ startSize: 65 });

  test('Drive started over a 34° wall puts the physics car on level ground beside it, upright and still a second later', async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    const folder = await mkdtemp(path.join(tmpdir(), 'faultline-wall-'));
    try {
      const project = path.join(folder, 'wall.faultline');
      await writeFile(project, await wallProject());
      app.dialogs.queueOpen(project);
      await sendMenuCommand(page, 'file.open');
      await expect.poll(() => page.evaluate(() => document.title)).toBe('wall.faultline — Faultline');
      // The view looks at the map's middle: the wall.
      await page.getByTestId('cmd-view.resetCamera').click();
      await chooseModel(page, 'physics');
      await page.keyboard.press('g');
      const hud = page.getByTestId('drive-hud');
      await expect(hud).toHaveAttribute('data-model', 'physics');
      await expect.poll(() => hud.getAttribute('data-contacts'), { timeout: 30_000 }).toBe('1,1,1,1');
      const start = await readHud(page);
      // Moved off the wall: the whole car (half its diagonal, 2.3 m at most, from its centre) on the floor or the plateau.
      expect(start['spawn-distance']).toBeGreaterThan(0);
      expect(Math.abs(start.x)).toBeGreaterThanOrEqual(40 + 2);
      await page.waitForTimeout(1000);
      const later = await readHud(page);
      await reviewShot(page, 'drive-spawn', 'wall-spawn.png');
      // Upright (level ground) and still: no roll down the wall, no creep.
      expect(Math.abs(later.pitch)).toBeLessThan(2);
      expect(Math.abs(later.roll)).toBeLessThan(2);
      expect(later.speed).toBeLessThan(0.5);
      expect(Math.hypot(later.x - start.x, later.z - start.z)).toBeLessThan(0.2);
      expect(app.consoleErrors).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
