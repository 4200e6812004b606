/**
 * What every heightmap import produces, and the mapping between heights (metres) and integer
 * samples shared by PNG and RAW: height = min + sample / maxSample · (max − min).
 */
import { createHeightfield, firstNonFiniteHeight, FLOAT32_MAX, heightRange, MAX_MAP_SIDE, type Heightfield } from '../terrain/heightfield';
import { failFor } from './errors';
import { firstNonFiniteSliced, runSliced, valueRangeSliced, type Sliced } from './sliced';

export type HeightmapFormat = 'png' | 'r16' | 'r32' | 'tiff' | 'exr';

/** A projected CRS in metres and the top-left corner of the map in it (GeoTIFF import, kept for its export). */
export interface GeoReference {
  epsg: number;
  originX: number;
  originY: number;
}

/** Scale hints a file carries about itself (Faultline writes them into PNG text chunks). */
export interface HeightmapMetadata {
  heightMin?: number;
  heightMax?: number;
  cellSize?: number;
  /** Text entries by keyword, including the ones above (PNG: within PNG_TEXT_LIMITS, png/text.ts). */
  text: Record<string, string>;
  /** PNG text chunks left out by those limits. */
  textOmitted?: number;
  /**
   * Why a scale key the file has cannot be used (a value that is not a number, beyond float32, or
   * min > max): an import that would need that value is refused with this message.
   */
  unusable?: { range?: string; cellSize?: string };
}

export interface DecodedHeightmap {
  format: HeightmapFormat;
  width: number;
  /** Rows of the image = vertices along z. */
  depth: number;
  /** Bits per stored sample as the file declares it (32 for .r32). */
  bitDepth: number;
  /** PNG colour type (0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA); absent for RAW. */
  colourType?: number;
  /**
   * Row-major samples, index = j · width + i. For PNG, R16 and unsigned 16-bit TIFF they are in units
   * of `maxSample`; for .r32, EXR and other TIFFs they are heights in metres already and `maxSample`
   * is absent.
   */
  samples: Uint16Array | Float32Array;
  maxSample?: number;
  metadata: HeightmapMetadata;
  /** A GeoTIFF's projected CRS and origin, when it had one. */
  geo?: GeoReference;
}

/** Keywords of the PNG text chunks Faultline writes and reads (docs/file-format.md). */
export const METADATA_KEYS = {
  heightMin: 'faultline:heightMin',
  heightMax: 'faultline:heightMax',
  cellSize: 'faultline:cellSize',
} as const;

/** Used when neither the file nor the caller says anything about the scale. */
export const DEFAULT_IMPORT_SCALE = { min: 0, max: 100, cellSize: 1 } as const;

export interface ImportScaleOptions {
  min?: number;
  max?: number;
  cellSize?: number;
  /**
   * When true (the default) values found in the file's metadata win over the ones given here,
   * which then only fill gaps; set false to apply the given values even if the file says otherwise.
   */
  preferFileMetadata?: boolean;
}

export interface ImportScale {
  min: number;
  max: number;
  cellSize: number;
}

/** Largest cell size whose largest map still has float32-finite coordinates. */
const MAX_CELL_SIZE = FLOAT32_MAX / (MAX_MAP_SIDE - 1);

/** A metadata value as a number, or why it is not a usable one; undefined when the key is absent. */
function readScaleValue(text: Record<string, string>, key: string, max: number, positive: boolean): number | string | undefined {
  if (!Object.prototype.hasOwnProperty.call(text, key)) return undefined;
  const raw = text[key];
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  const value = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(value)) return `${key} metadata ${JSON.stringify(shown)} is not a finite number`;
  if (Math.abs(value) > max) return `${key} metadata ${shown} is beyond ±${max.toPrecision(5)}, more than a float32 height map can hold`;
  if (positive && value <= 0) return `${key} metadata ${shown} is not a positive number`;
  return value;
}

/**
 * Reads Faultline's scale keys from text entries. A value is taken only if it is a finite number a
 * float32 map can hold (heights within ±FLOAT32_MAX, a cell size that keeps the map finite, min ≤
 * max); otherwise `unusable` says why, so that an import needing it is refused rather than filled
 * with Infinity.
 */
