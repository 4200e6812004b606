import type { Page } from '@playwright/test';
import type { UserSettings } from '../shared/ipc/contract';
import { expect, test } from './fixtures';
import { showPanel } from './panel';
import { pixelDifference, viewportShot } from './pixels';

// The size a new user sees on a laptop: the screenshots are kept in the e2e artifacts to look at.
test.use({ viewport: { width: 1600, height: 1000 } });

const settingsOf = (page: Page) => page.evaluate(() => (window as unknown as { faultline: { getSettings(): Promise<UserSettings> } }).faultline.getSettings());

interface Tones {
  /** Mean RGB of the top tenth of the view (sky). */
  top: [number, number, number];
  /** Mean luma of the pixels that are not sky-coloured (the terrain). */
  groundLuma: number;
  /** Share of pixels that are not sky-coloured. */
  groundShare: number;
  /** Share of pixels clearly blue (water). */
  blueShare: number;
}

/** Measures a viewport screenshot in the page: sky colour at the top, and the terrain's share and brightness. */
async function tones(page: Page, png: Buffer): Promise<Tones> {
  return page.evaluate(async (data) => {
    const { data: px, width, height } = await window.__faultlineDecodePng(data);
    const top: [number, number, number] = [0, 0, 0];
    const topRows = Math.floor(height / 10);
    for (let y = 0; y < topRows; y++) for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) top[c] += px[(y * width + x) * 4 + c] / (topRows * width);
    // Sky and haze: light, bluish-grey, low saturation. Everything else is terrain or water.
    let ground = 0;
    let luma = 0;
    let blue = 0;
    for (let p = 0; p < px.length; p += 4) {
      const [r, g, b] = [px[p], px[p + 1], px[p + 2]];
      const y = 0.299 * r + 0.587 * g + 0.114 * b;
      const sky = y > 140 && b >= r && b - r < 60 && Math.max(r, g, b) - Math.min(r, g, b) < 70;
      if (b > r + 25 && b > g && !sky) blue++;
      if (sky) continue;
      ground++;
      luma += y;
    }
    return { top, groundLuma: ground ? luma / ground : 0, groundShare: ground / (width * height), blueShare: blue / (width * height) };
  }, png.toString('base64'));
}

