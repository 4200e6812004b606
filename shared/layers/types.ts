/**
 * The layer stack: a terrain is a list of layers, bottom to top, each turning the heights below it
 * into new heights. Plain data (JSON plus typed arrays for painted or imported samples), so it is
 * saved in the project, sent to workers and evaluated the same way everywhere (evaluate.ts).
 */
import type { FaultRecipe } from '../fault/recipe';
import type { TerraceParams } from '../filters/terrace';
import type { ChannelParams } from '../filters/channels';
import type { HydraulicParams, ThermalParams } from '../erosion/params';
import type { RoadParams } from '../roads/params';
import type { WaterParams } from '../hydrology/waterParams';
import type { RiverParams } from '../rivers/params';
import type { FluvialParams } from '../erosion/fluvialParams';

/** The map a stack is evaluated on. */
export interface LayerSize {
  width: number;
  depth: number;
  cellSize: number;
}

export type { Rect } from '../terrain/gridRect';
import type { Rect } from '../terrain/gridRect';

/** Most layers a stack holds (a project with more is refused before its layers are read). */
export const MAX_LAYERS = 256;

/**
 * The one limit of a stack's data (painted masks, sculpt tiles, stamp images, heights layers, as
 * float32): 1 GiB, whatever the map's size. An edit that would pass it is refused (validate.ts
 * stackProblem, which every edit goes through); the project writer and reader, the save and journal
 * channels, their uploads and the CLI's project input all take it from here.
 */
export const MAX_STACK_DATA_BYTES = 1024 * 1024 * 1024;

/** Bytes of float32 data the stack stores (what a project's `LBIN` entry holds). */
export function stackDataBytes(stack: LayerStack): number {
  let floats = 0;
  for (const layer of stack) {
    if (layer.mask?.kind === 'painted') floats += layer.mask.weights.length;
    if (layer.kind === 'heights') floats += layer.heights.length;
    else if (layer.kind === 'stamp') floats += layer.image.values.length;
    else if (layer.kind === 'sculpt') for (const tile of layer.tiles) floats += tile.deltas.length;
  }
  return floats * 4;
}

/**
 * Where a layer acts, as a weight 0…1 per vertex: painted weights, or a rule on the heights the
 * layer receives — a height band (metres) or a slope band (degrees), fading out over `softness`
 * beyond each end of the band.
 */
export type LayerMask =
  | { kind: 'painted'; weights: Float32Array }
  | { kind: 'height'; min: number; max: number; softness: number }
  | { kind: 'slope'; minDeg: number; maxDeg: number; softness: number };

interface LayerBase {
  /** Unique in the stack: letters, digits, '-' and '_' (the CLI names layers by it). */
  id: string;
  name: string;
  enabled: boolean;
  /** 0…1: the layer's result is mixed with the heights below by this weight (times the mask's). */
  opacity: number;
  mask?: LayerMask;
}

