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
import { ruleWeight } from '../masks/ruleWeight';
import { CHANNEL_RULE } from '../ground/groundMaterials';

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
 * channels' reach, the broad pale brown patches of the tour.)
 * Before it is kept, the flow is carried along each channel's course and a vertex to either side (flowAlongCourse, plusMost: a creek
 * drawn as a continuous line, not beads), and the silt only near a channel (siltNearness: where the water that drops
 * it runs, not over every concave floor). The same object when nothing changes; else new arrays.
 */
export function coverInChannels(cover: ErosionCoverBytes, heights: Float32Array, size: { width: number; depth: number; cellSize: number }): ErosionCoverBytes {
  const { width, depth } = size;
  const out: ErosionCoverBytes = { flow: new Uint8Array(cover.flow.length), deposition: new Uint8Array(cover.deposition.length) };
  channelCoverInto(cover, heights, size, { i0: 0, j0: 0, i1: width, j1: depth }, out);
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, k) => v === b[k]);
  const flowSame = same(out.flow, cover.flow);
  const depositionSame = same(out.deposition, cover.deposition);
  if (flowSame && depositionSame) return cover;
  return { flow: flowSame ? cover.flow : out.flow, deposition: depositionSame ? cover.deposition : out.deposition };
}

/** A rectangle of vertices [i0, i1) × [j0, j1). */
export interface ChannelRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
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
 * Metres either way along a channel's course over which its flow is carried (flowAlongCourse). The droplets' flow is their
 * passage at each vertex: on a light rain (River valleys: one droplet a ten vertices) a few droplets a vertex, which
 * wander across a channel a cell or two wide, so along its course the flow rises and falls over a few cells, and the
 * gravel rule (from 0.2 to 0.5 of the map's most) drew the creek as a string of pale beads (issue 34, the tour's River
 * valleys).
 */
export const CHANNEL_ALONG = 8;
/**
 * Metres from a channel's gravel within which its silt lies whole, gone at twice this (siltNearness); and none in the
 * gravel itself, where the water still works the bed. Silt is what the water drops where it slows beside its channel,
 * a bank's and a fan's veneer, not a blanket over every concave floor (River valleys 257², seed 1: the droplets' silt,
 * kept on concave ground alone, lay 40–60 m wide over every valley's floor, 13 % of the map's area drawn; now 4 %).
 */
export const SILT_REACH = 4;

/** CHANNEL_ALONG and SILT_REACH in vertices on `cellSize` cells (at least one each). */
export function channelAlongCells(cellSize: number): number {
  return Math.max(1, Math.round(CHANNEL_ALONG / cellSize));
}
export function siltReachCells(cellSize: number): number {
  return Math.max(1, Math.round(SILT_REACH / cellSize));
}

/**
 * Vertices from a vertex whose heights and cover bytes its coverInChannels bytes read: the kept share (the concavity's
 * square, then its blur), the course's direction (the concavity's square and a vertex more) a vertex to either side and
 * twice the silt's reach away, and the flow along the course from there.
 */
export function channelCoverReachCells(size: { width: number; depth: number; cellSize: number }): number {
  const { width, depth, cellSize } = size;
  const r = channelReachCells(cellSize, width, depth);
  const silt = 2 * siltReachCells(cellSize);
  return Math.max(r + Math.min(CHANNEL_BLUR_CELLS, width - 1, depth - 1), r + 2 + silt, channelAlongCells(cellSize) + 2 + silt);
}

/** `rect` grown by `by` vertices, within the map. */
function grownRect(rect: ChannelRect, by: number, width: number, depth: number): ChannelRect {
  return { i0: Math.max(0, rect.i0 - by), j0: Math.max(0, rect.j0 - by), i1: Math.min(width, rect.i1 + by), j1: Math.min(depth, rect.j1 + by) };
}

/**
 * The flow carried along the channels' courses over `rect` (`out[(j − rect.j0) · w + i − rect.i0]`, 0…255 as the
 * bytes): at each vertex the mean of the droplets' flow (bilinear between vertices) at unit steps over ±`along`
 * vertices along the course. The course runs along the valley: the direction of least curvature of the heights' mean
 * over the concavity's square (`wide`, over `wideRect`, which holds `rect` grown by one vertex or the map's edge),
 * across which the ground curves up to the banks. Along a channel the water that passed one vertex passed the next, so
 * the droplets' count is averaged along it (its flicker falls as the square root of the 2·along + 1 samples) and not
 * across it, where the mean would spread the creek out. (Their most along the course, tried first, raised a floor's
 * whole spread of flow to its peaks: the gravel 3.5 times as wide on River valleys.)
 */
