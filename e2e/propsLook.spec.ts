import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createDefaultDocument } from '../app/document/document';
import { expect, test } from './fixtures';
import { showPanel } from './panel';

// Props seen close and from mid distance, photographed to be looked at (issue 34's "props close"):
// `npx playwright test --project=report e2e/propsLook.spec.ts`, into FAULTLINE_SHOTS (or
// e2e/.artifacts/props-look/). It checks only that nothing logged an error: a @report page, not part of npm test.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'props-look');
const field = createDefaultDocument().field;

/** Page coordinates of world (x, z) on the freshly fitted 2D panel (4 px margin, centred; see props.spec.ts). */
async function pageAt(page: Page, x: number, z: number) {
  const box = (await page.getByTestId('map-2d').boundingBox())!;
  const scale = Math.min((Math.floor(box.width) - 8) / field.width, (Math.floor(box.height) - 8) / field.depth);
  const offsetX = (Math.floor(box.width) - field.width * scale) / 2;
  const offsetY = (Math.floor(box.height) - field.depth * scale) / 2;
  return {
    x: box.x + offsetX + (x / field.cellSize + (field.width - 1) / 2 + 0.5) * scale,
    y: box.y + offsetY + (z / field.cellSize + (field.depth - 1) / 2 + 0.5) * scale,
  };
}

async function shot(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-lighting', 'ready', { timeout: 120_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `1600x1000-${name}.png`) });
}

/** Reset Camera, `notches` wheel steps in at the middle of the 3D view, then a middle-button orbit down by `tiltPx`. */
async function view(page: Page, notches: number, tiltPx: number): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  for (let n = 0; n < notches; n++) await page.mouse.wheel(0, -300);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 30, cy - tiltPx, { steps: 3 });
  await page.mouse.up({ button: 'middle' });
  await page.mouse.move(0, 0);
}

test.describe('props look @report', () => {
  test.use({ actionTimeout: 120_000 });

  test('trees, bushes and rocks on the slope at the middle of the map, close and mid distance @report', async ({ app }) => {
    test.setTimeout(1_200_000);
    const { page } = app;
    await mkdir(ARTIFACTS, { recursive: true });
    await page.setViewportSize({ width: 1600, height: 1000 });
    await showPanel(page, 'props');
    // Every natural kind, in a circle on the 21° slope at the map's middle (the default terrain).
    for (const id of ['conifer', 'broadleaf', 'bush', 'rock', 'boulder', 'dead-tree']) {
      const box = page.getByTestId(`scatter-type-${id}`);
      if (!(await box.isChecked())) await box.check();
    }
    await page.getByTestId('scatter-count').fill('60');
    await page.getByTestId('scatter-radius').fill('30');
    await page.getByTestId('props-tool-scatter').click();
    const at = await pageAt(page, 0, 0);
    await page.mouse.click(at.x, at.y);
    await expect(page.getByTestId('props-count')).not.toHaveAttribute('data-count', '0');
    await page.keyboard.press('Escape');
    // And a sparse forest over the whole map for the mid-distance view.
    await page.getByTestId('scatter-count').fill('400');
    await page.getByTestId('props-scatter-map').click();
    await view(page, 12, 70);
    await shot(page, 'props-close');
    await view(page, 13, 40);
    await shot(page, 'props-closer');
    await view(page, 16, 25);
    await shot(page, 'props-near');
    await view(page, 7, 80);
    await shot(page, 'props-mid');
    // The whole map from the reset camera: far props in their low meshes and far solids.
    await view(page, 0, 0);
    await shot(page, 'props-far');
    expect(app.consoleErrors).toEqual([]);
  });
});
