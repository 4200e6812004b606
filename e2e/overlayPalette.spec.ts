import type { Locator } from '@playwright/test';
import { OVERLAY_HANDLE_ACTIVE } from '../app/palette/overlayPalette';
import { expect, test } from './fixtures';
import { viewportShot } from './pixels';

// One overlay palette in both views (issue 34, item 4): the selected road point is drawn in the palette's
// colour in the 2D map and in the 3D view alike (the 3D view's tone mapping must not shift it).

/** Pixels of an element's screenshot within `tolerance` (sum of channel differences) of a #rrggbb colour. */
async function pixelsOf(element: Locator, png: Buffer, hex: string, tolerance = 24): Promise<number> {
  const target = [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
  return element.page().evaluate(
    async ({ data, rgb, limit }) => {
      const px = (await window.__faultlineDecodePng(data)).data;
      let count = 0;
      for (let p = 0; p < px.length; p += 4) {
        if (Math.abs(px[p] - rgb[0]) + Math.abs(px[p + 1] - rgb[1]) + Math.abs(px[p + 2] - rgb[2]) <= limit) count++;
      }
      return count;
    },
    { data: png.toString('base64'), rgb: target, limit: tolerance },
  );
}

test.use({ startSize: 129 });

test('the selected road point is the palette’s colour in the 2D map and in the 3D view', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('Shift+R');
  const map = page.getByTestId('map-2d');
  await expect(map).toBeVisible();
  await page.waitForTimeout(300);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.35);
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
  await expect(page.getByTestId('status-undo')).toContainText('"Road 1"');
  const threeD = await viewportShot(page);
  const twoD = await map.screenshot();
  // An 11 px handle is about a hundred pixels; the 2D dot about as many.
  expect(await pixelsOf(map, twoD, OVERLAY_HANDLE_ACTIVE)).toBeGreaterThanOrEqual(20);
  expect(await pixelsOf(page.getByTestId('viewport-3d'), threeD, OVERLAY_HANDLE_ACTIVE)).toBeGreaterThanOrEqual(20);
  expect(app.consoleErrors).toEqual([]);
});
