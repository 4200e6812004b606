import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { clickAt, heightAt, whenIdle } from './mapPointer';

/** Review screenshots, taken only when FAULTLINE_SHOTS names a folder: they check nothing. */
const ARTIFACTS = process.env.FAULTLINE_SHOTS ? path.resolve(process.env.FAULTLINE_SHOTS, 'roads') : undefined;
const reviewShot = async (page: Page, name: string) => {
  if (!ARTIFACTS) return;
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, name) });
};

test.use({ viewport: { width: 1600, height: 1000 }, driveClock: 8 });

/** The through road across the middle of the 2D panel, and the side road's two clicks above it (fractions of the panel's box). */
const THROUGH: Array<[number, number]> = [
  [0.3, 0.5],
  [0.7, 0.5],
];
const SIDE: Array<[number, number]> = [
  [0.5, 0.3],
  [0.5, 0.44],
];
/** Points on the through road's centreline under and beside the junction. */
const UNDER: Array<[number, number]> = [
  [0.49, 0.5],
  [0.5, 0.5],
  [0.51, 0.5],
];

const idle = (page: Page) => whenIdle(page, 30_000);

test('a T-junction drawn in the window: the through road keeps its surface under it, and the car drives the side road onto it', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  const map2d = page.getByTestId('map-2d');
  const undo = page.getByTestId('status-undo');

  await page.keyboard.press('Shift+R');
  await clickAt(page, map2d, ...THROUGH[0]);
  await clickAt(page, map2d, ...THROUGH[1]);
  await expect(undo).toContainText('New road "Road 1"');
  await idle(page);
  const through: string[] = [];
  for (const [fx, fy] of UNDER) through.push(await heightAt(page, map2d, fx, fy));

  // The side road: Enter ends the first, two clicks start the second, its end dragged onto the first.
  await page.keyboard.press('Enter');
  await clickAt(page, map2d, ...SIDE[0]);
  await clickAt(page, map2d, ...SIDE[1]);
  await expect(undo).toContainText('New road "Road 2"');
  await idle(page);
  const box = (await map2d.boundingBox())!;
  await page.mouse.move(box.x + SIDE[1][0] * box.width, box.y + SIDE[1][1] * box.height);
  await page.mouse.down();
  await page.mouse.move(box.x + 0.5 * box.width, box.y + 0.5 * box.height, { steps: 2 });
  await page.mouse.up();
  await expect(undo).toContainText('Move point 2 of "Road 2"');
  await idle(page);

  // The through road's surface under the junction: the same heights, bit for bit.
  const joined: string[] = [];
  for (const [fx, fy] of UNDER) joined.push(await heightAt(page, map2d, fx, fy));
  expect(joined).toEqual(through);
  await reviewShot(page, 'junction-1600x1000.png');

  // Drive the side road onto the through road: the autopilot arrives, the car never left the ground.
  const report = page.getByTestId('road-report');
  await expect(page.getByTestId('road-drive-section')).toHaveAttribute('data-road', 'road-2');
  await page.getByTestId('road-drive').click();
  const hud = page.getByTestId('drive-hud');
  await expect(hud).toHaveAttribute('data-autopilot', 'driving');
  await expect.poll(() => hud.getAttribute('data-autopilot'), { timeout: 150_000 }).not.toBe('driving');
  await expect(hud).toHaveAttribute('data-autopilot', 'arrived');
  await reviewShot(page, 'junction-driven-1600x1000.png');
  await page.keyboard.press('Escape');
  await expect(report).toHaveAttribute('data-source', 'drive');
  const flags = await page
    .getByTestId('road-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-flags') ?? ''));
  expect(flags.some((f) => f.includes('airborne'))).toBe(false);

  // The design standard in the report at the default 60 km/h: the Green Book's R_min for e_max 8 %
  // (table 3-7: 113 m) and stopping sight distance (table 3-1: 85 m); e max 6 %: 123 m.
  const standard = page.getByTestId('road-standard');
  await expect(standard).toContainText('e_max 8 %');
  await expect(standard).toContainText('R_min 113 m');
  await expect(standard).toContainText('sight 85 m');
  await page.getByTestId('road-emax').selectOption('6');
  await expect(standard).toContainText('R_min 123 m');
  // A class sets the maximum grade from the tables: a mountainous collector at 60 km/h, 10 % (table 6-2); a level arterial, 5 % (table 7-2).
  await page.getByTestId('road-maxGradePct').fill('12');
  await page.getByTestId('road-maxGradePct').press('Enter');
  await expect(page.getByTestId('road-maxGradePct')).toHaveValue('12');
  await page.getByTestId('road-class').selectOption('collector-mountainous');
  await expect(page.getByTestId('road-maxGradePct')).toHaveValue('10');
  await expect(standard).toContainText('collector-mountainous');
  await page.getByTestId('road-class').selectOption('arterial-level');
  await expect(page.getByTestId('road-maxGradePct')).toHaveValue('5');
  await idle(page);
  expect(app.consoleErrors).toEqual([]);
});
