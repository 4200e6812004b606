import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { holdThrottle } from './driveHud';
import { chooseRaiseBrush, dragAcross, runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';

// A designer's first ten minutes, photographed: `npm run bench:e2e -- e2e/tour.spec.ts`. It only
// takes screenshots to look at (e2e/.artifacts/tour/), so it is a @report page, not part of npm test.
const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'tour');

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${width}x${height}-${name}.png`) });
}

for (const viewport of [
  { width: 1600, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test.describe(`tour at ${viewport.width}×${viewport.height} @report`, () => {
    test.use({ viewport });
    test(`start, generate, brush, props, drive, export @report`, async ({ app }) => {
      test.setTimeout(600_000);
      const { page } = app;
      await mkdir(ARTIFACTS, { recursive: true });
      await shot(page, '01-start');
      for (const preset of ['mountains', 'mesas', 'canyons', 'islands', 'rolling-hills']) {
        await showPanel(page, 'generate');
        await page.getByTestId('gen-preset').selectOption(preset);
        await runGenerateAndWait(page, 300_000);
        await shot(page, `02-preset-${preset}`);
      }
      await chooseRaiseBrush(page, 30, 0.8);
      await dragAcross(page, 'map-2d', [0.3, 0.45], [0.7, 0.55], 12);
      await shot(page, '03-brush');
      await page.keyboard.press('Escape');
      await page.keyboard.press('v');
      await showPanel(page, 'layers');
      await page.getByTestId('layer-list').locator('[data-kind="sculpt"]').click();
      await page.getByTestId('layer-solo').click();
      await expect(page.getByTestId('solo-preview')).toBeVisible({ timeout: 120_000 });
      await shot(page, '03-layers');
      await showPanel(page, 'props');
      await page.getByTestId('props-scatter-map').click();
      await shot(page, '04-props');
      await page.keyboard.press('g');
      await expect(page.getByTestId('drive-hud')).toBeVisible();
      await holdThrottle(page, 2500);
      await shot(page, '05-drive');
      await page.keyboard.press('c');
      await shot(page, '05-drive-hood');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+e');
      await shot(page, '06-export');
      await page.keyboard.press('Escape');
      await shot(page, '07-after-escape');
    });
  });
}
