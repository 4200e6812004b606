import type { Page } from '@playwright/test';
import { showPanel } from './panel';

const NAMES = ['x', 'z', 'height', 'ground', 'speed', 'heading', 'pitch', 'roll', 'clip', 'stops', 'wheels-grounded', 'wheel-gap', 'spawn-distance'] as const;
export type Hud = Record<(typeof NAMES)[number], number> & { quality: string | null; stopped: boolean };

/** What the drive HUD shows, read in one task so the values belong to one HUD update. */
export async function readHud(page: Page): Promise<Hud> {
  const read = await page.getByTestId('drive-hud').evaluate(
    (element, keys) => ({
      values: keys.map((n) => element.getAttribute(`data-${n}`)),
      quality: element.getAttribute('data-spawn-quality'),
      stopped: element.querySelector('[data-testid="drive-stopped"]') !== null,
    }),
    [...NAMES],
  );
  const hud = Object.fromEntries(NAMES.map((n, k) => [n, Number(read.values[k])])) as Record<(typeof NAMES)[number], number>;
  return { ...hud, quality: read.quality, stopped: read.stopped };
}

/** Holds W for `ms`, sampling the HUD every 150 ms; returns the samples, the last one taken after the hold. */
export async function holdThrottle(page: Page, ms: number): Promise<Hud[]> {
  await page.keyboard.down('KeyW');
  const began = Date.now();
  const samples: Hud[] = [];
  while (Date.now() - began < ms) {
    samples.push(await readHud(page));
    await page.waitForTimeout(150);
  }
  samples.push(await readHud(page));
  await page.keyboard.up('KeyW');
  return samples;
}

/**
 * Holds W until `done` says so of the HUD (or `ms` of wall time pass); the HUD read every 150 ms. Drive time
 * follows the frames (each capped at MAX_FRAME_DT), so under software GL a wall-clock hold covers less of it:
 * wait for what the car does, not for the clock.
 */
export async function holdThrottleUntil(page: Page, done: (hud: Hud) => boolean, ms: number): Promise<Hud[]> {
  await page.keyboard.down('KeyW');
  const began = Date.now();
  const samples: Hud[] = [await readHud(page)];
  while (!done(samples[samples.length - 1]) && Date.now() - began < ms) {
    await page.waitForTimeout(150);
    samples.push(await readHud(page));
  }
  await page.keyboard.up('KeyW');
  return samples;
}

/** Chooses the test-drive model in the Drive panel (the editor starts with physics). */
export async function chooseModel(page: Page, model: 'physics' | 'kinematic'): Promise<void> {
  await showPanel(page, 'drive');
  await page.getByTestId('drive-model').selectOption(model);
  // Keys typed into a focused <select> would pick options instead of reaching the shortcuts.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