export function metadataFromText(text: Record<string, string>): HeightmapMetadata {
  const metadata: HeightmapMetadata = { text };
  const heightMin = readScaleValue(text, METADATA_KEYS.heightMin, FLOAT32_MAX, false);
  const heightMax = readScaleValue(text, METADATA_KEYS.heightMax, FLOAT32_MAX, false);
  const cellSize = readScaleValue(text, METADATA_KEYS.cellSize, MAX_CELL_SIZE, true);
  const unusable: NonNullable<HeightmapMetadata['unusable']> = {};
  if (typeof heightMin === 'string' || typeof heightMax === 'string') {
    unusable.range = typeof heightMin === 'string' ? heightMin : (heightMax as string);
  } else if (heightMin !== undefined && heightMax !== undefined) {
    if (heightMin <= heightMax) {
      metadata.heightMin = heightMin;
      metadata.heightMax = heightMax;
    } else {
      unusable.range = `${METADATA_KEYS.heightMin} metadata ${heightMin} is above ${METADATA_KEYS.heightMax} ${heightMax}`;
    }
  }
  if (typeof cellSize === 'string') unusable.cellSize = cellSize;
  else if (cellSize !== undefined) metadata.cellSize = cellSize;
  if (unusable.range !== undefined || unusable.cellSize !== undefined) metadata.unusable = unusable;
  return metadata;
}

export function resolveImportScale(metadata: HeightmapMetadata, options: ImportScaleOptions = {}): ImportScale {
  const fileFirst = options.preferFileMetadata ?? true;
  const pick = (fromFile: number | undefined, given: number | undefined, fallback: number): number =>
    fileFirst ? (fromFile ?? given ?? fallback) : (given ?? fromFile ?? fallback);
  return {
    min: pick(metadata.heightMin, options.min, DEFAULT_IMPORT_SCALE.min),
    max: pick(metadata.heightMax, options.max, DEFAULT_IMPORT_SCALE.max),
    cellSize: pick(metadata.cellSize, options.cellSize, DEFAULT_IMPORT_SCALE.cellSize),
  };
}

/** Turns decoded samples into a heightfield at the resolved scale. */
export function decodedToHeightfield(decoded: DecodedHeightmap, fileName: string, options: ImportScaleOptions = {}): Heightfield {
  const fail = failFor(fileName);
  const scale = resolveImportScale(decoded.metadata, options);
  // A scale key the file has but that cannot be used is refused, unless the caller gives that value.
  const { unusable } = decoded.metadata;
  if (decoded.maxSample !== undefined && unusable?.range !== undefined && (options.min === undefined || options.max === undefined)) {
    fail(`${unusable.range}; give the height range yourself to import it`);
  }
  if (unusable?.cellSize !== undefined && options.cellSize === undefined) fail(`${unusable.cellSize}; give the cell size yourself to import it`);
  if (!Number.isFinite(scale.cellSize) || scale.cellSize <= 0) fail(`cell size must be a positive number of metres, got ${scale.cellSize}`);
  if (scale.cellSize > MAX_CELL_SIZE) fail(`cell size ${scale.cellSize} m is more than a float32 map can hold (${MAX_CELL_SIZE.toPrecision(5)} m at most)`);
  const count = decoded.width * decoded.depth;
  const heights = new Float32Array(count);
  if (decoded.maxSample === undefined) {
    heights.set(decoded.samples);
  } else {
    if (!Number.isFinite(scale.min) || !Number.isFinite(scale.max) || scale.min > scale.max) {
      fail(`height range must be two finite numbers with min ≤ max, got ${scale.min}..${scale.max}`);
    }
    // Heights are float32: a range beyond it would store Infinity (and every writer would refuse the map).
    if (Math.abs(scale.min) > FLOAT32_MAX || Math.abs(scale.max) > FLOAT32_MAX) {
      fail(`height range ${scale.min}..${scale.max} is beyond ±${FLOAT32_MAX.toPrecision(5)}, more than float32 heights can hold`);
    }
    const { min } = scale;
    const perSample = (scale.max - scale.min) / decoded.maxSample;
    const samples = decoded.samples;
    for (let k = 0; k < count; k++) heights[k] = min + samples[k] * perSample;
  }
  return createHeightfield(decoded.width, decoded.depth, scale.cellSize, heights);
}

/** 'auto' maps the map's own min..max to the full sample range; a fixed range clamps heights outside it. */
export type ExportRange = 'auto' | { min: number; max: number };