test.describe('the 3D viewport shows the land', () => {
  test('default start: sky, framed terrain, scale bar; screenshots for review', async ({ app }) => {
    const { page } = app;
    const shot = await viewportShot(page);
    await page.screenshot({ path: test.info().outputPath('default-start.png') });
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('viewport.png') });
    await page.getByTestId('map-2d').screenshot({ path: test.info().outputPath('map-2d.png') });
    const t = await tones(page, shot);
    // A light sky, bluer than it is red, not the old dark void.
    expect(0.299 * t.top[0] + 0.587 * t.top[1] + 0.114 * t.top[2]).toBeGreaterThan(150);
    expect(t.top[2]).toBeGreaterThan(t.top[0]);
    // The terrain is a good part of the view and lit (not a black silhouette).
    expect(t.groundShare).toBeGreaterThan(0.2);
    expect(t.groundLuma).toBeGreaterThan(45);
    // The scale bar states a round number of metres and is drawn that long.
    const bar = page.getByTestId('scale-bar');
    await expect(bar).toContainText(/^\d+ (m|km)$/);
    const pixels = Number(await bar.getAttribute('data-pixels'));
    expect(pixels).toBeGreaterThan(40);
    expect(pixels).toBeLessThan(400);
    expect(app.consoleErrors).toEqual([]);
  });

  test('the sun: its direction changes the shading, a low sun and shadows darken, occlusion darkens; settings persist', async ({ app }) => {
    const { page } = app;
    await showPanel(page, 'view');
    const azimuth = page.getByTestId('view-sun-azimuth');
    const elevation = page.getByTestId('view-sun-elevation');
    await elevation.fill('20');
    await azimuth.fill('90');
    const east = await viewportShot(page);
    await azimuth.fill('270');
    const west = await viewportShot(page);
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('sun-west-20deg.png') });
    // Light from the opposite side: much of the terrain's shading changes.
    expect((await pixelDifference(page, east, west)).differingShare).toBeGreaterThan(0.1);

    const low = await tones(page, west);
    await elevation.fill('80');
    const high = await tones(page, await viewportShot(page));
    expect(high.groundLuma).toBeGreaterThan(low.groundLuma + 5);

    // A low sun: the smoothed default hills cast few shadows at 20°.
    await elevation.fill('8');
    const withShadowsShot = await viewportShot(page);
    const withShadows = await tones(page, withShadowsShot);
    await page.getByTestId('view-shadows').uncheck();
    const noShadowsShot = await viewportShot(page);
    const noShadows = await tones(page, noShadowsShot);
    // Cast shadows only take light away, in the strips behind ridges steeper than the sun (the
    // gentle default hills cast few at 20°; the sides turned from the sun are dark anyway): some of
    // the view brightens without them, and it brightens on average.
    expect(noShadows.groundLuma).toBeGreaterThan(withShadows.groundLuma + 0.2);
    expect((await pixelDifference(page, withShadowsShot, noShadowsShot)).differingShare).toBeGreaterThan(0.002);
    // Occlusion darkens the ambient light in hollows (the smoothed default hills have shallow ones).
    await page.getByTestId('view-ambientOcclusion').uncheck();
    const noOcclusion = await tones(page, await viewportShot(page));
    expect(noOcclusion.groundLuma).toBeGreaterThan(noShadows.groundLuma + 0.3);

    await expect
      .poll(async () => (await settingsOf(page)).view)
      .toMatchObject({ sunAzimuthDeg: 270, sunElevationDeg: 8, shadows: false, ambientOcclusion: false });
    await page.reload();
    await page.locator('html[data-faultline-ready="true"]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('view-shadows')).not.toBeChecked();
    await expect(azimuth).toHaveValue('270');
    expect(app.consoleErrors).toEqual([]);
  });

  test('water at a sea level and the metric grid toggle on and off', async ({ app }) => {
    const { page } = app;
    await showPanel(page, 'view');
    const plain = await viewportShot(page);
    const before = await tones(page, plain);
    await page.getByTestId('view-sea-level').fill('10');
    await page.getByTestId('view-water').check();
    const flooded = await viewportShot(page);
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('water.png') });
    const water = await tones(page, flooded);
    // The default terrain runs from −43 m to 98 m: at 10 m much of it is under water, drawn blue.
    expect(water.blueShare).toBeGreaterThan(before.blueShare + 0.03);
    await page.getByTestId('view-water').uncheck();
    await expect.poll(async () => (await pixelDifference(page, plain, await viewportShot(page))).differingShare).toBeLessThan(0.002);

    await page.getByTestId('view-grid').check();
    const grid = await viewportShot(page);
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('grid.png') });
    const change = await pixelDifference(page, plain, grid);
    // Thin lines: some pixels change, most do not.
    expect(change.differingShare).toBeGreaterThan(0.01);
    expect(change.differingShare).toBeLessThan(0.5);
    await expect.poll(async () => (await settingsOf(page)).view).toMatchObject({ water: false, seaLevel: 10, grid: true });
    expect(app.consoleErrors).toEqual([]);
  });

  test('Reset Camera frames the terrain again after orbiting', async ({ app }) => {
    const { page } = app;
    const framed = await viewportShot(page);
    const box = (await page.getByTestId('viewport-3d').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 60, { steps: 2 });
    await page.mouse.up();
    expect((await pixelDifference(page, framed, await viewportShot(page))).differingShare).toBeGreaterThan(0.1);
    await page.getByTestId('cmd-view.resetCamera').click();
    await expect.poll(async () => (await pixelDifference(page, framed, await viewportShot(page))).differingShare).toBeLessThan(0.002);
  });
});
