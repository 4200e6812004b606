import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDefaultDocument } from '../app/document/document';
import { decodePng } from '../shared/codecs/png/decode';
import { heightRange } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';
import { test, expect, sendMenuCommand } from './fixtures';
import { reviewShot } from './reviewShot';

// The export dialog's engine presets end to end: the real main services write into a folder the
// scripted dialog "chooses", and the files are read back here.

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-presets-e2e-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function written(file: string): Promise<Uint8Array> {
  await expect.poll(async () => (await stat(file).catch(() => null))?.size ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
  return new Uint8Array(await readFile(file));
}

test.describe('export presets', () => {
  test('Unreal: the numbers to type, copy, masks previewed on the map, export to a folder, Escape closes', async ({ app }) => {
    const { page } = app;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1600, height: 1000 });
    const expected = createDefaultDocument().field;
    const { min, max } = heightRange(expected.heights);
    const sizeM = (expected.width - 1) * expected.cellSize;

    await sendMenuCommand(page, 'file.exportHeightmap');
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('export-target-unreal').click();
    // 257 vertices: the nearest landscape size is 253; the values follow the formulas.
    await expect(page.getByTestId('engine-value-size')).toHaveText('253 × 253');
    const shown = async (key: string) => Number.parseFloat((await page.getByTestId(`engine-value-${key}`).textContent()) ?? '');
    expect(await shown('scaleX')).toBeCloseTo((sizeM * 100) / 252, 5);
    expect(await shown('scaleZ')).toBeCloseTo(((max - min) * 100) / 512, 5);
    expect(await shown('locationZ')).toBeCloseTo(((min + max) / 2) * 100, 5);

    await page.getByTestId('engine-copy-scaleZ').click();
    await expect(page.getByTestId('engine-copy-scaleZ')).toHaveText('✓');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(Number(clipboard)).toBeCloseTo(await shown('scaleZ'), 9);

    // Masks: the default set, the view's ground materials (shared/ground/groundMaterials.ts: grass,
    // scree, dirt, rock, sediment and gravel where the default preset's erosion ran, snow); preview one.
    await page.getByTestId('engine-masks').check();
    await page.getByTestId('engine-normal-map').check();
    await page.getByTestId('engine-colour-map').check();
    await expect(page.getByTestId('mask-layer-2')).toBeVisible();
    const map = page.getByTestId('map-2d');
    const before = await map.screenshot();
    await page.getByTestId('mask-preview-2').click();
    await expect(page.getByTestId('mask-preview-2')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await map.screenshot()).equals(before), { timeout: 20_000 }).toBe(false);
    // The heightmap, one weightmap per mask layer, the normal map, the colour map and the info file.
    const maskLayers = await page
      .locator('[data-testid^="mask-layer-"]')
      .evaluateAll((nodes) => nodes.filter((n) => /^mask-layer-\d+$/.test(n.getAttribute('data-testid') ?? '')).length);
    expect(maskLayers).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('engine-files')).toContainText(`${1 + maskLayers + 3} files`);
    await reviewShot(page, 'export', 'export-dialog-unreal.png');

    app.dialogs.queueDirectory(dir);
    await page.getByTestId('export-confirm').click();
    const info = JSON.parse(new TextDecoder().decode(await written(path.join(dir, 'terrain.unreal.json')))) as Record<string, number>;
    await expect(dialog).toBeHidden();
    expect((await readdir(dir)).sort()).toEqual([
      'terrain.png',
      'terrain.unreal.json',
      'terrain_colour.png',
      'terrain_dirt.png',
      'terrain_grass.png',
      'terrain_gravel.png',
      'terrain_normal.png',
      'terrain_rock.png',
      'terrain_scree.png',
      'terrain_sediment.png',
      'terrain_snow.png',
    ]);
    expect(info.size).toBe(253);
    expect(info.scaleZ).toBeCloseTo(((max - min) * 100) / 512, 9);
    expect(info.locationZ).toBeCloseTo(((min + max) / 2) * 100, 9);
    expect(info.scaleX).toBeCloseTo((sizeM * 100) / 252, 9);

    // The heightmap read the Unreal way is the exact surface at the resampled vertices, within a step.
    const png = decodePng(await written(path.join(dir, 'terrain.png')), 'terrain.png');
    expect([png.width, png.height, png.bitDepth]).toEqual([253, 253, 16]);
    let worst = 0;
    for (let j = 0; j < 253; j += 4) {
      for (let i = 0; i < 253; i += 4) {
        const x = Math.min(sizeM / 2, -sizeM / 2 + (i * sizeM) / 252);
        const z = Math.min(sizeM / 2, -sizeM / 2 + (j * sizeM) / 252);
        const unreal = (info.locationZ + ((png.samples[j * 253 + i] - 32768) / 128) * info.scaleZ) / 100;
        worst = Math.max(worst, Math.abs(unreal - heightAt(expected, x, z)));
      }
    }
    expect(worst).toBeLessThanOrEqual((max - min) / 65535);
    const layers = await Promise.all(
      ['grass', 'scree', 'dirt', 'rock', 'sediment', 'gravel', 'snow'].map(async (name) =>
        decodePng(await written(path.join(dir, `terrain_${name}.png`)), name),
      ),
    );
    for (let k = 0; k < 253 * 253; k += 97) expect(layers.reduce((sum, layer) => sum + layer.samples[k], 0)).toBe(255);

    // Escape closes the dialog (and with it the preview).
    await sendMenuCommand(page, 'file.exportHeightmap');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('export-target-unreal')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(app.consoleErrors).toEqual([]);
  });

  test('Unity and Godot tabs show their own values; a cancelled folder keeps the dialog', async ({ app }) => {
    const { page } = app;
    await sendMenuCommand(page, 'file.exportHeightmap');
    await page.getByTestId('export-target-unity').click();
    await expect(page.getByTestId('engine-value-heightmapResolution')).toHaveText('257');
    await expect(page.getByTestId('engine-value-byteOrder')).toHaveText('16 bit / Windows');
    await page.getByTestId('engine-tiles').check();
    await page.getByTestId('engine-tile-size').fill('129');
    await expect(page.getByTestId('engine-value-tiles')).toHaveText('2 × 2');
    await reviewShot(page, 'export', 'export-dialog-unity.png');
    await page.getByTestId('engine-tiles').uncheck();
    await page.getByTestId('export-target-godot-terrain3d').click();
    await expect(page.getByTestId('engine-value-regionSize')).toHaveText('256');
    await page.getByTestId('export-target-godot-hterrain').click();
    await expect(page.getByTestId('engine-value-resolution')).toHaveText('257');
    await page.getByTestId('export-target-file').click();
    await page.getByTestId('export-format').selectOption('normal');
    await page.getByTestId('export-tiles').check();
    await page.getByTestId('export-tile-size').fill('129');
    await expect(page.getByTestId('export-tile-names')).toContainText('4 tiles: terrain_normal_x0_y0.png');
    await reviewShot(page, 'export', 'export-dialog-file.png');
    await page.getByTestId('export-target-godot-hterrain').click();
    // No folder chosen: nothing written, the dialog stays with its choices.
    await page.getByTestId('export-confirm').click();
    await expect(page.getByTestId('export-confirm')).toBeEnabled();
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    expect(app.dialogs.shown.at(-1)).toMatchObject({ kind: 'directory', options: { title: 'Export for Godot · HTerrain 1.7' } });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toBeHidden();
    expect(app.consoleErrors).toEqual([]);
  });
});