function flowAlongCourse(
  flow: Uint8Array,
  size: { width: number; depth: number },
  wide: Float64Array,
  wideRect: ChannelRect,
  rect: ChannelRect,
  along: number,
): Float64Array {
  const { width, depth } = size;
  const ww = wideRect.i1 - wideRect.i0;
  const at = (i: number, j: number) => {
    const ci = i < 0 ? 0 : i >= width ? width - 1 : i;
    const cj = j < 0 ? 0 : j >= depth ? depth - 1 : j;
    return wide[(cj - wideRect.j0) * ww + ci - wideRect.i0];
  };
  const sample = (x: number, z: number) => {
    const cx = Math.min(width - 1, Math.max(0, x));
    const cz = Math.min(depth - 1, Math.max(0, z));
    const i = Math.min(width - 2, Math.floor(cx));
    const j = Math.min(depth - 2, Math.floor(cz));
    const u = cx - i;
    const v = cz - j;
    const k = j * width + i;
    return (flow[k] * (1 - u) + flow[k + 1] * u) * (1 - v) + (flow[k + width] * (1 - u) + flow[k + width + 1] * u) * v;
  };
  const w = rect.i1 - rect.i0;
  const out = new Float64Array(w * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) {
    for (let i = rect.i0; i < rect.i1; i++) {
      const k = j * width + i;
      /** The mean of the flow at unit steps over ±along vertices from the vertex in direction (dx, dz). */
      const meanAlong = (dx: number, dz: number) => {
        let sum = flow[k];
        for (let t = 1; t <= along; t++) sum += sample(i + t * dx, j + t * dz) + sample(i - t * dx, j - t * dz);
        return sum / (2 * along + 1);
      };
      // The Hessian of the mean heights: the valley's course is its eigenvector of the smaller curvature.
      const c = at(i, j);
      const hxx = at(i + 1, j) - 2 * c + at(i - 1, j);
      const hzz = at(i, j + 1) - 2 * c + at(i, j - 1);
      const hxz = 0.25 * (at(i + 1, j + 1) - at(i + 1, j - 1) - at(i - 1, j + 1) + at(i - 1, j - 1));
      let best: number = flow[k];
      if (hxx !== 0 || hzz !== 0 || hxz !== 0) {
        // The larger curvature's direction is at θ = ½ atan2(2 hxz, hxx − hzz); the course at right angles to it.
        const theta = 0.5 * Math.atan2(2 * hxz, hxx - hzz);
        best = meanAlong(-Math.sin(theta), Math.cos(theta));
      }
      // Where a channel leaves a slope for the flat (a fan), the ground curves least along the slope's foot, across the
      // channel: there the water's course is down the slope, the mean heights' gradient.
      const gx = at(i + 1, j) - at(i - 1, j);
      const gz = at(i, j + 1) - at(i, j - 1);
      const g = Math.hypot(gx, gz);
      if (g > 0) {
        const down = meanAlong(gx / g, gz / g);
        if (down > best) best = down;
      }
      out[(j - rect.j0) * w + i - rect.i0] = best;
    }
  }
  return out;
}

/** Per vertex of `rect`: the most of `values` (over `from`, which holds `rect` grown by one or the map's edge) at it and its four neighbours. */
function plusMost(values: Float64Array, from: ChannelRect, rect: ChannelRect, width: number, depth: number): Float64Array {
  const fw = from.i1 - from.i0;
  const w = rect.i1 - rect.i0;
  const out = new Float64Array(w * (rect.j1 - rect.j0));
  for (let j = rect.j0; j < rect.j1; j++) {
    for (let i = rect.i0; i < rect.i1; i++) {
      const o = (j - from.j0) * fw + i - from.i0;
      let m = values[o];
      if (i > 0 && values[o - 1] > m) m = values[o - 1];
      if (i < width - 1 && values[o + 1] > m) m = values[o + 1];
      if (j > 0 && values[o - fw] > m) m = values[o - fw];
      if (j < depth - 1 && values[o + fw] > m) m = values[o + fw];
      out[(j - rect.j0) * w + i - rect.i0] = m;
    }
  }
  return out;
}

/**
 * Per vertex of `rect`: a separable filter of radius `r` of `values` (over `from`, which holds `rect` grown by r or the
 * map's edge), the map's edge vertex standing for those past it; `most`: the most over the (2r + 1)² square, else its
 * mean. Each vertex's value is the same whatever the rectangles (each in the same order).
 */
function squareFilter(values: Float64Array, from: ChannelRect, rect: ChannelRect, r: number, most: boolean, width: number, depth: number): Float64Array {
  const fw = from.i1 - from.i0;
  const w = rect.i1 - rect.i0;
  const rows = new Float64Array(w * (from.j1 - from.j0));
  for (let j = from.j0; j < from.j1; j++) {
    const o = (j - from.j0) * fw - from.i0;
    for (let i = rect.i0; i < rect.i1; i++) {
      let s = most ? -Infinity : 0;
      for (let a = -r; a <= r; a++) {
        const p = i + a < 0 ? 0 : i + a >= width ? width - 1 : i + a;
        const v = values[o + p];
        if (most) s = v > s ? v : s;
        else s += v;
      }
      rows[(j - from.j0) * w + i - rect.i0] = s;
    }
  }
  const out = new Float64Array(w * (rect.j1 - rect.j0));
  const n = (2 * r + 1) * (2 * r + 1);
  for (let j = rect.j0; j < rect.j1; j++) {
    for (let c = 0; c < w; c++) {
      let s = most ? -Infinity : 0;
      for (let b = -r; b <= r; b++) {
        const p = j + b < 0 ? 0 : j + b >= depth ? depth - 1 : j + b;
        const v = rows[(p - from.j0) * w + c];
        if (most) s = v > s ? v : s;
        else s += v;
      }
      out[(j - rect.j0) * w + c] = most ? s : s / n;
    }
  }
  return out;
}

