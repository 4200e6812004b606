/**
 * The water a layer stack holds, per vertex, for the views and exports: where each water-making
 * layer (kinds with `makesWater`: the automatic `water`, a drawn river) put water, its surface
 * height and what kind of water it is. Layers fill it during evaluation (LayerRunOptions.water);
 * the depth is then read against the stack's final heights, so a layer above the water that
 * raises the ground dries it there, and one that lowers it deepens it.
 */

export interface WaterSurface {
  /** Water surface height (m) where wet, NaN where dry. */
  readonly surface: Float32Array;
  /**
   * Per vertex (shared/hydrology/water.ts): WATER_RIVER on a river's own vertices, WATER_LAKE in a
   * lake, else WATER_DRY — also where a river's water spreads across its bed beside them (wet there,
   * with the river's surface).
   */
  readonly kind: Uint8Array;
}

/** No water anywhere on a map of `count` vertices. */
export function createWaterSurface(count: number): WaterSurface {
  return { surface: new Float32Array(count).fill(NaN), kind: new Uint8Array(count) };
}

/**
 * Adds one layer's water (`surface` NaN where it put none) to `target`: where the layer has water and
 * `target` has none or lower, its surface and kind are taken (two waters at one vertex: the higher
 * surface is the water there).
 */
export function addWaterSurface(target: WaterSurface, surface: Float32Array, kind: Uint8Array): void {
  const into = target.surface;
  const intoKind = target.kind;
  for (let v = 0; v < into.length; v++) {
    const s = surface[v];
    if (!(s === s)) continue;
    if (!(into[v] === into[v]) || s > into[v]) {
      into[v] = s;
      intoKind[v] = kind[v];
    }
  }
}

/** Metres of water over `heights` at vertex `v`: 0 where dry or where the ground stands above the surface. */
export function waterDepthAt(water: WaterSurface, heights: Float32Array, v: number): number {
  const wet = water.surface[v] - heights[v];
  return wet > 0 ? wet : 0;
}

/** Water depth per vertex over `heights` (the stack's final heights), into `out`. */
export function waterDepths(water: WaterSurface, heights: Float32Array, out: Float32Array = new Float32Array(heights.length)): Float32Array {
  const surface = water.surface;
  for (let v = 0; v < heights.length; v++) {
    const wet = surface[v] - heights[v];
    out[v] = wet > 0 ? wet : 0;
  }
  return out;
}

/** Whether any vertex holds water over `heights`. */
export function hasWater(water: WaterSurface | null, heights: Float32Array): boolean {
  if (!water) return false;
  for (let v = 0; v < heights.length; v++) if (water.surface[v] > heights[v]) return true;
  return false;
}
