import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { defaultTerrainWithRoad, E2E_ROAD_ON_GROUND } from './roadProject';
import { showPanel } from './panel';
import { createDefaultDocument } from '../app/document/document';
import { fitMapView, worldToCanvas } from '../app/map2d/mapTransform';

// A road close up, photographed for a person to look at (issue 34: the road's ends and the shoulders along
// its cut): `FAULTLINE_SHOTS=<folder> npm run bench:e2e -- e2e/roadLook.spec.ts`. Sizes from
// FAULTLINE_LOOK_SIZES (default `1600x1000,1280x720`). It only takes screenshots, so it is a @report page.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'roadLook');
const SIZES = (process.env.FAULTLINE_LOOK_SIZES?.split(',') ?? ['1600x1000', '1280x720']).map((size) => {
  const [width, height] = size.split('x').map(Number);
  return { width, height };
});

test.use({ startSize: 65, actionTimeout: 120_000 });

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-lighting', 'ready', { timeout: 120_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${width}x${height}-${name}.png`) });
}

/** The report's row `row` turns the view to that segment from behind; then `wheel` in and a tilt of `tilt` px down. */
async function atRow(page: Page, row: number, wheel: number, tilt: number): Promise<void> {
  await page.getByTestId('road-table').locator('tbody tr').nth(row).click();
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, wheel);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx, cy - tilt, { steps: 3 });
  await page.mouse.up({ button: 'middle' });
  await page.mouse.move(0, 0);
}

test('a road close to its ends, along its cut and in Drive @report', async ({ app }) => {
  test.setTimeout(1_800_000);
  const { page } = app;
  await mkdir(ARTIFACTS, { recursive: true });
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-roadlook-'));
  try {
    const project = path.join(folder, 'road.faultline');
    // The road as the Road tool draws one now: its ends on the ground, level shoulders.
    const road = { ...E2E_ROAD_ON_GROUND, params: { ...E2E_ROAD_ON_GROUND.params, levelShoulders: true } };
    await writeFile(project, (await defaultTerrainWithRoad(road)).bytes);
    app.dialogs.queueOpen(project);
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('road.faultline — Faultline');
    // The road's last end on the 2D panel (still fitted to the map), zoomed in about it.
    const map = page.getByTestId('map-2d');
    const mapBox = (await map.boundingBox())!;
    const field = createDefaultDocument().field;
    const end = road.params.points.at(-1)!;
    const at = worldToCanvas(fitMapView(field, Math.floor(mapBox.width), Math.floor(mapBox.height)), field, end.x, end.z);
    await page.mouse.move(mapBox.x + at.px, mapBox.y + at.py);
    for (let n = 0; n < 6; n++) await page.mouse.wheel(0, -200);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(1500);
    await map.screenshot({ path: path.join(ARTIFACTS, 'road-end-2d.png') });
    // Closer, where the shoulders' gravel is drawn with the 3D view's texture.
    await page.mouse.move(mapBox.x + at.px, mapBox.y + at.py);
    for (let n = 0; n < 4; n++) await page.mouse.wheel(0, -200);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(1500);
    await map.screenshot({ path: path.join(ARTIFACTS, 'road-end-2d-close.png') });
    await page.mouse.move(mapBox.x + at.px, mapBox.y + at.py);
    for (let n = 0; n < 10; n++) await page.mouse.wheel(0, 200);
    await showPanel(page, 'roads');
    await page.getByTestId('road-go-report').click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(1000);
      await atRow(page, 0, -1500, 60);
      await shot(page, 'road-start');
      await atRow(page, 9, -1200, 100);
      await shot(page, 'road-cut');
      await atRow(page, 25, -1500, 60);
      await shot(page, 'road-end');
      // From afar: the middle of the road, zoomed well out and tilted down.
      await atRow(page, 12, 0, 150);
      const box = (await page.getByTestId('viewport-3d').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let n = 0; n < 12; n++) await page.mouse.wheel(0, 200);
      await page.mouse.move(0, 0);
      await shot(page, 'road-far');
    }
    await page.getByTestId('road-drive').click();
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-x', /\d/, { timeout: 60_000 });
    await page.waitForTimeout(3000);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(1000);
      await shot(page, 'road-drive');
    }
    await page.keyboard.press('Escape');
    // The engine export's starting masks on a map with a road: its gravel shoulders and surface are layers.
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await sendMenuCommand(page, 'file.exportHeightmap');
      await expect(page.getByTestId('export-dialog')).toBeVisible();
      await page.getByTestId('export-target-unreal').click();
      await page.getByTestId('engine-masks').check();
      // The last layers (the road's gravel shoulders, then its surface) in view.
      await page.locator('[data-testid^="mask-layer-"]').last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(ARTIFACTS, `${size.width}x${size.height}-export-masks.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('export-dialog')).toBeHidden();
    }
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
