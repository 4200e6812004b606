import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { showPanel } from './panel';
import { pixelDifference, viewportShot } from './pixels';

/** Review screenshots of the road, taken only when FAULTLINE_SHOTS names a folder: they check nothing, and each resize redraws both views. */
const ARTIFACTS = process.env.FAULTLINE_SHOTS ? path.resolve(process.env.FAULTLINE_SHOTS, 'roads') : undefined;

/** The road's three control points, as fractions of the 2D panel's box. */
const CLICKS: Array<[number, number]> = [
  [0.36, 0.42],
  [0.5, 0.5],
  [0.62, 0.42],
];
/** Points on the centreline between the clicks (the spline passes through the clicks; these lie close to it). */
const ALONG: Array<[number, number]> = [...CLICKS, [0.43, 0.46], [0.56, 0.46]];

/** The exact height under a point of the 2D panel (fractions of its box), from the app's hover readout, as its text (bit-exact). */
async function heightAt(page: Page, map2d: Locator, fx: number, fy: number): Promise<string> {
  const box = await map2d.boundingBox();
  if (!box) throw new Error('2D panel is not visible');
  const readout = page.getByTestId('hover-readout');
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  await expect(readout).toHaveAttribute('data-source', '2d');
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return (await readout.getAttribute('data-h'))!;
}

const heightsAlong = async (page: Page, map2d: Locator) => {
  const out: string[] = [];
  for (const [fx, fy] of ALONG) out.push(await heightAt(page, map2d, fx, fy));
  return out;
};

async function clickAt(page: Page, view: Locator, fx: number, fy: number): Promise<void> {
  const box = await view.boundingBox();
  if (!box) throw new Error('view is not visible');
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
}

/** After a window resize (screenshots only): the window has the new width and both views' boxes held still over two frames. */
async function resized(page: Page, width: number): Promise<void> {
  await page.waitForFunction((w) => window.innerWidth === w, width);
  const boxesAfterTwoFrames = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                ['map-2d', 'viewport-3d']
                  .map((id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect())
                  .map((r) => `${r?.width}x${r?.height}`)
                  .join(' '),
              ),
            ),
          ),
        ),
    );
  let last = await boxesAfterTwoFrames();
  await expect
    .poll(
      async () => {
        const next = await boxesAfterTwoFrames();
        const still = next === last;
        last = next;
        return still;
      },
      { intervals: [0] },
    )
    .toBe(true);
}

async function idle(page: Page): Promise<void> {
  await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 30_000 });
}

