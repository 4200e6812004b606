/**
 * The GeoTIFF and EXR test files, made by the real tools (GDAL's gdal_translate, OpenEXR's
 * exrmaketiled), never by Faultline's writers: each fixture is a command over a source the tools
 * read (an Arc/Info ASCII grid of known heights; an uncompressed EXR written here by hand). The
 * committed copies in shared/codecs/testing/fixtures are these commands' output; terrainImports.test.ts
 * regenerates them where the tools are installed and checks both decode to the same heights.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURE_DIR = path.resolve(__dirname, '../../../shared/codecs/testing/fixtures');
export const WIDTH = 33;
export const DEPTH = 17;
export const NODATA = -9999;
/**
 * The PIZ fixtures whose blocks PIZ really compresses (it stores small or noisy tiles raw, as the
 * other fixtures' are): half R over 65 × 33 in 32 × 16 tiles, float Y over 64 × 64 in one tile.
 */
export const PIZ_HALF = { width: 65, depth: 33, tile: [32, 16] } as const;
export const PIZ_FLOAT = { width: 64, depth: 64, tile: [64, 64] } as const;
/** Where the nodata fixture has holes (column, row). */
export const HOLES: ReadonlyArray<[number, number]> = [
  [5, 3],
  [6, 3],
  [5, 4],
  [20, 10],
  [0, 0],
];

/** Known heights: float32 values with fractions, below and above zero. */
export function floatHeight(i: number, j: number): number {
  return Math.fround(((i * 37 + j * 101) % 523) * 0.7312 - 120.5);
}

/** Terraced heights in half-metre steps (PIZ_HALF's, less 300). */
export function terraceHeight(i: number, j: number): number {
  return 300 + Math.floor(i / 8) * 0.75 + Math.floor(j / 4) * 0.5;
}

/** Quarter-metre waves (PIZ_FLOAT's). */
export function waveHeight(i: number, j: number): number {
  return Math.round((Math.sin(i / 5) * 40 + j * 0.75) * 4) / 4 + 310;
}

/** Known integer heights (int16/uint16/int32 fixtures). */
export function intHeight(i: number, j: number, unsigned: boolean): number {
  return ((i * 1237 + j * 4099) % 30011) - (unsigned ? 0 : 15000);
}

export function toolsInstalled(): { gdal: boolean; openexr: boolean } {
  const has = (tool: string, arg: string): boolean => {
    try {
      execFileSync(tool, [arg], { stdio: 'ignore' });
      return true;
    } catch (error) {
      // Installed tools that merely dislike the argument still exit (status set); a missing one has no status.
      return typeof (error as { status?: unknown }).status === 'number';
    }
  };
  return { gdal: has('gdal_translate', '--version'), openexr: has('exrmaketiled', '-h') };
}

function asciiGrid(values: (i: number, j: number) => number, header: string): string {
  const rows: string[] = [];
  for (let j = 0; j < DEPTH; j++) {
    const row: string[] = [];
    for (let i = 0; i < WIDTH; i++) row.push(String(values(i, j)));
    rows.push(row.join(' '));
  }
  return `ncols ${WIDTH}\nnrows ${DEPTH}\n${header}\n${rows.join('\n')}\n`;
}

