import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { defaultTerrainWithRoad, E2E_ROAD_ON_GROUND } from './roadProject';
import { holdThrottleUntil } from './driveHud';
import { chooseRaiseBrush, dragAcross, runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';
import { whenIdle } from './mapPointer';

// A designer's first ten minutes, photographed: `npm run bench:e2e -- e2e/tour.spec.ts`. It only
// takes screenshots to look at (e2e/.artifacts/tour/, or the folder FAULTLINE_SHOTS or FAULTLINE_TOUR_DIR
// names: the artifacts folder is emptied by the next run), so it is a @report page, not part of npm test. Each part ends with no
// console errors.
//
// Each part does its work once (a preset generated, a valley sculpted, water added, a road opened) and
// photographs it at every window size in turn (FAULTLINE_TOUR_SIZES, e.g. `1280x720,1024x768`; all
// three by default): generating the six presets and the water once a size was most of a tour's time.
// Parts run alone with `-g` ("preset", "sculpt", "props far", "water" — the rivers and the lake —, "road").
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? process.env.FAULTLINE_TOUR_DIR ?? path.resolve(__dirname, '.artifacts', 'tour');
/** Every preset, or those named in FAULTLINE_TOUR_PRESETS (comma-separated ids) for a shorter tour. */
const PRESETS = process.env.FAULTLINE_TOUR_PRESETS?.split(',') ?? ['mountains', 'mesas', 'canyons', 'river-valleys', 'islands', 'rolling-hills'];
const SIZES = (process.env.FAULTLINE_TOUR_SIZES?.split(',') ?? ['1600x1000', '1280x720', '1024x768']).map((size) => {
  const [width, height] = size.split('x').map(Number);
  if (!(width > 0 && height > 0)) throw new Error(`FAULTLINE_TOUR_SIZES: "${size}" is not WIDTHxHEIGHT`);
  return { width, height };
});

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // With the terrain's shadows and sky occlusion for the current heights (computed after the frame that
  // shows an edit: a photograph right after a stroke showed the land lit as it was before it).
  await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-lighting', 'ready', { timeout: 120_000 });
  // … and the lakes' mirror with the land's colours (found in a worker after a whole-map change).
  await expect(page.getByTestId('viewport-3d').locator('canvas')).not.toHaveAttribute('data-mirror-paint', 'pending', { timeout: 120_000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${width}x${height}-${name}.png`) });
}

/** Reset Camera, with the pointer then moved off the button (its hover border read as a pressed tool in the photographs). */
async function resetCamera(page: Page): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  await page.mouse.move(0, 0);
}

/** Reset Camera, then `notches` wheel steps in at the middle of the 3D view and a middle-button orbit down towards the ground. */
async function closeUp(page: Page, notches: number, tiltPx: number): Promise<void> {
  await resetCamera(page);
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

/** Escape closes the dialog (every dialog is the one modal shell: issue 34 asks that each closes so). */
async function closesOnEscape(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** The page point of the 3D view's water pixel (bluer than it is red) nearest the view's middle; null without any. */
async function waterNearMiddle(page: Page): Promise<{ x: number; y: number } | null> {
  const view = page.getByTestId('viewport-3d');
  const box = (await view.boundingBox())!;
  const png = (await view.screenshot()).toString('base64');
  const found = await page.evaluate(async (data) => {
    const bitmap = await window.__faultlineDecodePng(data);
    const { width, height } = bitmap;
    let best: { x: number; y: number; d: number } | null = null;
    for (let y = 0; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        const p = (y * width + x) * 4;
        const [r, g, b] = [bitmap.data[p], bitmap.data[p + 1], bitmap.data[p + 2]];
        // Water and its selection tint, not the sky (whose blue is far brighter than its green is low).
        if (!(b > r + 30 && g > r + 10 && r < 150)) continue;
        const d = Math.hypot(x - width / 2, y - height / 2);
        if (!best || d < best.d) best = { x, y, d };
      }
    }
    return best;
  }, png);
  return found ? { x: box.x + found.x, y: box.y + found.y } : null;
}

/**
 * Sets the window's size unless it is that already. Playwright waits for the page to see the new size,
 * which a busy page (water meshes built after a change, software GL at 1600 × 1000) can take more than
 * its 20 s for: tried again then.
 */
async function setSize(page: Page, size: { width: number; height: number }): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await page.setViewportSize(size);
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.waitForTimeout(5000);
    }
  }
}

/**
 * Sets each tour size in turn and runs `photograph` there, once the layout has settled: the 3D view
 * and the 2D map follow a new window size a frame or more after it (the 3D canvas, drawing at an
 * in-between size first, later still). Under load the page can be busy
 * for several seconds after a resize (7.7 s seen at a load average of 20, from 1600×1000 to 1024×768
 * with the brush chosen), so the wait is as long as the tour's other waits, not the default 20 s.
 */
async function atEachSize(page: Page, photograph: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await setSize(page, size);
    await expect
      .poll(
        async () => {
          const box = await page.getByTestId('viewport-3d').boundingBox();
          await page.waitForTimeout(150);
          // … and the canvas has taken its box's size (a busy page draws an in-between size first).
          const canvasFits = await page
            .getByTestId('viewport-3d')
            .evaluate((view) => Math.round(view.querySelector('canvas')!.getBoundingClientRect().width) === view.clientWidth);
          return canvasFits && JSON.stringify(box) === JSON.stringify(await page.getByTestId('viewport-3d').boundingBox());
        },
        { timeout: 120_000 },
      )
      .toBe(true);
    await photograph();
  }
}

test.describe('tour @report', () => {
  // A click or a photograph can wait on a frame for more than the default 20 s on a loaded machine
  // (software WebGL at 1600×1000 with other work on both cores): the tour only looks, so it waits. The
  // parts' time limits are for two or three sizes at a load average of 20 (the drive's frames are the slowest).
  test.use({ actionTimeout: 120_000 });

  test.beforeEach(async ({ app }) => {
    await mkdir(ARTIFACTS, { recursive: true });
    // The first size before any work, while the page is quiet.
    await setSize(app.page, SIZES[0]);
  });

  test('start, and every preset far and close @report', async ({ app }) => {
    test.setTimeout(3_600_000);
    const { page } = app;
    await atEachSize(page, () => shot(page, '01-start'));
    for (const preset of PRESETS) {
      await showPanel(page, 'generate');
      await page.getByTestId('gen-preset').selectOption(preset);
      await runGenerateAndWait(page, 300_000);
      await atEachSize(page, async () => {
        await resetCamera(page);
        await shot(page, `02-preset-${preset}`);
        await closeUp(page, 9, 110);
        await shot(page, `02-preset-${preset}-close`);
      });
      await resetCamera(page);
    }
    expect(app.consoleErrors).toEqual([]);
  });

  test('sculpt a valley, solo its layer, props, drive, export @report', async ({ app }) => {
    test.setTimeout(2_400_000);
    const { page } = app;
    // On the start's terrain (the default preset, Rolling hills).
    await chooseRaiseBrush(page, 30, 0.8);
    await dragAcross(page, 'map-2d', [0.3, 0.45], [0.7, 0.55], 12);
    await atEachSize(page, () => shot(page, '03-brush'));
    // A valley sculpted with the lower brush, a few passes along one line, seen close. The strokes are
    // made at the first size: the 2D map's fractions are the same ground at every size.
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('brush-mode').selectOption('lower');
    await page.getByTestId('brush-radius').fill('18');
    await page.getByTestId('brush-strength').fill('1');
    for (let pass = 0; pass < 4; pass++) await dragAcross(page, 'map-2d', [0.35, 0.62], [0.65, 0.5], 16);
    await page.keyboard.press('Escape');
    await atEachSize(page, async () => {
      await closeUp(page, 8, 120);
      await shot(page, '03-valley-close');
    });
    await resetCamera(page);
    await page.keyboard.press('v');
    await showPanel(page, 'layers');
    await page.getByTestId('layer-list').locator('[data-kind="sculpt"]').click();
    await page.getByTestId('layer-solo').click();
    await expect(page.getByTestId('solo-preview')).toBeVisible({ timeout: 120_000 });
    await atEachSize(page, () => shot(page, '03-layers'));
    await showPanel(page, 'props');
    await page.getByTestId('props-scatter-map').click();
    await atEachSize(page, async () => {
      await resetCamera(page);
      await shot(page, '04-props');
      await closeUp(page, 11, 90);
      await shot(page, '04-props-close');
    });
    await resetCamera(page);
    await page.keyboard.press('g');
    await expect(page.getByTestId('drive-hud')).toBeVisible();
    // Until the car is under way (drive time follows the drawn frames: a wall-clock hold under software GL
    // left it standing in the photographs).
    await holdThrottleUntil(page, (hud) => hud.speed > 4, 60_000);
    await atEachSize(page, () => shot(page, '05-drive'));
    await page.keyboard.press('c');
    await atEachSize(page, () => shot(page, '05-drive-hood'));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drive-hud')).toHaveCount(0);
    // Every dialog a designer meets on the way, photographed open, and closed by Escape.
    await page.keyboard.press('Control+e');
    const exportDialog = page.getByTestId('export-dialog');
    await expect(exportDialog).toBeVisible();
    await atEachSize(page, () => shot(page, '06-export'));
    await exportDialog.getByTestId('export-target-unreal').click();
    await atEachSize(page, () => shot(page, '06-export-unreal'));
    await closesOnEscape(page, exportDialog);
    await atEachSize(page, () => shot(page, '07-after-escape'));
    await page.keyboard.press('Control+Shift+P');
    await atEachSize(page, () => shot(page, '07-command-palette'));
    await closesOnEscape(page, page.getByTestId('command-palette'));
    await sendMenuCommand(page, 'help.about');
    await atEachSize(page, () => shot(page, '07-about'));
    await closesOnEscape(page, page.getByTestId('about-dialog'));
    await sendMenuCommand(page, 'file.openRecent');
    await atEachSize(page, () => shot(page, '07-open-recent'));
    await closesOnEscape(page, page.getByTestId('recent-dialog'));
    expect(app.consoleErrors).toEqual([]);
  });

  test('props far, close and in Drive @report', async ({ app }) => {
    test.setTimeout(1_800_000);
    const { page } = app;
    // On the start's terrain: a denser scatter of every natural kind, seen from afar, at the tour's
    // close-up, nearer still among them, and from the car.
    await showPanel(page, 'props');
    for (const kind of ['conifer', 'broadleaf', 'bush', 'rock', 'boulder']) await page.getByTestId(`scatter-type-${kind}`).check();
    await page.getByTestId('scatter-count').fill('900');
    await page.getByTestId('scatter-count').press('Tab');
    await page.getByTestId('props-scatter-map').click();
    await expect(page.getByTestId('props-count')).toHaveAttribute('data-count', /^[1-9]/);
    await atEachSize(page, async () => {
      await resetCamera(page);
      await shot(page, '04-props');
      await closeUp(page, 11, 90);
      await shot(page, '04-props-close');
      await closeUp(page, 13, 70);
      await shot(page, '04-props-closer');
    });
    await resetCamera(page);
    await page.keyboard.press('g');
    await expect(page.getByTestId('drive-hud')).toBeVisible();
    await holdThrottleUntil(page, (hud) => hud.speed > 4, 60_000);
    await atEachSize(page, () => shot(page, '05-props-drive'));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drive-hud')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test(`water on River valleys, far and a river close @report`, async ({ app }) => {
    test.setTimeout(2_400_000);
    const { page } = app;
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('river-valleys');
    await runGenerateAndWait(page, 300_000);
    await showPanel(page, 'layers');
    const panel = page.getByTestId('water-panel');
    await panel.getByTestId('water-add').click();
    await expect(page.getByTestId('status-undo')).toContainText('Add automatic water', { timeout: 300_000 });
    await whenIdle(page, 300_000);
    // A 512 m map drains too little for the default river area's rivers (as in water.spec.ts).
    await panel.getByTestId('water-river-area').fill('4000');
    await panel.getByTestId('water-river-area').press('Enter');
    await expect(page.getByTestId('status-undo')).toContainText('river area', { timeout: 300_000 });
    await whenIdle(page, 300_000);
    const river = panel.getByTestId('water-rivers').locator('li').first();
    await expect(river).toBeVisible({ timeout: 120_000 });
    await atEachSize(page, async () => {
      await resetCamera(page);
      await shot(page, '10-water');
      // The largest river, framed by the Water list, then nearer.
      // Selected: the view turns to it. Still selected from the size before, the Reset Camera above took the
      // view off it, so it is let go first (a click on a selected river lets it go) and selected again.
      if ((await river.getAttribute('aria-selected')) === 'true') {
        await river.click();
        await expect(river).toHaveAttribute('aria-selected', 'false');
      }
      await river.click();
      await shot(page, '10-water-river');
      const box = (await page.getByTestId('viewport-3d').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let n = 0; n < 4; n++) await page.mouse.wheel(0, -300);
      await shot(page, '10-water-river-close');
    });
    expect(app.consoleErrors).toEqual([]);
  });

  test(`water: a lake on Canyons, far and close @report`, async ({ app }) => {
    test.setTimeout(2_400_000);
    const { page } = app;
    // Canyons (seed 1, 257²) holds a lake of about a hectare on a canyon floor with the automatic
    // water's defaults: a lake the water layer finds, not one drawn.
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('canyons');
    await runGenerateAndWait(page, 300_000);
    await showPanel(page, 'layers');
    const panel = page.getByTestId('water-panel');
    await panel.getByTestId('water-add').click();
    await expect(page.getByTestId('status-undo')).toContainText('Add automatic water', { timeout: 300_000 });
    await whenIdle(page, 300_000);
    const lake = panel.getByTestId('water-lakes-list').locator('li').first();
    await expect(lake).toBeVisible({ timeout: 120_000 });
    await atEachSize(page, async () => {
      await resetCamera(page);
      await shot(page, '11-lake-far');
      // Selected, the view turns to the whole lake (tinted); selected again, it lets go and the camera stays.
      await lake.click();
      await shot(page, '11-lake-selected');
      await lake.click();
      await expect(lake).toHaveAttribute('aria-selected', 'false');
      const box = (await page.getByTestId('viewport-3d').boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      // Close: zoomed at the water pixel nearest the view's middle (the lake lies at the map's edge, so the
      // middle itself is often its rim: zooming there, and tilting, took the camera past the edge), four
      // notches, so the water and its shore fill the view (two notches at the middle were a medium view).
      const water = await waterNearMiddle(page);
      await page.mouse.move(water?.x ?? cx, water?.y ?? cy);
      for (let n = 0; n < 4; n++) await page.mouse.wheel(0, -300);
      await page.mouse.move(0, 0);
      await shot(page, '11-lake-close');
      // Grazing (issue 31: the mirror's march at its lowest rays): the lake framed again, seven notches in
      // towards it, then turned half round (the camera into the canyon, looking down it to the map's edge)
      // and orbited down until it looks along the water from just above it, the walls standing over it.
      await lake.click();
      await lake.click();
      await expect(lake).toHaveAttribute('aria-selected', 'false');
      await page.mouse.move(cx, cy);
      for (let n = 0; n < 7; n++) await page.mouse.wheel(0, -300);
      await page.mouse.down({ button: 'middle' });
      await page.mouse.move(cx + 0.5 * box.height, cy - 0.3 * box.height, { steps: 8 });
      await page.mouse.up({ button: 'middle' });
      await page.mouse.move(0, 0);
      await shot(page, '11-lake-grazing');
    });
    expect(app.consoleErrors).toEqual([]);
  });

  test(`a road in Navigate, in the Road tool and in Drive @report`, async ({ app }) => {
    test.setTimeout(1_800_000);
    const { page } = app;
    const folder = await mkdtemp(path.join(tmpdir(), 'faultline-tour-'));
    try {
      const project = path.join(folder, 'road.faultline');
      // The road as the Road tool draws one now, its ends on the ground (issue 34's "splayed wedge" was the
      // older profile starting 10 m above the ground, on an embankment whose end showed behind the car).
      await writeFile(project, (await defaultTerrainWithRoad(E2E_ROAD_ON_GROUND)).bytes);
      app.dialogs.queueOpen(project);
      await sendMenuCommand(page, 'file.open');
      await expect.poll(() => page.evaluate(() => document.title)).toBe('road.faultline — Faultline');
      await atEachSize(page, async () => {
        await resetCamera(page);
        await shot(page, '08-road');
      });
      await showPanel(page, 'roads');
      await atEachSize(page, async () => {
        await resetCamera(page);
        await shot(page, '08-road-tool');
        await page.getByTestId('road-go-report').click();
        await shot(page, '08-road-report');
        // The road close: a report row turns the view to its segment from behind (a close-up of the map's
        // middle missed the road), then nearer and lower.
        await page.getByTestId('road-table').locator('tbody tr').nth(12).click();
        const box = (await page.getByTestId('viewport-3d').boundingBox())!;
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        await page.mouse.move(cx, cy);
        await page.mouse.wheel(0, -1200);
        await page.mouse.down({ button: 'middle' });
        await page.mouse.move(cx, cy - 100, { steps: 3 });
        await page.mouse.up({ button: 'middle' });
        await page.mouse.move(0, 0);
        await shot(page, '08-road-close');
      });
      await page.getByTestId('road-drive').click();
      const hud = page.getByTestId('drive-hud');
      await expect(hud).toHaveAttribute('data-x', /\d/, { timeout: 60_000 });
      await page.waitForTimeout(3000);
      await atEachSize(page, () => shot(page, '09-road-drive'));
      await page.keyboard.press('c');
      await atEachSize(page, () => shot(page, '09-road-drive-hood'));
      await page.keyboard.press('Escape');
      expect(app.consoleErrors).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
