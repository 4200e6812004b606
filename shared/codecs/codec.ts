/**
 * A file format, Blockbench-style: one object per format that knows its label, extensions, dialog
 * filter and options, and turns bytes into data (`decode`) and data into bytes (`encode`). Codec
 * objects are made by `createCodecRegistry` (registry.ts) with their zlib compressor injected;
 * file access lives elsewhere (main process, CLI).
 */
import type { FaultRecipe } from '../fault/recipe';
import type { Heightfield } from '../terrain/heightfield';
import type { ExrCompression } from './exr';
import type { GlbMaterial, GlbMesh, GlbNode } from './glb';
import type { DecodedHeightmap, ExportRange, GeoReference, ImportScaleOptions } from './heightmap';
import type { JsonObject } from '../json';
import type { PngChannel } from './png/decode';
import type { ByteOrder, RawImportOptions } from './raw';
import type { Sliced } from './sliced';
import type { Layer } from '../layers/types';

export type CodecKind = 'heightmap' | 'mesh' | 'project';

/** What reading a heightmap may be told: scale (range, cell size), RAW layout, PNG channel. */
export interface HeightmapImportOptions extends ImportScaleOptions, RawImportOptions {
  channel?: PngChannel;
  /** GeoTIFF: vertices along the longer side after a bilinear resampling (needed above 8193). */
  resample?: number;
}

/** An open or save dialog's filter (Electron's FileFilter). */
export interface FileFilter {
  name: string;
  extensions: string[];
}

/** What an encoder may be told; each format uses what applies to it (`options` of its codec). */
export interface EncodeOptions {
  /** PNG sample depth (default 16). */
  bits?: 8 | 16;
  /** PNG and R16: 'auto' (the map's min..max, default) or a fixed range. */
  range?: ExportRange;
  /** R16 (default little-endian). */
  byteOrder?: ByteOrder;
  /** RAW: store the rows last to first. */
  flip?: boolean;
  /** .exr: 'zip' (default) or 'none'. */
  exrCompression?: ExrCompression;
  /** .tif: the CRS and origin to write (an imported GeoTIFF's); absent = a local metre grid at 0, 0. */
  geo?: GeoReference;
  /** .glb: props as nodes, and the meshes (by index) and materials they reference. */
  nodes?: GlbNode[];
  meshes?: GlbMesh[];
  materials?: GlbMaterial[];
  /** .faultline: the recipe that made the heights, or null; the steps after it; props to keep. */
  recipe?: FaultRecipe | null;
  history?: JsonObject[];
  props?: JsonObject[];
  /** .faultline: the layer stack whose evaluation the heights are (shared/layers); absent = none written. */
  layers?: Layer[];
  /** .faultline: the view settings to save with it (its climate, tree and snow lines, sea); absent = none (`{}`). */
  view?: JsonObject;
  /** Names the file in codec errors (default: the format's own). */
  fileName?: string;
}

export type EncodeOptionName = Exclude<keyof EncodeOptions, 'fileName'>;
/** What reading a heightmap of this format may be told (the import dialog shows these). */
export type DecodeOptionName = 'channel' | 'size' | 'byteOrder' | 'flip' | 'range' | 'resample';

/** The export entries of the heightmap formats: what main encodes (file:exportHeightmap) and tiles cut. */
export type HeightmapVariantId = 'png16' | 'png8' | 'r16' | 'r32' | 'exr' | 'tiff';
/** Every export entry of a codec (the normal map is the exchange's own entry, not a codec's). */
export type ExportVariantId = HeightmapVariantId | 'obj' | 'glb';

/** A named choice of one format with fixed options: what an export dialog lists (PNG 16-bit, PNG 8-bit…). */
export interface ExportVariant {
  id: ExportVariantId;
  label: string;
  options: Readonly<Pick<EncodeOptions, 'bits'>>;
  /**
   * Its export's memory per exported vertex (shared/export/exportMemory.ts, measured with
   * bench/fileExportMemory.ts): `encode`, what encoding needs beyond the map's own heights at its peak;
   * `file`, the most bytes its file has (the window sends a file its codec worker made to main whole).
   */
  memory: Readonly<{ encode: number; file: number }>;
}

export interface FileCodec {
  readonly id: 'png' | 'r16' | 'r32' | 'exr' | 'tiff' | 'obj' | 'glb' | 'faultline';
  readonly kind: CodecKind;
  readonly label: string;
  /** Lower-case, without the dot. The first one is used for new files. */
  readonly extensions: readonly string[];
  /** For open and save dialogs. */
  readonly filter: FileFilter;
  /** One line for the CLI's --help. */
  readonly description: string;
  /** The encode options it reads, and the decode options it reads (empty when it has no decoder). */
  readonly encodeOptions: readonly EncodeOptionName[];
  readonly decodeOptions: readonly DecodeOptionName[];
  /** The export dialog's entries for this format. */
  readonly variants: readonly ExportVariant[];
  /** A tiled export may cut a map into files of this format (NAME_x0_y0…). */
  readonly tileable: boolean;
  /** Throws CodecError for anything wrong with the bytes. Heightmap readers only. */
  readonly decode?: (bytes: Uint8Array, fileName: string, options?: HeightmapImportOptions) => DecodedHeightmap;
  /** A reader that needs to wait (GeoTIFF, through geotiff's promises): `readHeightmap` calls it. */
  readonly decodeAsync?: (bytes: Uint8Array, fileName: string, options?: HeightmapImportOptions) => Promise<DecodedHeightmap>;
  /** Throws CodecError (naming the file) for input it cannot write. */
  readonly encode: (field: Heightfield, options?: EncodeOptions) => Uint8Array;
  /**
   * `encode` in slices (sliced.ts: the same bytes, yielding between slices), for formats whose large
   * maps take long enough to matter: a caller on a busy event loop gives way between slices.
   */
  readonly encodeSliced?: (field: Heightfield, options?: EncodeOptions) => Sliced<Uint8Array>;
}
