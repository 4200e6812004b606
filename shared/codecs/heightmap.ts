/**
 * What every heightmap import produces, and the mapping between heights (metres) and integer
 * samples shared by PNG and RAW: height = min + sample / maxSample · (max − min).
 */
import { createHeightfield, heightRange, type Heightfield } from '../terrain/heightfield';
import { failFor } from './errors';

export type HeightmapFormat = 'png' | 'r16' | 'r32';

/** Scale hints a file carries about itself (Faultline writes them into PNG text chunks). */
export interface HeightmapMetadata {
  heightMin?: number;
  heightMax?: number;
  cellSize?: number;
  /** Every text entry found, including the ones above, by keyword. */
  text: Record<string, string>;
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
   * Row-major samples, index = j · width + i. For PNG and R16 they are in units of `maxSample`;
   * for .r32 they are heights in metres already and `maxSample` is absent.
   */
  samples: Uint16Array | Float32Array;
  maxSample?: number;
  metadata: HeightmapMetadata;
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

function parseFiniteNumber(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads Faultline's scale keys from text entries; malformed values are ignored (metadata is a hint). */
export function metadataFromText(text: Record<string, string>): HeightmapMetadata {
  const metadata: HeightmapMetadata = { text };
  const heightMin = parseFiniteNumber(text[METADATA_KEYS.heightMin]);
  const heightMax = parseFiniteNumber(text[METADATA_KEYS.heightMax]);
  const cellSize = parseFiniteNumber(text[METADATA_KEYS.cellSize]);
  if (heightMin !== undefined && heightMax !== undefined && heightMin <= heightMax) {
    metadata.heightMin = heightMin;
    metadata.heightMax = heightMax;
  }
  if (cellSize !== undefined && cellSize > 0) metadata.cellSize = cellSize;
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
  if (!Number.isFinite(scale.cellSize) || scale.cellSize <= 0) fail(`cell size must be a positive number of metres, got ${scale.cellSize}`);
  const count = decoded.width * decoded.depth;
  const heights = new Float32Array(count);
  if (decoded.maxSample === undefined) {
    heights.set(decoded.samples);
  } else {
    if (!Number.isFinite(scale.min) || !Number.isFinite(scale.max) || scale.min > scale.max) {
      fail(`height range must be two finite numbers with min ≤ max, got ${scale.min}..${scale.max}`);
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

/** Quantises heights to integers 0..maxSample, rounding to nearest; a flat range maps to 0. */
export function quantiseHeights(heights: Float32Array, min: number, max: number, maxSample: number, out: Uint8Array | Uint16Array): void {
  const span = max - min;
  const scale = span > 0 ? maxSample / span : 0;
  for (let k = 0; k < heights.length; k++) {
    const s = Math.round((heights[k] - min) * scale);
    out[k] = s < 0 ? 0 : s > maxSample ? maxSample : s;
  }
}

/** Checks an export range given by the user; auto ranges come from finite heights. */
export function assertValidExportRange(range: { min: number; max: number }, fileName: string): void {
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min > range.max) {
    failFor(fileName)(`height range must be two finite numbers with min ≤ max, got ${range.min}..${range.max}`);
  }
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
