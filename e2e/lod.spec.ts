import type { Page } from '@playwright/test';
import { expect, READY_SELECTOR, test } from './fixtures';
import { showPanel } from './panel';
import { runGenerateAndWait } from './perf/appActions';
import { groundShare, pixelDifference, pixelStats, viewportShot } from './pixels';

const VIEWPORT_BACKGROUND: [number, number, number] = [0x1b, 0x20, 0x29];

async function reloadWith(page: Page, search: string): Promise<void> {
  await page.goto(`/${search}`);
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
}

test.describe('level-of-detail terrain (heights on the GPU)', () => {
  test('at full detail the GPU-height surface draws the same image as the exact mesh', async ({ app }) => {
    const { page } = app;
    // The default 257² terrain: first the full-resolution mesh with CPU-built positions, normals and colours…
    const exact = await viewportShot(page);
    // …then the same map through the LOD shader forced to level 0 everywhere (heights, normals and
    // colours computed on the GPU from the height texture).
    await reloadWith(page, '?lod=exact');
    await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-triangles', String(2 * 256 * 256));
    const lod = await viewportShot(page);
    expect(await groundShare(page, page.getByTestId('viewport-3d'))).toBeGreaterThan(0.2);
    const difference = await pixelDifference(page, exact, lod);
    // Same triangles, same shading inputs: only rounding of a few edge pixels may differ.
    expect(difference.differingShare).toBeLessThan(0.002);

    // Slope colours come from the shader's normals, as on the exact mesh.
    await page.getByTestId('cmd-view.colorSlope').click();
    const lodSlope = await viewportShot(page);
    expect((await pixelDifference(page, lod, lodSlope)).differingShare).toBeGreaterThan(0.2);
    await reloadWith(page, '');
    await page.getByTestId('cmd-view.colorHeight').click().catch(() => undefined);
    expect(app.consoleErrors).toEqual([]);
  });

  test('a brush dab on the LOD surface redraws only around it; the drivability tint is drawn by the shader', async ({ app }) => {
    const { page } = app;
    await reloadWith(page, '?lod=always');
    const viewport = page.getByTestId('viewport-3d');
    const before = await viewportShot(page);
    const box = await viewport.boundingBox();
    if (!box) throw new Error('viewport is not visible');

    await page.keyboard.press('b');
    await page.getByTestId('brush-radius').fill('12');
    await page.getByTestId('brush-strength').fill('1');
    const version = Number(await viewport.getAttribute('data-drawn-version'));
    // One dab in the middle of the view (the default camera frames the whole map).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.55);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page.getByTestId('status-undo')).toContainText('Brush: raise');
    await expect.poll(async () => Number(await viewport.getAttribute('data-drawn-version'))).toBeGreaterThan(version);
    await page.keyboard.press('Escape');
    const after = await viewportShot(page);
    // A small tolerance: the framed map is small on screen and its soft light changes a 12 m bump
    // by a few levels only (the image is otherwise identical, frame to frame, in software GL).
    const change = await pixelDifference(page, before, after, 3);
    expect(change.box).not.toBeNull();
    // The raised bump is on screen around the dab, not all over the view.
    expect(change.differingShare).toBeGreaterThan(0);
    expect(change.differingShare).toBeLessThan(0.25);
    const centreX = box.width / 2;
    const centreY = box.height * 0.55;
    expect(change.box!.x0).toBeLessThanOrEqual(centreX);
    expect(change.box!.x1).toBeGreaterThanOrEqual(centreX);
    expect(change.box!.y1).toBeGreaterThanOrEqual(centreY - box.height * 0.2);

    // Undo puts the old heights back on the GPU: the image returns to the first one.
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('status-undo')).not.toContainText('Brush: raise');
    await expect.poll(async () => (await pixelDifference(page, before, await viewportShot(page))).differingShare).toBeLessThan(0.002);

    // The drivability overlay tints steep ground red in the same shader (Mountains: the default
    // preset's smoothed hills have almost none).
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('mountains');
    await runGenerateAndWait(page);
    const mountains = await viewportShot(page);
    const plain = await pixelStats(page, viewport, VIEWPORT_BACKGROUND);
    await page.getByTestId('cmd-view.drivability').click();
    await expect.poll(async () => (await pixelDifference(page, mountains, await viewportShot(page))).differingShare).toBeGreaterThan(0.01);
    const tinted = await pixelStats(page, viewport, VIEWPORT_BACKGROUND);
    expect(tinted.distinctColours).not.toBe(plain.distinctColours);
    expect(app.consoleErrors).toEqual([]);
  });
});
