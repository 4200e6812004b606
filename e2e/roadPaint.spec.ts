import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { showPanel } from './panel';
import { viewportShot } from './pixels';
import { defaultTerrainWithRoad } from './roadProject';

// The test opens its own project first (the default terrain at 257² with a road): the start on the default
// preset at 65² is cheaper and never looked at.
test.use({ startSize: 65 });

// Roads are painted by the terrain shader in every tool and in Drive (issue 34): asphalt, or gravel
// when the road's surface says so, with no height changed.

/**
 * Pixels that differ by more than 30 levels between two images of the 3D view, and how many of those
 * are darker and no more colourful in the first (asphalt against gravel).
 */
async function surfaceChange(page: Page, asphalt: Buffer, gravel: Buffer): Promise<{ changed: number; asphaltLike: number }> {
  return page.evaluate(
    async (data) => {
      const [a, b] = await Promise.all(
        data.map(async (one) => {
          return (await window.__faultlineDecodePng(one)).data;
        }),
      );
      const luma = (q: Uint8ClampedArray, k: number) => 0.299 * q[k] + 0.587 * q[k + 1] + 0.114 * q[k + 2];
      const spread = (q: Uint8ClampedArray, k: number) => Math.max(q[k], q[k + 1], q[k + 2]) - Math.min(q[k], q[k + 1], q[k + 2]);
      let changed = 0;
      let asphaltLike = 0;
      for (let p = 0; p < a.length; p += 4) {
        if (Math.abs(a[p] - b[p]) + Math.abs(a[p + 1] - b[p + 1]) + Math.abs(a[p + 2] - b[p + 2]) <= 30) continue;
        changed++;
        if (luma(a, p) < luma(b, p) && spread(a, p) <= spread(b, p) + 4) asphaltLike++;
      }
      return { changed, asphaltLike };
    },
    [asphalt.toString('base64'), gravel.toString('base64')],
  );
}

/** Share of the image's pixels that are dark and grey (lit asphalt; grass is green, sky and gravel light). */
async function darkGreyShare(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (data) => {
    const bitmap = await window.__faultlineDecodePng(data);
    const px = bitmap.data;
    let dark = 0;
    for (let p = 0; p < px.length; p += 4) {
      const max = Math.max(px[p], px[p + 1], px[p + 2]);
      if (max < 125 && max - Math.min(px[p], px[p + 1], px[p + 2]) < 25) dark++;
    }
    return dark / (bitmap.width * bitmap.height);
  }, png.toString('base64'));
}

test('a road is drawn in its surface in Navigate and in Drive: asphalt, gravel once chosen (one undo entry); ends on the ground one entry', async ({ app }) => {
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
    const asphalt = await viewportShot(page);

    const drawn = page.getByTestId('viewport-3d');
    const before = Number(await drawn.getAttribute('data-drawn-version'));
    await page.getByTestId('road-surface').selectOption('gravel');
    await expect(page.getByTestId('status-undo')).toContainText('Set surface of "Valley road"');
    await expect.poll(async () => Number(await drawn.getAttribute('data-drawn-version'))).toBeGreaterThan(before);
    const gravel = await viewportShot(page);
    // 8 m × 258 m of road in the overview: hundreds of pixels change, nearly all darker and greyer with asphalt.
    const { changed, asphaltLike } = await surfaceChange(page, asphalt, gravel);
    expect(changed).toBeGreaterThan(300);
    expect(asphaltLike / changed).toBeGreaterThan(0.9);

    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('road-surface')).toHaveValue('asphalt');
    // Ends on the ground (this road was saved before the option): one undo entry on, and off again by undo.
    const ends = page.getByTestId('road-ends-on-ground');
    await expect(ends).not.toBeChecked();
    await ends.check();
    await expect(page.getByTestId('status-undo')).toContainText('Turn on ends on the ground of "Valley road"');
    await expect(ends).toBeChecked();
    await page.getByTestId('cmd-edit.undo').click();
    await expect(ends).not.toBeChecked();
    await expect(page.getByTestId('status-undo')).toContainText('Nothing to undo');
    // In Drive, from the hood: asphalt fills much of the view ahead.
    await page.getByTestId('road-drive').click();
    const hud = page.getByTestId('drive-hud');
    await expect(hud).toHaveAttribute('data-x', /\d/, { timeout: 60_000 });
    await page.keyboard.press('c');
    await page.waitForTimeout(1000);
    expect(await darkGreyShare(page, await drawn.screenshot())).toBeGreaterThan(0.15);
    await page.keyboard.press('Escape');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
