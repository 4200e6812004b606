import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';
import { viewportShot } from './pixels';
import { waterPixels } from './waterPixels';

/**
 * Pixels that change by more than 24 levels (sum of channels) between two shots of one element, in the
 * columns from `fromX` (a share of the width) to the right edge.
 */
async function changedRightOf(page: Page, a: Buffer, b: Buffer, fromX: number): Promise<number> {
  return page.evaluate(
    async ({ a, b, fromX }) => {
      const decode = async (data: string) => {
        const { data: pixels, width } = await window.__faultlineDecodePng(data);
        return { pixels, width };
      };
      const on = await decode(a);
      const off = await decode(b);
      const x0 = Math.floor(fromX * on.width);
      let changed = 0;
      for (let p = 0; p < on.pixels.length; p += 4) {
        if ((p / 4) % on.width < x0) continue;
        const d = Math.abs(on.pixels[p] - off.pixels[p]) + Math.abs(on.pixels[p + 1] - off.pixels[p + 1]) + Math.abs(on.pixels[p + 2] - off.pixels[p + 2]);
        if (d > 24) changed++;
      }
      return changed;
    },
    { a: a.toString('base64'), b: b.toString('base64'), fromX },
  );
}

test.describe('the sea as a body of water', () => {
  // The map is generated first: the cheaper 65² start (the default terrain is never looked at).
  test.use({ viewport: { width: 1600, height: 1000 }, startSize: 65 });

  // Islands at 257² from the reset camera: the map's right and near-right edges are land above 0 m all
  // along (its sea and bays lie left of 70 % of the view's width). The sea plane drawn over the whole
  // square showed there as a blue strip below the land's edge, where nothing hid it.
  test('no sea beside land that stands above it at the map edge; the sea still over the low ground', async ({ app }) => {
    test.setTimeout(240_000);
    const { page } = app;
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('islands');
    await page.getByTestId('gen-size').selectOption('257');
    await runGenerateAndWait(page, 180_000);
    await page.getByTestId('cmd-view.resetCamera').click();
    await showPanel(page, 'view');
    await expect(page.getByTestId('view-water')).toBeChecked();
    const shown = await viewportShot(page);
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('sea-shown.png') });
    await page.getByTestId('view-water').uncheck();
    const hidden = await viewportShot(page);
    await page.getByTestId('viewport-3d').screenshot({ path: test.info().outputPath('sea-hidden.png') });

    // Right of 72 % of the width the map's edge is land above the sea: the sea changes nothing there
    // (a few antialiased pixels along the land's edge at most).
    expect(await changedRightOf(page, shown, hidden, 0.72)).toBeLessThan(40);
    // The sea is still drawn over the ground below 0 m: the bays and the open sea on the left.
    const { blue } = await waterPixels(page, shown, hidden, false);
    const box = await page.getByTestId('viewport-3d').boundingBox();
    expect(blue).toBeGreaterThan(0.04 * (box?.width ?? 0) * (box?.height ?? 0));
    expect(app.consoleErrors).toEqual([]);
  });
});
