import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';

// The 2D panel of the presets issue 34 names (smooth magnification, rock bands on walls, snow edges),
// fitted and zoomed in, at the three window sizes: `npm run bench:e2e -- e2e/map2dLook.spec.ts`. It
// only takes screenshots to look at (FAULTLINE_SHOTS or e2e/.artifacts/map2d/), so it is a @report
// page; it checks that each preset ran at the size asked and that the window logged no error.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'map2d');
const SIZE = Number(process.env.FAULTLINE_PRESET_SIZES ?? '513');
const PRESETS = (process.env.FAULTLINE_PRESETS ?? 'mountains,canyons,mesas,islands').split(',');
const WINDOWS = [
  { width: 1600, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

/** The 2D map once it has been still for a moment (tiles and redraw slices come over a few frames). */
async function shotMap(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(600);
  await page.getByTestId('map-2d').screenshot({ path: path.join(ARTIFACTS, `${name}.png`), timeout: 120_000 });
}

for (const viewport of WINDOWS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test(`the 2D map of each preset at ${viewport.width}×${viewport.height}, far and close @report`, async ({ app }) => {
      test.setTimeout(1_200_000);
      const { page } = app;
      await mkdir(ARTIFACTS, { recursive: true });
      const tag = `${viewport.width}x${viewport.height}`;
      await page.screenshot({ path: path.join(ARTIFACTS, `${tag}-start.png`) });
      for (const preset of PRESETS) {
        await showPanel(page, 'generate');
        await page.getByTestId('gen-preset').selectOption(preset);
        await page.getByTestId('gen-size').selectOption(String(SIZE));
        await runGenerateAndWait(page, 300_000);
        await expect(page.getByTestId('status-size')).toHaveText(`${SIZE} × ${SIZE} vertices`);
        await page.getByTestId('cmd-view.resetCamera').dispatchEvent('click');
        await shotMap(page, `${tag}-${preset}-far`);
        // Zoomed in at a third of the map (off the centre, where the presets put a river or a sea):
        // five notches, a vertex 15–20 screen pixels; then two notches out, 4–5.
        const box = await page.getByTestId('map-2d').boundingBox();
        if (!box) throw new Error('the 2D map is not visible');
        await page.mouse.move(box.x + box.width * 0.36, box.y + box.height * 0.4);
        for (let n = 0; n < 5; n++) await page.mouse.wheel(0, -300);
        await shotMap(page, `${tag}-${preset}-close`);
        for (let n = 0; n < 2; n++) await page.mouse.wheel(0, 300);
        await shotMap(page, `${tag}-${preset}-mid`);
        await page.getByTestId('cmd-view.resetCamera').dispatchEvent('click');
      }
      await page.screenshot({ path: path.join(ARTIFACTS, `${tag}-end.png`) });
      expect(app.consoleErrors).toEqual([]);
    });
  });
}
