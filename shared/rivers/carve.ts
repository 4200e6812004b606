/**
 * The river on the grid: for every vertex near the centreline (the road's nearest-point field,
 * shared/roads/footprint.ts), a flat bed the depth below the water surface out to half the width,
 * then a bank blending back to the ground within the slope limit as a road's shoulder does (a
 * smoothstep long enough that its steepest part, 1.5 × rise / run, is no steeper than the limit).
 * A river only cuts: a vertex is never raised, and one it does not reach keeps the input's bytes.
 */
import { WATER_DRY, WATER_LAKE, WATER_RIVER } from '../hydrology/water';
import type { WaterSurface } from '../hydrology/waterSurface';
import { smoothstep01 } from '../smoothstep';
import type { Rect } from '../terrain/gridRect';
import { lineBounds, nearestField } from '../roads/footprint';
import type { GroundSize } from '../roads/profile';
import { fitRiver, type FittedRiver } from './fittedRiver';
import { bankReach, CONFLUENCE_REACH, CONFLUENCE_SLOPE, riverReach, type RiverParams } from './params';

/** A trough this deep (metres) across a bank starts to be graded as a tributary's channel; one this deep is graded fully. */
const TROUGH_FROM = 0.05;
const TROUGH_FULL = 0.2;

/** `input` at fractional vertex (fi, fj), bilinear, the point held inside `box` (the river's footprint, what it may read). */
function sampleIn(input: Float32Array, width: number, box: Rect, fi: number, fj: number): number {
  const ci = fi < box.i0 ? box.i0 : fi > box.i1 - 1 ? box.i1 - 1 : fi;
  const cj = fj < box.j0 ? box.j0 : fj > box.j1 - 1 ? box.j1 - 1 : fj;
  const i0 = Math.min(box.i1 - 2, Math.floor(ci));
  const j0 = Math.min(box.j1 - 2, Math.floor(cj));
  if (i0 < box.i0 || j0 < box.j0) return input[Math.round(cj) * width + Math.round(ci)];
  const u = ci - i0;
  const v = cj - j0;
  const k = j0 * width + i0;
  const top = input[k] + (input[k + 1] - input[k]) * u;
  const bottom = input[k + width] + (input[k + width + 1] - input[k + width]) * u;
  return top + (bottom - top) * v;
}

/**
 * How much vertex (i, j), beside the river where its direction is (ti, tj) (a unit vector in cells),
 * lies in a channel crossing its bank (0 none … 1 fully): how far it lies below the lower of the
 * heights two cells either side of it along the river (a channel reaching the river from the side is
 * a trough across the bank; a plane, a ridge or a channel alongside the river is none), from
 * TROUGH_FROM to TROUGH_FULL.
 */
function troughShare(input: Float32Array, width: number, box: Rect, i: number, j: number, ti: number, tj: number): number {
  const depth = Math.min(sampleIn(input, width, box, i - 2 * ti, j - 2 * tj), sampleIn(input, width, box, i + 2 * ti, j + 2 * tj)) - input[j * width + i];
  return depth <= TROUGH_FROM ? 0 : depth >= TROUGH_FULL ? 1 : (depth - TROUGH_FROM) / (TROUGH_FULL - TROUGH_FROM);
}

/**
 * Visits every vertex of `rect` the river reaches: `h` its carved height (≤ the input), `station`
 * its fractional station, `onBed` whether it lies on the flat bed, `rise` how far up its bank the
 * vertex stands (the smoothstep's value: 0 on the bed, towards 1 where the bank meets the ground).
 * With `gradeTributaries`, a vertex in a channel crossing the bank (troughShare) has a longer bank:
 * its run is what keeps the fall at CONFLUENCE_SLOPE (at most CONFLUENCE_REACH), so a tributary's
 * bed falls into the river's over that reach rather than down the bank's slope.
 */
