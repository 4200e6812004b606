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
 * Per vertex: the mean of `values` over the (2r + 1)² vertices around it, past the map's edge the values reflected
 * through the edge vertex (h(−p) = 2 h(0) − h(p)), which continues any plane exactly: boxMeanOver on the whole map.
 */
function boxMean(values: Float32Array, width: number, depth: number, r: number): Float64Array {
  return boxMeanOver({ values, i0: 0, j0: 0, stride: width }, width, depth, r, { i0: 0, j0: 0, i1: width, j1: depth });
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

/** A rectangle of vertices [i0, i1) × [j0, j1). */
export interface ChannelRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/**
 * Vertices from a vertex whose heights its coverInChannels bytes read: the concavity's square (channelReachCells),
 * then the kept share's blur.
 */
export function channelCoverReachCells(size: { width: number; depth: number; cellSize: number }): number {
  const { width, depth, cellSize } = size;
  return channelReachCells(cellSize, width, depth) + Math.min(CHANNEL_BLUR_CELLS, width - 1, depth - 1);
}

/** Values of map vertices held in a rectangle of rows: vertex (i, j) is `values[(j − j0) · stride + i − i0]`. */
interface GridValues {
  values: ArrayLike<number>;
  i0: number;
  j0: number;
  stride: number;
}

/**
 * The mean of (2r + 1)² vertices round each vertex of `rect` (`out[(j − rect.j0) · w + i − rect.i0]`, w its width),
 * separable (row sums, then down each column), past the map's edges the values reflected through the edge vertex; a
 * rectangle's bytes are the whole map's there (each sum in the same order). The value of map vertex
 * (i, j) (`src`); it is read only within `rect` grown by r (clamped to the map), which holds every reflected vertex too.
 */
function boxMeanOver(src: GridValues, width: number, depth: number, r: number, rect: ChannelRect): Float64Array {
  const mirror = (p: number, n: number) => (p < 0 ? -p : 2 * (n - 1) - p);
  const { values, stride } = src;
  const w = rect.i1 - rect.i0;
  const r0 = Math.max(0, rect.j0 - r);
  const r1 = Math.min(depth, rect.j1 + r);
  // Row sums at the rectangle's columns for every row a column sum reads (reflected rows lie among them).
  const rows = new Float64Array(w * (r1 - r0));
  for (let j = r0; j < r1; j++) {
    const o = (j - r0) * w;
    // Map vertex (p, j) is values[at + p].
    const at = (j - src.j0) * stride - src.i0;
    for (let i = rect.i0; i < rect.i1; i++) {
      let s = 0;
      if (i - r >= 0 && i + r < width) {
        // Inside the map: the same sum in the same order, without the edge's test.
        for (let p = at + i - r; p <= at + i + r; p++) s += values[p];
      } else {
        for (let a = -r; a <= r; a++) {
          const p = i + a;
          if (p >= 0 && p < width) s += values[at + p];
          else s += 2 * values[at + (p < 0 ? 0 : width - 1)] - values[at + mirror(p, width)];
        }
      }
      rows[o + i - rect.i0] = s;
    }
  }
  const out = new Float64Array(w * (rect.j1 - rect.j0));
  const cells = (2 * r + 1) * (2 * r + 1);
  const row = (p: number, c: number) => rows[(p - r0) * w + c];
  for (let j = rect.j0; j < rect.j1; j++) {
    const o = (j - rect.j0) * w;
    if (j - r >= 0 && j + r < depth) {
      // Inside the map: down each column in the same order, a row of columns at a time.
      const acc = new Float64Array(w);
      for (let p = j - r; p <= j + r; p++) {
        const from = (p - r0) * w;
        for (let c = 0; c < w; c++) acc[c] += rows[from + c];
      }
      for (let c = 0; c < w; c++) out[o + c] = acc[c] / cells;
      continue;
    }
    for (let c = 0; c < w; c++) {
      let s = 0;
      for (let b = -r; b <= r; b++) {
        const p = j + b;
        if (p >= 0 && p < depth) s += row(p, c);
        else s += 2 * row(p < 0 ? 0 : depth - 1, c) - row(mirror(p, depth), c);
      }
      out[o + c] = s / cells;
    }
  }
  return out;
}

/** Rows of a rectangle found at once by channelCoverInto (bounds its working arrays). */
const CHANNEL_BAND_ROWS = 128;

/**
 * coverInChannels(cover, heights, size)'s bytes over `rect`, written into `out` at `j · width + i` (nothing else is
 * touched), bit for bit as the whole map's: a vertex's bytes read only its own, and the heights within
 * channelCoverReachCells of it (the map's edges reflected as the whole map's pass reflects them). In bands of rows,
 * so a large rectangle needs no whole-map working arrays. `out` may be `cover` itself.
 */
export function channelCoverInto(
  cover: ErosionCoverBytes,
  heights: Float32Array,
  size: { width: number; depth: number; cellSize: number },
  rect: ChannelRect,
  out: ErosionCoverBytes,
): void {
  const { width, depth, cellSize } = size;
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return;
  if (width < 2 || depth < 2) {
    const whole = coverInChannels(cover, heights, size);
    for (let j = rect.j0; j < rect.j1; j++) {
      out.flow.set(whole.flow.subarray(j * width + rect.i0, j * width + rect.i1), j * width + rect.i0);
      out.deposition.set(whole.deposition.subarray(j * width + rect.i0, j * width + rect.i1), j * width + rect.i0);
    }
    return;
  }
  const r = channelReachCells(cellSize, width, depth);
  const blur = Math.min(CHANNEL_BLUR_CELLS, width - 1, depth - 1);
  const whole: GridValues = { values: heights, i0: 0, j0: 0, stride: width };
  for (let b0 = rect.j0; b0 < rect.j1; b0 += CHANNEL_BAND_ROWS) {
    const band = { i0: rect.i0, j0: b0, i1: rect.i1, j1: Math.min(rect.j1, b0 + CHANNEL_BAND_ROWS) };
    // channelKept of the concavity where the blur reads it: the band grown by the blur (the map's edge reflects within it).
    const grown = {
      i0: Math.max(0, band.i0 - blur),
      j0: Math.max(0, band.j0 - blur),
      i1: Math.min(width, band.i1 + blur),
      j1: Math.min(depth, band.j1 + blur),
    };
    const gw = grown.i1 - grown.i0;
    const wide = boxMeanOver(whole, width, depth, r, grown);
    const near = boxMeanOver(whole, width, depth, 1, grown);
    const kept = new Float32Array(wide.length);
    const c = new Float32Array(1);
    for (let k = 0; k < kept.length; k++) {
      c[0] = wide[k] - near[k];
      kept[k] = channelKept(c[0]);
    }
    const blurred = boxMeanOver({ values: kept, i0: grown.i0, j0: grown.j0, stride: gw }, width, depth, blur, band);
    const bw = band.i1 - band.i0;
    const share = new Float32Array(1);
    for (let j = band.j0; j < band.j1; j++) {
      for (let i = band.i0; i < band.i1; i++) {
        const k = j * width + i;
        share[0] = Math.min(1, Math.max(0, blurred[(j - band.j0) * bw + i - band.i0]));
        const s = share[0];
        const f = cover.flow[k];
        const d = cover.deposition[k];
        out.flow[k] = Math.round(f * s);
        out.deposition[k] = Math.round(d * s);
      }
    }
  }
}