test.describe('the road tool', () => {
  test('draw a 3-point road in 2D: a road layer, both views shaped; drag a point; drive it with its report; undo restores the heights bit for bit', async ({
    app,
  }) => {
    test.setTimeout(300_000);
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const viewport = page.getByTestId('viewport-3d');
    const undo = page.getByTestId('status-undo');

    const before = await heightsAlong(page, map2d);
    const map2dBefore = await map2d.screenshot();
    const viewBefore = await viewport.screenshot();

    // The Road tool by its shortcut shows the Roads tab.
    await page.keyboard.press('Shift+R');
    await expect(page.getByTestId('panel-tab-roads')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('roads-panel')).toBeVisible();

    await clickAt(page, map2d, ...CLICKS[0]);
    await expect(page.getByTestId('roads-panel')).toContainText('First point set');
    await clickAt(page, map2d, ...CLICKS[1]);
    await expect(undo).toContainText('New road "Road 1"');
    await idle(page);
    await clickAt(page, map2d, ...CLICKS[2]);
    await expect(undo).toContainText('Add point to "Road 1"');
    await idle(page);
    await expect(page.getByTestId('road-road-1')).toContainText('3 points');
    await expect(page.getByTestId('roads-message')).toHaveCount(0);

    // The heights under the centreline changed (the road's profile), read from the app.
    const shaped = await heightsAlong(page, map2d);
    expect(shaped.filter((h, k) => h !== before[k]).length).toBeGreaterThanOrEqual(3);

    // The 2D panel's pixels changed along the road, and the 3D view shows it.
    await page.mouse.move(0, 0);
    const map2dAfter = await map2d.screenshot();
    const diff2d = await pixelDifference(page, map2dBefore, map2dAfter);
    expect(diff2d.differingShare).toBeGreaterThan(0.002);
    const viewAfter = await viewport.screenshot();
    expect((await pixelDifference(page, viewBefore, viewAfter)).differingShare).toBeGreaterThan(0.002);

    // Screenshots of the road being drawn, at two window sizes.
    if (ARTIFACTS) {
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'road-1280x800.png') });
      for (const [w, h] of [
        [1600, 1000],
        [1280, 720],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await resized(page, w);
        await page.screenshot({ path: path.join(ARTIFACTS, `road-${w}x${h}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await resized(page, 1280);
    }

    // The layer is in the Layers tab.
    await showPanel(page, 'layers');
    await expect(page.getByTestId('layer-road-1')).toHaveAttribute('data-kind', 'road');
    await showPanel(page, 'roads');

    // Drag the middle point down the map: one entry, the heights move with it.
    const shapedBeforeDrag = await heightsAlong(page, map2d);
    const box = (await map2d.boundingBox())!;
    await page.mouse.move(box.x + CLICKS[1][0] * box.width, box.y + CLICKS[1][1] * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + CLICKS[1][0] * box.width, box.y + (CLICKS[1][1] + 0.06) * box.height, { steps: 2 });
    await page.mouse.up();
    await expect(undo).toContainText('Move point 2 of "Road 1"');
    await idle(page);
    const dragged = await heightsAlong(page, map2d);
    expect(dragged).not.toEqual(shapedBeforeDrag);

    // Drive it: the Roads tab has its report from the geometry; Drive This Road starts the car on it.
    const report = page.getByTestId('road-report');
    await expect(report).toHaveAttribute('data-source', 'geometry');
    expect(Number(await report.getAttribute('data-rows'))).toBeGreaterThan(0);
    await page.getByTestId('road-drive').click();
    const hud = page.getByTestId('drive-hud');
    await expect(hud).toHaveAttribute('data-autopilot', 'driving');
    await expect.poll(async () => Number(await hud.getAttribute('data-speed')), { timeout: 30_000 }).toBeGreaterThan(3);
    await page.keyboard.press('Escape');
    await expect(hud).toHaveCount(0);

    // Undo the drag: the heights are those before it, bit for bit; undo twice more: the land before the road.
    await page.keyboard.press('Control+Z');
    await expect(undo).toContainText('Add point to "Road 1"');
    expect(await heightsAlong(page, map2d)).toEqual(shapedBeforeDrag);
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Z');
    await expect(undo).not.toContainText('Road 1');
    expect(await heightsAlong(page, map2d)).toEqual(before);
    expect(app.consoleErrors).toEqual([]);
  });

  test('in 3D the Road tool adds a point only on a click without motion; a drag off a handle orbits, middle and right drags navigate, nothing added', async ({
    app,
  }) => {
    test.setTimeout(180_000);
    const { page } = app;
    const viewport = page.getByTestId('viewport-3d');
    const undo = page.getByTestId('status-undo');
    await page.keyboard.press('Shift+R');
    await clickAt(page, viewport, 0.4, 0.55);
    await expect(page.getByTestId('roads-panel')).toContainText('First point set');
    await clickAt(page, viewport, 0.6, 0.55);
    await expect(undo).toContainText('New road "Road 1"');
    await idle(page);
    await expect(page.getByTestId('road-road-1')).toContainText('2 points');

    // A drag that starts off the road's handles (and off its centreline) turns the camera.
    const box = (await viewport.boundingBox())!;
    const drag = async (button: 'left' | 'middle' | 'right', fx: number, fy: number, modifier?: 'Alt') => {
      const before = await viewportShot(page);
      if (modifier) await page.keyboard.down(modifier);
      await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
      await page.mouse.down({ button });
      // Two pointer moves: the camera turns by the whole motion, whatever the events; each event redraws (slow here).
      await page.mouse.move(box.x + (fx + 0.15) * box.width, box.y + fy * box.height, { steps: 2 });
      await page.mouse.up({ button });
      if (modifier) await page.keyboard.up(modifier);
      expect((await pixelDifference(page, before, await viewportShot(page))).differingShare, `${modifier ?? ''} ${button} drag moves the view`).toBeGreaterThan(
        0.05,
      );
    };
    await drag('left', 0.3, 0.75);
    await drag('middle', 0.3, 0.75);
    await drag('right', 0.3, 0.75);
    await drag('left', 0.3, 0.75, 'Alt');
    await expect(page.getByTestId('road-road-1')).toContainText('2 points');
    await expect(undo).toContainText('New road "Road 1"');

    // A click without motion still adds a point at the end.
    await page.getByTestId('cmd-view.resetCamera').click();
    // As a person would, click on the re-framed view once it has been drawn (two frames later).
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await clickAt(page, viewport, 0.5, 0.7);
    await expect(undo).toContainText('Add point to "Road 1"');
    await expect(page.getByTestId('road-road-1')).toContainText('3 points');
    await idle(page);

    // The tool put away, the road is still drawn as a road (asphalt, shoulders, lines): a screenshot to look at.
    await page.keyboard.press('v');
    if (ARTIFACTS) {
      await viewportShot(page);
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'road-put-away-1280x800.png') });
    }
    expect(app.consoleErrors).toEqual([]);
  });
});
