import type { Page, Route } from '@playwright/test';
import { createDefaultDocument } from '../app/document/document';
import { heightAt } from '../shared/terrain/surface';
import { poseFromTerrain } from '../shared/vehicle/pose';
import { DEFAULT_DRIVE_SETTINGS } from '../app/drive/settings';
import { expect, test } from './fixtures';
import { chooseModel } from './driveHud';
import { showPanel } from './panel';

// The app opens on the default document: the test computes the exact ground itself from it.
const field = createDefaultDocument().field;

interface Hud {
  x: number;
  z: number;
  height: number;
  ground: number;
  speed: number;
  heading: number;
  pitch: number;
  roll: number;
  clip: number;
}

async function readHud(page: Page): Promise<Hud> {
  const names = ['x', 'z', 'height', 'ground', 'speed', 'heading', 'pitch', 'roll', 'clip'] as const;
  // One evaluate reads every attribute in the same task: separate reads could straddle a HUD update
  // while the car moves and mix two frames.
  const values = await page.getByTestId('drive-hud').evaluate((element, keys) => keys.map((n) => element.getAttribute(`data-${n}`)), [...names]);
  return Object.fromEntries(names.map((n, k) => [n, Number(values[k])])) as unknown as Hud;
}

/**
 * The car is on the ground: the HUD's ground is the exact surface at its x/z, and its height and
 * orientation are those of the classic terrain-following pose (wheels on the exact surface) there.
 */
function expectOnGround(hud: Hud): void {
  expect(hud.ground).toBe(heightAt(field, hud.x, hud.z));
  const pose = poseFromTerrain(field, { x: hud.x, z: hud.z, heading: (hud.heading * Math.PI) / 180 }, DEFAULT_DRIVE_SETTINGS);
  expect(hud.height).toBeCloseTo(pose.position.y, 6);
  expect(hud.pitch).toBeCloseTo((pose.pitch * 180) / Math.PI, 6);
  expect(hud.roll).toBeCloseTo((pose.roll * 180) / Math.PI, 6);
  expect(hud.clip).toBeCloseTo(pose.clipDepth, 6);
}

test('drive mode: enter, drive with the keyboard, the HUD follows and the car stays on the ground, Esc leaves', async ({ app }) => {
  const { page } = app;
  // These tests are the kinematic car's (the seeds' pitch/roll from terrain samples); drivePhysics.spec.ts has the physics car's.
  await chooseModel(page, 'kinematic');
  await page.getByTestId('cmd-drive.toggle').click();
  const hud = page.getByTestId('drive-hud');
  await expect(hud).toHaveAttribute('data-mode', 'drive');
  await expect(hud).toHaveAttribute('data-x', /\d/);
  const start = await readHud(page);
  expect(start.speed).toBe(0);
  expectOnGround(start);
  // The car appears where the orbit view looks: the default view is centred on the terrain.
  expect(Math.abs(start.x)).toBeLessThan(40);
  expect(Math.abs(start.z)).toBeLessThan(40);

  // W is also the wireframe shortcut: while driving it must go to the car only.
  const wireframeBefore = await page.getByTestId('cmd-view.toggleWireframe').getAttribute('aria-pressed');
  await page.keyboard.down('KeyW');
  await page.keyboard.down('KeyD');
  await expect.poll(async () => (await readHud(page)).speed, { timeout: 20_000 }).toBeGreaterThan(1);
  await page.waitForTimeout(1500);
  const moving = await readHud(page);
  await page.keyboard.up('KeyD');
  await page.waitForTimeout(500);
  await page.keyboard.up('KeyW');
  const later = await readHud(page);
  expect(await page.getByTestId('cmd-view.toggleWireframe').getAttribute('aria-pressed')).toBe(wireframeBefore);

  // The HUD values changed and the car stayed on the ground all along.
  expect(Math.hypot(later.x - start.x, later.z - start.z)).toBeGreaterThan(0.5);
  expect(later.heading).not.toBe(start.heading);
  expect([moving.pitch, moving.roll, later.pitch, later.roll].some((v) => v !== start.pitch && v !== start.roll)).toBe(true);
  for (const sample of [moving, later]) expectOnGround(sample);
  await expect(page.getByTestId('hud-speed')).toHaveText(/km\/h$/);

  // Space brakes the car to a stop.
  await page.keyboard.down('Space');
  await expect.poll(async () => (await readHud(page)).speed, { timeout: 20_000 }).toBe(0);
  await page.keyboard.up('Space');
  expectOnGround(await readHud(page));

  await page.keyboard.press('Escape');
  await expect(hud).toHaveCount(0);
  // Shortcuts work again once the car has left.
  await page.keyboard.press('KeyW');
  await expect(page.getByTestId('cmd-view.toggleWireframe')).not.toHaveAttribute('aria-pressed', String(wireframeBefore));
  expect(app.consoleErrors).toEqual([]);
});

