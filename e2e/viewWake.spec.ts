import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, sendMenuCommand } from './fixtures';
import { showPanel } from './panel';
import { tenLayerProject } from './perf/tenLayerProject';

/**
 * The 3D view's wake from rest at 4097² (renderer/viewport/ViewAtRest.tsx), REPORTED, never asserted
 * beyond functional facts: the 10-layer project (erosion cover, automatic water) opened, the view left to
 * rest (`?viewRest=1000`), then woken by a key press (no camera change) three times; each wake's time from
 * the request to the first frame drawn with the restored context, and the triangles the terrain drew in
 * that frame and in the frames after it (the first keeps to the wake's budget, lodTerrainMeshes.ts).
 */
test.use({ viewRest: 1000 });

/** Review screenshots of the last wake (the still, the first frame, the full one after it), only when FAULTLINE_SHOTS names a folder. */
const SHOTS = process.env.FAULTLINE_SHOTS ? path.resolve(process.env.FAULTLINE_SHOTS, 'wake') : undefined;

const WAKES = 3;

test('the 3D view woken from rest at 4097² (10 layers, water): time to the first frame @report', async ({ app }) => {
  test.setTimeout(1_200_000);
  const { page } = app;
  const view = page.getByTestId('viewport-3d');
  if (SHOTS) await page.setViewportSize({ width: 1600, height: 1000 });
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-wake-'));
  try {
    const file = path.join(folder, 'ten-layers.faultline');
    await writeFile(file, tenLayerProject(4097, 1));
    app.dialogs.queueOpen(file);
    await sendMenuCommand(page, 'file.open');
    await expect(page.getByTestId('status-size')).toContainText('4097', { timeout: 420_000 });
    await showPanel(page, 'layers');
    await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 120_000 });
    await expect(view.locator('canvas[data-engine]')).toHaveAttribute('data-water-building', 'false', { timeout: 600_000 });
    await page.mouse.move(0, 0);
    // Every triangle count the terrain shows, in order.
    await page.evaluate(() => {
      const element = document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')!;
      const log: string[] = [];
      (window as unknown as { __triangles: string[] }).__triangles = log;
      new MutationObserver(() => log.push(element.dataset.triangles ?? '')).observe(element, { attributes: true, attributeFilter: ['data-triangles'] });
    });
    const lines: string[] = [];
    for (let wake = 0; wake < WAKES; wake++) {
      await expect(view).toHaveAttribute('data-view-rest', 'resting', { timeout: 300_000 });
      await page.waitForTimeout(1500);
      await page.evaluate(() => ((window as unknown as { __triangles: string[] }).__triangles.length = 0));
      const shoot = SHOTS && wake === WAKES - 1;
      if (shoot) await view.screenshot({ path: path.join(SHOTS, 'wake-1-still-1600x1000.png') });
      await page.keyboard.press('Shift');
      await expect(view).toHaveAttribute('data-view-rest', 'live', { timeout: 300_000 });
      // Taken at once: the first frame if the next one is not drawn yet (the triangle log says which).
      if (shoot) {
        const shown = await view.getAttribute('data-triangles');
        await view.screenshot({ path: path.join(SHOTS, `wake-2-first-frame-${shown}-1600x1000.png`) });
      }
      const ms = (name: string) => view.getAttribute(`data-view-${name}-ms`);
      const restore = await ms('restore');
      const context = await ms('context');
      const frame = await ms('restore-frame');
      await page.waitForTimeout(500);
      if (shoot) await view.screenshot({ path: path.join(SHOTS, 'wake-3-full-1600x1000.png') });
      const triangles = await page.evaluate(() => (window as unknown as { __triangles: string[] }).__triangles.join(' → '));
      expect(Number(restore)).toBeGreaterThan(0);
      lines.push(
        `wake ${wake + 1}: ${restore} ms to the first frame (the context back in ${context} ms, the first frame's task ${frame} ms); ` +
          `terrain triangles ${triangles || 'unchanged'}`,
      );
    }
    for (const line of lines) {
      test.info().annotations.push({ type: 'performance', description: line });
      console.log(`[wake] ${line}`);
    }
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