test.describe('export cancel', () => {
  // The export's own size makes it slow, not the map's: a small map starts sooner.
  test.use({ startSize: 65 });

  test('Cancel (Escape) stops a running Unreal export: no new or half files, an earlier export unchanged; Escape then closes', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1600, height: 1000 });
    // An earlier export of the same names, which the cancelled one would have replaced.
    const names = [
      'terrain.png',
      'terrain.unreal.json',
      'terrain_grass.png',
      'terrain_normal.png',
      'terrain_rock.png',
      'terrain_sediment.png',
      'terrain_snow.png',
    ];
    const earlier = new Map(names.map((name) => [name, Buffer.from(`the earlier ${name}`)]));
    for (const [name, bytes] of earlier) await writeFile(path.join(dir, name), bytes);

    await sendMenuCommand(page, 'file.exportHeightmap');
    const dialog = page.getByTestId('export-dialog');
    await page.getByTestId('export-target-unreal').click();
    // 4033² with masks and a normal map: seconds of encoding in the codec worker.
    await page.getByTestId('engine-size').selectOption('4033');
    await page.getByTestId('engine-masks').check();
    await page.getByTestId('engine-normal-map').check();
    // The heightmap, one weightmap per mask layer, the normal map and the info file.
    const maskLayers = await page
      .locator('[data-testid^="mask-layer-"]')
      .evaluateAll((nodes) => nodes.filter((n) => /^mask-layer-\d+$/.test(n.getAttribute('data-testid') ?? '')).length);
    await expect(page.getByTestId('engine-files')).toContainText(`${1 + maskLayers + 2} files: terrain.png, terrain_grass.png`);

    app.dialogs.queueDirectory(dir);
    app.dialogs.queueAnswer(0); // Replace
    await page.getByTestId('export-confirm').click();
    const running = page.getByTestId('export-running');
    await expect(running).toBeVisible();
    // Main is staging the first file (its temporary is in the folder) while the next is encoded.
    await expect.poll(async () => (await readdir(dir)).some((name) => name.endsWith('.tmp')), { timeout: 60_000 }).toBe(true);
    await expect(page.getByTestId('export-progress')).toContainText(new RegExp(`Writing \\d+ of ${1 + maskLayers + 2}`));
    await expect(page.getByTestId('export-stop')).toBeFocused();
    await reviewShot(page, 'export', 'export-progress-1600x1000.png');
    await page.setViewportSize({ width: 1280, height: 720 });
    await reviewShot(page, 'export', 'export-progress-1280x720.png');

    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-status')).toHaveText('Export cancelled', { timeout: 10_000 });
    await expect(running).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('export-confirm')).toBeEnabled();
    await reviewShot(page, 'export', 'export-cancelled-1280x720.png');
    // Nothing new, nothing half-written: the earlier files byte for byte, no temporaries.
    expect((await readdir(dir)).sort()).toEqual([...names].sort());
    for (const [name, bytes] of earlier) expect((await readFile(path.join(dir, name))).equals(bytes), name).toBe(true);
    expect(app.dialogs.shown.filter((d) => d.kind === 'directory')).toHaveLength(1);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(app.consoleErrors).toEqual([]);
  });
});
