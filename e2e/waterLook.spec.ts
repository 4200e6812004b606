import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showPanel } from './panel';
import { runGenerateAndWait } from './perf/appActions';

// Mountains with its automatic water, photographed to be looked at (issue 31): the overview, the
// longest river close up and the largest lake close up, at two window sizes. Only screenshots
// (e2e/.artifacts/water-look/, or the folder FAULTLINE_SHOTS names), so it is a @report page:
// `npx playwright test --project=report e2e/waterLook.spec.ts`.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'water-look');
// FAULTLINE_WATER_RIVER=n closes up on the list's n-th river (from 1) instead of the longest.
const RIVER_INDEX = Math.max(0, Number(process.env.FAULTLINE_WATER_RIVER ?? 1) - 1);
// FAULTLINE_WATER_PRESET names another preset than Mountains (e.g. river-valleys); its name leads the files'.
const PRESET = process.env.FAULTLINE_WATER_PRESET ?? 'mountains';
// FAULTLINE_WATER_SIZES, e.g. `1280x720`: the window sizes (both by default).
const SIZES = (process.env.FAULTLINE_WATER_SIZES?.split(',') ?? ['1600x1000', '1280x720']).map((size) => {
  const [width, height] = size.split('x').map(Number);
  return { width, height };
});
// FAULTLINE_WATER_MAP=2049: the map's size (1025 by default).
const MAP_SIZE = process.env.FAULTLINE_WATER_MAP ?? '1025';

/** The 3D view once it stops changing (at 1025² with software GL one shot can take tens of seconds). */
/** The preset at MAP_SIZE² (1025² by default) with automatic water added, the Water section open; returns the section. */
async function presetWithWater(page: Page): Promise<Locator> {
  await mkdir(ARTIFACTS, { recursive: true });
  await showPanel(page, 'generate');
  await page.getByTestId('gen-preset').selectOption(PRESET);
  await page.getByTestId('gen-size').selectOption(MAP_SIZE);
  await runGenerateAndWait(page, 600_000);
  await showPanel(page, 'layers');
  const panel = page.getByTestId('water-panel');
  await panel.getByTestId('water-add').click();
  await expect(page.getByTestId('status-undo')).toContainText('Add automatic water', { timeout: 120_000 });
  await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 120_000 });
  return panel;
}

async function settledView(page: Page): Promise<Buffer> {
  await page.mouse.move(0, 0);
  const view = page.getByTestId('viewport-3d');
  await expect(view).toHaveAttribute('data-lighting', 'ready', { timeout: 120_000 });
  let last = await view.screenshot({ timeout: 120_000 });
  for (let tries = 0; tries < 10; tries++) {
    await page.waitForTimeout(500);
    const next = await view.screenshot({ timeout: 120_000 });
    if (next.equals(last)) break;
    last = next;
  }
  return last;
}

