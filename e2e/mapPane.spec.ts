import type { Page } from '@playwright/test';
import { pixelStats } from './pixels';
import { expect, test } from './fixtures';

// The 2D map uses its pane (issue 34): at 1024×768 the pane beside the 3D view was 2.5 times as tall
// as wide and a third of it stayed empty; there the map now sits over the side panel
// (renderer/viewsLayout.ts). Measured on pixels: the share of the pane that is not its empty background.

const MAP_BACKGROUND: [number, number, number] = [0x14, 0x18, 0x1f];

async function mapShareOfPane(page: Page): Promise<number> {
  const select = page.getByTestId('map2d-layer-view');
  // The view select floats over the map: measure the map alone.
  await select.evaluate((element) => ((element as HTMLElement).style.visibility = 'hidden'));
  await page.waitForTimeout(300);
  const stats = await pixelStats(page, page.getByRole('region', { name: '2D heightmap' }), MAP_BACKGROUND);
  await select.evaluate((element) => ((element as HTMLElement).style.visibility = ''));
  return stats.foregroundShare;
}

test.describe('the 2D map fills its pane', () => {
  for (const [width, height, arrangement] of [
    [1024, 768, 'map-over-panel'],
    [1280, 720, 'side-by-side'],
    [1600, 1000, 'side-by-side'],
  ] as const) {
    test(`at ${width}×${height} the map covers at least 85 % of its pane (${arrangement})`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await expect(page.locator('main.workspace')).toHaveAttribute('data-arrangement', arrangement);
      await expect.poll(() => mapShareOfPane(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(0.85);
      const view3d = (await page.getByTestId('viewport-3d').boundingBox())!;
      // The 3D view keeps the larger share of the window's width in either arrangement.
      expect(view3d.width / width).toBeGreaterThanOrEqual(arrangement === 'side-by-side' ? 0.42 : 0.65);
      expect(app.consoleErrors).toEqual([]);
    });
  }

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

  test('the arrangement follows the window both ways and the map stays usable', async ({ app }) => {
    const { page } = app;
    const workspace = page.locator('main.workspace');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(workspace).toHaveAttribute('data-arrangement', 'map-over-panel');
    const map = page.getByTestId('map-2d');
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('hover-readout')).toHaveAttribute('data-source', '2d');
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(workspace).toHaveAttribute('data-arrangement', 'side-by-side');
    await expect(page.getByTestId('splitter-views')).toBeVisible();
    expect(app.consoleErrors).toEqual([]);
  });
});
