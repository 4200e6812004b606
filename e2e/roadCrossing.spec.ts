import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { reviewShot } from './reviewShot';
import { clickAt, heightAt, whenIdle } from './mapPointer';

test.use({ viewport: { width: 1600, height: 1000 }, driveClock: 8, startSize: 65 });

/** A river's two ends on the default terrain (fractions of the 2D panel's box; as e2e/rivers.spec.ts), and a road across its middle. */
const RIVER: Array<[number, number]> = [
  [0.38, 0.45],
  [0.6, 0.52],
];
const ROAD: Array<[number, number]> = [
  [0.47, 0.38],
  [0.51, 0.6],
];

const idle = (page: Page) => whenIdle(page, 60_000);

test('a road across a river: the report lists the crossing, a bridge chosen there is driven across without flooding, and undone', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  const map2d = page.getByTestId('map-2d');
  const undo = page.getByTestId('status-undo');

  // A river (from its higher end: it runs downhill), and a road across it.
  const ends = [await heightAt(page, map2d, ...RIVER[0]), await heightAt(page, map2d, ...RIVER[1])].map(Number);
  const [source, mouth] = ends[0] >= ends[1] ? [RIVER[0], RIVER[1]] : [RIVER[1], RIVER[0]];
  await page.keyboard.press('Shift+W');
  await clickAt(page, map2d, ...source);
  await clickAt(page, map2d, ...mouth);
  await expect(undo).toContainText('New river "River 1"');
  await idle(page);
  await page.keyboard.press('Shift+R');
  await clickAt(page, map2d, ...ROAD[0]);
  await clickAt(page, map2d, ...ROAD[1]);
  await expect(undo).toContainText('New road "Road 1"');
  await idle(page);

  // One crossing, a ford by default (the road on the bed), deeper than the hatchback fords.
  const crossing = page.getByTestId('road-crossing');
  await expect(crossing).toHaveCount(1, { timeout: 30_000 });
  await expect(crossing).toHaveAttribute('data-kind', 'ford');
  await expect(crossing).toHaveAttribute('data-fordable', 'false');
  await expect(crossing).toContainText('bridge suggested');
  await page.mouse.move(0, 0);
  await reviewShot(page, 'roads', 'crossing-ford-1600x1000.png');

  // A bridge: one undo entry; the report says it.
  await page.getByTestId('road-crossing-kind').selectOption('bridge');
  await expect(undo).toContainText('a bridge');
  await idle(page);
  await expect(crossing).toHaveAttribute('data-kind', 'bridge');
  await expect(crossing).toContainText('m deck');
  await page.mouse.move(0, 0);
  await reviewShot(page, 'roads', 'crossing-bridge-1600x1000.png');

  // Drive the road: the autopilot arrives over the deck (a ford this deep floods the hatchback).
  await page.getByTestId('road-drive').click();
  const hud = page.getByTestId('drive-hud');
  await expect(hud).toHaveAttribute('data-autopilot', 'driving');
  await expect.poll(() => hud.getAttribute('data-autopilot'), { timeout: 150_000 }).not.toBe('driving');
  await expect(hud).toHaveAttribute('data-autopilot', 'arrived');
  await page.keyboard.press('Escape');
  const report = page.getByTestId('road-report');
  await expect(report).toHaveAttribute('data-source', 'drive');
  const flags = await page
    .getByTestId('road-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-flags') ?? ''));
  expect(flags.some((f) => f.includes('flooded') || f.includes('airborne'))).toBe(false);

  // Undo: a ford again.
  await page.keyboard.press('Control+Z');
  await expect(undo).not.toContainText('a bridge');
  await idle(page);
  await expect(crossing).toHaveAttribute('data-kind', 'ford');
  expect(app.consoleErrors).toEqual([]);
});

test('a click on another road while drawing a road’s end ends it there: a T, the other road’s surface unchanged', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const map2d = page.getByTestId('map-2d');
  const undo = page.getByTestId('status-undo');

  await page.keyboard.press('Shift+R');
  await clickAt(page, map2d, 0.3, 0.5);
  await clickAt(page, map2d, 0.7, 0.5);
  await expect(undo).toContainText('New road "Road 1"');
  await idle(page);
  const under: string[] = [];
  for (const fx of [0.49, 0.5, 0.51]) under.push(await heightAt(page, map2d, fx, 0.5));

  // A new road: its first click above the first road, its second on the first road's line (a little off it).
  await page.keyboard.press('Enter');
  await clickAt(page, map2d, 0.5, 0.3);
  await clickAt(page, map2d, 0.5, 0.503);
  await expect(undo).toContainText('New road "Road 2"');
  await idle(page);
  // Joined: the first road is the through road, its surface under the T bit for bit as it was.
  const joined: string[] = [];
  for (const fx of [0.49, 0.5, 0.51]) joined.push(await heightAt(page, map2d, fx, 0.5));
  expect(joined).toEqual(under);
  // The second road was made (not the first selected): it is the selected one.
  await expect(page.getByTestId('road-road-2')).toHaveAttribute('aria-selected', 'true');
  await page.mouse.move(0, 0);
  await reviewShot(page, 'roads', 'click-join-1600x1000.png');
  expect(app.consoleErrors).toEqual([]);
});