async function shot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await settledView(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${PRESET}-${width}x${height}-${name}.png`), timeout: 120_000 });
}

/**
 * The centre of what selecting a feature of the Water list tints in the 3D view (the pixels that
 * change), or null when nothing visible changes.
 */
async function tintedCentre(page: Page, before: Buffer, after: Buffer): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    async ({ a, b }) => {
      const [one, two] = await Promise.all([window.__faultlineDecodePng(a), window.__faultlineDecodePng(b)]);
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let k = 0; k < one.data.length; k += 4) {
        const d = Math.abs(one.data[k] - two.data[k]) + Math.abs(one.data[k + 1] - two.data[k + 1]) + Math.abs(one.data[k + 2] - two.data[k + 2]);
        if (d < 24) continue;
        const p = k / 4;
        sx += p % one.width;
        sy += Math.floor(p / one.width);
        n++;
      }
      return n < 5 ? null : { x: sx / n, y: sy / n };
    },
    { a: before.toString('base64'), b: after.toString('base64') },
  );
}

/**
 * Brings the list's first (or nth) feature to the middle of the 3D view and zooms in on it, a few notches at a
 * time: each round finds it by its selection tint (selected against not), pans it to the middle with
 * a right drag (the pan follows the pointer only at the orbit target's depth, so one round is not
 * enough) and zooms; then tilts down. The feature is left unselected, in its own colours.
 */
async function closeUpOn(page: Page, list: string, rounds: number, notchesPerRound: number, nth = 0): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const item = page.getByTestId('water-panel').getByTestId(list).locator('li').nth(nth);
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let round = 0; round < rounds; round++) {
    const plain = await settledView(page);
    await item.click();
    const tinted = await settledView(page);
    await item.click();
    const centre = await tintedCentre(page, plain, tinted);
    if (centre) {
      await page.mouse.move(box.x + centre.x, box.y + centre.y);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(cx, cy, { steps: 10 });
      await page.mouse.up({ button: 'right' });
    }
    await page.mouse.move(cx, cy);
    for (let n = 0; n < notchesPerRound; n++) await page.mouse.wheel(0, -300);
  }
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 20, cy - 90, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
}

/**
 * The list's first lake selected from the camera as it is (the list frames it: `<name>-selected`), let go
 * (`<name>-framed`, in its own colours), two notches nearer at the view's middle (`<name>-close`), and from
 * there tilted a little down towards the horizon (`<name>-grazing`: more of the sky's reflection at a lower angle).
 */
async function lakeCloseUp(page: Page, name: string): Promise<void> {
  const lake = page.getByTestId('water-panel').getByTestId('water-lakes-list').locator('li').first();
  await lake.click();
  await expect(page.getByTestId('water-panel').getByTestId('water-finding')).toHaveCount(0, { timeout: 120_000 });
  await shot(page, `${name}-selected`);
  await lake.click();
  await expect(lake).toHaveAttribute('aria-selected', 'false');
  await shot(page, `${name}-framed`);
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let n = 0; n < 2; n++) await page.mouse.wheel(0, -300);
  await shot(page, `${name}-close`);
  // An upward drag lowers the orbit camera: 0.04 of the view's height ≈ 14° (much lower, or nearer, and the
  // lake's rim or the hillside behind the camera hides the water).
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 0.04 * box.height, { steps: 8 });
  await page.mouse.up();
  await shot(page, `${name}-grazing`);
}

for (const viewport of SIZES) {
  test.describe(`${PRESET} with water at ${viewport.width}×${viewport.height} @report`, () => {
    test.use({ viewport });
    test(`overview, a river close up, a lake close up @report`, async ({ app }) => {
      // Software GL on a shared machine: the homing close-ups take several settled frames each.
      test.setTimeout(2_400_000);
      const { page } = app;
      const panel = await presetWithWater(page);
      await expect(panel.getByTestId('water-rivers').locator('li').first()).toBeVisible({ timeout: 120_000 });
      await page.mouse.move(0, 0);
      await shot(page, '01-overview');
      await closeUpOn(page, 'water-rivers', 4, 2, RIVER_INDEX);
      await shot(page, '02-river-close');
      // The same river selected, as close: its selection must read in the 3D view too (issue 31).
      const river = panel.getByTestId('water-rivers').locator('li').nth(RIVER_INDEX);
      await river.click();
      await shot(page, '06-river-selected');
      await river.click();
      await expect(river).toHaveAttribute('aria-selected', 'false');
      // The lake close up: selected in the list from this close camera, which frames it (raised or turned
      // until no ridge hides its water), then let go to be seen in its own colours, and a little nearer.
      await lakeCloseUp(page, '05-lake');
    });

    // Shorter (`-g framed`): the list frames what it selects, so no homing in. The river selected as the
    // list frames it, nearer, then not selected; the lake selected as framed.
    test(`framed by the Water list: a river selected, close, a lake selected @report`, async ({ app }) => {
      test.setTimeout(2_400_000);
      const { page } = app;
      const panel = await presetWithWater(page);
      const river = panel.getByTestId('water-rivers').locator('li').nth(RIVER_INDEX);
      await expect(river).toBeVisible({ timeout: 120_000 });
      await page.mouse.move(0, 0);
      await shot(page, '11-overview');
      await river.click();
      await expect(panel.getByTestId('water-finding')).toHaveCount(0, { timeout: 120_000 });
      await shot(page, '12-river-selected');
      const box = (await page.getByTestId('viewport-3d').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let n = 0; n < 3; n++) await page.mouse.wheel(0, -300);
      await shot(page, '13-river-selected-close');
      await river.click();
      await expect(river).toHaveAttribute('aria-selected', 'false');
      await shot(page, '14-river-close');
      // Nearer still, a creek a metre or two wide over tens of pixels: its water, its wet banks, its streaks.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let n = 0; n < 12; n++) await page.mouse.wheel(0, -300);
      await shot(page, '14-river-closer');
      if ((await panel.getByTestId('water-lakes-list').locator('li').count()) > 0) await lakeCloseUp(page, '15-lake');
      expect(app.consoleErrors).toEqual([]);
    });
  });
}
