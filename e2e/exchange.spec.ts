import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { createDefaultDocument } from '../app/document/document';
import { decodePng } from '../shared/codecs/png/decode';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { createHeightfield, heightRange } from '../shared/terrain/heightfield';
import { createCodecRegistry, encodeVariant } from '../shared/codecs/registry';
import { cropGrid, gridAsField, gridFromField } from '../shared/export/grid';
import { tileLayout, tileName } from '../shared/export/tiles';
import { test, expect, sendMenuCommand } from './fixtures';

// Heightmap import and export through the File menu, with the real main-process services writing and
// reading real files (paths answered by the scripted dialogs, as a user would pick them).

async function pixels(view: Locator): Promise<Buffer> {
  return view.screenshot({ animations: 'disabled' });
}

async function fileWritten(file: string): Promise<Uint8Array> {
  await expect.poll(async () => (await stat(file).catch(() => null))?.size ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  return new Uint8Array(await readFile(file));
}

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-exchange-e2e-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The start terrain: the default preset at 65² (e2e/fixtures.ts startSize), which the page makes with the
// same code as createDefaultDocument(START) here; every check below is of the document the page holds.
const START = 65;
test.use({ startSize: START });

test.describe('heightmap exchange', () => {
  test('File ▸ Export Heightmap writes a 16-bit PNG of the document within one step of its range', async ({ app }) => {
    const { page } = app;
    const target = path.join(dir, 'chosen.png');
    app.dialogs.queueSave(target);
    await sendMenuCommand(page, 'file.exportHeightmap');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await expect(page.getByTestId('export-format')).toHaveValue('png16');
    await page.getByTestId('export-confirm').click();
    const png = decodePng(await fileWritten(target), 'chosen.png');
    await expect(page.getByTestId('export-dialog')).toBeHidden();
    expect(app.dialogs.shown.at(-1)).toMatchObject({ kind: 'save', options: { defaultName: 'terrain.png' } });

    // The page shows the default preset at START²; the same code computes it here.
    const expected = createDefaultDocument(START).field;
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([expected.width, expected.depth, 16, 0]);
    const min = Number(png.text['faultline:heightMin']);
    const max = Number(png.text['faultline:heightMax']);
    expect({ min, max }).toEqual(heightRange(expected.heights));
    expect(Number(png.text['faultline:cellSize'])).toBe(expected.cellSize);
    const step = (max - min) / 65535;
    let worst = 0;
    for (let k = 0; k < expected.heights.length; k++) worst = Math.max(worst, Math.abs(min + png.samples[k] * step - expected.heights[k]));
    expect(worst).toBeLessThanOrEqual(step);
    expect(app.consoleErrors).toEqual([]);
  });

  test('File ▸ Export Heightmap with tiles: main encodes every tile into the chosen folder, each over the whole map’s range', async ({ app }) => {
    const { page } = app;
    await sendMenuCommand(page, 'file.exportHeightmap');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.getByTestId('export-format').selectOption('r16');
    await page.getByTestId('export-tiles').check();
    await page.getByTestId('export-tile-size').fill('33');
    await page.getByTestId('export-tile-overlap').fill('1');
    const expected = createDefaultDocument(START).field;
    const spec = { size: 33, overlap: 1 };
    const tiles = tileLayout(expected.width, expected.depth, spec);
    expect(tiles.length).toBeGreaterThan(1);
    await expect(page.getByTestId('export-tile-names')).toContainText(`${tiles.length} tiles: terrain_x0_y0.r16`);
    app.dialogs.queueDirectory(dir);
    await page.getByTestId('export-confirm').click();
    await expect(page.getByTestId('export-dialog')).toBeHidden();
    const codecs = createCodecRegistry();
    const range = heightRange(expected.heights);
    for (const tile of tiles) {
      const name = `${tileName('terrain', tile)}.r16`;
      const bytes = await fileWritten(path.join(dir, name));
      const piece = gridAsField(cropGrid(gridFromField(expected), tile.i0, tile.j0, tile.width, tile.depth));
      expect(Buffer.from(bytes).equals(Buffer.from(encodeVariant(codecs, 'r16', piece, { range, byteOrder: 'le', flip: false }))), name).toBe(true);
    }
    expect(app.consoleErrors).toEqual([]);
  });

  test('File ▸ Export Mesh writes a binary glTF with the terrain mesh', async ({ app }) => {
    const { page } = app;
    const target = path.join(dir, 'mesh.glb');
    app.dialogs.queueSave(target);
    await sendMenuCommand(page, 'file.exportMesh');
    await expect(page.getByTestId('export-format')).toHaveValue('glb');
    await page.getByTestId('export-confirm').click();
    const glb = await fileWritten(target);
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(new TextDecoder().decode(glb.subarray(0, 4))).toBe('glTF');
    expect(view.getUint32(4, true)).toBe(2);
    expect(view.getUint32(8, true)).toBe(glb.length);
    expect(view.getUint32(16, true)).toBe(0x4e4f534a); // JSON chunk
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as {
      nodes: { name: string }[];
      accessors: { count: number }[];
    };
    expect(json.nodes[0].name).toBe('terrain');
    expect(json.accessors[0].count).toBe(START * START);
    expect(json.accessors[2].count).toBe((START - 1) * (START - 1) * 6);
    expect(app.dialogs.shown.at(-1)).toMatchObject({ kind: 'save', options: { title: 'Export Mesh', defaultName: 'terrain.glb' } });
  });

  test('File ▸ Import Heightmap replaces the map at the PNG’s own scale, both views change, and undo restores it', async ({ app }) => {
    const { page } = app;
    const field = createHeightfield(65, 33, 3);
    for (let j = 0; j < 33; j++) for (let i = 0; i < 65; i++) field.heights[j * 65 + i] = 60 * Math.sin(i / 6) * Math.cos(j / 5);
    const file = path.join(dir, 'ridges.png');
    await writeFile(file, compilePngHeightmap(field));
    const map2d = page.getByTestId('map-2d');
    const view3d = page.getByTestId('viewport-3d');
    const before2d = await pixels(map2d);
    const before3d = await pixels(view3d);

    app.dialogs.queueOpen(file);
    await sendMenuCommand(page, 'file.import');
    await expect(page.getByTestId('import-summary')).toContainText('PNG · 65 × 33 · 16-bit grayscale');
    await expect(page.getByTestId('import-cell')).toHaveValue('3');
    const { min } = heightRange(field.heights);
    await expect(page.getByTestId('import-min')).toHaveValue(String(min));
    await page.getByTestId('import-confirm').click();

    await expect(page.getByTestId('status-size')).toContainText('65 × 33');
    await expect(page.getByTestId('status-cell')).toContainText('cell 3 m');
    await expect(page.getByTestId('status-undo')).toContainText('Import ridges.png');
    await expect.poll(async () => (await pixels(map2d)).equals(before2d), { timeout: 20_000 }).toBe(false);
    await expect.poll(async () => (await pixels(view3d)).equals(before3d), { timeout: 20_000 }).toBe(false);

    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('status-size')).toContainText(`${START} × ${START}`);
    await expect(page.getByTestId('status-undo')).not.toContainText('Import');
    expect(app.consoleErrors).toEqual([]);
  });

  test('importing a broken file shows an error naming it and changes nothing', async ({ app }) => {
    const { page } = app;
    const good = compilePngHeightmap(createHeightfield(17, 17, 1));
    const file = path.join(dir, 'broken.png');
    await writeFile(file, good.subarray(0, good.length - 30));
    const undoBefore = await page.getByTestId('status-undo').textContent();

    app.dialogs.queueOpen(file);
    await sendMenuCommand(page, 'file.import');
    await expect(page.getByTestId('exchange-error-message')).toContainText(/^broken\.png: /);
    await expect(page.getByTestId('import-dialog')).toBeHidden();
    await expect(page.getByTestId('status-size')).toContainText(`${START} × ${START}`);
    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');
    await page.getByTestId('exchange-error-dismiss').click();
    await expect(page.getByTestId('exchange-error')).toBeHidden();
  });
});