// Neither reads the default terrain's heights (the CSV's shape, the modes): the default preset at 65², a cheaper start.
test.describe('drive mode on a small start', () => {
  test.use({ startSize: 65 });

  test('a recorded drive exports as telemetry CSV', async ({ app }) => {
    const { page } = app;
    await chooseModel(page, 'kinematic');
    await page.keyboard.press('g');
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-mode', 'drive');
    await page.getByTestId('drive-record').click();
    await page.keyboard.down('ArrowUp');
    await page.waitForTimeout(1000);
    await page.keyboard.up('ArrowUp');
    await page.getByTestId('drive-record').click();
    const out = `${app.userDataDir}/drive.csv`;
    app.dialogs.queueSave(out);
    await page.getByTestId('drive-export').click();
    await expect(page.getByTestId('drive-export-status')).toHaveText('Saved drive.csv');
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(out, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('t,x,y,z,heading,pitch,roll,upX,upY,upZ,fwdX,fwdY,fwdZ,clip,water');
    expect(lines.length).toBeGreaterThan(3);
    const rows = lines.slice(1).map((l) => l.split(',').map(Number));
    for (let k = 1; k < rows.length; k++) expect(rows[k][0]).toBeGreaterThan(rows[k - 1][0]);
    await page.getByTestId('drive-leave').click();
    await expect(page.getByTestId('drive-hud')).toHaveCount(0);
  });

  test('when the physics car cannot load, the HUD and the Drive panel say why, the kinematic car drives, and Physics tries again', async ({ app }) => {
    const { page } = app;
    // Rapier's chunks refused, as a blocked or missing file would be.
    const refuse = (route: Route) => route.abort('blockedbyclient');
    await page.route('**/rapier-*.js', refuse);
    await showPanel(page, 'drive');
    await expect(page.getByTestId('drive-model')).toHaveValue('physics');
    await page.keyboard.press('g');
    const line = page.getByTestId('hud-physics-unavailable');
    await expect(line).toContainText('Physics car unavailable: driving the kinematic car (');
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-model', 'kinematic');
    await expect(page.getByTestId('drive-physics-unavailable')).toContainText('The physics car could not load (');
    await expect(page.getByTestId('drive-model')).toHaveValue('kinematic');
    if (process.env.FAULTLINE_SHOTS) {
      // A review picture (FAULTLINE_SHOTS names the folder): the HUD's line and the panel's note at the smallest size.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.screenshot({ path: `${process.env.FAULTLINE_SHOTS}/1024x768-physics-unavailable.png` });
    }
    // The kinematic car drives.
    await page.keyboard.down('ArrowUp');
    await expect.poll(async () => Number(await page.getByTestId('drive-hud').getAttribute('data-speed'))).toBeGreaterThan(1);
    await page.keyboard.up('ArrowUp');
    // Served again, Physics chosen again loads it: the words go.
    await page.unroute('**/rapier-*.js', refuse);
    await page.getByTestId('drive-model').selectOption('physics');
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-model', 'physics');
    await expect(page.getByTestId('hud-model')).toHaveText('Physics', { timeout: 30_000 });
    await expect(line).toHaveCount(0);
    await expect(page.getByTestId('drive-physics-unavailable')).toHaveCount(0);
    // Only the refused loads were errors.
    expect(app.consoleErrors.filter((e) => !/ERR_BLOCKED_BY_CLIENT|rapier/i.test(e))).toEqual([]);
  });

  test('walk mode and the drivability overlay toggle', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('cmd-drive.walk').click();
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-mode', 'walk');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drive-hud')).toHaveCount(0);
    await page.getByTestId('cmd-view.drivability').click();
    await expect(page.getByTestId('drive-overlay')).toBeChecked();
    expect(app.consoleErrors).toEqual([]);
  });
});
