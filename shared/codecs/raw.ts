/** RAW heightmaps: R16 (unsigned 16-bit, either byte order) and .r32 (float32 little-endian). */
import { MAX_MAP_SIDE, MIN_MAP_SIDE, type Heightfield } from '../terrain/heightfield';
import { describeBytes, HOST_IS_LITTLE_ENDIAN } from './bytes';
import { failFor } from './errors';
import { assertFiniteHeights, checkedExportRangeSliced, flipRows, quantiseHeights, type DecodedHeightmap, type ExportRange } from './heightmap';
import { firstNonFiniteSliced, runSliced, sliceRows, type Sliced } from './sliced';

export type ByteOrder = 'le' | 'be';

export interface RawImportOptions {
  /** Both or neither; when absent the map is assumed square and its side inferred from the length. */
  width?: number;
  depth?: number;
  byteOrder?: ByteOrder;
  /** Reverse the rows: the file's first row becomes j = depth − 1. */
  flip?: boolean;
}

export interface RawExportOptions {
  byteOrder?: ByteOrder;
  flip?: boolean;
  /** R16 only. */
  range?: ExportRange;
}

function checkSide(name: string, value: number, fail: (p: string) => never): void {
  if (!Number.isInteger(value) || value < MIN_MAP_SIDE || value > MAX_MAP_SIDE) {
    fail(`${name} must be a whole number from ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE}, got ${value}`);
  }
}

/** Width and depth from the options or, for a square map, from the sample count. */
function resolveSize(sampleCount: number, bytesPerSample: number, byteLength: number, options: RawImportOptions, fail: (p: string) => never): [number, number] {
  if (options.width !== undefined || options.depth !== undefined) {
    const width = options.width ?? options.depth ?? 0;
    const depth = options.depth ?? options.width ?? 0;
    checkSide('width', width, fail);
    checkSide('depth', depth, fail);
    const needed = width * depth * bytesPerSample;
    if (needed !== byteLength) fail(`is ${describeBytes(byteLength)} (${byteLength} bytes), but ${width} × ${depth} samples need exactly ${needed} bytes`);
    return [width, depth];
  }
  const side = Math.round(Math.sqrt(sampleCount));
  if (side * side !== sampleCount) {
    fail(`holds ${sampleCount} samples, which is not a square map; give its width and depth`);
  }
  if (side < MIN_MAP_SIDE || side > MAX_MAP_SIDE) {
    fail(`holds a ${side} × ${side} map; supported sizes are ${MIN_MAP_SIDE} × ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE} × ${MAX_MAP_SIDE}`);
  }
  return [side, side];
}

export function parseR16(bytes: Uint8Array, fileName: string, options: RawImportOptions = {}): DecodedHeightmap {
  const fail = failFor(fileName);
  if (bytes.length === 0) fail('is empty');
  if (bytes.length % 2 !== 0) fail(`has an odd length of ${bytes.length} bytes; a 16-bit RAW file holds two bytes per sample`);
  const [width, depth] = resolveSize(bytes.length / 2, 2, bytes.length, options, fail);
  const littleEndian = (options.byteOrder ?? 'le') === 'le';
  const samples = new Uint16Array(width * depth);
  for (let k = 0, b = 0; k < samples.length; k++, b += 2) {
    samples[k] = littleEndian ? bytes[b] | (bytes[b + 1] << 8) : (bytes[b] << 8) | bytes[b + 1];
  }
  if (options.flip) flipRows(samples, width, depth);
  return { format: 'r16', width, depth, bitDepth: 16, samples, maxSample: 65535, metadata: { text: {} } };
}

export function compileR16(field: Heightfield, options: RawExportOptions = {}, fileName = 'heightmap.r16'): Uint8Array {
  return runSliced(compileR16Sliced(field, options, fileName));
}

/** compileR16 in slices of rows (sliced.ts): the same bytes. */
export function* compileR16Sliced(field: Heightfield, options: RawExportOptions = {}, fileName = 'heightmap.r16'): Sliced<Uint8Array> {
  const range = yield* checkedExportRangeSliced(field, options.range, fileName);
  const { width, depth, heights } = field;
  const out = new Uint8Array(heights.length * 2);
  const littleEndian = (options.byteOrder ?? 'le') === 'le';
  const rows = sliceRows(width);
  const samples = new Uint16Array(rows * width);
  for (let j0 = 0; j0 < depth; j0 += rows) {
    const j1 = Math.min(depth, j0 + rows);
    quantiseHeights(heights.subarray(j0 * width, j1 * width), range.min, range.max, 65535, samples);
    for (let j = j0; j < j1; j++) {
      // Flipped output stores the last row first.
      let b = (options.flip ? depth - 1 - j : j) * width * 2;
      for (let i = 0, k = (j - j0) * width; i < width; i++, k++, b += 2) {
        const v = samples[k];
        out[b] = littleEndian ? v & 0xff : v >> 8;
        out[b + 1] = littleEndian ? v >> 8 : v & 0xff;
      }
    }
    yield;
  }
  return out;
}

export function parseR32(bytes: Uint8Array, fileName: string, options: RawImportOptions = {}): DecodedHeightmap {
  const fail = failFor(fileName);
  if (bytes.length === 0) fail('is empty');
  if (bytes.length % 4 !== 0) fail(`has a length of ${bytes.length} bytes, not a multiple of 4; a .r32 file holds four bytes per sample`);
  const [width, depth] = resolveSize(bytes.length / 4, 4, bytes.length, options, fail);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const littleEndian = (options.byteOrder ?? 'le') === 'le';
  const samples = new Float32Array(width * depth);
  for (let k = 0; k < samples.length; k++) {
    const value = view.getFloat32(4 * k, littleEndian);
    if (!Number.isFinite(value)) fail(`sample ${k} (column ${k % width}, row ${Math.floor(k / width)}) is ${value}, not a finite height`);
    samples[k] = value;
  }
  if (options.flip) flipRows(samples, width, depth);
  return { format: 'r32', width, depth, bitDepth: 32, samples, metadata: { text: {} } };
}

/** Float32 heights in metres, row-major, no header; refuses a map holding NaN or ±Infinity. */
export function compileR32(field: Heightfield, options: RawExportOptions = {}, fileName = 'heightmap.r32'): Uint8Array {
  return runSliced(compileR32Sliced(field, options, fileName));
}

/** compileR32 in slices of rows (sliced.ts): the same bytes. */
export function* compileR32Sliced(field: Heightfield, options: RawExportOptions = {}, fileName = 'heightmap.r32'): Sliced<Uint8Array> {
  const { width, depth, heights } = field;
  const bad = yield* firstNonFiniteSliced(heights);
  if (bad >= 0) assertFiniteHeights(field, fileName);
  const out = new Uint8Array(heights.length * 4);
  const littleEndian = (options.byteOrder ?? 'le') === 'le';
  const bytes = new Uint8Array(heights.buffer, heights.byteOffset, heights.byteLength);
  const view = new DataView(out.buffer);
  const rows = sliceRows(width);
  for (let j0 = 0; j0 < depth; j0 += rows) {
    const j1 = Math.min(depth, j0 + rows);
    for (let j = j0; j < j1; j++) {
      const to = (options.flip ? depth - 1 - j : j) * width;
      if (littleEndian === HOST_IS_LITTLE_ENDIAN) out.set(bytes.subarray(j * width * 4, (j + 1) * width * 4), to * 4);
      else for (let i = 0; i < width; i++) view.setFloat32(4 * (to + i), heights[j * width + i], littleEndian);
    }
    yield;
  }
  return out;
}
