import type { Page } from '@playwright/test';
import { pixelStats } from './pixels';
import { expect, test } from './fixtures';

// The 2D map shows all of itself and fills its pane (issue 34): beside the 3D view the pane was about
// twice as tall as wide, so a map fitted to its height showed 60 % of its width, and one fitted whole left
// a third to a half of the pane empty. The map now sits over the side panel in a square pane
// (renderer/viewsLayout.ts). Measured on pixels: the share of the pane that is not its empty background,
// and where the map's drawn edges are; and on the hover readout: the world point under each drawn corner.

const MAP_BACKGROUND: [number, number, number] = [0x14, 0x18, 0x1f];
// The default terrain (app/document/document.ts): 257 × 257 vertices 2 m apart, so its cells span ±257 m.
const HALF_EXTENT_M = 257;

/** The view select floats over the map's top left corner: measure (and hover) the map alone. */
async function withoutViewSelect<T>(page: Page, measure: () => Promise<T>): Promise<T> {
  const select = page.getByTestId('map2d-layer-view');
  await select.evaluate((element) => ((element as HTMLElement).style.visibility = 'hidden'));
  try {
    await page.waitForTimeout(300);
    return await measure();
  } finally {
    await select.evaluate((element) => ((element as HTMLElement).style.visibility = ''));
  }
}

async function mapShareOfPane(page: Page): Promise<number> {
  return withoutViewSelect(page, async () => (await pixelStats(page, page.getByRole('region', { name: '2D heightmap' }), MAP_BACKGROUND)).foregroundShare);
}

async function hoverWorld(page: Page, x: number, y: number): Promise<{ x: number; z: number }> {
  await page.mouse.move(x, y);
  const readout = page.getByTestId('hover-readout');
  await expect(readout).toHaveAttribute('data-source', '2d');
  return { x: Number(await readout.getAttribute('data-x')), z: Number(await readout.getAttribute('data-z')) };
}

