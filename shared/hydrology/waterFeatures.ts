/**
 * The rivers and lakes of a map's water, for the editor's list and selection: each 8-connected group
 * of one class is one feature, with its size and depth — a lake's wet vertices, or a river's: its own
 * vertices (wet or not: a shallow stream over rough ground would otherwise fall apart into pieces)
 * and the wet bed beside them.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';
import { WATER_LAKE, WATER_RIVER } from './water';
import type { WaterSurface } from './waterSurface';

const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

export interface WaterFeature {
  /** 1, 2, … in the order of each feature's first vertex (row-major). */
  readonly id: number;
  readonly kind: 'river' | 'lake';
  /** Wet vertices (a river's dry own vertices belong to it but are not counted). */
  readonly vertices: number;
  /**
   * A river's centreline length, m: each of its own vertices counts one step (a cell, or a cell's
   * diagonal where it has only diagonal own neighbours), so a straight river of n vertices measures
   * n cells. 0 for a lake.
   */
  readonly length: number;
  /** Water surface area, m²: the wet vertices' own areas. */
  readonly area: number;
  /** Greatest depth, m. */
  readonly maxDepth: number;
  /** Highest and lowest water surface, m (equal for a lake). */
  readonly top: number;
  readonly bottom: number;
  /** Vertex bounds, i1 and j1 exclusive. */
  readonly bounds: { i0: number; j0: number; i1: number; j1: number };
}

/** Feature ids per vertex, in the smallest unsigned type that holds the largest id (a 4097² map's are kept while the list is shown). */
export type FeatureIds = Uint8Array | Uint16Array | Int32Array;

export interface WaterFeatures {
  readonly features: WaterFeature[];
  /** Per vertex: its feature's id, 0 where dry (and not on a river's line). */
  readonly featureOf: FeatureIds;
}

/** `ids` in the smallest type that holds ids up to `largest`. */
export function compactFeatureIds(ids: Int32Array, largest: number): FeatureIds {
  if (largest <= 0xff) return Uint8Array.from(ids);
  if (largest <= 0xffff) return Uint16Array.from(ids);
  return ids;
}

const NONE = 0;
const RIVER_CLASS = 1;
const LAKE_CLASS = 2;

/**
 * Each vertex's class first (one pass), then a flood from each unlabelled vertex over its class;
 * the hot loops read plain typed arrays (no calls per neighbour), as the other hydrology passes.
 * `onProgress` hears the fraction of vertices scanned, about every million.
 */
export function findWaterFeatures(
  grid: HydrologyGrid,
  water: Pick<WaterSurface, 'surface' | 'kind'>,
  heights: Float32Array,
  onProgress?: (fraction: number) => void,
): WaterFeatures {
  const { width, depth, cellSize } = grid;
  const count = width * depth;
  const { surface, kind } = water;
  const classes = new Uint8Array(count);
  for (let v = 0; v < count; v++) {
    const k = kind[v];
    if (k === WATER_RIVER) classes[v] = RIVER_CLASS;
    else if (surface[v] > heights[v]) classes[v] = k === WATER_LAKE ? LAKE_CLASS : RIVER_CLASS;
  }
  const featureOf = new Int32Array(count);
  const features: WaterFeature[] = [];
  const stack = new Int32Array(count);
  const cell2 = cellSize * cellSize;
  for (let start = 0; start < count; start++) {
    if (onProgress && (start & 0xfffff) === 0) onProgress(start / count);
    const cls = classes[start];
    if (cls === NONE || featureOf[start] !== 0) continue;
    const id = features.length + 1;
    let top = 0;
    stack[top++] = start;
    featureOf[start] = id;
    let vertices = 0;
    let area = 0;
    let steps = 0;
    let maxDepth = 0;
    let high = -Infinity;
    let low = Infinity;
    let i0 = width;
    let j0 = depth;
    let i1 = 0;
    let j1 = 0;
    while (top > 0) {
      const v = stack[--top];
      const i = v % width;
      const j = (v - i) / width;
      const s = surface[v];
      const d = s - heights[v];
      if (d > 0) {
        vertices++;
        // The vertex's own area: a cell inside, half on an edge, a quarter at a corner (grid.ts).
        area += (i === 0 || i === width - 1 ? 0.5 : 1) * (j === 0 || j === depth - 1 ? 0.5 : 1) * cell2;
        if (d > maxDepth) maxDepth = d;
      }
      if (s > high) high = s;
      if (s < low) low = s;
      if (i < i0) i0 = i;
      if (i >= i1) i1 = i + 1;
      if (j < j0) j0 = j;
      if (j >= j1) j1 = j + 1;
      const own = kind[v] === WATER_RIVER;
      let cardinal = false;
      let diagonal = false;
      for (let k = 0; k < 8; k++) {
        const ni = i + STEP_I[k];
        const nj = j + STEP_J[k];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        if (own && kind[n] === WATER_RIVER) {
          if (k < 4) cardinal = true;
          else diagonal = true;
        }
        if (classes[n] !== cls || featureOf[n] !== 0) continue;
        featureOf[n] = id;
        stack[top++] = n;
      }
      if (own) steps += cardinal || !diagonal ? 1 : Math.SQRT2;
    }
    features.push({
      id,
      kind: cls === LAKE_CLASS ? 'lake' : 'river',
      vertices,
      length: cls === LAKE_CLASS ? 0 : steps * cellSize,
      area,
      maxDepth,
      top: high,
      bottom: low,
      bounds: { i0, j0, i1, j1 },
    });
  }
  return { features, featureOf: compactFeatureIds(featureOf, features.length) };
}
