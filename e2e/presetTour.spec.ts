import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TERRAIN_PRESETS } from '../shared/presets/terrainPresets';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';

// Every preset photographed from afar and close up at 1600×1000, at two sizes (issue 35's "would a
// designer call Canyons a canyon?"): `npm run bench:e2e -- e2e/presetTour.spec.ts`. It only takes
// screenshots to look at (e2e/.artifacts/presets/), so it is a @report page, not part of npm test; it checks
// that each preset ran at the size asked and that the window logged no error.
// FAULTLINE_PRESET_SIZES=257 takes one size.
const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'presets');
const SIZES = (process.env.FAULTLINE_PRESET_SIZES ?? '257,513').split(',').map(Number);
// FAULTLINE_PRESETS=canyons,mesas photographs only those.
const ONLY = process.env.FAULTLINE_PRESETS?.split(',');

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  // Software GL on a loaded machine can take a while to draw a 513² frame.
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), timeout: 120_000 });
}

/** Reset Camera, then `notches` wheel steps in at the middle of the 3D view and a middle-button orbit down towards the ground. */
async function closeUp(page: Page, notches: number, tiltPx: number): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = await page.getByTestId('viewport-3d').boundingBox();
  if (!box) throw new Error('the 3D view is not visible');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  for (let n = 0; n < notches; n++) await page.mouse.wheel(0, -300);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 30, cy - tiltPx, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
}

test.use({ viewport: { width: 1600, height: 1000 } });

for (const size of SIZES) {
  test(`every preset at ${size}², far and close @report`, async ({ app }) => {
    test.setTimeout(1_200_000);
    const { page } = app;
    await mkdir(ARTIFACTS, { recursive: true });
    for (const preset of TERRAIN_PRESETS.filter((p) => !ONLY || ONLY.includes(p.id))) {
      await showPanel(page, 'generate');
      await page.getByTestId('gen-preset').selectOption(preset.id);
      await page.getByTestId('gen-size').selectOption(String(size));
      await runGenerateAndWait(page, 300_000);
      await expect(page.getByTestId('status-size')).toHaveText(`${size} × ${size} vertices`);
      await shot(page, `${size}-${preset.id}-far`);
      await closeUp(page, 7, 110);
      await shot(page, `${size}-${preset.id}-close`);
      await page.getByTestId('cmd-view.resetCamera').click();
    }
    expect(app.consoleErrors).toEqual([]);
  });
}