export function visitRiver(
  fitted: FittedRiver,
  input: Float32Array,
  size: GroundSize,
  rect: Rect,
  visit: (k: number, h: number, station: number, onBed: boolean, rise: number) => void,
): void {
  const p = fitted.params;
  const field = nearestField(fitted.line, riverReach(p), size, rect);
  if (!field) return;
  const { region, dist, station, d, beyond } = field;
  const { surface, depth } = fitted;
  const width = fitted.line.width;
  const last = fitted.line.n - 1;
  const tanLimit = Math.tan((p.bankSlopeDeg * Math.PI) / 180);
  const reach = bankReach(p);
  const grade = p.gradeTributaries === true && fitted.line.n > 1;
  const box = grade ? lineBounds(fitted.line, riverReach(p), size) : null;
  const rw = region.i1 - region.i0;
  for (let j = region.j0; j < region.j1; j++) {
    const rowQ = (j - region.j0) * rw - region.i0;
    const rowK = j * size.width;
    for (let i = region.i0; i < region.i1; i++) {
      const q = rowQ + i;
      if (dist[q] === Infinity) continue;
      const st = station[q];
      const a = Math.floor(st);
      const b = a < last ? a + 1 : last;
      const t = st - a;
      const bed = surface[a] + (surface[b] - surface[a]) * t - (depth[a] + (depth[b] - depth[a]) * t);
      const half = (width[a] + (width[b] - width[a]) * t) / 2;
      const k = rowK + i;
      const ground = input[k];
      const past = beyond[q];
      const dd = d[q];
      const abs = dd < 0 ? -dd : dd;
      if (past === 0 && abs <= half) {
        visit(k, bed < ground ? bed : ground, st, true, 0);
        continue;
      }
      const delta = ground - bed;
      if (!(delta > 0)) continue;
      const out = abs > half ? abs - half : 0;
      const e = past === 0 ? out : Math.sqrt(out * out + past * past);
      let run = Math.min(reach, Math.max(p.falloff, (1.5 * delta) / tanLimit));
      if (box && past === 0) {
        const n = a < last ? a : last - 1;
        const tx = fitted.line.x[n + 1] - fitted.line.x[n];
        const tz = fitted.line.z[n + 1] - fitted.line.z[n];
        const len = Math.sqrt(tx * tx + tz * tz);
        const share = len > 0 ? troughShare(input, size.width, box, i, j, tx / len, tz / len) : 0;
        if (share > 0) {
          const graded = Math.min(CONFLUENCE_REACH, Math.max(run, (1.5 * delta) / CONFLUENCE_SLOPE));
          run += (graded - run) * share;
        }
      }
      if (!(e < run)) continue;
      const rise = smoothstep01(e / run);
      visit(k, bed + delta * rise, st, false, rise);
    }
  }
}

/** Writes the river into `out` over `rect` (out already holds the input there). */
export function carveRiver(fitted: FittedRiver, input: Float32Array, out: Float32Array, size: GroundSize, rect: Rect): void {
  visitRiver(fitted, input, size, rect, (k, h) => {
    out[k] = h;
  });
}

/** The vertex nearest station `k` of the river's centreline. */
function nearestVertex(fitted: FittedRiver, size: GroundSize, k: number): number {
  const i = Math.min(size.width - 1, Math.max(0, Math.round(fitted.line.x[k] / size.cellSize + (size.width - 1) / 2)));
  const j = Math.min(size.depth - 1, Math.max(0, Math.round(fitted.line.z[k] / size.cellSize + (size.depth - 1) / 2)));
  return j * size.width + i;
}

/**
 * The water surface at each station once the river meets water below it (`below`: a water layer's
 * surface per vertex, NaN where dry): where its centreline first reaches wet ground, that water's
 * level L (a lake's, the automatic network's) holds the river back, so up to the end of that wet
 * stretch its surface is max(its own, L) — it ends at L, and the backwater stands level up its
 * channel while its own surface is lower. With `joinAlongWater` L is the running minimum of the
 * water's level along the stretch up to each station (the same for a lake; along an automatic river,
 * that river's falling surface, where the first level held all along flooded the valley flat). Past
 * the stretch (a river leaving the lake) its own surface, lower still. Each piece is non-increasing,
 * and so is the whole. Without `below`, its own.
 */
export function joinedSurface(fitted: FittedRiver, size: GroundSize, below?: Float32Array): Float64Array {
  const joined = Float64Array.from(fitted.surface);
  if (!below) return joined;
  const { line } = fitted;
  const levelAt = (k: number) => below[nearestVertex(fitted, size, k)];
  let first = 0;
  while (first < line.n && !Number.isFinite(levelAt(first))) first++;
  if (first === line.n) return joined;
  let level = levelAt(first);
  let end = first;
  while (end + 1 < line.n && Number.isFinite(levelAt(end + 1))) end++;
  const along = fitted.params.joinAlongWater === true;
  for (let k = 0; k <= end; k++) {
    if (along && k > first) level = Math.min(level, levelAt(k));
    if (joined[k] < level) joined[k] = level;
  }
  return joined;
}

