/**
 * GeoTIFF and EXR in and out against the real tools: the committed fixtures (written by GDAL's
 * gdal_translate and OpenEXR's exrmaketiled, testing/toolFixtures.ts) decode to the heights their
 * sources hold, exactly; where the tools are installed they are made again and must decode the same;
 * a GeoTIFF Faultline writes is read back by GDAL bit for bit, with pixel size = cell size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/codecs/errors';
import { readHeightmapField } from '../../shared/codecs/import-heightmap';
import { createRandom } from '../../shared/random';
import { createCodecRegistry } from '../../shared/codecs/registry';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runExport, runInfo } from './exchangeCommands';
import { fakeCliIo } from './testing/fakeCliIo';
import {
  DEPTH,
  EXR_COMPRESSIONS,
  EXR_FIXTURES,
  PIZ_FLOAT,
  PIZ_HALF,
  terraceHeight,
  waveHeight,
  FIXTURE_DIR,
  floatHeight,
  GDAL_FIXTURES,
  halfBits,
  HOLES,
  intHeight,
  makeExrFixtures,
  makeGdalFixtures,
  toolsInstalled,
  WIDTH,
} from './testing/toolFixtures';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(path.join(FIXTURE_DIR, name)));
const tools = toolsInstalled();
const scratch = mkdtempSync(path.join(tmpdir(), 'faultline-imports-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function expected(values: (i: number, j: number) => number): Float32Array {
  const out = new Float32Array(WIDTH * DEPTH);
  for (let j = 0; j < DEPTH; j++) for (let i = 0; i < WIDTH; i++) out[j * WIDTH + i] = values(i, j);
  return out;
}

/** IEEE binary16 by its definition (sign, 5-bit exponent biased by 15, 10-bit fraction). */
const halfValue = (bits: number): number => (bits & 0x8000 ? -1 : 1) * (1 + (bits & 0x3ff) / 1024) * 2 ** (((bits >> 10) & 0x1f) - 15);

