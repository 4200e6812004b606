import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dragAcross } from './perf/appActions';

// A valley lowered with the brush (four passes along one line through the map's middle, as tour.spec.ts does
// off-centre), photographed from afar and close to look at:
// a @report page. FAULTLINE_VALLEY_DIR keeps the screenshots elsewhere (the artifacts folder is emptied by the next run).
const ARTIFACTS = process.env.FAULTLINE_VALLEY_DIR ?? path.resolve(__dirname, '.artifacts', 'valley');

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.waitForTimeout(400);
  // Software GL on a shared machine: a frame of the close view can take many seconds.
  await page.screenshot({ path: path.join(ARTIFACTS, `${width}x${height}-${name}.png`), timeout: 120_000 });
}

// A 129 × 129 map (2 m cells, the default preset): the same brush, fewer vertices to draw.
test.use({ startSize: 129 });

for (const viewport of [
  { width: 1600, height: 1000 },
  { width: 1024, height: 768 },
]) {
  test(`a valley lowered by four brush passes, close, at ${viewport.width}×${viewport.height} @report`, async ({ app }) => {
    test.setTimeout(900_000);
    const { page } = app;
    await page.setViewportSize(viewport);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.keyboard.press('b');
    await expect(page.getByTestId('tool-brush')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('brush-mode').selectOption('lower');
    await page.getByTestId('brush-radius').fill('18');
    await page.getByTestId('brush-strength').fill('1');
    for (let pass = 0; pass < 4; pass++) await dragAcross(page, 'map-2d', [0.35, 0.56], [0.65, 0.44], 8);
    await page.keyboard.press('Escape');
    await page.getByTestId('cmd-view.resetCamera').click();
    await shot(page, 'valley-far');
    const box = await page.getByTestId('viewport-3d').boundingBox();
    if (!box) throw new Error('the 3D view is not visible');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    for (let n = 0; n < 8; n++) await page.mouse.wheel(0, -300);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(cx + 30, cy - 120, { steps: 8 });
    await page.mouse.up({ button: 'middle' });
    await shot(page, 'valley-close');
    expect(app.consoleErrors).toEqual([]);
  });
}