export function resolveExportRange(heights: Float32Array, range: ExportRange = 'auto'): { min: number; max: number } {
  if (range === 'auto') return heightRange(heights);
  return { min: range.min, max: range.max };
}

/** Samples per metre when min..max maps onto 0..maxSample; 0 for a flat range (every sample 0). */
export function quantiseScale(min: number, max: number, maxSample: number): number {
  const span = max - min;
  return span > 0 ? maxSample / span : 0;
}

/** Quantises heights to integers 0..maxSample, rounding to nearest; a flat range maps to 0. */
export function quantiseHeights(heights: Float32Array, min: number, max: number, maxSample: number, out: Uint8Array | Uint16Array): void {
  const scale = quantiseScale(min, max, maxSample);
  // One loop per array type: a loop storing into either kind is polymorphic and several times slower.
  if (out instanceof Uint16Array) quantiseInto16(heights, min, scale, maxSample, out);
  else quantiseInto8(heights, min, scale, maxSample, out);
}

function quantiseInto16(heights: Float32Array, min: number, scale: number, maxSample: number, out: Uint16Array): void {
  for (let k = 0; k < heights.length; k++) {
    const s = Math.round((heights[k] - min) * scale);
    out[k] = s < 0 ? 0 : s > maxSample ? maxSample : s;
  }
}

function quantiseInto8(heights: Float32Array, min: number, scale: number, maxSample: number, out: Uint8Array): void {
  for (let k = 0; k < heights.length; k++) {
    const s = Math.round((heights[k] - min) * scale);
    out[k] = s < 0 ? 0 : s > maxSample ? maxSample : s;
  }
}

/**
 * Checks an export range given by the user; auto ranges come from finite heights. A range beyond
 * float32 is refused as the reader refuses it (its metadata could not be read back as heights).
 */
export function assertValidExportRange(range: { min: number; max: number }, fileName: string): void {
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min > range.max) {
    failFor(fileName)(`height range must be two finite numbers with min ≤ max, got ${range.min}..${range.max}`);
  }
  if (Math.abs(range.min) > FLOAT32_MAX || Math.abs(range.max) > FLOAT32_MAX) {
    failFor(fileName)(`height range ${range.min}..${range.max} is beyond ±${FLOAT32_MAX.toPrecision(5)}, more than float32 heights can hold`);
  }
}

/**
 * The one check every integer heightmap writer (PNG 16/8-bit, R16, streamed or not) makes before it
 * writes: finite heights, as for R32 and EXR (a NaN would otherwise become sample 0 and a good-looking
 * file), and a range the reader accepts. Returns the range to quantise with.
 */
export function checkedExportRange(field: Heightfield, range: ExportRange | undefined, fileName: string): { min: number; max: number } {
  return runSliced(checkedExportRangeSliced(field, range, fileName));
}

/** checkedExportRange in slices (sliced.ts): the same checks and result. */
export function* checkedExportRangeSliced(field: Heightfield, range: ExportRange | undefined, fileName: string): Sliced<{ min: number; max: number }> {
  const k = yield* firstNonFiniteSliced(field.heights);
  if (k >= 0) nonFiniteHeight(field, k, fileName);
  const resolved = range === undefined || range === 'auto' ? yield* valueRangeSliced(field.heights) : { min: range.min, max: range.max };
  assertValidExportRange(resolved, fileName);
  return resolved;
}

function nonFiniteHeight(field: Heightfield, k: number, fileName: string): never {
  return failFor(fileName)(`cannot be written: height ${k} (column ${k % field.width}, row ${Math.floor(k / field.width)}) is ${field.heights[k]}`);
}

/** Refuses to write a map holding NaN or ±Infinity (a reader, ours included, would refuse the file). */
export function assertFiniteHeights(field: Heightfield, fileName: string): void {
  const k = firstNonFiniteHeight(field.heights);
  if (k >= 0) nonFiniteHeight(field, k, fileName);
}

/** Reverses rows in place (RAW files from some engines store the far row first). */
export function flipRows<T extends Uint16Array | Float32Array>(samples: T, width: number, depth: number): T {
  const tmp = samples.slice(0, width);
  for (let top = 0, bottom = depth - 1; top < bottom; top++, bottom--) {
    tmp.set(samples.subarray(top * width, top * width + width));
    samples.copyWithin(top * width, bottom * width, bottom * width + width);
    samples.set(tmp, bottom * width);
  }
  return samples;
}
