/** The exchange's small UI state: which dialog is open with which options, and the error to show. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_IMPORT_SCALE } from '../../shared/codecs/heightmap';
import type { PngChannel } from '../../shared/codecs/png/decode';
import type { ByteOrder } from '../../shared/codecs/raw';
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

export interface ExportOptions {
  format: ExportFormat;
  /** 'auto' maps the map's own min..max to the full sample range. */
  rangeMode: 'auto' | 'fixed';
  min: number;
  max: number;
  byteOrder: ByteOrder;
  flip: boolean;
}

export interface ExchangeState {
  importDialog: ImportDialogState | null;
  exportOpen: boolean;
  exportBusy: boolean;
  /** Kept between exports so the dialog remembers the last choices. */
  exportOptions: ExportOptions;
  /** A failed import or export: shown in a dialog until dismissed. */
  error: string | null;
  /** The last successful action, for a quiet confirmation. */
  notice: string | null;
}

export type ExchangeStore = StoreApi<ExchangeState>;

export const DEFAULT_EXPORT_OPTIONS: ExportOptions = { format: 'png16', rangeMode: 'auto', min: 0, max: 100, byteOrder: 'le', flip: false };

export function defaultImportOptions(): ImportOptions {
  return { min: DEFAULT_IMPORT_SCALE.min, max: DEFAULT_IMPORT_SCALE.max, cellSize: DEFAULT_IMPORT_SCALE.cellSize, channel: 'luminance', byteOrder: 'le', flip: false, width: null, depth: null };
}

export function createExchangeStore(): ExchangeStore {
  return createStore<ExchangeState>(() => ({
    importDialog: null,
    exportOpen: false,
    exportBusy: false,
    exportOptions: DEFAULT_EXPORT_OPTIONS,
    error: null,
    notice: null,
  }));
}

const COLOUR_TYPES: Record<number, string> = { 0: 'grayscale', 2: 'RGB', 3: 'palette', 4: 'grayscale + alpha', 6: 'RGBA' };

/** "PNG · 513 × 513 · 16-bit grayscale" — what the import dialog says it found. */
export function describeSummary(summary: HeightmapSummary): string {
  const kind = summary.format === 'png' ? 'PNG' : summary.format === 'r16' ? 'RAW 16-bit' : 'RAW float32';
  const detail = summary.format === 'png' ? `${summary.bitDepth}-bit ${COLOUR_TYPES[summary.colourType ?? 0] ?? 'colour'}` : `${summary.bitDepth}-bit`;
  return `${kind} · ${summary.width} × ${summary.depth} · ${detail}`;
}

/** Colour types whose height can come from one chosen channel. */
export function hasChannels(summary: HeightmapSummary | null): boolean {
  return summary !== null && summary.format === 'png' && summary.colourType !== undefined && summary.colourType !== 0;
}
