import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, READY_SELECTOR, test } from './fixtures';
import { showPanel } from './panel';
import { runGenerateAndWait, waitForBothViewsDrawn, waitForRecoveryJournal } from './perf/appActions';
import { groundShare, pixelDifference, pixelStats, viewportShot } from './pixels';

const VIEWPORT_BACKGROUND: [number, number, number] = [0x1b, 0x20, 0x29];
/** Review screenshots of the cover, taken only when FAULTLINE_SHOTS names a folder: they check nothing, and each costs a software redraw. */
const COVER_ARTIFACTS = process.env.FAULTLINE_SHOTS ? path.resolve(process.env.FAULTLINE_SHOTS, 'cover') : undefined;

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
    expect(app.consoleErrors).toEqual([]);
  });
});

// These tests open the page again at once (?lod=…, or a restored project): the fixture's start terrain is
// never looked at, so it is the small one; the pages they open are the default 257² terrain (or Mountains at 257²).
test.describe('level-of-detail terrain (heights on the GPU), reopened', () => {
  test.use({ startSize: 65 });

  test('wireframe on the GPU-height surface draws its lines (blocks drop their arrays once drawn, keep them for wireframe); off gives the same image', async ({
    app,
  }) => {
    const { page } = app;
    await reloadWith(page, '?lod=exact');
    const viewport = page.getByTestId('viewport-3d');
    await expect(viewport).toHaveAttribute('data-triangles', String(2 * 256 * 256));
    const solid = await viewportShot(page);
    const solidGround = await groundShare(page, viewport);
    expect(solidGround).toBeGreaterThan(0.2);
    const toggle = page.getByTestId('cmd-view.toggleWireframe');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // At full detail the lines are dense (a cell is about two pixels), so the image changes little…
    await expect.poll(async () => (await pixelDifference(page, solid, await viewportShot(page))).differingShare).toBeGreaterThan(0.005);
    // …but they cover the map, not an empty view, which is what blocks drawn from released index arrays would give.
    expect(await groundShare(page, viewport)).toBeGreaterThan(solidGround * 0.5);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await pixelDifference(page, solid, await viewportShot(page))).differingShare).toBeLessThan(0.002);
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
    // A dab raises its centre by 5 % of the radius at full strength (app/tools/brush.ts). A 12 m
    // radius raised 0.6 m: under a pixel of relief where the framed map is ~1.3 px/m, so the LOD
    // (1 px error) draws it on a grid of ~1/24 the exact mesh's triangles and the bump shows only in
    // the shading of a few coarse vertices, which the 1-2-1 shading normals and the filtered lighting
    // keep within the tolerance below (earlier, only its sunward half cleared it). 40 m raises 2 m
    // over more of those vertices.
    await page.getByTestId('brush-radius').fill('40');
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
    // A small tolerance: the framed map is small on screen and its soft light changes a 2 m bump
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
    expect(change.box!.x1 - change.box!.x0).toBeLessThan(box.width * 0.4);

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

  test('on eroded terrain the GPU-height surface draws the erosion cover as the exact mesh does, and the cover shows in both views', async ({ app }) => {
    test.setTimeout(300_000);
    const { page } = app;
    if (COVER_ARTIFACTS) await mkdir(COVER_ARTIFACTS, { recursive: true });
    const reviewShot = async (name: string) => {
      if (COVER_ARTIFACTS) await page.screenshot({ path: path.join(COVER_ARTIFACTS, name) });
    };
    await page.setViewportSize({ width: 1600, height: 1000 });
    const map2d = page.getByTestId('map-2d');
    const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    /**
     * Opens the page with `search` and restores the unsaved Mountains from the recovery journal (an
     * opened project: its erosion results are computed after it is drawn). The restore replaces the
     * start terrain, so the page starts on the small one (`startSize`) first.
     */
    const restoreWith = async (search: string) => {
      await reloadWith(page, `${search}&startSize=65`);
      await expect(page.getByTestId('recovery-dialog')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('recovery-restore').click();
      await waitForBothViewsDrawn(page, 0, 120_000);
      await framed();
    };
    /** A closer look for the screenshots: the wheel towards the middle of the 3D view. */
    const closeUp = async (name: string) => {
      if (!COVER_ARTIFACTS) return;
      const box = (await page.getByTestId('viewport-3d').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.55);
      for (let n = 0; n < 6; n++) await page.mouse.wheel(0, -300);
      await frames();
      await viewportShot(page);
      await reviewShot(name);
    };
    /** Reset Camera: the same view of the map however it came (a restored project keeps the camera it had). */
    const framed = async () => {
      await page.getByTestId('cmd-view.resetCamera').click();
      await frames();
    };

    // Mountains (faults, hydraulic erosion, thermal) at 257² on the exact mesh, with the cover (CPU vertex colours).
    const ranAt = Date.now();
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('mountains');
    await page.getByTestId('gen-size').selectOption('257');
    await runGenerateAndWait(page);
    await framed();
    const exact = await viewportShot(page);
    const coveredMap = await map2d.screenshot();
    await reviewShot('mountains-1600x1000.png');
    expect(await waitForRecoveryJournal({ userDataDir: app.userDataDir, lastChangeMs: ranAt })).toBe(true);

    // The same project reopened, drawn by the LOD shader at full detail: once its erosion results
    // are in (no edit: Editor.setErosionResults), the same image from the RG8 cover texture, and the same 2D image.
    await restoreWith('?lod=exact');
    await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-triangles', String(2 * 256 * 256));
    await expect.poll(async () => (await pixelDifference(page, exact, await viewportShot(page))).differingShare, { timeout: 120_000 }).toBeLessThan(0.002);
    await expect.poll(async () => (await pixelDifference(page, coveredMap, await map2d.screenshot())).differingShare, { timeout: 60_000 }).toBeLessThan(0.002);
    const lod = await viewportShot(page);
    await reviewShot('mountains-lod-1600x1000.png');
    if (COVER_ARTIFACTS) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await frames();
      await viewportShot(page);
      await reviewShot('mountains-lod-1280x720.png');
      await page.setViewportSize({ width: 1600, height: 1000 });
    }

    // The same terrain without the cover (?cover=off): sediment fans and darker channels are gone,
    // in the 3D view and the 2D panel alike.
    await restoreWith('?lod=exact&cover=off');
    const plain = await viewportShot(page);
    await reviewShot('mountains-no-cover-1600x1000.png');
    expect((await pixelDifference(page, lod, plain)).differingShare).toBeGreaterThan(0.02);
    expect((await pixelDifference(page, coveredMap, await map2d.screenshot())).differingShare).toBeGreaterThan(0.02);
    await closeUp('mountains-no-cover-close-1600x1000.png');
    await restoreWith('?lod=exact');
    // The cover is in once the 2D panel shows it again.
    await expect.poll(async () => (await pixelDifference(page, coveredMap, await map2d.screenshot())).differingShare, { timeout: 60_000 }).toBeLessThan(0.002);
    await closeUp('mountains-close-1600x1000.png');
    expect(app.consoleErrors).toEqual([]);
  });
});