/**
 * Where the silt lies by its channels: 1 on the channels' gravel (the gravel rule's weight of the channel flow, CHANNEL_RULE) and
 * within `reach` vertices of it, falling to 0 at twice `reach` (the most over a square of `reach`, then its mean).
 */
function siltNearness(channel: Float64Array, from: ChannelRect, rect: ChannelRect, reach: number, width: number, depth: number): Float64Array {
  const wet = new Float64Array(channel.length);
  for (let k = 0; k < wet.length; k++) wet[k] = ruleWeight(CHANNEL_RULE, channel[k] / 255);
  const mid = grownRect(rect, reach, width, depth);
  return squareFilter(squareFilter(wet, from, mid, reach, true, width, depth), mid, rect, reach, false, width, depth);
}

/**
 * coverInChannels(cover, heights, size)'s bytes over `rect`, written into `out` at `j · width + i` (nothing else is
 * touched), the whole map's bytes: a vertex's bytes read only the cover bytes and heights within
 * channelCoverReachCells of it (the map's edges reflected or held as the whole map's pass has them). In bands of rows,
 * so a large rectangle needs no whole-map working arrays. `out` may not be `cover` itself (the flow is read around each vertex).
 *
 * Per vertex: the flow carried along the channel's course (flowAlongCourse) and a vertex to either side (plusMost: a
 * creek one vertex wide on a diagonal is drawn on the triangles between its vertices too, whose corners off its line
 * read the cover), kept by the share of concave ground (channelShare); the silt kept by the same share and by its
 * nearness to a channel (siltNearness).
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
    // No concave ground on a map a vertex wide: nothing kept.
    for (let j = rect.j0; j < rect.j1; j++) {
      out.flow.fill(0, j * width + rect.i0, j * width + rect.i1);
      out.deposition.fill(0, j * width + rect.i0, j * width + rect.i1);
    }
    return;
  }
  const r = channelReachCells(cellSize, width, depth);
  const blur = Math.min(CHANNEL_BLUR_CELLS, width - 1, depth - 1);
  const along = channelAlongCells(cellSize);
  const siltReach = siltReachCells(cellSize);
  const whole: GridValues = { values: heights, i0: 0, j0: 0, stride: width };
  for (let b0 = rect.j0; b0 < rect.j1; b0 += CHANNEL_BAND_ROWS) {
    const band = { i0: rect.i0, j0: b0, i1: rect.i1, j1: Math.min(rect.j1, b0 + CHANNEL_BAND_ROWS) };
    // channelKept of the concavity where the blur reads it: the band grown by the blur (the map's edge reflects within it).
    const grown = grownRect(band, blur, width, depth);
    const gw = grown.i1 - grown.i0;
    const wideShare = boxMeanOver(whole, width, depth, r, grown);
    const near = boxMeanOver(whole, width, depth, 1, grown);
    const kept = new Float32Array(wideShare.length);
    const c = new Float32Array(1);
    for (let k = 0; k < kept.length; k++) {
      c[0] = wideShare[k] - near[k];
      kept[k] = channelKept(c[0]);
    }
    const blurred = boxMeanOver({ values: kept, i0: grown.i0, j0: grown.j0, stride: gw }, width, depth, blur, band);
    // The channel flow where the silt's nearness reads it (the band grown by twice its reach), from the flow along the
    // course a vertex further out, whose direction reads the mean heights a vertex further still.
    const channelRect = grownRect(band, 2 * siltReach, width, depth);
    const courseRect = grownRect(channelRect, 1, width, depth);
    const wideRect = grownRect(courseRect, 1, width, depth);
    const wide = boxMeanOver(whole, width, depth, r, wideRect);
    const course = flowAlongCourse(cover.flow, size, wide, wideRect, courseRect, along);
    const channel = plusMost(course, courseRect, channelRect, width, depth);
    const nearness = siltNearness(channel, channelRect, band, siltReach, width, depth);
    const cw = channelRect.i1 - channelRect.i0;
    const bw = band.i1 - band.i0;
    const share = new Float32Array(1);
    for (let j = band.j0; j < band.j1; j++) {
      for (let i = band.i0; i < band.i1; i++) {
        const k = j * width + i;
        share[0] = Math.min(1, Math.max(0, blurred[(j - band.j0) * bw + i - band.i0]));
        const s = share[0];
        const f = channel[(j - channelRect.j0) * cw + i - channelRect.i0];
        const d = cover.deposition[k];
        out.flow[k] = Math.round(f * s);
        // Silt where the water slows beside its channel: not in the channel's gravel, where it still works the bed.
        const slow = 1 - ruleWeight(CHANNEL_RULE, f / 255);
        out.deposition[k] = Math.round(d * s * slow * Math.min(1, nearness[(j - band.j0) * bw + i - band.i0]));
      }
    }
  }
}
