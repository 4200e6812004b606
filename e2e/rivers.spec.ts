import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, sendMenuCommand } from './fixtures';
import { fileWritten } from './writtenFile';
import { pixelDifference } from './pixels';
import { frames, settledViewportShot, waterPixels } from './waterPixels';

/** Two points of the 2D panel (fractions of its box) the river runs between, and points along it. */
const ENDS: Array<[number, number]> = [
  [0.38, 0.45],
  [0.6, 0.52],
];
const ALONG: Array<[number, number]> = [ENDS[0], [0.44, 0.47], [0.49, 0.485], [0.54, 0.5], ENDS[1]];

/** The exact height under a point of the 2D panel, from the app's hover readout, as its text (bit-exact). */
async function heightAt(page: Page, map2d: Locator, [fx, fy]: [number, number]): Promise<string> {
  const box = (await map2d.boundingBox())!;
  const readout = page.getByTestId('hover-readout');
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  await expect(readout).toHaveAttribute('data-source', '2d');
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return (await readout.getAttribute('data-h'))!;
}

const heightsAlong = async (page: Page, map2d: Locator) => {
  const out: string[] = [];
  for (const point of ALONG) out.push(await heightAt(page, map2d, point));
  return out;
};

/** Exports one entry of File ▸ Export to `file` through the dialog and returns the bytes written. */
async function exportThroughDialog(app: { page: Page; dialogs: { queueSave(file: string): void } }, format: string, file: string): Promise<Uint8Array> {
  app.dialogs.queueSave(file);
  await sendMenuCommand(app.page, 'file.exportHeightmap');
  await expect(app.page.getByTestId('export-dialog')).toBeVisible();
  await app.page.getByTestId('export-format').selectOption(format);
  await app.page.getByTestId('export-confirm').click();
  return fileWritten(file);
}

async function clickAt(page: Page, view: Locator, [fx, fy]: [number, number]): Promise<void> {
  const box = (await view.boundingBox())!;
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
}

test.describe('the river tool', () => {
  test.use({ startSize: 65 });

  test('draw a river in 2D from source to mouth: a river layer carves its bed and is water-blue in both views; undo restores the heights bit for bit', async ({
    app,
  }) => {
    test.setTimeout(180_000);
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const viewport = page.getByTestId('viewport-3d');
    const undo = page.getByTestId('status-undo');

    const before = await heightsAlong(page, map2d);
    // The source is the higher end: the river runs downhill.
    const [source, mouth] = Number(before[0]) >= Number(before.at(-1)) ? [ENDS[0], ENDS[1]] : [ENDS[1], ENDS[0]];
    await page.mouse.move(0, 0);
    const map2dBefore = await map2d.screenshot();
    const viewBefore = await viewport.screenshot();

    // The River tool by its shortcut: its button is pressed and the Layers tab shows.
    await page.keyboard.press('Shift+W');
    await expect(page.getByTestId('panel-tab-layers')).toHaveAttribute('aria-selected', 'true');
    await clickAt(page, map2d, source);
    await clickAt(page, map2d, mouth);
    await expect(undo).toContainText('New river "River 1"');
    await expect(page.getByTestId('layer-river-1')).toBeVisible();
    await expect(page.getByTestId('layers-error')).toHaveCount(0);

    // The bed is cut along the river: every height read along it is lower.
    const carved = await heightsAlong(page, map2d);
    for (const [k, h] of carved.entries()) expect(Number(h), `point ${k}`).toBeLessThan(Number(before[k]));
    await page.mouse.move(0, 0);
    expect((await pixelDifference(page, map2dBefore, await map2d.screenshot())).differingShare).toBeGreaterThan(0.001);
    expect((await pixelDifference(page, viewBefore, await viewport.screenshot())).differingShare).toBeGreaterThan(0.001);

    // The river is water: blue along it in both views (2D in grey so only the water is blue there),
    // gone with Show Water off.
    await expect(map2d).toHaveAttribute('data-water', 'shown');
    await sendMenuCommand(page, 'view.map2dGrayscale');
    await frames(page);
    const shown2d = await map2d.screenshot();
    const shown3d = await settledViewportShot(page);
    await sendMenuCommand(page, 'view.toggleWater');
    await expect(map2d).toHaveAttribute('data-water', 'hidden');
    await frames(page);
    const flat = await waterPixels(page, shown2d, await map2d.screenshot(), true);
    const scene = await waterPixels(page, shown3d, await settledViewportShot(page), false);
    expect(flat.changed).toBeGreaterThan(30);
    expect(flat.blue / flat.changed).toBeGreaterThan(0.95);
    expect(scene.changed).toBeGreaterThan(20);
    expect(scene.blue / scene.changed).toBeGreaterThan(0.8);
    await sendMenuCommand(page, 'view.toggleWater');
    await expect(map2d).toHaveAttribute('data-water', 'shown');
    // Back to the colours the test began with.
    await sendMenuCommand(page, 'view.map2dGrayscale');

    // Its files through File ▸ Export: the water depth (wet along the river, metres, float32 rows) and the
    // river centrelines (the drawn river from its source to its mouth, its surface never rising).
    const dir = await mkdtemp(path.join(tmpdir(), 'faultline-river-e2e-'));
    try {
      const depthBytes = await exportThroughDialog(app, 'water-depth', path.join(dir, 'chosen_depth.r32'));
      const depths = new Float32Array(depthBytes.slice().buffer);
      expect(depths.length).toBe(65 * 65);
      expect(depths.filter((d) => d > 0.1).length).toBeGreaterThan(20);
      expect(depths.every((d) => d >= 0)).toBe(true);
      const json = JSON.parse(new TextDecoder().decode(await exportThroughDialog(app, 'river-centrelines', path.join(dir, 'chosen_rivers.json')))) as {
        rivers: { name: string; source: string; layer: string; points: { y: number; depth: number }[] }[];
      };
      expect(json.rivers.map(({ name, source, layer }) => ({ name, source, layer }))).toEqual([{ name: 'River 1', source: 'drawn', layer: 'river-1' }]);
      const { points } = json.rivers[0];
      expect(points.length).toBeGreaterThan(2);
      for (let k = 1; k < points.length; k++) expect(points[k].y).toBeLessThanOrEqual(points[k - 1].y);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Esc leaves the tool's river as it is; undo: the land before the river, bit for bit, and no water.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Z');
    await expect(undo).not.toContainText('River 1');
    await expect(page.getByTestId('layer-river-1')).toHaveCount(0);
    expect(await heightsAlong(page, map2d)).toEqual(before);
    await expect(map2d).not.toHaveAttribute('data-water', /./);
  });
});
