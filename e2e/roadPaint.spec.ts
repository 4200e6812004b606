import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { showPanel } from './panel';
import { viewportShot } from './pixels';
import { defaultTerrainWithRoad } from './roadProject';

// Roads are painted by the terrain shader in every tool and in Drive (issue 34): asphalt, or gravel
// when the road's surface says so, with no height changed.

/** Share of the image's pixels that are dark and grey (lit asphalt; grass is green, gravel light). */
async function asphaltShare(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const px = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let dark = 0;
    for (let p = 0; p < px.length; p += 4) {
      const max = Math.max(px[p], px[p + 1], px[p + 2]);
      const min = Math.min(px[p], px[p + 1], px[p + 2]);
      if (max < 95 && max - min < 22) dark++;
    }
    return dark / (bitmap.width * bitmap.height);
  }, png.toString('base64'));
}

test('a road is drawn in its surface in Navigate and in Drive: asphalt, gravel once chosen (one undo entry)', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-paint-'));
  try {
    const project = path.join(folder, 'road.faultline');
    await writeFile(project, (await defaultTerrainWithRoad()).bytes);
    app.dialogs.queueOpen(project);
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('road.faultline — Faultline');
    await showPanel(page, 'roads');
    await expect(page.getByTestId('road-drive-section')).toHaveAttribute('data-road', 'road-1');
    await page.getByTestId('road-road-1').click();
    await expect(page.getByTestId('road-surface')).toHaveValue('asphalt');
    await page.keyboard.press('v');
    await page.getByTestId('cmd-view.resetCamera').click();
    const asphalt = await asphaltShare(page, await viewportShot(page));

    const drawn = page.getByTestId('viewport-3d');
    const before = Number(await drawn.getAttribute('data-drawn-version'));
    await page.getByTestId('road-surface').selectOption('gravel');
    await expect(page.getByTestId('status-undo')).toContainText('Set surface of "Valley road"');
    await expect.poll(async () => Number(await drawn.getAttribute('data-drawn-version'))).toBeGreaterThan(before);
    const gravel = await asphaltShare(page, await viewportShot(page));
    // 8 m × 258 m of asphalt in the overview: a few thousandths of the view, gone with gravel.
    expect(asphalt).toBeGreaterThan(gravel + 0.002);

    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('road-surface')).toHaveValue('asphalt');
    // In Drive, from the hood: asphalt fills much of the view ahead.
    await page.getByTestId('road-drive').click();
    const hud = page.getByTestId('drive-hud');
    await expect(hud).toHaveAttribute('data-x', /\d/, { timeout: 60_000 });
    await page.keyboard.press('c');
    await page.waitForTimeout(1000);
    expect(await asphaltShare(page, await drawn.screenshot())).toBeGreaterThan(0.15);
    await page.keyboard.press('Escape');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
