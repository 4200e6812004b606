import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { fitMapView, worldToCanvas } from '../app/map2d/mapTransform';
import { createDefaultDocument } from '../app/document/document';
import { outputFormatFor } from '../main/cli/outputs';
import { escarpment } from '../shared/roads/testing/routeTerrain';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, test } from './fixtures';
import { reviewShot } from './reviewShot';

// The drive to the road's end runs at eight frames of drive time per drawn frame (fixtures `driveClock`).
test.use({ viewport: { width: 1600, height: 1000 }, driveClock: 8 });

type Size = { width: number; depth: number; cellSize: number };

/** A click on the 2D panel (fitted to the map) at world (x, z). */
async function clickWorld(page: Page, map2d: Locator, field: Size, x: number, z: number, shift = false): Promise<void> {
  const box = (await map2d.boundingBox())!;
  const at = worldToCanvas(fitMapView(field, Math.floor(box.width), Math.floor(box.height)), field, x, z);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + at.px, box.y + at.py);
  if (shift) await page.keyboard.up('Shift');
}

async function routeMode(page: Page): Promise<void> {
  await page.keyboard.press('Shift+R');
  await expect(page.getByTestId('panel-tab-roads')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('road-route-mode').check();
  await expect(page.getByTestId('road-route-status')).toContainText('Click the start');
}

test('Route mode: two clicks, the road finds its way (one undo entry), and Drive This Road arrives', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  const field = createDefaultDocument().field;
  const map2d = page.getByTestId('map-2d');
  const undo = page.getByTestId('status-undo');
  await routeMode(page);
  await clickWorld(page, map2d, field, -150, -60);
  await expect(page.getByTestId('road-route-status')).toContainText('Start set');
  await clickWorld(page, map2d, field, 80, 10);
  await expect(undo).toContainText('Route "Road 1"', { timeout: 60_000 });
  await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('road-route-message')).toHaveCount(0);
  // Its own report flags nothing for grade or radius.
  const report = page.getByTestId('road-report');
  await expect(report).toHaveAttribute('data-source', 'geometry');

  await page.getByTestId('road-drive').click();
  const hud = page.getByTestId('drive-hud');
  await expect(hud).toHaveAttribute('data-autopilot', 'driving');
  await expect.poll(() => hud.getAttribute('data-autopilot'), { timeout: 200_000 }).not.toBe('driving');
  await expect(hud).toHaveAttribute('data-autopilot', 'arrived');
  await page.keyboard.press('Escape');

  // Undo takes the routed road away in one step.
  await page.keyboard.press('Control+Z');
  await expect(undo).not.toContainText('Road 1');
  expect(app.consoleErrors).toEqual([]);
});

test.describe('on an opened escarpment', () => {
  // The test opens its own map first: the start terrain is never looked at, so it is the small one.
  test.use({ startSize: 65 });

  test('Route mode up a 120 m, 60 % escarpment at 8 %: the road switches back with hairpins; Esc cancels a search (screenshots in both views)', async ({
    app,
  }) => {
    test.setTimeout(300_000);
    const { page } = app;
    const folder = await mkdtemp(path.join(tmpdir(), 'faultline-route-'));
    try {
      // 120 m at 60 % across a 2 km map: at 8 % the road needs 1500 m to climb it, more than the map is wide.
      const size: Size = { width: 513, depth: 513, cellSize: 4 };
      const ground = escarpment(size);
      const bytes = await outputFormatFor('escarpment.faultline')!.encodeAsync(createHeightfield(size.width, size.depth, size.cellSize, ground.heights), {
        recipe: null,
        history: [],
        props: [],
        layers: [ground],
        fileName: 'escarpment.faultline',
      });
      const file = path.join(folder, 'escarpment.faultline');
      await writeFile(file, bytes);
      app.dialogs.queueOpen(file);
      await sendMenuCommand(page, 'file.open');
      await expect.poll(() => page.evaluate(() => document.title)).toBe('escarpment.faultline — Faultline');

      const map2d = page.getByTestId('map-2d');
      await routeMode(page);
      await page.getByTestId('road-route-grade').fill('8');
      await clickWorld(page, map2d, size, 0, -400);
      await clickWorld(page, map2d, size, 0, 400);
      await expect(page.getByTestId('status-undo')).toContainText('Route "Road 1"', { timeout: 60_000 });
      await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 30_000 });
      expect(Number((await page.getByTestId('road-road-1').textContent())!.match(/(\d+) points/)![1])).toBeGreaterThan(40);
      await page.mouse.move(0, 0);
      // The first frame after the Route links the route line's shader program and uploads the whole 513² mesh: software
      // GL takes 3–15 s for it under load, with or without level shoulders (BENCHMARKS.md, "Session 24: roads").
      await reviewShot(page, 'roads', 'route-escarpment-1600x1000.png', { timeout: 60_000 });
      await reviewShot(map2d, 'roads', 'route-escarpment-2d.png');
      await reviewShot(page.getByTestId('viewport-3d'), 'roads', 'route-escarpment-3d.png');

      // The window's report of the routed road flags no segment for grade or radius.
      const rows = page.getByTestId('road-table').locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      const flags = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-flags') ?? ''));
      expect(flags.filter((f) => /\b(grade|radius)\b/.test(f))).toEqual([]);
      // The fitted 2D panel shows the whole map; zoomed out a notch, the whole road with its hairpins and a margin.
      const box = (await map2d.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 300);
      await page.mouse.move(0, 0);
      await reviewShot(map2d, 'roads', 'route-escarpment-2d-whole.png');
      // A hairpin close up in both views: the report's row with the tightest radius, clicked.
      const radii = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[3]?.textContent ?? 'NaN')));
      const hairpin = radii.reduce((best, r, k) => (Number.isFinite(r) && (!Number.isFinite(radii[best]) || r < radii[best]) ? k : best), 0);
      await rows.nth(hairpin).click();
      await expect(rows.nth(hairpin)).toHaveAttribute('aria-selected', 'true');
      await page.mouse.move(0, 0);
      await reviewShot(page, 'roads', 'route-escarpment-hairpin-1600x1000.png');

      // A second ask, cancelled with Esc while it runs (or, on a fast machine, after it ends: then no new entry is the test).
      await clickWorld(page, map2d, size, -600, -600);
      await clickWorld(page, map2d, size, 600, 600);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('road-route-status')).toContainText('Click the start');
      expect(app.consoleErrors).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