export interface RiverWater {
  /** Metres of water over the carved ground, 0 where dry (as the `water` layer's `depth`). */
  readonly depth: Float32Array;
  /** Water surface height where wet, NaN where dry (as the `water` layer's `surface`). */
  readonly surface: Float32Array;
}

/**
 * The river's water per vertex, the shape the `water` kind gives for views and exports: over its
 * bed and carved banks, wherever the surface (joined with `below`, see joinedSurface) lies above the
 * carved ground `carved` (the layer's result).
 */
export function riverWater(fitted: FittedRiver, input: Float32Array, carved: Float32Array, size: GroundSize, below?: Float32Array): RiverWater {
  const count = size.width * size.depth;
  const depth = new Float32Array(count);
  const surface = new Float32Array(count).fill(NaN);
  const levels = joinedSurface(fitted, size, below);
  const last = fitted.line.n - 1;
  visitRiver(fitted, input, size, { i0: 0, j0: 0, i1: size.width, j1: size.depth }, (k, _h, st) => {
    const a = Math.floor(st);
    const b = a < last ? a + 1 : last;
    const level = Math.fround(levels[a] + (levels[b] - levels[a]) * (st - a));
    const wet = level - carved[k];
    if (wet > 0) {
      surface[k] = level;
      depth[k] = wet;
    }
  });
  return { depth, surface };
}

/**
 * Adds the river's water over `rect` to `into` (the water of the layers below it, which the river
 * joins: see joinedSurface): where its surface lies above the carved ground `carved` (the layer's
 * result) and `into` is dry or lower there, its surface is taken — the higher surface wins, as
 * between any two waters (addWaterSurface) — with the kind the automatic network gives a river:
 * WATER_RIVER on its own line (the vertex nearest each station: an 8-connected path, as the
 * network's), WATER_DRY on the wet bed and banks beside it. With `gradeTributaries`, river water
 * below (not a lake's) inside its footprint first falls with the graded bed: a surface S above the
 * river's level L there becomes L + (S − L) · rise (visitRiver's), so a tributary's water comes down
 * its graded channel to the river's level at the bed's edge, never rising on the way (S and rise both
 * fall downstream), and stands as deep over the graded bed as between its own depth and the river's.
 * Each vertex's value depends on the river's model and that vertex alone, so any rectangle gives the
 * bytes of the whole map there.
 */
export function addRiverWater(fitted: FittedRiver, input: Float32Array, carved: Float32Array, size: GroundSize, rect: Rect, into: WaterSurface): void {
  const levels = joinedSurface(fitted, size, into.surface);
  const last = fitted.line.n - 1;
  const surface = into.surface;
  const kind = into.kind;
  const grade = fitted.params.gradeTributaries === true;
  const own = new Set<number>();
  for (let k = 0; k < fitted.line.n; k++) own.add(nearestVertex(fitted, size, k));
  visitRiver(fitted, input, size, rect, (k, _h, st, _onBed, rise) => {
    const a = Math.floor(st);
    const b = a < last ? a + 1 : last;
    const level = Math.fround(levels[a] + (levels[b] - levels[a]) * (st - a));
    let there = surface[k];
    if (grade && there > level && kind[k] !== WATER_LAKE) {
      there = Math.fround(level + (there - level) * rise);
      surface[k] = there;
    }
    if (!(level - carved[k] > 0)) return;
    if (there === there && !(level > there)) return;
    surface[k] = level;
    kind[k] = own.has(k) ? WATER_RIVER : WATER_DRY;
  });
}

/**
 * A river layer's water for the views and exports: `below` the heights the layer receives (the
 * stack's evaluation under it), `carved` its result, `waterBelow` the surface of a water layer under
 * it if any (a lake's, the automatic network's) for the join.
 */
export function riverLayerWater(
  layer: { readonly params: RiverParams },
  below: Float32Array,
  carved: Float32Array,
  size: GroundSize,
  waterBelow?: Float32Array,
): RiverWater {
  return riverWater(fitRiver(layer.params, below, size), below, carved, size, waterBelow);
}
