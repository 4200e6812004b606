import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';

// Canyons from afar and close up, down by a wall looking along it, at 1600×1000 (issue 35 §3: "would a
// designer call Canyons a canyon?"). Review pictures only: it runs when FAULTLINE_SHOTS names a folder
// (they go to e2e/.artifacts/<folder>/) and is skipped otherwise, so CI spends nothing on it.
const SHOTS = process.env.FAULTLINE_SHOTS;
const SIZE = Number(process.env.FAULTLINE_CANYON_SIZE ?? 513);
const SEED = Number(process.env.FAULTLINE_CANYON_SEED ?? 3);
/** Another preset looked at the same way (FAULTLINE_CANYON_PRESET=mesas); the pictures are named after it. */
const PRESET = process.env.FAULTLINE_CANYON_PRESET ?? 'canyons';

test.use({ viewport: { width: 1600, height: 1000 }, startSize: 65 });

async function shot(page: Page, dir: string, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`), timeout: 120_000 });
}

/** Reset Camera, a wheel in at the view's middle, a pan (right drag) and an orbit (middle drag), each one event. */
async function camera(page: Page, wheel: number, pan: [number, number], orbit: [number, number]): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = await page.getByTestId('viewport-3d').boundingBox();
  if (!box) throw new Error('the 3D view is not visible');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -wheel);
  if (pan[0] !== 0 || pan[1] !== 0) {
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(cx + pan[0], cy + pan[1]);
    await page.mouse.up({ button: 'right' });
    await page.mouse.move(cx, cy);
  }
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + orbit[0], cy + orbit[1]);
  await page.mouse.up({ button: 'middle' });
}

test('Canyons far and close, along a wall @report', async ({ app }) => {
  test.skip(!SHOTS, 'review pictures: set FAULTLINE_SHOTS to a folder name');
  test.setTimeout(900_000);
  const { page } = app;
  const dir = path.resolve(__dirname, '.artifacts', SHOTS ?? '');
  await mkdir(dir, { recursive: true });
  await showPanel(page, 'generate');
  await page.getByTestId('gen-preset').selectOption(PRESET);
  await page.getByTestId('gen-size').selectOption(String(SIZE));
  await page.getByTestId('gen-seed').fill(String(SEED));
  await page.getByTestId('gen-seed').press('Tab');
  await runGenerateAndWait(page, 300_000);
  await expect(page.getByTestId('status-size')).toHaveText(`${SIZE} × ${SIZE} vertices`);
  await shot(page, dir, `${PRESET}-${SIZE}-${SEED}-far`);
  const views = (process.env.FAULTLINE_CANYON_VIEWS ?? '2100/0,0/30,-110;2700/200,120/300,-160;2700/-250,60/-300,-170').split(';');
  for (const [n, view] of views.entries()) {
    const [wheel, pan, orbit] = view.split('/');
    const pair = (s: string) => s.split(',').map(Number) as [number, number];
    await camera(page, Number(wheel), pair(pan), pair(orbit));
    await shot(page, dir, `${PRESET}-${SIZE}-${SEED}-close${n + 1}`);
  }
  // The Layers tab on the lowest thermal layer (the list is top first): its beds' fields, each with its colour.
  await showPanel(page, 'layers');
  await page.getByTestId('layer-list').locator('[data-kind="thermal"]').last().click();
  await page.getByTestId('layer-param-strata-beds-0-colour').scrollIntoViewIfNeeded();
  await shot(page, dir, `${PRESET}-${SIZE}-${SEED}-layers`);
  // Mesas' thermal layer's joints and capless hills (absent on Canyons' layers: no picture).
  const capless = page.getByTestId('layer-param-caplessRelief');
  if (PRESET === 'mesas' && (await capless.count()) > 0) {
    await capless.scrollIntoViewIfNeeded();
    await shot(page, dir, `${PRESET}-${SIZE}-${SEED}-layers-capless`);
  }
  expect(app.consoleErrors).toEqual([]);
});
