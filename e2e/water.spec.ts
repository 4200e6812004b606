import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseProject } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import { createWaterSurface, waterDepths } from '../shared/hydrology/waterSurface';
import { expect, sendMenuCommand, test } from './fixtures';
import { showPanel } from './panel';
import { OVERLAY_ACTIVE } from '../app/palette/overlayPalette';
import { colourPixels, frames, settledViewportShot, waterPixels } from './waterPixels';

// The map is generated first: the cheaper 65² start (the default terrain is never looked at).
test.use({ viewport: { width: 1600, height: 1000 }, startSize: 65 });

/** Waits until no terrain job runs (the status bar names none). */
async function idle(page: Page): Promise<void> {
  await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 60_000 });
}

test('automatic water on Mountains: drawn blue in both views where it is deep, gone with Show Water off, undone to the same bytes', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-water-'));
  const save = async (name: string) => {
    const file = path.join(folder, name);
    app.dialogs.queueSave(file);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => page.evaluate(() => document.title)).toBe(`${name} — Faultline`);
    return parseProject(new Uint8Array(await readFile(file)), name);
  };
  try {
    // Mountains at 257².
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('mountains');
    await page.getByTestId('gen-size').selectOption('257');
    await page.getByTestId('gen-run').click();
    await expect(page.getByTestId('status-undo')).toContainText('Generate');
    await idle(page);
    const before = await save('before.faultline');

    // Automatic water from the Water section, then a smaller river area (a 512 m map drains too
    // little for the default's rivers): two undo entries.
    await showPanel(page, 'layers');
    const panel = page.getByTestId('water-panel');
    await panel.getByTestId('water-add').click();
    await idle(page);
    await expect(page.getByTestId('status-undo')).toContainText('Add automatic water');
    // No river at the default area, and the section says why with the figure.
    const noRiver = panel.getByTestId('water-no-river');
    await expect(noRiver).toContainText('under the river area of 250,000 m². Lower River area to see rivers.');
    const drained = Number(/is ([\d,]+) m²/.exec((await noRiver.textContent()) ?? '')![1].replaceAll(',', ''));
    expect(drained).toBeGreaterThan(4000);
    expect(drained).toBeLessThan(250_000);
    await panel.getByTestId('water-river-area').fill('4000');
    await panel.getByTestId('water-river-area').press('Enter');
    await idle(page);
    await expect(page.getByTestId('status-undo')).toContainText('Set Water 1 river area');
    await expect(panel.getByTestId('water-rivers').locator('li').first()).toBeVisible();
    await expect(noRiver).toHaveCount(0);

    // The project's water: its layers replay to its heights, and they hold water.
    const watered = await save('water.faultline');
    expect(watered.layers?.at(-1)).toMatchObject({ kind: 'water', params: { riverArea: 4000 } });
    const { width, depth, cellSize } = watered.field;
    const surface = createWaterSurface(width * depth);
    const replayed = evaluateStack(watered.layers ?? [], { width, depth, cellSize }, { water: surface })!;
    expect(Buffer.from(replayed.buffer).equals(Buffer.from(watered.field.heights.buffer))).toBe(true);
    const wet = waterDepths(surface, replayed).filter((d) => d > 0).length;
    expect(wet).toBeGreaterThan(200);

    // Both views, water shown and hidden (2D in grey so only the water is blue there).
    await sendMenuCommand(page, 'view.map2dGrayscale');
    const map2d = page.getByTestId('map-2d');
    await expect(map2d).toHaveAttribute('data-water', 'shown');
    await frames(page);
    const shown2d = await map2d.screenshot();
    const shown3d = await settledViewportShot(page);
    await sendMenuCommand(page, 'view.toggleWater');
    await expect(map2d).toHaveAttribute('data-water', 'hidden');
    await frames(page);
    const hidden2d = await map2d.screenshot();
    const hidden3d = await settledViewportShot(page);
    const flat = await waterPixels(page, shown2d, hidden2d, true);
    const scene = await waterPixels(page, shown3d, hidden3d, false);
    // Every pixel the water changes is water-blue; there are a good many of them.
    expect(flat.changed).toBeGreaterThan(200);
    expect(flat.blue / flat.changed).toBeGreaterThan(0.95);
    expect(scene.changed).toBeGreaterThan(100);
    expect(scene.blue / scene.changed).toBeGreaterThan(0.8);
    await sendMenuCommand(page, 'view.toggleWater');
    await expect(map2d).toHaveAttribute('data-water', 'shown');

    // Select the longest river: it is tinted in both views, and the 2D panel frames it, outlined in
    // the colour every tool selects with (the heightmap is grey, so only the outline has it).
    expect(await colourPixels(page, shown2d, OVERLAY_ACTIVE)).toMatchObject({ count: 0 });
    await panel.getByTestId('water-rivers').locator('li').first().click();
    await expect(panel.getByTestId('water-rivers').locator('li').first()).toHaveAttribute('aria-selected', 'true');
    // The per-vertex feature ids are found again for a selection (kept only while one is selected).
    await expect(panel.getByTestId('water-finding')).toHaveCount(0, { timeout: 60_000 });
    await frames(page);
    const selected2d = await map2d.screenshot();
    const selection = await waterPixels(page, selected2d, shown2d, true);
    expect(selection.changed).toBeGreaterThan(10);
    const outline = await colourPixels(page, selected2d, OVERLAY_ACTIVE);
    expect(outline.count).toBeGreaterThan(50);
    expect(Math.abs(outline.centreX - 0.5)).toBeLessThan(0.1);
    expect(Math.abs(outline.centreY - 0.5)).toBeLessThan(0.1);
    // In the 3D view too: its centre line in that colour over the water (the view frames it).
    expect(await colourPixels(page, shown3d, OVERLAY_ACTIVE)).toMatchObject({ count: 0 });
    const line3d = await colourPixels(page, await settledViewportShot(page), OVERLAY_ACTIVE);
    expect(line3d.count).toBeGreaterThan(50);

    // Undo both entries: the heights are Mountains' again, byte for byte, and the water is gone.
    await page.getByTestId('cmd-edit.undo').click();
    await idle(page);
    await page.getByTestId('cmd-edit.undo').click();
    await idle(page);
    await expect(panel.getByTestId('water-add')).toBeVisible();
    await expect(map2d).not.toHaveAttribute('data-water', /./);
    const after = await save('after.faultline');
    expect(Buffer.from(after.field.heights.buffer).equals(Buffer.from(before.field.heights.buffer))).toBe(true);
    expect(after.layers?.map((layer) => layer.kind)).toEqual(before.layers?.map((layer) => layer.kind));
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