/** The generator. `runs` are iterations where a run ended and was rounded to float32 ("Run more"). */
export type FaultsParams = FaultRecipe & { runs?: number[] };
export interface FaultsLayer extends LayerBase {
  kind: 'faults';
  params: FaultsParams;
}
/** The erosion steps' params objects as they are (a field added to them flows through). */
export interface HydraulicLayer extends LayerBase {
  kind: 'hydraulic';
  params: HydraulicParams;
}
export interface ThermalLayer extends LayerBase {
  kind: 'thermal';
  params: ThermalParams;
}
export interface SmoothLayer extends LayerBase {
  kind: 'smooth';
  params: { k: number };
}
export interface TerraceLayer extends LayerBase {
  kind: 'terrace';
  params: TerraceParams;
}
export interface ChannelsLayer extends LayerBase {
  kind: 'channels';
  params: ChannelParams;
}
export interface NormaliseLayer extends LayerBase {
  kind: 'normalise';
  params: { min: number; max: number };
}
/** Side of a sculpt tile, vertices. */
export const SCULPT_TILE = 64;
/** Height added at each vertex of tile (i, j): `deltas[y · SCULPT_TILE + x]` is vertex (i·64 + x, j·64 + y). */
export interface SculptTile {
  i: number;
  j: number;
  deltas: Float32Array;
}
/** What brushes added, sparse by tile: kept as it is when a layer below changes. */
export interface SculptLayer extends LayerBase {
  kind: 'sculpt';
  params: Record<string, never>;
  tiles: SculptTile[];
}
export interface ManualFault {
  x1: number;
  z1: number;
  x2: number;
  z2: number;
  displacement: number;
}
/** Fault lines through two world points each, applied one after another (the left of p1 → p2 rises). */
export interface ManualFaultsLayer extends LayerBase {
  kind: 'manualFaults';
  params: { faults: ManualFault[] };
}
export type StampBlend = 'add' | 'max' | 'min' | 'replace';
export const STAMP_BLENDS: readonly StampBlend[] = ['add', 'max', 'min', 'replace'];
export interface StampParams {
  /** Centre, world metres. */
  x: number;
  z: number;
  rotationDeg: number;
  /** Side of the square the image covers, metres. */
  size: number;
  /** Metres of an image value of 1. */
  height: number;
  blend: StampBlend;
  /** 0…1: the part of the half-side, from the edge inwards, over which the stamp fades in. */
  falloff: number;
}
/** A heightmap image: values 0…1, row-major, row 0 at the stamp's −z edge before rotation. */
export interface StampImage {
  width: number;
  depth: number;
  values: Float32Array;
}
export interface StampLayer extends LayerBase {
  kind: 'stamp';
  params: StampParams;
  image: StampImage;
}
/** A polygon (world metres) set to a height, fading back to the ground over `falloff` metres outside it. */
export interface FlattenLayer extends LayerBase {
  kind: 'flatten';
  params: { points: [number, number][]; height: number; falloff: number };
}
/** Imported or baked heights, one per vertex: they replace what is below (by opacity and mask). */
export interface HeightsLayer extends LayerBase {
  kind: 'heights';
  params: Record<string, never>;
  heights: Float32Array;
}

/** A road that shapes the land (shared/roads/); ids `road-1`, `road-2`, … */
export interface RoadLayer extends LayerBase {
  kind: 'road';
  params: RoadParams;
}

/** Automatic rivers and lakes (shared/hydrology/water.ts); ids `water-1`, `water-2`, … */
export interface WaterLayer extends LayerBase {
  kind: 'water';
  params: WaterParams;
}

/** A drawn river from source to mouth that carves its bed (shared/rivers/); ids `river-1`, `river-2`, … */
export interface RiverLayer extends LayerBase {
  kind: 'river';
  params: RiverParams;
}

/** Stream-power erosion over time (shared/erosion/fluvial.ts); ids `fluvial-1`, `fluvial-2`, … */
export interface FluvialLayer extends LayerBase {
  kind: 'fluvial';
  params: FluvialParams;
}

export type Layer =
  | FaultsLayer
  | HydraulicLayer
  | ThermalLayer
  | SmoothLayer
  | NormaliseLayer
  | TerraceLayer
  | ChannelsLayer
  | SculptLayer
  | ManualFaultsLayer
  | StampLayer
  | FlattenLayer
  | HeightsLayer
  | RoadLayer
  | WaterLayer
  | RiverLayer
  | FluvialLayer;
export type LayerKind = Layer['kind'];
export const LAYER_KINDS: readonly LayerKind[] = [
  'faults',
  'hydraulic',
  'thermal',
  'smooth',
  'normalise',
  'terrace',
  'channels',
  'sculpt',
  'manualFaults',
  'stamp',
  'flatten',
  'heights',
  'road',
  'water',
  'river',
  'fluvial',
];

export type LayerStack = readonly Layer[];

export const wholeRect = (size: LayerSize): Rect => ({ i0: 0, j0: 0, i1: size.width, j1: size.depth });

/**
 * Whether two layers give the same result from the same input: the same object, or copies that
 * differ only in id or name (a rename needs no evaluation). Params, masks and data are compared as
 * objects, since edits replace what they change.
 */
export function sameLayerResult(a: Layer, b: Layer): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (key === 'id' || key === 'name') continue;
    if ((a as unknown as Record<string, unknown>)[key] !== (b as unknown as Record<string, unknown>)[key]) return false;
  }
  return true;
}
