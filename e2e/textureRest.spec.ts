import type { Page } from '@playwright/test';
import { expect, READY_SELECTOR, test } from './fixtures';
import { groundShare, pixelDifference, viewportShot } from './pixels';

async function reloadWith(page: Page, search: string): Promise<void> {
  await page.goto(`/${search}`);
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
}

/**
 * The 3D view at rest lets its heights and erosion-cover textures go (LodTerrainMeshes.releaseTextures,
 * after LodTerrainSurface's IDLE_TEXTURE_RELEASE_MS without a frame); the next frame sends them again
 * from the document. Seen in the window: the frames after a rest are the frames before it.
 */
test.describe('the 3D view lets its textures go at rest', () => {
  test('after the release, the next frames draw the same image as before it', async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    // The LOD shader at level 0 on the default map: every height and colour comes from the textures.
    await reloadWith(page, '?lod=exact');
    const viewport = page.getByTestId('viewport-3d');
    const canvas = viewport.locator('canvas').first();
    await expect(viewport).toHaveAttribute('data-triangles', String(2 * 256 * 256));
    await expect(canvas).toHaveAttribute('data-gpu-textures', 'released', { timeout: 60_000 });
    const rested = await viewportShot(page);
    expect(await groundShare(page, viewport)).toBeGreaterThan(0.2);

    // Two frames with the steep-ground tint on then off: the first sends the textures again.
    const tint = page.getByTestId('cmd-view.drivability');
    await tint.click();
    await expect(canvas).toHaveAttribute('data-gpu-textures', 'resident');
    // With the textures back the tint shows (a frame from empty textures would draw a flat, untinted map).
    await expect.poll(async () => (await pixelDifference(page, rested, await viewportShot(page))).differingShare).toBeGreaterThan(0.01);
    await tint.click();
    await expect.poll(async () => (await pixelDifference(page, rested, await viewportShot(page))).differingShare).toBeLessThan(0.002);

    // And once more at rest, then a frame from released textures with nothing else changed in between.
    await expect(canvas).toHaveAttribute('data-gpu-textures', 'released', { timeout: 60_000 });
    await tint.click();
    await tint.click();
    await expect.poll(async () => (await pixelDifference(page, rested, await viewportShot(page))).differingShare).toBeLessThan(0.002);
    await reloadWith(page, '');
    expect(app.consoleErrors).toEqual([]);
  });
});
