/**
 * The ground darkened along the water (issue 31: close up a creek on a wide gravel floor hardly read
 * as water): the shore/wetness mask's reading (shared/hydrology/shore.ts: 1 on water, fading linearly
 * to 0 at a distance from the nearest wet vertex) over a narrow margin, WET_MARGIN metres, as bytes
 * per vertex (0–255) for the 3D view's ground, which darkens by up to WET_MARGIN_DARKENING there.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { shoreWetness } from '../../shared/hydrology/shore';
import { waterDepths, type WaterSurface } from '../../shared/hydrology/waterSurface';

/** How far from the water the ground is darkened, metres: a wet bank, not the shore mask's 20 m. */
export const WET_MARGIN = 4;
/** How much darker the ground is at the water's edge (its colour × (1 − this)). */
export const WET_MARGIN_DARKENING = 0.4;

/** The wetness of the ground over `heights` beside `water`, a byte per vertex; null without water. */
export function wetGroundBytes(grid: HydrologyGrid, water: WaterSurface | null, heights: Float32Array): Uint8Array | null {
  if (!water) return null;
  const wetness = shoreWetness(grid, waterDepths(water, heights), WET_MARGIN);
  const out = new Uint8Array(wetness.length);
  for (let k = 0; k < out.length; k++) out[k] = Math.round(wetness[k] * 255);
  return out;
}

/** A rectangle of vertices [i0, i1) × [j0, j1). */
export interface WetRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Vertices from the water the margin can reach on `cellSize` cells: a wet vertex farther off darkens nothing. */
export function wetReachCells(cellSize: number): number {
  return Math.ceil(WET_MARGIN / cellSize);
}

/**
 * The rectangle whose wetness may change when the heights or the water change in `changed`: it grown by the
 * margin's reach, within the map.
 */
export function wetRectAround(grid: HydrologyGrid, changed: WetRect): WetRect {
  const r = wetReachCells(grid.cellSize);
  return {
    i0: Math.max(0, changed.i0 - r),
    j0: Math.max(0, changed.j0 - r),
    i1: Math.min(grid.width, changed.i1 + r),
    j1: Math.min(grid.depth, changed.j1 + r),
  };
}

/** Rows of the map whose wetness wetGroundInto finds at once (bounds its working arrays: ~20 bytes a vertex of a band). */
const WET_BAND_ROWS = 256;

/**
 * wetGroundBytes over `rect` only, bit for bit: each value written at `out[offset + j · grid.width + i]` (the
 * map's own vertex order, moved by `offset`), nothing else touched. The distance transform runs over the
 * rectangle grown by the margin's reach (wetReachCells) in bands of rows, so it reads no more of the map than
 * that, and holds no whole-map arrays: the wetness of a vertex depends only on the water within WET_MARGIN of it.
 */
export function wetGroundInto(grid: HydrologyGrid, water: WaterSurface, heights: Float32Array, rect: WetRect, out: Uint8Array, offset = 0): void {
  const { width, depth } = grid;
  const r = wetReachCells(grid.cellSize);
  const i0 = Math.max(0, rect.i0 - r);
  const i1 = Math.min(width, rect.i1 + r);
  const w = i1 - i0;
  if (w <= 0 || rect.j1 <= rect.j0) return;
  const surface = water.surface;
  for (let b0 = rect.j0; b0 < rect.j1; b0 += WET_BAND_ROWS) {
    const b1 = Math.min(rect.j1, b0 + WET_BAND_ROWS);
    const j0 = Math.max(0, b0 - r);
    const j1 = Math.min(depth, b1 + r);
    const rows = j1 - j0;
    const wet = new Float32Array(w * rows);
    for (let j = j0; j < j1; j++) {
      const from = j * width;
      const to = (j - j0) * w - i0;
      for (let i = i0; i < i1; i++) {
        const d = surface[from + i] - heights[from + i];
        wet[to + i] = d > 0 ? d : 0;
      }
    }
    const wetness = shoreWetness({ width: w, depth: rows, cellSize: grid.cellSize }, wet, WET_MARGIN);
    for (let j = b0; j < b1; j++) {
      const from = (j - j0) * w - i0;
      const to = offset + j * width;
      for (let i = rect.i0; i < rect.i1; i++) out[to + i] = Math.round(wetness[from + i] * 255);
    }
  }
}
