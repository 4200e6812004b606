/** The exchange's small UI state: which dialog is open with which options, and the error to show. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_IMPORT_SCALE } from '../../shared/codecs/heightmap';
import type { PngChannel } from '../../shared/codecs/png/decode';
import type { ByteOrder } from '../../shared/codecs/raw';
import type { ExrCompression } from '../../shared/codecs/exr';
import type { EngineId } from '../../shared/export/engines';
import type { MaskSet } from '../../shared/export/masks';
import type { GreenDirection, NormalSpace } from '../../shared/export/normals';
import type { FitMode, GodotHeightFormat } from '../../shared/export/engineExport';
import type { ExportFormat, HeightmapSummary } from './codecOps';

export interface ImportOptions {
  /** Height of sample 0 and of the largest sample, metres (integer formats). */
  min: number;
  max: number;
  cellSize: number;
  /** Which value of an RGB(A), grey+alpha or palette PNG becomes the height. */
  channel: PngChannel;
  /** RAW only. */
  byteOrder: ByteOrder;
  flip: boolean;
  /** RAW only: null infers a square map from the file length. */
  width: number | null;
  depth: number | null;
  /** GeoTIFF/EXR: vertices along the longer side after a bilinear resampling; null keeps the file's. */
  resample: number | null;
}

export interface ImportDialogState {
  fileName: string;
  bytes: Uint8Array;
  /** Null while the file (with the current RAW options) cannot be read; `problem` says why. */
  summary: HeightmapSummary | null;
  problem: string | null;
  options: ImportOptions;
  busy: boolean;
}

/** A plain file (format list) or an engine export. */
export type ExportTarget = 'file' | EngineId;

export interface ExportOptions {
  target: ExportTarget;
  format: ExportFormat;
  /** 'auto' maps the map's own min..max to the full sample range. */
  rangeMode: 'auto' | 'fixed';
  min: number;
  max: number;
  byteOrder: ByteOrder;
  flip: boolean;
  exrCompression: ExrCompression;
  /** Normal map format. */
  normalSpace: NormalSpace;
  normalGreen: GreenDirection;
  /** Cut heightmap and normal map formats into tiles NAME_x{X}_y{Y} (written to a folder). */
  tiles: boolean;
  tileSize: number;
  tileOverlap: number;
}

/** The engine exports' choices (shared by all four; each uses what applies to it). */
export interface EngineDialogOptions {
  /** Vertices per side; null = the engine size nearest the map. */
  size: number | null;
  fit: FitMode;
  heightFormat: GodotHeightFormat;
  exrCompression: ExrCompression;
  normalMap: boolean;
  normalSpace: NormalSpace;
  /** Null: the engine's convention (Unreal DirectX, others OpenGL). */
  normalGreen: GreenDirection | null;
  /** Also NAME_colour.png: the view's natural colours (shared/export/colourMap.ts). */
  colourMap: boolean;
  /** Also the water's files (depth, flow map, water mesh, river centrelines) when the document has water. */
  water: boolean;
  masks: boolean;
  maskSet: MaskSet;
  /** True once the user changed the mask set (it then survives new maps). */
  maskSetEdited: boolean;
  tiles: boolean;
  tileSize: number;
  tileOverlap: number;
}

/** A mask layer's weights drawn over the 2D panel while the export dialog is open. */
export interface MaskPreview {
  layer: number;
  name: string;
  width: number;
  depth: number;
  /** One byte per vertex, 0…255, row-major like the heights. */
  weights: Uint8Array;
}

export interface ExchangeState {
  importDialog: ImportDialogState | null;
  exportOpen: boolean;
  exportBusy: boolean;
  /** Kept between exports so the dialog remembers the last choices. */
  exportOptions: ExportOptions;
  engineOptions: EngineDialogOptions;
  /** The layer chosen for preview (its weights arrive in `maskPreview`). */
  maskPreviewLayer: number | null;
  maskPreview: MaskPreview | null;
  /** What a running export is doing ("Writing 3 of 7…"). */
  exportProgress: string | null;
  /** Files of a running export written so far and planned (null: no count, the bar runs without one). */
  exportStep: { done: number; total: number } | null;
  /** The last export's end when the dialog stays open after it ("Export cancelled"). */
  exportStatus: string | null;
  /** A failed import or export: shown in a dialog until dismissed. */
  error: string | null;
  /** The last successful action, for a quiet confirmation. */
  notice: string | null;
}

