import type { Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { rowSteps } from './pixels';

// The start terrain (the default preset at 65²): fitted, a vertex is already several screen pixels.
test.use({ viewport: { width: 1280, height: 720 }, startSize: 65 });

/** CSS pixels per vertex of the 2D map now, once a wheel's zoom has been drawn. */
async function mapScale(page: Page): Promise<number> {
  const map = page.getByTestId('map-2d');
  let previous = '';
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.waitForTimeout(150);
    const scale = (await map.getAttribute('data-scale')) ?? '';
    if (scale !== '' && scale === previous) return Number(scale);
    previous = scale;
  }
  throw new Error('the 2D map never settled on a scale');
}

/** Wheel notches in at the map's centre until a vertex is at least `pixels` CSS pixels. */
async function zoomTo(page: Page, pixels: number): Promise<number> {
  const box = (await page.getByTestId('map-2d').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let scale = await mapScale(page);
  for (let notch = 0; scale < pixels && notch < 20; notch++) {
    await page.mouse.wheel(0, -100);
    scale = await mapScale(page);
  }
  // The pointer off the map, so nothing but the image is in the screenshot.
  await page.mouse.move(2, box.y + box.height / 2);
  await page.waitForTimeout(200);
  return scale;
}

test('the 2D map magnified is interpolated inside each cell (no squares), and exact squares at the highest zoom', async ({ app }) => {
  const { page } = app;
  const map = page.getByTestId('map-2d');
  // The plain heights in grey levels: the largest change from vertex to vertex of the three modes (no hillshade's reach).
  await sendMenuCommand(page, 'view.map2dGrayscale');

  // 16–32 screen pixels a vertex: interpolated. A piecewise-linear image changes between neighbouring
  // pixels by at most its steepest cell's change over one cell divided by the cell's width in pixels
  // (plus rounding); squares put a whole cell's change into one pixel's step.
  const scale = await zoomTo(page, 16);
  expect(scale).toBeGreaterThanOrEqual(16);
  expect(scale).toBeLessThan(32);
  await expect(map).toHaveAttribute('data-smooth', 'true');
  const cell = Math.floor(scale);
  const smoothRows = await rowSteps(page, map, cell);
  const smooth = smoothRows.filter((row) => row.overSpan >= 6);
  expect(smooth.length, 'rows with a visible change over one cell').toBeGreaterThanOrEqual(4);
  // Rounding to bytes: each channel within half a level, so a one-pixel luma step within one more.
  for (const row of smooth) {
    expect(row.onePixel, `row ${row.y}: ${row.onePixel} vs ${row.overSpan} over ${cell} px`).toBeLessThanOrEqual(row.overSpan / cell + 1.5);
  }

  // The zoom range's last octave (32–64 pixels a vertex): each vertex an exact square again, its
  // whole change to the next vertex in one pixel's step.
  const exactScale = await zoomTo(page, 48);
  expect(exactScale).toBeGreaterThanOrEqual(32);
  await expect(map).toHaveAttribute('data-smooth', 'false');
  const exactCell = Math.floor(exactScale);
  const exactRows = await rowSteps(page, map, exactCell);
  // (The start terrain changes by 2–4 grey levels a vertex here: any change is a step.)
  const exact = exactRows.filter((row) => row.overSpan >= 2);
  expect(exact.length).toBeGreaterThanOrEqual(6);
  for (const row of exact) expect(row.onePixel, `row ${row.y}`).toBeGreaterThanOrEqual(0.9 * row.overSpan);
  expect(app.consoleErrors).toEqual([]);
});
