import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readHeightmapField } from '../shared/codecs/import-heightmap';
import { expect, sendMenuCommand, test } from './fixtures';

// GeoTIFF and EXR into the window: a GDAL-written GeoTIFF through File ▸ Import Heightmap (the dialog
// says what was detected before the import), an OpenEXR-written tiled EXR dropped on the window, and
// a GeoTIFF out through the export dialog that GDAL reads back.

const FIXTURES = path.resolve(__dirname, '../shared/codecs/testing/fixtures');

test.describe('elevation files from other tools', () => {
  test.use({ startSize: 65 });

  test('a GDAL GeoTIFF: the dialog shows size, cell size, CRS, nodata and range, then imports at 30 m cells', async ({ app }) => {
    const { page } = app;
    app.dialogs.queueOpen(path.join(FIXTURES, 'f32-nodata.tif'));
    await sendMenuCommand(page, 'file.import');
    const summary = page.getByTestId('import-summary');
    await expect(summary).toContainText(
      'GeoTIFF · 33 × 17 · float32 · 30 m cells · EPSG:32633 · nodata -9999: 5 samples filled from the heights around them · heights ',
    );
    await expect(page.getByTestId('import-cell')).toHaveValue('30');
    // Float heights need no range.
    await expect(page.getByTestId('import-min')).toHaveCount(0);
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('status-size')).toContainText('33 × 17');
    await expect(page.getByTestId('status-cell')).toContainText('cell 30 m');
    await expect(page.getByTestId('status-undo')).toContainText('Import f32-nodata.tif');
    expect(app.consoleErrors).toEqual([]);
  });

  test('a tiled half-float EXR dropped on the window opens the import dialog with its channel', async ({ app }) => {
    const { page } = app;
    const bytes = [...new Uint8Array(await readFile(path.join(FIXTURES, 'half-r-tiled-zip.exr')))];
    await page.evaluate(
      ({ data }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], 'gaea.exr', { type: 'application/octet-stream' }));
        window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
      },
      { data: bytes },
    );
    await expect(page.getByTestId('import-summary')).toContainText('OpenEXR · 33 × 17 · R (half) of G, R, Z');
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('status-size')).toContainText('33 × 17');
    expect(app.consoleErrors).toEqual([]);
  });

  test('File ▸ Export Heightmap as GeoTIFF: GDAL reads the imported heights bit for bit, in the imported CRS at its origin, pixel size = cell size', async ({
    app,
  }) => {
    const { page } = app;
    const fixture = path.join(FIXTURES, 'f32-lzw-fpredictor.tif');
    app.dialogs.queueOpen(fixture);
    await sendMenuCommand(page, 'file.import');
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('status-size')).toContainText('33 × 17');

    const dir = await mkdtemp(path.join(tmpdir(), 'faultline-geotiff-e2e-'));
    try {
      const target = path.join(dir, 'out.tif');
      app.dialogs.queueSave(target);
      await sendMenuCommand(page, 'file.exportHeightmap');
      await page.getByTestId('export-format').selectOption('tiff');
      await page.getByTestId('export-confirm').click();
      await expect.poll(async () => (await stat(target).catch(() => null))?.size ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
      const { field } = await readHeightmapField(new Uint8Array(await readFile(fixture)), 'in.tif');
      let gdal: { heights: Float32Array; geoTransform: number[]; wkt: string } | null = null;
      try {
        execFileSync('gdal_translate', ['-q', '-of', 'ENVI', target, `${target}.bin`]);
        const info = JSON.parse(execFileSync('gdalinfo', ['-json', target]).toString()) as { geoTransform: number[]; coordinateSystem?: { wkt: string } };
        const data = await readFile(`${target}.bin`);
        gdal = {
          heights: new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
          geoTransform: info.geoTransform,
          wkt: info.coordinateSystem?.wkt ?? '',
        };
      } catch {
        // Without GDAL installed, Faultline's own reader checks the file.
      }
      const heights = gdal?.heights ?? (await readHeightmapField(new Uint8Array(await readFile(target)), 'out.tif')).field.heights;
      expect(heights).toEqual(field.heights);
      // The imported GeoTIFF's CRS and top-left corner go back out with the imported map.
      if (gdal) {
        expect(gdal.geoTransform).toEqual([500000, 30, 0, 4000000 + 17 * 30, 0, -30]);
        expect(gdal.wkt).toContain('ID["EPSG",32633]');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(app.consoleErrors).toEqual([]);
  });
});