describe('GeoTIFF fixtures written by gdal_translate', () => {
  const floats = expected(floatHeight);
  it.each(['f32-lzw-fpredictor.tif', 'f32-lzw-fpredictor-bigendian.tif', 'f32-deflate-tiled-bigendian.tif', 'f64-none.tif'])(
    '%s: float heights bit for bit, 30 m cells, EPSG:32633',
    async (name) => {
      const { decoded, field } = await readHeightmapField(fixture(name), name);
      expect(field.heights).toEqual(floats);
      expect(field.cellSize).toBe(30);
      expect(decoded.metadata.text.crs).toBe('EPSG:32633');
      // The top-left corner: GDAL's ASCII grid put the lower-left at 500000, 4000000 and rows go south.
      expect(decoded.geo).toEqual({ epsg: 32633, originX: 500000, originY: 4000000 + DEPTH * 30 });
    },
  );

  it.each([
    ['i16-packbits.tif', false],
    ['i16-deflate-predictor-bigendian.tif', false],
    ['i32-deflate-bigtiff.tif', false],
    ['u16-lzw-predictor.tif', true],
  ] as const)('%s: integer heights as their values', async (name, unsigned) => {
    const { field } = await readHeightmapField(fixture(name), name);
    expect(field.heights).toEqual(expected((i, j) => intHeight(i, j, unsigned)));
  });

  it('u16: a range maps samples linearly (height = min + sample / 65535 · (max − min))', async () => {
    const { field } = await readHeightmapField(fixture('u16-lzw-predictor.tif'), 'u.tif', { min: -100, max: 555.35, preferFileMetadata: false });
    expect(field.heights).toEqual(expected((i, j) => Math.fround(-100 + intHeight(i, j, true) * (655.35 / 65535))));
  });

  it('nodata: holes are filled from the heights around them and reported; the rest is exact', async () => {
    const { decoded, field } = await readHeightmapField(fixture('f32-nodata.tif'), 'n.tif');
    expect(decoded.metadata.text.nodata).toBe(`-9999: ${HOLES.length} samples filled from the heights around them`);
    const floats = expected(floatHeight);
    for (let k = 0; k < floats.length; k++) {
      const i = k % WIDTH;
      const j = Math.floor(k / WIDTH);
      if (!HOLES.some(([hi, hj]) => hi === i && hj === j)) expect(field.heights[k]).toBe(floats[k]);
    }
    // A lone hole gets the mean of its eight neighbours.
    let sum = 0;
    for (const [di, dj] of [
      [-1, -1],
      [0, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [0, 1],
      [1, 1],
    ])
      sum += floats[(10 + dj) * WIDTH + 20 + di];
    expect(field.heights[10 * WIDTH + 20]).toBe(Math.fround(sum / 8));
  });

  it('geographic degrees: cells converted at the centre latitude (60° N) and resampled square', async () => {
    const { decoded, field } = await readHeightmapField(fixture('f32-geographic.tif'), 'g.tif');
    // WGS 84 at 60°: 1° of longitude is 55 800 m, 1° of latitude 111 412 m (published tables).
    const extentX = 32 * 55.8;
    const extentY = 16 * 111.412;
    expect(field.cellSize).toBeCloseTo(extentX / 32, 1);
    expect(field.width).toBe(WIDTH);
    expect(field.depth).toBe(Math.round(extentY / (extentX / 32)) + 1);
    expect(decoded.metadata.text.crs).toBe('EPSG:4326 (geographic)');
    expect(decoded.metadata.text.resampled).toMatch(/^bilinear from 33 × 17 to 33 × 33/);
    // Corners are kept by the resampling.
    expect(field.heights[0]).toBe(floatHeight(0, 0));
    expect(field.heights[field.heights.length - 1]).toBe(floatHeight(WIDTH - 1, DEPTH - 1));
  });

  it('faultline info prints the cell size, CRS, nodata and what was done', async () => {
    const io = fakeCliIo({ inputs: { 'n.tif': fixture('f32-nodata.tif') } });
    expect(await runInfo(['n.tif'], io)).toBe(0);
    const info = JSON.parse(io.out) as { kind: string; cellSize: number; metadata: Record<string, string> };
    expect(info.kind).toBe('tiff');
    expect(info.cellSize).toBe(30);
    expect(info.metadata.crs).toBe('EPSG:32633');
    expect(info.metadata.nodata).toMatch(/^-9999: 5 samples filled/);
  });

  it.skipIf(!tools.gdal)('gdal_translate makes the same files again (skipped where GDAL is not installed)', async () => {
    const dir = mkdtempSync(path.join(scratch, 'gdal-'));
    makeGdalFixtures(dir);
    for (const name of Object.keys(GDAL_FIXTURES)) {
      const fresh = await readHeightmapField(new Uint8Array(readFileSync(path.join(dir, name))), name);
      const committed = await readHeightmapField(fixture(name), name);
      expect(fresh.field.heights, name).toEqual(committed.field.heights);
      expect(fresh.decoded.metadata.text, name).toEqual(committed.decoded.metadata.text);
    }
  });
});

describe('EXR fixtures written by exrmaketiled', () => {
  it.each(EXR_COMPRESSIONS)('float Y, tiled, %s: heights bit for bit (Y wins over A)', async (z) => {
    const { decoded, field } = await readHeightmapField(fixture(`float-y-tiled-${z}.exr`), 'f.exr');
    expect(field.heights).toEqual(expected(floatHeight));
    expect(decoded.metadata.text.channel).toBe('Y (float32) of A, Y');
  });

  it.each(EXR_COMPRESSIONS)('half R, tiled, %s: heights exact (R wins over Z; G is colour)', async (z) => {
    const { decoded, field } = await readHeightmapField(fixture(`half-r-tiled-${z}.exr`), 'h.exr');
    expect(field.heights).toEqual(expected((i, j) => halfValue(halfBits(i, j))));
    expect(decoded.metadata.text.channel).toBe('R (half) of G, R, Z');
  });

  it.each([
    ['terrace-r-tiled-piz.exr', PIZ_HALF, (i: number, j: number) => terraceHeight(i, j) - 300],
    ['wave-y-tiled-piz.exr', PIZ_FLOAT, waveHeight],
  ] as const)('%s: PIZ-compressed tiles (wavelet and Huffman) decode exactly', async (name, size, height) => {
    const bytes = fixture(name);
    const { field } = await readHeightmapField(bytes, name);
    const want = new Float32Array(size.width * size.depth);
    for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) want[j * size.width + i] = height(i, j);
    expect(field.heights).toEqual(want);
  });

  it('a PIZ block cut short is refused in one line naming the file', async () => {
    const bytes = fixture('wave-y-tiled-piz.exr');
    // The one tile's compressed data, with its last half zeroed (its declared size kept).
    bytes.fill(0, bytes.length - 4000);
    await expect(readHeightmapField(bytes, 'cut.exr')).rejects.toThrow(/^cut\.exr: has a corrupt PIZ block 0 \(PIZ [^\n]+\)$/);
  });

  it('damaged PIZ and LZW files (seeded byte changes) are read or refused in one line, never anything else', async () => {
    const random = createRandom(37);
    for (const name of ['terrace-r-tiled-piz.exr', 'wave-y-tiled-piz.exr', 'f32-lzw-fpredictor.tif', 'u16-lzw-predictor.tif']) {
      const source = fixture(name);
      for (let k = 0; k < 150; k++) {
        const bytes = source.slice();
        // Past the header: the compressed data is what the decoders see.
        for (let n = 0; n < 1 + Math.floor(random.next() * 6); n++)
          bytes[Math.floor(source.length * (0.2 + 0.8 * random.next()))] = Math.floor(random.next() * 256);
        try {
          const { field } = await readHeightmapField(bytes, name);
          expect(field.heights.every((h) => Number.isFinite(h))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError);
          expect((error as Error).message).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}: [^\n]+$`));
        }
      }
    }
  });

  it.skipIf(!tools.openexr)('exrmaketiled makes the same files again (skipped where OpenEXR is not installed)', async () => {
    const dir = mkdtempSync(path.join(scratch, 'exr-'));
    makeExrFixtures(dir);
    for (const name of EXR_FIXTURES) {
      const fresh = await readHeightmapField(new Uint8Array(readFileSync(path.join(dir, name))), name);
      expect(fresh.field.heights, name).toEqual((await readHeightmapField(fixture(name), name)).field.heights);
    }
  });
});

describe('GeoTIFF export read by GDAL', () => {
  const field = createHeightfield(WIDTH, DEPTH, 2.5, expected(floatHeight));
  const gdalRead = (bytes: Uint8Array, name: string): { heights: Float32Array; info: { geoTransform: number[]; coordinateSystem?: { wkt: string } } } => {
    const file = path.join(scratch, name);
    writeFileSync(file, bytes);
    const raw = `${file}.bin`;
    execFileSync('gdal_translate', ['-q', '-of', 'ENVI', '-ot', 'Float32', file, raw]);
    const data = readFileSync(raw);
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file]).toString()) as { geoTransform: number[]; coordinateSystem?: { wkt: string } };
    return { heights: new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)), info };
  };

  it.skipIf(!tools.gdal)('a local grid: GDAL reads the heights bit for bit and the pixel size is the cell size (skipped without GDAL)', () => {
    const { heights, info } = gdalRead(createCodecRegistry().get('tiff').encode(field, { fileName: 'out.tif' }), 'local.tif');
    expect(heights).toEqual(field.heights);
    expect(info.geoTransform).toEqual([0, 2.5, 0, 0, 0, -2.5]);
  });

  it.skipIf(!tools.gdal)('an imported GeoTIFF goes out in its CRS at its origin through the CLI (skipped without GDAL)', async () => {
    const io = fakeCliIo({ inputs: { 'in.tif': fixture('f32-lzw-fpredictor.tif') } });
    expect(await runExport(['in.tif', '--out', 'out.tif'], io)).toBe(0);
    const { heights, info } = gdalRead(io.files.get('out.tif')!, 'projected.tif');
    expect(heights).toEqual(expected(floatHeight));
    expect(info.geoTransform).toEqual([500000, 30, 0, 4000000 + DEPTH * 30, 0, -30]);
    expect(info.coordinateSystem?.wkt).toContain('ID["EPSG",32633]');
  });
});