/** name → gdal_translate arguments (after the source); the source kind decides the values. */
export const GDAL_FIXTURES: Record<string, { source: 'float' | 'int' | 'uint' | 'holes' | 'degrees'; args: string[] }> = {
  'f32-lzw-fpredictor.tif': { source: 'float', args: ['-ot', 'Float32', '-co', 'COMPRESS=LZW', '-co', 'PREDICTOR=3', '-a_srs', 'EPSG:32633'] },
  'f32-deflate-tiled-bigendian.tif': {
    source: 'float',
    args: [
      '-ot',
      'Float32',
      '-co',
      'COMPRESS=DEFLATE',
      '-co',
      'TILED=YES',
      '-co',
      'BLOCKXSIZE=16',
      '-co',
      'BLOCKYSIZE=16',
      '-co',
      'ENDIANNESS=BIG',
      '-a_srs',
      'EPSG:32633',
    ],
  },
  'f64-none.tif': { source: 'float', args: ['-ot', 'Float64', '-a_srs', 'EPSG:32633'] },
  'i16-packbits.tif': { source: 'int', args: ['-ot', 'Int16', '-co', 'COMPRESS=PACKBITS', '-a_srs', 'EPSG:32633'] },
  'u16-lzw-predictor.tif': { source: 'uint', args: ['-ot', 'UInt16', '-co', 'COMPRESS=LZW', '-co', 'PREDICTOR=2', '-a_srs', 'EPSG:32633'] },
  'i16-deflate-predictor-bigendian.tif': {
    source: 'int',
    args: ['-ot', 'Int16', '-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=2', '-co', 'ENDIANNESS=BIG', '-a_srs', 'EPSG:32633'],
  },
  'f32-lzw-fpredictor-bigendian.tif': {
    source: 'float',
    args: ['-ot', 'Float32', '-co', 'COMPRESS=LZW', '-co', 'PREDICTOR=3', '-co', 'ENDIANNESS=BIG', '-a_srs', 'EPSG:32633'],
  },
  'i32-deflate-bigtiff.tif': { source: 'int', args: ['-ot', 'Int32', '-co', 'COMPRESS=DEFLATE', '-co', 'BIGTIFF=YES', '-a_srs', 'EPSG:32633'] },
  'f32-nodata.tif': { source: 'holes', args: ['-ot', 'Float32', '-co', 'COMPRESS=DEFLATE', '-a_srs', 'EPSG:32633', '-a_nodata', String(NODATA)] },
  'f32-geographic.tif': { source: 'degrees', args: ['-ot', 'Float32', '-co', 'COMPRESS=LZW', '-a_srs', 'EPSG:4326'] },
};

/** Writes every GDAL fixture into `dir` with gdal_translate. */
export function makeGdalFixtures(dir: string): void {
  const sources = {
    float: asciiGrid(floatHeight, 'xllcorner 500000\nyllcorner 4000000\ncellsize 30'),
    int: asciiGrid((i, j) => intHeight(i, j, false), 'xllcorner 500000\nyllcorner 4000000\ncellsize 30'),
    uint: asciiGrid((i, j) => intHeight(i, j, true), 'xllcorner 500000\nyllcorner 4000000\ncellsize 30'),
    holes: asciiGrid(
      (i, j) => (HOLES.some(([hi, hj]) => hi === i && hj === j) ? NODATA : floatHeight(i, j)),
      `xllcorner 500000\nyllcorner 4000000\ncellsize 30\nNODATA_value ${NODATA}`,
    ),
    // 0.001° square pixels at 60° north: about 55.8 m east–west and 111.4 m north–south.
    degrees: asciiGrid(floatHeight, 'xllcorner 10\nyllcorner 59.9915\ncellsize 0.001'),
  };
  for (const [name, source] of Object.entries(sources)) writeFileSync(path.join(dir, `${name}.asc`), source);
  for (const [name, fixture] of Object.entries(GDAL_FIXTURES)) {
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', ...fixture.args, path.join(dir, `${fixture.source}.asc`), path.join(dir, name)], { stdio: 'pipe' });
  }
}

