/** What every layer kind module provides (kinds/*.ts); registry.ts maps kinds to them. */
import type { ErosionMasks } from '../erosion/hydraulic';
import type { Water } from '../hydrology/water';
import type { WaterSurface } from '../hydrology/waterSurface';
import type { FittedRiver } from '../rivers/fittedRiver';
import type { Layer, LayerSize, Rect } from './types';

export interface LayerRunOptions {
  onProgress?: (done: number, total: number) => void;
  /** Polled by whole-map layers between chunks of work; true abandons the evaluation. */
  shouldCancel?: () => boolean;
  /** Filled by hydraulic layers (where water flowed, where sediment settled). */
  masks?: ErosionMasks;
  /** The layers under this one, bottom first (a road joins the roads below it); absent: none known. */
  below?: readonly Layer[];
  /** Filled by water-making layers (`makesWater`): where they put water and its surface, for views and exports. */
  water?: WaterSurface;
  /** Told an automatic `water` layer's whole result (its hydrology, for the files only it gives: stackWater.ts). */
  automaticWater?: (water: Water) => void;
  /** Told a drawn `river` layer's fit and its surface per station, joined with the water below it (stackWater.ts: its centreline). */
  drawnRiver?: (fitted: FittedRiver, surface: Float64Array) => void;
}

export interface LayerKindModule<L extends Layer = Layer> {
  kind: L['kind'];
  /**
   * Local kinds compute any rectangle of their result from the heights below in that rectangle
   * alone (so an edit re-composites only its dirty rectangle); the others need the whole map.
   */
  local: boolean;
  /** The kind puts water on the map and writes it into `LayerRunOptions.water` when given one. */
  makesWater?: boolean;
  /** The first problem with the layer's values (not its id, name, opacity or mask), or null. */
  problem(layer: L, size: LayerSize): string | null;
  /**
   * Writes the layer's own result (before opacity and mask) into `out` from `input` (never the same
   * array): over `rect` for local kinds, over the whole map for the others. False when cancelled.
   */
  apply(layer: L, input: Float32Array, out: Float32Array, size: LayerSize, rect: Rect, options: LayerRunOptions): boolean;
  /** Local kinds: the vertices the layer can change (null: none), for the dirty rectangle of an edit. */
  bounds?(layer: L, size: LayerSize): Rect | null;
  /**
   * Local kinds whose result at a vertex may depend on input heights elsewhere in their bounds (a
   * road's profile follows the ground along it): what must be recomputed when the input changed
   * inside `dirty`. Absent: `dirty` itself.
   */
  widen?(layer: L, size: LayerSize, dirty: Rect): Rect;
}

/** Copies input to out over a rectangle. */
export function copyRect(input: Float32Array, out: Float32Array, width: number, rect: Rect): void {
  for (let j = rect.j0; j < rect.j1; j++) {
    const row = j * width;
    out.set(input.subarray(row + rect.i0, row + rect.i1), row + rect.i0);
  }
}

export const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Vertex rectangle covering world x0…x1, z0…z1 (metres), clipped to the map; null if empty. */
export function worldRect(size: LayerSize, x0: number, z0: number, x1: number, z1: number): Rect | null {
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  const i0 = Math.max(0, Math.floor(x0 / size.cellSize + ci));
  const i1 = Math.min(size.width, Math.ceil(x1 / size.cellSize + ci) + 1);
  const j0 = Math.max(0, Math.floor(z0 / size.cellSize + cj));
  const j1 = Math.min(size.depth, Math.ceil(z1 / size.cellSize + cj) + 1);
  return i0 < i1 && j0 < j1 ? { i0, j0, i1, j1 } : null;
}

export { smoothstep01 } from '../smoothstep';
