/**
 * What an engine export is: one object per engine (`unreal.ts`, `unity.ts`, `terrain3d.ts`,
 * `hterrain.ts`) implementing `EngineDefinition` — its sizes, its shape and tiles rules, its files over
 * the codecs of the registry, the numbers to type into its import and what the dialog and CLI offer.
 * `registry.ts` lists them; nothing outside an engine's module tests an engine by name.
 */
import type { EncodeOptions } from '../../codecs/codec';
import type { ExrCompression } from '../../codecs/exr';
import type { CodecId } from '../../codecs/registry';
import type { JsonObject } from '../../json';
import type { MaskSet } from '../masks';
import type { GreenDirection, NormalSpace, WorldAxes } from '../normals';
import type { Tile, TileSpec } from '../tiles';
import type { NaturalLines } from '../../ground/naturalColours';

export type EngineId = 'unreal' | 'unity' | 'godot-terrain3d' | 'godot-hterrain';

export type FitMode = 'resample' | 'crop';
export type GodotHeightFormat = 'exr' | 'r16';

export interface EngineExportOptions {
  engineId: EngineId;
  /** Base of every file name (NAME.png, NAME.unreal.json, NAME_rock.png…). */
  name: string;
  /** Vertices per side of the whole export (Unreal, Unity, HTerrain); default: the engine size nearest the map. */
  size?: number;
  /** Resample the whole map from its exact surface to the size (default), or cut a window of that size. */
  fit?: FitMode;
  /** Crop only: first vertex of the window; default centred. */
  cropOrigin?: { i: number; j: number } | null;
  /** Godot only: EXR (metres, default) or R16 with a height range. */
  heightFormat?: GodotHeightFormat;
  exrCompression?: ExrCompression;
  normalMap?: { space: NormalSpace; green: GreenDirection } | null;
  masks?: MaskSet | null;
  /** Also a colour map NAME_colour.png (the view's natural colours, sRGB) read against these tree and snow lines (m). */
  colourMap?: NaturalLines | null;
  /** Unreal, Terrain3D: cut into tiles; Unity: terrains of this resolution (overlap 1). Default none (Unity: 4097 above that). */
  tiles?: TileSpec | null;
  /**
   * Also the water's files at the map's own vertices (shared/export/waterFiles.ts): NAME_water_depth.exr,
   * NAME_flow.png, NAME_water.glb and NAME_rivers.json, of the stack's topmost water layer.
   */
  water?: boolean;
}

export type ExportFileRole = 'heightmap' | 'weightmap' | 'splatmap' | 'normalmap' | 'colourmap' | 'water' | 'info';

export interface PlannedFile {
  name: string;
  role: ExportFileRole;
  /** Pixels of the file (0 × 0 for the JSON). */
  width: number;
  depth: number;
  /** Which tile, for tiled exports. */
  tile?: Tile;
  /** Which layer(s) a weight or splat map holds. */
  layers?: string[];
}

/** One value to type into the engine, as the dialog shows it (with a copy button). */
export interface EngineNumber {
  key: string;
  label: string;
  value: number | string;
  unit: string;
}

export type ExportSource = { mode: 'resample' } | { mode: 'crop'; i0: number; j0: number } | { mode: 'native'; padLeft: number; padTop: number };

export interface EnginePlan {
  engineId: EngineId;
  engine: string;
  name: string;
  /** The exported grid (the whole map, before tiling). */
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  /** 'native' with padding: the map with copies of its edge before its first column/row (Terrain3D's region alignment). */
  source: ExportSource;
  /** Heights the 16-bit samples (and every tile) map to. */
  range: { min: number; max: number };
  tiles: Tile[] | null;
  files: PlannedFile[];
  numbers: EngineNumber[];
  /** The JSON written beside the files (NAME.<engine>.json). */
  info: JsonObject;
  notes: string[];
}

export interface MapDims {
  width: number;
  depth: number;
  cellSize: number;
}

/** Which grid is exported: its size, spacing and where it comes from in the map. */
export interface Shape {
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  source: ExportSource;
}

/** How an engine takes its heightmap: a codec of the registry, the extension its importer wants, and the codec's options. */
export interface EngineHeightmap {
  codec: CodecId;
  extension: string;
  options: (range: { min: number; max: number }) => EncodeOptions;
}

/** What an engine's plan knows when it writes its numbers, JSON and notes. */
export interface PlanContext {
  dims: MapDims;
  options: EngineExportOptions;
  shape: Shape;
  tiles: Tile[] | null;
  range: { min: number; max: number };
  /** Metres the exported grid spans along x and z. */
  sizeX: number;
  sizeZ: number;
  heightFiles: PlannedFile[];
  masks: PlannedFile[];
  /** The JSON's fields every engine has (engine, heightmap, masks, normal map). */
  common: JsonObject;
}

export interface EngineDescription {
  numbers: EngineNumber[];
  info: JsonObject;
  notes: string[];
}

/** What the dialog and the CLI offer for an engine. */
export interface EngineForm {
  /** Sizes the dialog lists; empty: the engine takes the map at its own size (no size, no fit). */
  sizes: readonly number[];
  /** A size and a fit (resample / crop) can be chosen. */
  choosesSize: boolean;
  /** The Godot engines take EXR or 16-bit RAW; the label of the RAW choice, or null when there is no choice. */
  rawHeightLabel: string | null;
  /** Tiles: the label of the tile size field, whether tiles share an edge row; null when the engine takes one piece. */
  tiling: { label: string; sharedEdge: boolean } | null;
  /** The normal map's default green direction (Unreal DirectX-style, the others OpenGL-style). */
  normalGreen: GreenDirection;
}

/** A point of the map (metres, y up, origin at the map centre) in an engine's world: its units, axes and the map. */
export interface EngineWorld {
  units: string;
  /** The axes in words, for files a person reads. */
  axes: string;
  map(x: number, y: number, z: number): [number, number, number];
  /** Engine units per metre (for widths). */
  scale: number;
}

export interface EngineDefinition {
  readonly id: EngineId;
  readonly label: string;
  /** NAME.<infoSuffix>.json */
  readonly infoSuffix: string;
  /** Axes of a world-space normal map. */
  readonly axes: WorldAxes;
  /** Where a map point is in the engine's world, with the map placed as the export places it. */
  readonly world: EngineWorld;
  readonly form: EngineForm;
  /** Problems with a chosen size (vertices per side), or null. */
  sizeProblem(size: number): string | null;
  /** The tile spec the dialog's tile size and overlap make. */
  formTiles(size: number, overlap: number): TileSpec;
  heightmap(options: EngineExportOptions): EngineHeightmap;
  shape(dims: MapDims, options: EngineExportOptions): Shape;
  tiles(shape: Shape, options: EngineExportOptions): Tile[] | null;
  maskFiles(options: EngineExportOptions, shape: Shape, tiles: Tile[] | null): PlannedFile[];
  /** The most mask layers the engine's files hold (absent: no limit); the dialog's starting set is fitted to it (masks.ts fitMaskSet). */
  maxMaskLayers?: number;
  describe(context: PlanContext): EngineDescription;
  /** Splat files sampled at the texel centres of a power-of-two grid (Unity's alphamaps): its resolution for a piece this wide. */
  splatResolution?(pieceWidth: number): number;
}
