import type { Page } from '@playwright/test';
import { createDefaultDocument } from '../app/document/document';
import { heightAt } from '../shared/terrain/surface';
import { expect, test } from './fixtures';
import { reviewShot } from './reviewShot';
import { showPanel } from './panel';

// The app opens on the default document: the test computes the exact ground itself from it.
const field = createDefaultDocument().field;

test.use({ viewport: { width: 1600, height: 1000 } });

interface PhysicsHud {
  x: number;
  z: number;
  height: number;
  ground: number;
  speed: number;
  wheelGap: number;
  wheelsGrounded: number;
  airborne: boolean;
  model: string | null;
  contacts: string | null;
}

async function readHud(page: Page): Promise<PhysicsHud> {
  const read = await page.getByTestId('drive-hud').evaluate((e) => {
    const n = (name: string) => Number(e.getAttribute(`data-${name}`));
    return {
      x: n('x'),
      z: n('z'),
      height: n('height'),
      ground: n('ground'),
      speed: n('speed'),
      wheelGap: n('wheel-gap'),
      wheelsGrounded: n('wheels-grounded'),
      airborne: e.getAttribute('data-airborne') === 'true',
      model: e.getAttribute('data-model'),
      contacts: e.getAttribute('data-contacts'),
    };
  });
  return read;
}

test('the physics car (the default) drives the default terrain for 5 s, stays on the ground, and the HUD says so', async ({ app }) => {
  const { page } = app;
  await showPanel(page, 'drive');
  await expect(page.getByTestId('drive-model')).toHaveValue('physics');
  await expect(page.getByTestId('drive-car')).toHaveValue('hatchback');
  await page.keyboard.press('g');
  const hud = page.getByTestId('drive-hud');
  await expect(hud).toHaveAttribute('data-mode', 'drive');
  await expect(hud).toHaveAttribute('data-model', 'physics');
  await expect(page.getByTestId('hud-model')).toHaveText('Physics', { timeout: 30_000 });
  // Settled on four wheels.
  await expect.poll(async () => (await readHud(page)).contacts, { timeout: 30_000 }).toBe('1,1,1,1');
  // No parking brake: on the spawn's gentle downhill the car may already roll, as a real one would.
  const start = await readHud(page);

  await page.keyboard.down('KeyW');
  const began = Date.now();
  const samples: PhysicsHud[] = [];
  let shot = false;
  while (Date.now() - began < 5000) {
    const sample = await readHud(page);
    samples.push(sample);
    // The picture for a person to check: moving, all four wheels on the ground.
    if (!shot && Date.now() - began > 1500 && sample.contacts === '1,1,1,1' && sample.speed > 2) {
      await reviewShot(page, 'drive-physics', 'driving.png');
      shot = true;
    }
    await page.waitForTimeout(150);
  }
  await page.keyboard.up('KeyW');
  if (!shot) await reviewShot(page, 'drive-physics', 'driving.png');
  const end = await readHud(page);
  samples.push(end);

  // It moved, and every sample has the car on the ground: wheels on the exact surface, the body above it.
  // Software rendering runs few frames a second and each frame simulates at most 0.25 s: less than 5 s pass in the car.
  expect(Math.hypot(end.x - start.x, end.z - start.z)).toBeGreaterThan(2);
  expect(Math.max(...samples.map((s) => s.speed))).toBeGreaterThan(2);
  for (const s of samples) {
    expect(s.model).toBe('physics');
    expect(s.ground).toBe(heightAt(field, s.x, s.z));
    // Every wheel that touches, touches the exact surface.
    expect(s.wheelGap).toBeLessThan(1e-3);
    // The drawn origin is 0.3 m under the body's underside: the body never sinks into the ground.
    expect(s.height + 0.3).toBeGreaterThan(s.ground - 0.05);
  }
  // No flight: the body's underside never more than 1 m above the ground. Hops are allowed: at
  // 45 km/h the eroded default hills (rills at the 2 m cell scale) lift the car off its wheels over
  // crests and bumps, as they would a real one, but it is on at least two wheels most of the time.
  for (const s of samples) expect(s.height + 0.3).toBeLessThan(s.ground + 1);
  expect(samples.filter((s) => s.wheelsGrounded >= 2).length).toBeGreaterThanOrEqual(samples.length * 0.5);

  // Kinematic from the panel: the HUD says so.
  await page.getByTestId('drive-model').selectOption('kinematic');
  await expect(hud).toHaveAttribute('data-model', 'kinematic');
  await expect(page.getByTestId('hud-model')).toHaveText('Kinematic');
  await page.getByTestId('drive-leave').click();
  await expect(hud).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});
