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
 * width / 2 + b of it to s(v) + c(u)·w(d), d the distance between them: w = 1 across the floor (d ≤ width / 2),
 * falling by a smoothstep to 0 over the bank's width b = 1.8·|c(u)| (BANK_PER_DEPTH: banks under 40°). Banks of
 * a fixed width stood steeper the deeper the wash: on Canyons' caprock, banks a quarter of the floor wide at
 * 45–70° took the rims' faces over 70° from 48.8 % to 46.2 % at 513² seed 11 (shared/presets/canyonRims.test.ts)
 * and steeper ones left one-cell risers (seed 29's lone steps 5.15 %, thermalStaircase.test.ts). A vertex keeps
 * the lowest of its own height
 * and every trough over it; nothing is raised, and the layer's incision floor still holds afterwards (the
 * caller applies it), so the troughs stay within the incision mask and depth.
 * Deterministic: +, −, ×, √ and min in a fixed order (vertices in index order, offsets in a fixed order).
 */
import type { HydrologyGrid } from '../hydrology/grid';

/**
 * A bank's width per metre of the trough's depth: the smoothstep's steepest slope is 1.5 × depth / width, so the
 * banks stand at most atan(1.5 / 1.8) = 39.8°, under 45°: neither a one-cell riser nor a cliff's face.
 */
export const BANK_PER_DEPTH = 1.8;

/**
 * Widens the channels in `heights` (the layer's result, in place) into troughs with floors `width` m wide: `surface` the
 * layer's input (with its swells), `area` the contributing areas of the last routing, `channelArea` the
 * layer's channel head area.
 */
export function widenChannels(grid: HydrologyGrid, heights: Float64Array, surface: Float32Array, area: Float64Array, channelArea: number, width: number): void {
  const { width: columns, depth: rows, cellSize } = grid;
  if (!(width > cellSize)) return;
  const half = width / 2;
  const cut = new Float64Array(heights.length);
  const sources: number[] = [];
  let deepest = 0;
  for (let v = 0; v < heights.length; v++) {
    const c = heights[v] - surface[v];
    if (c < 0 && area[v] >= channelArea) {
      cut[v] = c;
      sources.push(v);
      if (-c > deepest) deepest = -c;
    }
  }
  const reach = Math.floor((half + BANK_PER_DEPTH * deepest) / cellSize);
  const di: number[] = [];
  const dj: number[] = [];
  const distance: number[] = [];
  for (let j = -reach; j <= reach; j++) {
    for (let i = -reach; i <= reach; i++) {
      if (i === 0 && j === 0) continue;
      di.push(i);
      dj.push(j);
      distance.push(Math.sqrt(i * i + j * j) * cellSize);
    }
  }
  for (const u of sources) {
    const c = cut[u];
    const bank = -c * BANK_PER_DEPTH;
    const outer = half + bank;
    const i0 = u % columns;
    const j0 = (u - i0) / columns;
    for (let k = 0; k < di.length; k++) {
      const d = distance[k];
      if (d >= outer) continue;
      const i = i0 + di[k];
      const j = j0 + dj[k];
      if (i < 0 || j < 0 || i >= columns || j >= rows) continue;
      let w = 1;
      if (d > half) {
        const t = (d - half) / bank;
        w = 1 - t * t * (3 - 2 * t);
      }
      const v = j * columns + i;
      const lowered = surface[v] + c * w;
      if (lowered < heights[v]) heights[v] = lowered;
    }
  }
}
