/**
 * Importing the elevation files other tools write, 4097² of the fault terrain: GeoTIFF float32 made by
 * GDAL's gdal_translate (LZW, LZW with the floating-point predictor, DEFLATE; the TIFF entries need
 * gdal-bin) and OpenEXR float32 ZIP; each is the whole import (bytes → heightfield), against the 16-bit
 * PNG import of the same map measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileExrHeightmap } from '../shared/codecs/exr';
import { importHeightmap, readHeightmapField } from '../shared/codecs/import-heightmap';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { nativeDeflate } from '../main/services/nativeDeflate';
import { terrain } from './codecs.bench';
import type { Benchmark } from './harness';

const SIZE = terrain().width;

/** A GeoTIFF of the terrain written by gdal_translate from a raw float32 grid (ENVI header). */
function gdalTiff(options: string[]): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'faultline-bench-tiff-'));
  try {
    const field = terrain();
    writeFileSync(path.join(dir, 'h.bin'), new Uint8Array(field.heights.buffer, field.heights.byteOffset, field.heights.byteLength));
    writeFileSync(
      path.join(dir, 'h.hdr'),
      `ENVI\nsamples = ${SIZE}\nlines = ${SIZE}\nbands = 1\nheader offset = 0\nfile type = ENVI Standard\ndata type = 4\ninterleave = bsq\nbyte order = 0\n`,
    );
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-ot', 'Float32', ...options, path.join(dir, 'h.bin'), path.join(dir, 'h.tif')]);
    return new Uint8Array(readFileSync(path.join(dir, 'h.tif')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tiffImport(name: string, options: string[]): Benchmark {
  return {
    name,
    size: SIZE,
    samples: 5,
    warmup: 1,
    baseline: 'import-png16',
    setup: () => gdalTiff(options),
    run: (bytes) => readHeightmapField(bytes as Uint8Array, 'map.tif'),
    measure: () => ({ bytes: gdalTiff(options).length }),
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'import-png16',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: () => compilePngHeightmap(terrain(), { deflate: nativeDeflate }),
    run: (bytes) => importHeightmap(bytes as Uint8Array, 'map.png'),
  },
  tiffImport('import-tiff-f32-lzw', ['-co', 'COMPRESS=LZW']),
  tiffImport('import-tiff-f32-lzw-fpredictor', ['-co', 'COMPRESS=LZW', '-co', 'PREDICTOR=3']),
  tiffImport('import-tiff-f32-deflate', ['-co', 'COMPRESS=DEFLATE']),
  {
    name: 'import-exr-zip',
    size: SIZE,
    samples: 5,
    warmup: 1,
    baseline: 'import-png16',
    setup: () => compileExrHeightmap(terrain(), { compression: 'zip', deflate: nativeDeflate }),
    run: (bytes) => importHeightmap(bytes as Uint8Array, 'map.exr'),
  },
];
