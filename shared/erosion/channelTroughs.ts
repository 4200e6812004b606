/**
 * The fluvial layer's optional `channelWidth` (fluvialParams.ts): each channel the layer cut is widened into
 * a trough with a flat floor that wide. The implicit stream-power solve cuts a channel one vertex wide (only
 * the vertex the water gathers in has the area), and on a plateau that the layer cuts no deeper than its
 * `incisionDepth` the result was a V whose floor is one line of vertices: a groove the grid draws, straight
 * wherever the water ran straight (Canyons' washes; shared/presets/canyonTrenches.test.ts). Real washes
 * are as wide as their discharge, metres across, with sandy flat floors.
 *
 * After the layer's last step, every channel vertex u (contributing area at least `channelArea` on the last
 * routing) cut by c(u) = h(u) − s(u) < 0 below its input s (with the swells) lowers every vertex v within
 * `width` of it to s(v) + c(u)·w(d), d the distance between them: w = 1 across the floor (d ≤ width / 2),
 * falling by a smoothstep to 0 at d = width (the trough's banks). A vertex keeps the lowest of its own height
 * and every trough over it; nothing is raised, and the layer's incision floor still holds afterwards (the
 * caller applies it), so the troughs stay within the incision mask and depth.
 * Deterministic: +, −, ×, √ and min in a fixed order (vertices in index order, offsets in a fixed order).
 */
import type { HydrologyGrid } from '../hydrology/grid';

/** Offsets (di, dj) of the disc of radius `width` and each one's weight w(d), in a fixed order. */
function troughStencil(width: number, cellSize: number): { di: Int32Array; dj: Int32Array; weight: Float64Array } {
  const half = width / 2;
  const reach = Math.floor(width / cellSize);
  const di: number[] = [];
  const dj: number[] = [];
  const weight: number[] = [];
  for (let j = -reach; j <= reach; j++) {
    for (let i = -reach; i <= reach; i++) {
      if (i === 0 && j === 0) continue;
      const d = Math.sqrt(i * i + j * j) * cellSize;
      if (d >= width) continue;
      let w = 1;
      if (d > half) {
        const t = (d - half) / (width - half);
        w = 1 - t * t * (3 - 2 * t);
      }
      di.push(i);
      dj.push(j);
      weight.push(w);
    }
  }
  return { di: Int32Array.from(di), dj: Int32Array.from(dj), weight: Float64Array.from(weight) };
}

/**
 * Widens the channels in `heights` (the layer's result, in place) into troughs `width` m wide: `surface` the
 * layer's input (with its swells), `area` the contributing areas of the last routing, `channelArea` the
 * layer's channel head area.
 */
export function widenChannels(grid: HydrologyGrid, heights: Float64Array, surface: Float32Array, area: Float64Array, channelArea: number, width: number): void {
  const { width: columns, depth: rows, cellSize } = grid;
  if (!(width > cellSize)) return;
  const { di, dj, weight } = troughStencil(width, cellSize);
  // The cuts as they were after the last step: a trough is laid from each channel's own cut, not a widened one.
  const cut = new Float64Array(heights.length);
  const sources: number[] = [];
  for (let v = 0; v < heights.length; v++) {
    const c = heights[v] - surface[v];
    if (c < 0 && area[v] >= channelArea) {
      cut[v] = c;
      sources.push(v);
    }
  }
  for (const u of sources) {
    const c = cut[u];
    const i0 = u % columns;
    const j0 = (u - i0) / columns;
    for (let k = 0; k < di.length; k++) {
      const i = i0 + di[k];
      const j = j0 + dj[k];
      if (i < 0 || j < 0 || i >= columns || j >= rows) continue;
      const v = j * columns + i;
      const lowered = surface[v] + c * weight[k];
      if (lowered < heights[v]) heights[v] = lowered;
    }
  }
}
