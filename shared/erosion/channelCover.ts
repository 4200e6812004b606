/**
 * The droplets' flow only where the ground holds it: in channels and at the foot of slopes (issue 31: dark
 * grey patches of channel gravel on hillsides). The droplets' flow (cover.ts) is their passage divided by the
 * map's most; on a mountain map it runs over whole hillsides (Mountains 257², seed 1: 4 vertices in 10 above
 * 0.2 of the most, where the channel gravel begins, most of them on slopes of 15–35°), so the gravel layer
 * and the wet darkening read as wide grey blotches on open slopes. Water leaves gravel where it gathers and
 * slows: on a channel's floor (the ground rises on both sides) and where a slope eases (a fan at its foot),
 * both ground that is concave. On a plane, however steep, water runs as a sheet and leaves nothing.
 *
 * So the drawn cover keeps each vertex's flow by how concave the ground is there: `concavity` is the mean
 * height over a square CHANNEL_REACH metres either side less that over the 3 × 3 round the vertex (0 on any plane, in closed
 * form; a channel's floor is below its banks: > 0; a ridge < 0), and the flow is kept by a smoothstep of it
 * from 0 to CHANNEL_CONCAVITY metres. The gravel layer (shared/ground/groundMaterials.ts CHANNEL_RULE) and the
 * wet ground (cover.ts WET_RULE) read that flow, in the 3D view, the 2D map and the engine masks alike. The
 * droplets' silt (deposition) is kept by the same share: on concave ground only, never on a plane however gentle.
 */
import type { ErosionCoverBytes } from './cover';

/** Metres either side of a vertex its concavity is measured over: a channel's banks, not its rills' grain. */
export const CHANNEL_REACH = 10;
/** Metres of concavity from which the droplets' flow is kept whole (none at 0 and below: planes and ridges). */
export const CHANNEL_CONCAVITY = 0.4;

/** The share of the droplets' flow kept on ground of `concavity` metres. */
export function channelKept(concavity: number): number {
  const t = Math.min(1, Math.max(0, concavity / CHANNEL_CONCAVITY));
  return t * t * (3 - 2 * t);
}

/** The square's half width in vertices for a cell size (at least one; at most the map's extent less one). */
export function channelReachCells(cellSize: number, width: number, depth: number): number {
  return Math.max(1, Math.min(Math.round(CHANNEL_REACH / cellSize), width - 1, depth - 1));
}

/**
 * Per vertex: the mean height over the (2r + 1)² vertices around it, past the map's edge the heights reflected
 * through the edge vertex (h(−p) = 2 h(0) − h(p)), which continues any plane exactly. Separable: row sums, then
 * down each column.
 */
function boxMean(heights: Float32Array, width: number, depth: number, r: number): Float64Array {
  const rows = new Float64Array(width * depth);
  // The vertex a reflection past an edge mirrors (r ≤ n − 1, so it lies on the map).
  const mirror = (p: number, n: number) => (p < 0 ? -p : 2 * (n - 1) - p);
  for (let j = 0; j < depth; j++) {
    const o = j * width;
    for (let i = 0; i < width; i++) {
      let s = 0;
      for (let a = -r; a <= r; a++) {
        const p = i + a;
        if (p >= 0 && p < width) s += heights[o + p];
        else s += 2 * heights[o + (p < 0 ? 0 : width - 1)] - heights[o + mirror(p, width)];
      }
      rows[o + i] = s;
    }
  }
  const out = new Float64Array(width * depth);
  const cells = (2 * r + 1) * (2 * r + 1);
  for (let i = 0; i < width; i++) {
    for (let j = 0; j < depth; j++) {
      let s = 0;
      for (let b = -r; b <= r; b++) {
        const p = j + b;
        if (p >= 0 && p < depth) s += rows[p * width + i];
        else s += 2 * rows[(p < 0 ? 0 : depth - 1) * width + i] - rows[mirror(p, depth) * width + i];
      }
      out[j * width + i] = s / cells;
    }
  }
  return out;
}

/**
 * Per vertex, metres: the mean height over the (2r + 1)² vertices around it less the mean over the 3 × 3 around
 * it (not the vertex's own height, whose rills a cell wide would speckle the cover on a rough floor). 0 on any
 * plane to the map's edges (boxMean continues it past them); a trough a·z² reads a·cell²·(r(r + 1) − 2)/3.
 */
export function concavity(heights: Float32Array, width: number, depth: number, r: number): Float32Array {
  const out = new Float32Array(width * depth);
  if (width < 2 || depth < 2) return out;
  const wide = boxMean(heights, width, depth, r);
  const near = boxMean(heights, width, depth, 1);
  for (let k = 0; k < out.length; k++) out[k] = wide[k] - near[k];
  return out;
}

/** Vertices either side the kept share is averaged over: a soft edge, and no speckle where a rough floor's concavity flickers. */
export const CHANNEL_BLUR_CELLS = 2;

/**
 * Per vertex 0…1: the share of the droplets' flow kept, channelKept of the concavity averaged over the
 * (2 CHANNEL_BLUR_CELLS + 1)² vertices around it (0 wherever all of them are on a plane).
 */
export function channelShare(heights: Float32Array, size: { width: number; depth: number; cellSize: number }): Float32Array {
  const { width, depth, cellSize } = size;
  const c = concavity(heights, width, depth, channelReachCells(cellSize, width, depth));
  const kept = new Float32Array(c.length);
  for (let k = 0; k < c.length; k++) kept[k] = channelKept(c[k]);
  if (width < 2 || depth < 2) return kept;
  const blurred = boxMean(kept, width, depth, Math.min(CHANNEL_BLUR_CELLS, width - 1, depth - 1));
  for (let k = 0; k < kept.length; k++) kept[k] = Math.min(1, Math.max(0, blurred[k]));
  return kept;
}

/**
 * `cover` with its flow and its deposition (the droplets' silt) both kept by channelShare: the droplets' cover stays
 * on concave ground (a channel's floor, a valley's floor, the foot of a slope, a fan) and goes from every plane,
 * however gentle. Silt settles where the water slows as the ground eases under it, and is bare only where water
 * still works it; on an even slope, gentle or not, the sheet of water has no reason to drop it, and turf takes it.
 * (It was also kept whole wherever the view's slope was under 3° and some of it to 7°, by flatness alone: on Rolling
 * hills 257², seed 1, 95 % of the silt drawn was kept by that rule, on 2–6° slopes with no concavity at the
 * channels' reach, the broad pale brown patches of the tour.) The same object when nothing changes; else new arrays.
 */
export function coverInChannels(cover: ErosionCoverBytes, heights: Float32Array, size: { width: number; depth: number; cellSize: number }): ErosionCoverBytes {
  const share = channelShare(heights, size);
  let flow: Uint8Array | null = null;
  let deposition: Uint8Array | null = null;
  for (let k = 0; k < share.length; k++) {
    const f = cover.flow[k];
    const kept = Math.round(f * share[k]);
    if (kept !== f) {
      flow ??= cover.flow.slice();
      flow[k] = kept;
    }
    const d = cover.deposition[k];
    const dKept = Math.round(d * share[k]);
    if (dKept === d) continue;
    deposition ??= cover.deposition.slice();
    deposition[k] = dKept;
  }
  return flow || deposition ? { flow: flow ?? cover.flow, deposition: deposition ?? cover.deposition } : cover;
}