test.describe('the 2D map fills its pane', () => {
  for (const [width, height] of [
    [1024, 768],
    [1280, 720],
    [1600, 1000],
  ] as const) {
    test(`at ${width}×${height} the whole map shows, its corners inside the pane, and covers at least 85 % of it`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await expect(page.locator('main.workspace')).toHaveAttribute('data-arrangement', 'map-over-panel');
      await expect.poll(() => mapShareOfPane(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(0.85);
      const canvas = page.getByTestId('map-2d');
      const box = (await canvas.boundingBox())!;
      await withoutViewSelect(page, async () => {
        const drawn = (await pixelStats(page, canvas, MAP_BACKGROUND)).foregroundBox;
        // No edge of the map is cut by the pane: a margin of background on every side …
        expect(drawn.minX).toBeGreaterThanOrEqual(2);
        expect(drawn.minY).toBeGreaterThanOrEqual(2);
        expect(drawn.maxX).toBeLessThanOrEqual(box.width - 3);
        expect(drawn.maxY).toBeLessThanOrEqual(box.height - 3);
        // … and what is drawn has the map's square shape.
        expect((drawn.maxX - drawn.minX + 1) / (drawn.maxY - drawn.minY + 1)).toBeCloseTo(1, 1);
        // Under each drawn corner (3 px in) lies the map's corner, to the few metres 3 px span.
        const metresPerPx = (2 * HALF_EXTENT_M) / (drawn.maxX - drawn.minX + 1);
        for (const [cx, cz] of [
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ]) {
          const px = box.x + (cx < 0 ? drawn.minX + 3 : drawn.maxX - 3) + 0.5;
          const py = box.y + (cz < 0 ? drawn.minY + 3 : drawn.maxY - 3) + 0.5;
          const world = await hoverWorld(page, px, py);
          expect(Math.abs(world.x - cx * HALF_EXTENT_M)).toBeLessThanOrEqual(5 * metresPerPx);
          expect(Math.abs(world.z - cz * HALF_EXTENT_M)).toBeLessThanOrEqual(5 * metresPerPx);
        }
      });
      const view3d = (await page.getByTestId('viewport-3d').boundingBox())!;
      // The 3D view keeps over two thirds of the window's width.
      expect(view3d.width / width).toBeGreaterThanOrEqual(0.66);
      expect(app.consoleErrors).toEqual([]);
    });
  }

  test.describe('on a small map', () => {
    test.use({ startSize: 65 });

    test('after a road report row, a drive and a tool switch, the map still fills its pane at every window size', async ({ app }) => {
      test.setTimeout(180_000);
      const { page } = app;
      const map = page.getByTestId('map-2d');
      await page.setViewportSize({ width: 1024, height: 768 });
      await expect(page.locator('main.workspace')).toHaveAttribute('data-arrangement', 'map-over-panel');
      // A road of two points in the 2D map, its report row clicked (the map pans to its segment), driven.
      await page.keyboard.press('Shift+R');
      const at = async (fx: number, fy: number) => {
        const box = (await map.boundingBox())!;
        await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
      };
      await at(0.3, 0.4);
      await expect(page.getByTestId('roads-panel')).toContainText('First point set');
      await at(0.7, 0.55);
      await expect(page.getByTestId('status-undo')).toContainText('New road "Road 1"');
      await expect(page.getByTestId('road-report')).toHaveAttribute('data-rows', /[1-9]/, { timeout: 30_000 });
      await page.getByTestId('road-table').locator('tbody tr').nth(1).click();
      await page.getByTestId('road-drive').click();
      const hud = page.getByTestId('drive-hud');
      await expect(hud).toHaveAttribute('data-autopilot', 'driving');
      await page.keyboard.press('Escape');
      await expect(hud).toHaveCount(0);
      await page.keyboard.press('v');
      await expect(page.getByTestId('panel-tab-roads')).toHaveAttribute('aria-selected', 'true');
      // The map fills its pane (fitted whole, 4 px inside its shorter side) and is centred in it, at each size.
      for (const size of [
        { width: 1600, height: 1000 },
        { width: 1280, height: 720 },
        { width: 1024, height: 768 },
      ]) {
        await page.setViewportSize(size);
        const fills = async () => {
          const box = (await map.boundingBox())!;
          const drawn = await withoutViewSelect(page, async () => (await pixelStats(page, map, MAP_BACKGROUND)).foregroundBox);
          const side = Math.min(box.width, box.height) - 8;
          return [
            Math.abs(drawn.maxX - drawn.minX + 1 - side) <= 3,
            Math.abs(drawn.maxY - drawn.minY + 1 - side) <= 3,
            Math.abs((drawn.minX + drawn.maxX + 1) / 2 - box.width / 2) <= 2,
            Math.abs((drawn.minY + drawn.maxY + 1) / 2 - box.height / 2) <= 2,
          ];
        };
        await expect.poll(fills, { timeout: 20_000, message: `${size.width}×${size.height}` }).toEqual([true, true, true, true]);
      }
      expect(app.consoleErrors).toEqual([]);
    });
  });

  test('the 2D view select is drawn like the side panel’s selects', async ({ app }) => {
    const { page } = app;
    const look = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.backgroundColor, style.color, style.getPropertyValue('border-top-color'), style.borderTopWidth, style.borderTopStyle, style.borderRadius];
      });
    expect(await look('map2d-layer-view')).toEqual(await look('gen-preset'));
    expect(app.consoleErrors).toEqual([]);
  });

  test('beside the 3D view only where that pane is nearly square, and the map stays usable in either', async ({ app }) => {
    const { page } = app;
    const workspace = page.locator('main.workspace');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(workspace).toHaveAttribute('data-arrangement', 'map-over-panel');
    const map = page.getByTestId('map-2d');
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('hover-readout')).toHaveAttribute('data-source', '2d');
    // 2560×1000: the pane beside the 3D view is 899 × 936 px.
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expect(workspace).toHaveAttribute('data-arrangement', 'side-by-side');
    await expect(page.getByTestId('splitter-views')).toBeVisible();
    await expect.poll(() => mapShareOfPane(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(0.85);
    expect(app.consoleErrors).toEqual([]);
  });
});
