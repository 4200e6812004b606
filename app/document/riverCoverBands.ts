/**
 * The cover beside the rivers (shared/erosion/riverCover.ts coverBesideRivers over riverNearness, surfaceCover.ts)
 * found a rectangle at a time, bit for bit as the whole map's: a vertex's flow byte depends only on its own byte and
 * on the river water within RIVER_COVER_BACK metres of it, so the distance transform runs over the rectangle grown by
 * that reach, in bands of rows (no whole-map working arrays). What a worker runs for the window (riverCoverJob.ts),
 * and what an edit's rectangle would need.
 */
import { coverBesideRivers, RIVER_COVER_BACK } from '../../shared/erosion/riverCover';
import { shoreWetness } from '../../shared/hydrology/shore';
import { WATER_LAKE } from '../../shared/hydrology/water';
import type { HydrologyGrid } from '../../shared/hydrology/grid';

/** A rectangle of vertices [i0, i1) × [j0, j1). */
export interface CoverRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** The map's water and final heights as the river cover reads them. */
export interface RiverCoverInput {
  surface: Float32Array;
  kind: Uint8Array;
  heights: Float32Array;
}

/** Vertices from a river's water the cover's change can reach on `cellSize` cells. */
export function riverCoverReachCells(cellSize: number): number {
  return Math.ceil(RIVER_COVER_BACK / cellSize);
}

/**
 * 1 where a vertex is under a river's water (not a lake's: what riverNearness counts as 1), else 0; null when no vertex
 * is (then the cover is unchanged). All the cover reads of the water and the heights: riverNearness's distances depend
 * only on where the depth is above 0, so this byte a vertex (what the worker is sent, not 9 bytes of copies) gives the
 * same bytes. When any vertex is, the droplets' silt goes from the whole map (coverBesideRivers).
 */
export function riverMask(input: RiverCoverInput): Uint8Array | null {
  const { surface, kind, heights } = input;
  const under = new Uint8Array(heights.length);
  let any = false;
  for (let v = 0; v < heights.length; v++) {
    if (surface[v] - heights[v] > 0 && kind[v] !== WATER_LAKE) {
      under[v] = 1;
      any = true;
    }
  }
  return any ? under : null;
}

/** Rows found at once (bounds the working arrays: ~10 bytes a vertex of a band grown by the reach). */
const BAND_ROWS = 256;

/**
 * The flow bytes coverBesideRivers(flow, riverNearness) gives over `rect` (`under`: riverMask's), written at `out[j · width + i]`; nothing
 * else is touched. `flow` is the cover's flow before the rivers (coverOnFinalSurface's); the deposition beside rivers
 * is 0 on the whole map wherever anyRiver says so.
 */
export function riverFlowInto(grid: HydrologyGrid, flow: Uint8Array, under: Uint8Array, rect: CoverRect, out: Uint8Array): void {
  const { width, depth, cellSize } = grid;
  const r = riverCoverReachCells(cellSize);
  const i0 = Math.max(0, rect.i0 - r);
  const i1 = Math.min(width, rect.i1 + r);
  const w = i1 - i0;
  if (w <= 0 || rect.j1 <= rect.j0) return;
  for (let b0 = rect.j0; b0 < rect.j1; b0 += BAND_ROWS) {
    const b1 = Math.min(rect.j1, b0 + BAND_ROWS);
    const j0 = Math.max(0, b0 - r);
    const j1 = Math.min(depth, b1 + r);
    const rows = j1 - j0;
    const wet = new Float32Array(w * rows);
    let any = false;
    for (let j = j0; j < j1; j++) {
      const from = j * width;
      const to = (j - j0) * w - i0;
      for (let i = i0; i < i1; i++) {
        if (under[from + i] === 0) continue;
        wet[to + i] = 1;
        any = true;
      }
    }
    const band = { width: rect.i1 - rect.i0, depth: b1 - b0 };
    const before = { flow: new Uint8Array(band.width * band.depth), deposition: new Uint8Array(0) };
    for (let j = b0; j < b1; j++) before.flow.set(flow.subarray(j * width + rect.i0, j * width + rect.i1), (j - b0) * band.width);
    let after: Uint8Array = before.flow;
    if (any) {
      const nearness = shoreWetness({ width: w, depth: rows, cellSize }, wet, RIVER_COVER_BACK);
      const own = new Float32Array(band.width * band.depth);
      for (let j = b0; j < b1; j++) own.set(nearness.subarray((j - j0) * w + rect.i0 - i0, (j - j0) * w + rect.i1 - i0), (j - b0) * band.width);
      after = coverBesideRivers({ flow: before.flow, deposition: new Uint8Array(own.length) }, own).flow;
    }
    for (let j = b0; j < b1; j++) out.set(after.subarray((j - b0) * band.width, (j - b0 + 1) * band.width), j * width + rect.i0);
  }
}