export type ExchangeStore = StoreApi<ExchangeState>;

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = {
  target: 'file',
  format: 'png16',
  rangeMode: 'auto',
  min: 0,
  max: 100,
  byteOrder: 'le',
  flip: false,
  exrCompression: 'zip',
  normalSpace: 'tangent',
  normalGreen: 'up',
  tiles: false,
  tileSize: 1025,
  tileOverlap: 1,
};

export const DEFAULT_ENGINE_OPTIONS: EngineDialogOptions = {
  size: null,
  fit: 'resample',
  heightFormat: 'exr',
  exrCompression: 'zip',
  normalMap: false,
  normalSpace: 'tangent',
  normalGreen: null,
  colourMap: false,
  water: false,
  masks: false,
  maskSet: { layers: [{ name: 'base', rules: [] }] },
  maskSetEdited: false,
  tiles: false,
  tileSize: 1009,
  tileOverlap: 1,
};

export function defaultImportOptions(): ImportOptions {
  return {
    min: DEFAULT_IMPORT_SCALE.min,
    max: DEFAULT_IMPORT_SCALE.max,
    cellSize: DEFAULT_IMPORT_SCALE.cellSize,
    channel: 'luminance',
    byteOrder: 'le',
    flip: false,
    width: null,
    depth: null,
    resample: null,
  };
}

export function createExchangeStore(): ExchangeStore {
  return createStore<ExchangeState>(() => ({
    importDialog: null,
    exportOpen: false,
    exportBusy: false,
    exportOptions: DEFAULT_EXPORT_OPTIONS,
    engineOptions: DEFAULT_ENGINE_OPTIONS,
    maskPreviewLayer: null,
    maskPreview: null,
    exportProgress: null,
    exportStep: null,
    exportStatus: null,
    error: null,
    notice: null,
  }));
}

const COLOUR_TYPES: Record<number, string> = { 0: 'grayscale', 2: 'RGB', 3: 'palette', 4: 'grayscale + alpha', 6: 'RGBA' };

/** "PNG · 513 × 513 · 16-bit grayscale" — what the import dialog says it found. */
export function describeSummary(summary: HeightmapSummary): string {
  if (summary.format === 'tiff' || summary.format === 'exr') return describeElevationSummary(summary);
  const kind = summary.format === 'png' ? 'PNG' : summary.format === 'r16' ? 'RAW 16-bit' : 'RAW float32';
  const detail = summary.format === 'png' ? `${summary.bitDepth}-bit ${COLOUR_TYPES[summary.colourType ?? 0] ?? 'colour'}` : `${summary.bitDepth}-bit`;
  return `${kind} · ${summary.width} × ${summary.depth} · ${detail}`;
}

/** A GeoTIFF's or EXR's summary: what was detected (sample, cell size, CRS, nodata, range) and done. */
function describeElevationSummary(summary: HeightmapSummary): string {
  const { text } = summary;
  const parts = [
    summary.format === 'tiff' ? 'GeoTIFF' : 'OpenEXR',
    `${summary.width} × ${summary.depth}`,
    (summary.format === 'tiff' ? text.sample : text.channel) ?? `${summary.bitDepth}-bit`,
  ];
  if (summary.cellSize !== undefined) parts.push(`${Number(summary.cellSize.toPrecision(6))} m cells`);
  if (text.crs) parts.push(text.crs);
  if (text.nodata) parts.push(`nodata ${text.nodata}`);
  if (text.resampled) parts.push(`resampled ${text.resampled}`);
  if (summary.heightRange) parts.push(`heights ${Number(summary.heightRange.min.toPrecision(6))} to ${Number(summary.heightRange.max.toPrecision(6))} m`);
  return parts.join(' · ');
}

/** Colour types whose height can come from one chosen channel. */
export function hasChannels(summary: HeightmapSummary | null): boolean {
  return summary !== null && summary.format === 'png' && summary.colourType !== undefined && summary.colourType !== 0;
}
