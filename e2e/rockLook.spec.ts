import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';
import { viewportShot } from './pixels';

// Rock up close (issue 34 item 3): Mountains' faces and Canyons' walls photographed from afar and close,
// at 1600×1000 and 1024×768, to look at (e2e/.artifacts/rock/, or FAULTLINE_ROCK_SHOTS). Only pictures:
// a @report page (`npm run bench:e2e -- e2e/rockLook.spec.ts`); it checks that the window logged no error.
const ARTIFACTS = process.env.FAULTLINE_ROCK_SHOTS ?? path.resolve(__dirname, '.artifacts', 'rock');
const SIZE = 513;

/** A close view: pan the target by (panX, panY) view pixels (right drag), wheel in `notches`, orbit down by `tiltPx`. */
interface CloseView {
  name: string;
  panX: number;
  panY: number;
  notches: number;
  tiltPx: number;
}

const VIEWS: Record<string, CloseView[]> = {
  mountains: [
    { name: 'face', panX: 0, panY: 0, notches: 8, tiltPx: 60 },
    { name: 'face-closer', panX: 0, panY: 0, notches: 11, tiltPx: 40 },
  ],
  canyons: [
    { name: 'wall', panX: 0, panY: 0, notches: 8, tiltPx: 60 },
    { name: 'wall-closer', panX: 0, panY: 0, notches: 11, tiltPx: 40 },
  ],
};

async function closeUp(page: Page, view: CloseView): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = await page.getByTestId('viewport-3d').boundingBox();
  if (!box) throw new Error('the 3D view is not visible');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  if (view.panX || view.panY) {
    await page.mouse.move(cx, cy);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(cx - view.panX, cy - view.panY, { steps: 8 });
    await page.mouse.up({ button: 'right' });
  }
  await page.mouse.move(cx, cy);
  for (let n = 0; n < view.notches; n++) await page.mouse.wheel(0, -300);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 30, cy - view.tiltPx, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await writeFile(path.join(ARTIFACTS, `${name}.png`), await viewportShot(page));
}

const WINDOWS = (process.env.FAULTLINE_ROCK_WINDOWS ?? '1600x1000,1024x768').split(',');
const ONLY = process.env.FAULTLINE_PRESETS?.split(',');

for (const window of WINDOWS) {
  const [width, height] = window.split('x').map(Number);
  test.describe(`rock at ${window}`, () => {
    test.use({ viewport: { width, height } });
    test(`Mountains' faces and Canyons' walls, far and close, ${window} @report`, async ({ app }) => {
      test.setTimeout(1_200_000);
      const { page } = app;
      await mkdir(ARTIFACTS, { recursive: true });
      for (const [preset, views] of Object.entries(VIEWS).filter(([p]) => !ONLY || ONLY.includes(p))) {
        await showPanel(page, 'generate');
        await page.getByTestId('gen-preset').selectOption(preset);
        await page.getByTestId('gen-size').selectOption(String(SIZE));
        await runGenerateAndWait(page, 300_000);
        await expect(page.getByTestId('status-size')).toHaveText(`${SIZE} × ${SIZE} vertices`);
        await page.getByTestId('cmd-view.resetCamera').click();
        await shot(page, `${window}-${preset}-far`);
        for (const view of views) {
          await closeUp(page, view);
          await shot(page, `${window}-${preset}-${view.name}`);
        }
      }
      expect(app.consoleErrors).toEqual([]);
    });
  });
}
