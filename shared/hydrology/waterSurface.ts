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
  /**
   * The topmost automatic water layer's largest MFD contributing area off its lakes, m² (Water's
   * `largestDrainingArea`), set as that layer evaluates; absent when none ran.
   */
  largestDrainingArea?: number;
}

/** No water anywhere on a map of `count` vertices. */
export function createWaterSurface(count: number): WaterSurface {
  return { surface: new Float32Array(count).fill(NaN), kind: new Uint8Array(count) };
}

/** A copy of `water`. */
export function copyWaterSurface(water: WaterSurface): WaterSurface {
  const copy: WaterSurface = { surface: water.surface.slice(), kind: water.kind.slice() };
  if (water.largestDrainingArea !== undefined) copy.largestDrainingArea = water.largestDrainingArea;
  return copy;
}

/** A rectangle of vertices [i0, i1) × [j0, j1). */
interface VertexRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** `water` over `rect` (of a map `width` wide) becomes `base`'s there (null: dry). */
export function resetWater(water: WaterSurface, base: WaterSurface | null, rect: VertexRect, width: number): void {
  for (let j = rect.j0; j < rect.j1; j++) {
    const a = j * width + rect.i0;
    const b = j * width + rect.i1;
    if (base) {
      water.surface.set(base.surface.subarray(a, b), a);
      water.kind.set(base.kind.subarray(a, b), a);
    } else {
      water.surface.fill(NaN, a, b);
      water.kind.fill(0, a, b);
    }
  }
}

/** Side of the blocks copyChangedWater compares. */
const WATER_BLOCK = 64;

/**
 * Copies `from` into `into` (maps `size.width` × `size.depth`) block by block, only the blocks whose
 * bits differ, telling `beforeWrite` of each first (so an undo record keeps only those).
 */
export function copyChangedWater(
  from: WaterSurface,
  into: WaterSurface,
  size: { width: number; depth: number },
  beforeWrite?: (rect: VertexRect) => void,
): void {
  const { width, depth } = size;
  const a = new Uint32Array(from.surface.buffer, from.surface.byteOffset, from.surface.length);
  const b = new Uint32Array(into.surface.buffer, into.surface.byteOffset, into.surface.length);
  for (let j0 = 0; j0 < depth; j0 += WATER_BLOCK) {
    const j1 = Math.min(j0 + WATER_BLOCK, depth);
    for (let i0 = 0; i0 < width; i0 += WATER_BLOCK) {
      const i1 = Math.min(i0 + WATER_BLOCK, width);
      let same = true;
      for (let j = j0; j < j1 && same; j++)
        for (let v = j * width + i0; v < j * width + i1; v++)
          if (a[v] !== b[v] || from.kind[v] !== into.kind[v]) {
            same = false;
            break;
          }
      if (same) continue;
      const block = { i0, j0, i1, j1 };
      beforeWrite?.(block);
      resetWater(into, from, block, width);
    }
  }
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