/** An uncompressed scanline EXR of the given channels (name, 1 half / 2 float), written per the file layout. */
export function plainExr(
  channels: ReadonlyArray<{ name: string; type: 1 | 2; value: (i: number, j: number) => number }>,
  width = WIDTH,
  depth = DEPTH,
): Uint8Array {
  const parts: number[] = [];
  const u8 = (...v: number[]) => parts.push(...v);
  const u32 = (v: number) => u8(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  const text = (t: string) => u8(...Array.from(t, (c) => c.charCodeAt(0)), 0);
  const attribute = (name: string, type: string, value: number[]) => {
    text(name);
    text(type);
    u32(value.length);
    u8(...value);
  };
  const le32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
  const f32 = (v: number) => Array.from(new Uint8Array(Float32Array.of(v).buffer));
  u32(20000630);
  u32(2);
  const sorted = [...channels].sort((a, b) => (a.name < b.name ? -1 : 1));
  attribute('channels', 'chlist', [
    ...sorted.flatMap((c) => [...Array.from(c.name, (ch) => ch.charCodeAt(0)), 0, ...le32(c.type), 0, 0, 0, 0, ...le32(1), ...le32(1)]),
    0,
  ]);
  attribute('compression', 'compression', [0]);
  const box = [...le32(0), ...le32(0), ...le32(width - 1), ...le32(depth - 1)];
  attribute('dataWindow', 'box2i', box);
  attribute('displayWindow', 'box2i', box);
  attribute('lineOrder', 'lineOrder', [0]);
  attribute('pixelAspectRatio', 'float', f32(1));
  attribute('screenWindowCenter', 'v2f', [...f32(0), ...f32(0)]);
  attribute('screenWindowWidth', 'float', f32(1));
  u8(0);
  const lineBytes = sorted.reduce((sum, c) => sum + width * (c.type === 1 ? 2 : 4), 0);
  const tableAt = parts.length;
  let at = tableAt + 8 * depth;
  for (let j = 0; j < depth; j++) {
    u32(at);
    u32(0);
    at += 8 + lineBytes;
  }
  for (let j = 0; j < depth; j++) {
    u32(j);
    u32(lineBytes);
    for (const c of sorted) {
      for (let i = 0; i < width; i++) {
        const v = c.value(i, j);
        if (c.type === 2) u8(...f32(v));
        else u8(v & 0xff, v >> 8); // the caller gives half bits
      }
    }
  }
  return Uint8Array.from(parts);
}

/** A half whose value is known exactly: bits of heights from −512 to 511.75 in quarter steps. */
export function halfBits(i: number, j: number): number {
  const quarters = ((i * 37 + j * 101) % 4093) - 2048; // −2048..2044 quarters
  const value = quarters / 4;
  return float32ToHalfExact(value);
}

/** Half bits of a value a half holds exactly (a multiple of 1/4 with |v| < 1024). */
export function float32ToHalfExact(value: number): number {
  if (value === 0) return 0;
  const sign = value < 0 ? 0x8000 : 0;
  let v = Math.abs(value);
  let exponent = 15;
  while (v >= 2) {
    v /= 2;
    exponent++;
  }
  while (v < 1) {
    v *= 2;
    exponent--;
  }
  return sign | (exponent << 10) | Math.round((v - 1) * 1024);
}

/** exrmaketiled's lossless methods (it has no ZIPS: one-line blocks are a scanline notion, and a tile is one block either way). */
export const EXR_COMPRESSIONS = ['none', 'rle', 'zip', 'piz'] as const;

/** Every EXR fixture's name. */
export const EXR_FIXTURES: readonly string[] = [
  ...['float-y', 'half-r'].flatMap((source) => EXR_COMPRESSIONS.map((z) => `${source}-tiled-${z}.exr`)),
  'terrace-r-tiled-piz.exr',
  'wave-y-tiled-piz.exr',
];

/** Writes the EXR sources and every exrmaketiled fixture (16 × 8 tiles) into `dir`. */
export function makeExrFixtures(dir: string): void {
  writeFileSync(
    path.join(dir, 'float-y.src.exr'),
    plainExr([
      { name: 'Y', type: 2, value: floatHeight },
      { name: 'A', type: 2, value: () => 1 },
    ]),
  );
  writeFileSync(
    path.join(dir, 'half-r.src.exr'),
    plainExr([
      { name: 'R', type: 1, value: halfBits },
      { name: 'G', type: 1, value: () => 0 },
      { name: 'Z', type: 2, value: () => 7 },
    ]),
  );
  writeFileSync(
    path.join(dir, 'terrace-r.src.exr'),
    plainExr([{ name: 'R', type: 1, value: (i, j) => float32ToHalfExact(terraceHeight(i, j) - 300) }], PIZ_HALF.width, PIZ_HALF.depth),
  );
  writeFileSync(path.join(dir, 'wave-y.src.exr'), plainExr([{ name: 'Y', type: 2, value: waveHeight }], PIZ_FLOAT.width, PIZ_FLOAT.depth));
  for (const source of ['float-y', 'half-r']) {
    for (const z of EXR_COMPRESSIONS) {
      execFileSync('exrmaketiled', ['-o', '-t', '16', '8', '-z', z, path.join(dir, `${source}.src.exr`), path.join(dir, `${source}-tiled-${z}.exr`)], {
        stdio: 'pipe',
      });
    }
  }
  for (const [source, tile] of [
    ['terrace-r', PIZ_HALF.tile],
    ['wave-y', PIZ_FLOAT.tile],
  ] as const) {
    execFileSync(
      'exrmaketiled',
      ['-o', '-t', String(tile[0]), String(tile[1]), '-z', 'piz', path.join(dir, `${source}.src.exr`), path.join(dir, `${source}-tiled-piz.exr`)],
      { stdio: 'pipe' },
    );
  }
}
