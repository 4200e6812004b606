/**
 * Rivers drawn as strips along their lines, not as the grid's cells: the sheet over the cells reads
 * the water's edge between vertices and bulges at every river vertex (where the V of its channel
 * meets the next one's), so its width wobbles by a cell and its banks are faceted. Here each river
 * vertex is joined to the water it flows into — its steepest lower wet neighbour that is a river or a
 * lake, as channelLines.ts carves it (on a level reach, to each level river neighbour) — and a strip
 * of the river's width is laid along each join at the water's surface. At every river vertex the
 * strip has one cross-section shared by the joins on both sides, at right angles to the centre line's
 * tangent there (the chord from the centre before it to the one after), so consecutive joins meet edge
 * to edge and the banks are one continuous line; between two vertices the centre line is a cubic
 * curve along those tangents, cut into stations a few degrees of turn apart (joinStations), so the
 * strip bends smoothly rather than once a cell. The surface runs straight between the vertices'
 * levels and never rises (a join only goes down or level). The depth is the water's at the
 * centre line and 0 at the edges, so the depth read across the strip reaches 0 exactly on its edges.
 * Where a tributary flows into a river, each place is drawn once: the tributary's last join ends on a
 * cross-section of its own width square to it (not the main stem's), and its joins near the confluence
 * are cut where the main stem's strip covers them (stripClip.ts), so the tributary ends at the main
 * stem's bank.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from './grid';
import { WATER_LAKE, WATER_RIVER } from './water';
import { riverDepthCoefficient, RIVER_DEPTH_EXPONENT, RIVER_WIDTH_COEFFICIENT, RIVER_WIDTH_EXPONENT, type WaterParams } from './waterParams';
import type { WaterSurface } from './waterSurface';
import { triangleLessHoles, type ClipPoint, type ConvexOutline } from './stripClip';

/** The kinds, read once (a module's export read in a loop over the map costs a call in some builds). */
const RIVER = WATER_RIVER;
const LAKE = WATER_LAKE;
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

/** Half a river's width (m) from its depth at a river vertex (m). */
export type RiverHalfWidth = (depth: number) => number;

/**
 * The water layer's hydraulic geometry read backwards (waterParams.ts): the depth at a river vertex
 * is c · depthScale · A^0.4 (c by the layer's `hydraulicGeometry`; the channel's bed lies that far under
 * its surface), so the area is known from it and the width is 0.003 · widthScale · A^0.5.
 */
export function hydraulicHalfWidth(params: Pick<WaterParams, 'widthScale' | 'depthScale' | 'hydraulicGeometry'>): RiverHalfWidth {
  const depthCoefficient = riverDepthCoefficient(params) * params.depthScale;
  const widthCoefficient = RIVER_WIDTH_COEFFICIENT * params.widthScale;
  return (depth) => (depth > 0 ? (widthCoefficient * Math.pow(depth / depthCoefficient, RIVER_WIDTH_EXPONENT / RIVER_DEPTH_EXPONENT)) / 2 : 0);
}

/** A strip mesh: map metres (origin at the map's centre, y up), per vertex the depth and the flow. */
export interface RiverStripMesh {
  /** x, y, z per vertex. */
  positions: Float32Array;
  /** Water depth per vertex, m: the river's on its centre line, 0 on its edges. */
  depth: Float32Array;
  /** Flow per vertex: unit direction on x and z, then the surface's slope along it (m/m). */
  flow: Float32Array;
  /** The river vertex each strip vertex's cross-section stands at (for feature ids). */
  source: Int32Array;
  /** Per vertex its offset on x and z from the strip's centre line, m (0 on it). */
  across: Float32Array;
  indices: Uint32Array;
  /** min x, y, z, then max x, y, z; Infinity/−Infinity when empty. */
  bounds: Float32Array;
}

/** The most vertices a tributary may have and not be drawn (RiverLines.isStub). */
const STUB_VERTICES = 2;

/**
 * A tributary of at most SIDE_VERTICES vertices whose source lies within BESIDE_CELLS cells of its
 * river's own line (the river's vertices from the confluence up its main inflows and down) is not
 * drawn either (RiverLines.isStub): it is the river's own flow spread onto a line of vertices one or
 * two cells beside it (multiple flow directions share a valley floor's water between neighbouring
 * lines, and one of them reaches the river area for a few cells before it rejoins), not a creek from
 * a side valley, whose source lies as far from the river as the creek is long. Drawn, it is a short
 * hooked strand of water beside the ribbon. On Mountains 1025² (seed 1, river area 250,000 m²) the
 * twelve tributaries of 3–9 vertices have their sources 1–2.24 cells from their river but two (5.8
 * and 7.6 cells, lines meeting the river at an angle, drawn); every other tributary is 21 vertices
 * or longer, its source at least 19 cells away.
 */
export const SIDE_VERTICES = 12;
export const BESIDE_CELLS = 2.5;

/** How many level vertices a river vertex's search for the way off its level reach visits at most. */
const FLAT_SEARCH = 256;

/**
 * The centre line is smoothed along the river: each river vertex's centre is the Gaussian-weighted
 * mean of the vertices up to SMOOTH_STEPS before and after it along the river (σ = SMOOTH_SIGMA
 * steps), the window cut to the same number of steps either side where the river starts, ends or
 * meets another (so a source, a mouth and a confluence stay where they are, and a straight line of
 * evenly spaced vertices stays itself). The path from vertex to steepest neighbour turns only by
 * multiples of 45°; a river running at any other angle zig-zags a cell's width about its true line,
 * which this removes (a period of 2–3 steps to under 0.1 %, one of 8 steps to 30 %).
 */
export const SMOOTH_STEPS = 5;
export const SMOOTH_SIGMA = 2;
const SMOOTH_WEIGHTS = Array.from({ length: SMOOTH_STEPS + 1 }, (_, k) => Math.exp(-(k * k) / (2 * SMOOTH_SIGMA * SMOOTH_SIGMA)));

/**
 * Metres the ground may stand over the water where the smoothed strip's edge moves out from the
 * carved line: the carved V rises depth / half a metre per metre from the line, so a centre moved
 * δ puts the strip's edge on ground up to δ · depth / half over the water. Kept to channelLines.ts'
 * MAX_SILL (0.25 m), well under the strip's drawn lift (waterMaterial.ts STRIP_LIFT, 0.5 m), and
 * the centre never moves more than half a cell (MAX_SHIFT_CELLS) from its vertex, so it stays on
 * the water.
 */
export const SMOOTH_MAX_RISE = 0.25;
/** How many vertices either side a river vertex's channel depth is read over (the median of their depths). */
const DEPTH_STEPS = 2;
export const MAX_SHIFT_CELLS = 0.5;

/**
 * Metres from a drawn river's own line within which a tributary's width is held to its depth where it
 * enters (RiverLines.widthDepth): the drawn river's grading reach (shared/rivers/params.ts
 * CONFLUENCE_REACH, 40 m from its bed's edge) and a wide river's half-width beside it.
 */
export const NEAR_DRAWN = 60;
/** How far up its main inflows a vertex near a drawn river looks for the depth it entered with, in vertices. */
const MAX_CARRY_STEPS = 256;

const nearMasks = new WeakMap<Uint8Array, Uint8Array>();

/** The vertices within NEAR_DRAWN metres of a vertex marked in `marked` (a chamfer distance, found once per mask). */
function nearMask(grid: HydrologyGrid, marked: Uint8Array): Uint8Array {
  const known = nearMasks.get(marked);
  if (known) return known;
  const { width, depth, cellSize } = grid;
  const distance = new Float32Array(width * depth);
  for (let k = 0; k < distance.length; k++) distance[k] = marked[k] === 1 ? 0 : Infinity;
  const relax = (k: number, n: number, step: number) => {
    if (distance[n] + step < distance[k]) distance[k] = distance[n] + step;
  };
  const d1 = cellSize;
  const d2 = cellSize * Math.SQRT2;
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      if (i > 0) relax(k, k - 1, d1);
      if (j > 0) {
        relax(k, k - width, d1);
        if (i > 0) relax(k, k - width - 1, d2);
        if (i < width - 1) relax(k, k - width + 1, d2);
      }
    }
  }
  for (let j = depth - 1; j >= 0; j--) {
    for (let i = width - 1; i >= 0; i--) {
      const k = j * width + i;
      if (i < width - 1) relax(k, k + 1, d1);
      if (j < depth - 1) {
        relax(k, k + width, d1);
        if (i < width - 1) relax(k, k + width + 1, d2);
        if (i > 0) relax(k, k + width - 1, d2);
      }
    }
  }
  const near = new Uint8Array(width * depth);
  for (let k = 0; k < near.length; k++) near[k] = distance[k] <= NEAR_DRAWN ? 1 : 0;
  nearMasks.set(marked, near);
  return near;
}

/**
 * Reads the rivers of `water` (surfaces over `heights`) on `grid`: which vertex each river vertex
 * flows into, and the cross-section at each.
 */
export class RiverLines {
  constructor(
    private readonly grid: HydrologyGrid,
    private readonly water: WaterSurface,
    private readonly heights: Float32Array,
    private readonly halfWidth: RiverHalfWidth,
    /** Whether the centre line is smoothed (SMOOTH_STEPS); false lays it on the vertices, each at its own depth, as before smoothing (for comparison). */
    private readonly smooth = true,
    /** Vertices that are not this network's (a drawn river's own line, drawn along its spline): 1. */
    private readonly excluded: Uint8Array | null = null,
  ) {}

  private nearDrawnMask: Uint8Array | null | undefined;

  /** Whether v lies within NEAR_DRAWN metres of a drawn river's own vertex (excluded); false without drawn rivers. */
  private nearDrawn(v: number): boolean {
    if (this.nearDrawnMask === undefined) this.nearDrawnMask = this.excluded ? nearMask(this.grid, this.excluded) : null;
    return this.nearDrawnMask !== null && this.nearDrawnMask[v] === 1;
  }

  /**
   * The depth river vertex v's width is read from (its channel's `depth`): near a drawn river (within
   * NEAR_DRAWN) a tributary's bed is graded down to the drawn river's, so its water deepens towards the
   * drawn river's depth there and, read back as width, would flare into a wedge. There the width is
   * read from the depth the river carried into that reach (entered), never more than its own.
   */
  widthDepth(v: number, depth: number): number {
    return this.nearDrawn(v) ? Math.min(depth, this.entered(v, MAX_CARRY_STEPS)) : depth;
  }

  private readonly enteredOf = new Map<number, number>();

  /**
   * The channel depth river vertex v carries from outside a drawn river's reach: its own water's depth
   * outside it (read at the vertex, not smoothed: the smoothing reads this); inside, the largest its
   * inflows carried (a confluence takes the larger river's). A vertex with no inflow there that flows
   * into a vertex with another inflow is a wet vertex beside a graded river (its water the river's,
   * spread), not a river of its own: 0. Another source there keeps its own depth, as does a vertex
   * more than `steps` vertices down from the reach's edge.
   */
  private entered(v: number, steps: number): number {
    const known = this.enteredOf.get(v);
    if (known !== undefined) return known;
    const own = Math.max(0, this.water.surface[v] - this.heights[v]);
    let carried = -1;
    if (this.nearDrawn(v) && steps > 0) {
      for (let k = 0; k < 8; k++) {
        const n = this.neighbour(v, k);
        if (n < 0 || !this.isRiver(n) || this.downstream(n) !== v) continue;
        carried = Math.max(carried, this.entered(n, steps - 1));
      }
      if (carried < 0) {
        const down = this.downstream(v);
        let beside = false;
        for (let k = 0; k < 8 && down >= 0 && !beside; k++) {
          const n = this.neighbour(down, k);
          beside = n >= 0 && n !== v && this.isRiver(n) && this.downstream(n) === down;
        }
        if (beside) carried = 0;
      }
    }
    const result = carried < 0 ? own : Math.min(own, carried);
    this.enteredOf.set(v, result);
    return result;
  }

  private wet(v: number): boolean {
    return this.water.surface[v] > this.heights[v];
  }

  /** Whether v is a wet river vertex (a strip runs from it). */
  isRiver(v: number): boolean {
    return this.water.kind[v] === RIVER && this.wet(v) && !(this.excluded !== null && this.excluded[v] === 1);
  }

  /** The water a join from v may reach: a wet river or lake vertex. */
  private joins(n: number): boolean {
    const kind = this.water.kind[n];
    return (kind === RIVER || kind === LAKE) && this.wet(n);
  }

  /** The neighbours of v (8) inside the map, as indices, −1 outside. */
  private neighbour(v: number, k: number): number {
    const { width, depth } = this.grid;
    const i = (v % width) + STEP_I[k];
    const j = Math.floor(v / width) + STEP_J[k];
    return i < 0 || j < 0 || i >= width || j >= depth ? -1 : j * width + i;
  }

  /** downstream's answers, found once each (a cross-section reads its neighbours', a join its ends'). */
  private readonly downstreamOf = new Map<number, number>();

  /** The steepest lower wet river or lake neighbour of river vertex v, or −1 (v is at the bottom of a level reach or an end). */
  downstream(v: number): number {
    let known = this.downstreamOf.get(v);
    if (known === undefined) {
      known = this.findDownstream(v);
      this.downstreamOf.set(v, known);
    }
    return known;
  }

  private findDownstream(v: number): number {
    const lower = this.steepestLower(v);
    return lower >= 0 ? lower : this.acrossFlat(v);
  }

  /** The steepest strictly lower wet river or lake neighbour of v, or −1. */
  private steepestLower(v: number): number {
    const { surface } = this.water;
    let best = -1;
    let bestFall = 0;
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n < 0 || !this.joins(n) || !(surface[n] < surface[v])) continue;
      const fall = (surface[v] - surface[n]) / (k < 4 ? 1 : Math.SQRT2);
      if (fall > bestFall) {
        bestFall = fall;
        best = n;
      }
    }
    return best;
  }

  /**
   * Where a river vertex with no lower neighbour flows on a level reach (a pit in the ground filled to
   * its spill level: a river a few degrees off the grid's directions crosses one every few vertices):
   * the first step of the shortest path through the level river vertices to one that has a lower
   * neighbour, or to a level lake vertex; −1 when none is within FLAT_SEARCH vertices. Found from v
   * alone (never from another vertex's search), so every block of the map reads the same answer.
   */
  private acrossFlat(v: number): number {
    const { surface } = this.water;
    const level = surface[v];
    const from = new Map<number, number>([[v, -1]]);
    const queue = [v];
    for (let head = 0; head < queue.length && queue.length <= FLAT_SEARCH; head++) {
      const u = queue[head];
      for (let k = 0; k < 8; k++) {
        const n = this.neighbour(u, k);
        if (n < 0 || from.has(n) || !this.joins(n) || surface[n] !== level) continue;
        from.set(n, u);
        if (this.water.kind[n] === LAKE || this.steepestLower(n) >= 0) {
          let step = n;
          while (from.get(step) !== v) step = from.get(step)!;
          return step;
        }
        queue.push(n);
      }
    }
    return -1;
  }

  /**
   * The joins from river vertex v: to its downstream vertex, or where none is lower, to each level
   * wet river or lake neighbour (each level pair once).
   */
  joinsFrom(v: number, out: number[]): void {
    out.length = 0;
    const down = this.downstream(v);
    if (down >= 0) {
      out.push(down);
      return;
    }
    const { surface } = this.water;
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n < 0 || !this.joins(n) || surface[n] !== surface[v]) continue;
      // Each level pair once: from its lower index, unless the other end has joins of its own (a lower neighbour) or is a lake.
      if (n > v || this.water.kind[n] === LAKE || this.downstream(n) >= 0) out.push(n);
    }
  }

  /** How many river neighbours flow into v. */
  inflows(v: number): number {
    let count = 0;
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n >= 0 && this.isRiver(n) && this.downstream(n) === v) count++;
    }
    return count;
  }

  /**
   * The river's main inflow at v: of the river neighbours that flow into v, the deepest (then the lowest index),
   * one whose river runs on upstream for more than SIDE_VERTICES vertices before any that does not (a short line
   * of the river's own flow spread one or two cells beside it, deeper where it rejoins, took the river as its
   * tributary: the river then ended square into the short line's strip, which stood out of the ribbon as a stroke);
   * −1 when none.
   */
  upstream(v: number): number {
    let best = -1;
    let bestDepth = -Infinity;
    let bestLong = false;
    let inflows = 0;
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n >= 0 && this.isRiver(n) && this.downstream(n) === v) inflows++;
    }
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n < 0 || !this.isRiver(n) || this.downstream(n) !== v) continue;
      const d = this.water.surface[n] - this.heights[n];
      const long = inflows > 1 && this.runsUpBeyond(n, SIDE_VERTICES);
      if ((long && !bestLong) || (long === bestLong && (d > bestDepth || (d === bestDepth && n < best)))) {
        bestDepth = d;
        best = n;
        bestLong = long;
      }
    }
    return best;
  }

  /**
   * Whether some river runs into river vertex n from more than `count` vertices upstream (n itself counted):
   * the vertices `k` steps up from n through any inflow, level by level, until a level is empty (no) or
   * the count is passed (yes). Reads only downstream(), so it holds whichever inflow is the main one.
   */
  private runsUpBeyond(n: number, count: number): boolean {
    let level = [n];
    const seen = new Set<number>(level);
    for (let k = 1; k <= count; k++) {
      const next: number[] = [];
      for (const q of level) {
        for (let d = 0; d < 8; d++) {
          const p = this.neighbour(q, d);
          if (p < 0 || seen.has(p) || !this.isRiver(p) || this.downstream(p) !== q) continue;
          seen.add(p);
          next.push(p);
        }
      }
      if (next.length === 0) return false;
      level = next;
    }
    return true;
  }

  private readonly upstreamOf = new Map<number, number>();

  /** upstream(v), found once each (the smoothing's windows read it again and again). */
  knownUpstream(v: number): number {
    let known = this.upstreamOf.get(v);
    if (known === undefined) {
      known = this.upstream(v);
      this.upstreamOf.set(v, known);
    }
    return known;
  }

  private readonly centres = new Map<number, Float64Array>();
  private readonly window: number[] = [];

  /**
   * The strip's centre at vertex v in grid units (i, j): for a wet river vertex its smoothed place
   * (SMOOTH_STEPS), for any other vertex (a lake's, a level reach's ends) the vertex itself.
   */
  centre(v: number): Float64Array {
    let known = this.centres.get(v);
    if (!known) {
      known = this.smoothedCentre(v);
      this.centres.set(v, known);
    }
    return known;
  }

  private smoothedCentre(v: number): Float64Array {
    const { width, cellSize } = this.grid;
    const vi = v % width;
    const vj = (v - vi) / width;
    const ownDepth = this.water.surface[v] - this.heights[v];
    if (!this.smooth || !this.isRiver(v)) return Float64Array.of(vi, vj, ownDepth);
    // Up the main inflow, and down while each vertex is the main inflow of the next (a tributary's
    // window ends at its confluence, a river's at a lake or a level reach with no way off).
    const window = this.window;
    window.length = 0;
    let upCount = 0;
    for (let p = this.knownUpstream(v); p >= 0 && upCount < SMOOTH_STEPS; p = this.knownUpstream(p)) {
      window.push(p);
      upCount++;
    }
    let downCount = 0;
    for (let p = v; downCount < SMOOTH_STEPS;) {
      const q = this.downstream(p);
      if (q < 0) break;
      window.push(q);
      downCount++;
      if (!this.isRiver(q) || this.knownUpstream(q) !== p) break;
      p = q;
    }
    const steps = Math.min(upCount, downCount);
    if (steps === 0) return Float64Array.of(vi, vj, ownDepth);
    // The vertices in order down the river, v at `steps`… from the window's two ends cut alike.
    const path = [...window.slice(0, upCount).reverse(), v, ...window.slice(upCount)];
    // The depth the channel was carved to: a river vertex's water is its channel's depth over its bed, or
    // deeper where the vertex lay in a pit the water fills (every few vertices where a river runs off the
    // grid's directions), so the median depth of the vertices within DEPTH_STEPS either side (as many
    // each side) reads the channel's: a lone pit is passed over, a depth growing downstream kept.
    const raw = path.map((p) => Math.max(0, this.water.surface[p] - this.heights[p]));
    const channelDepth = (k: number): number => {
      const reach = Math.min(DEPTH_STEPS, k, path.length - 1 - k);
      const around = raw.slice(k - reach, k + reach + 1).sort((a, b) => a - b);
      return around[reach];
    };
    // Offsets from v (a straight line's pairs cancel exactly), and the depth, weighted alike.
    let sumI = 0;
    let sumJ = 0;
    let sumDepth = SMOOTH_WEIGHTS[0] * channelDepth(upCount);
    let total = SMOOTH_WEIGHTS[0];
    for (let k = 1; k <= steps; k++) {
      const w = SMOOTH_WEIGHTS[k];
      const up = path[upCount - k];
      const down = path[upCount + k];
      const upI = up % width;
      const downI = down % width;
      sumI += w * (upI - vi + (downI - vi));
      sumJ += w * ((up - upI) / width - vj + ((down - downI) / width - vj));
      sumDepth += w * (channelDepth(upCount - k) + channelDepth(upCount + k));
      total += 2 * w;
    }
    const depth = sumDepth / total;
    let ci = vi + sumI / total;
    let cj = vj + sumJ / total;
    // No further from the carved line (the vertices' path: the window's segments) than keeps the
    // strip's edge within SMOOTH_MAX_RISE of the water on the carved V, nor than half a cell.
    const half = this.halfWidth(this.widthDepth(v, depth));
    const most = Math.min(MAX_SHIFT_CELLS, depth > 0 && half > 0 ? (SMOOTH_MAX_RISE * half) / depth / cellSize : 0);
    let nearI = vi;
    let nearJ = vj;
    let near = Math.hypot(ci - vi, cj - vj);
    for (let k = 1; k < path.length; k++) {
      const ai = path[k - 1] % width;
      const aj = (path[k - 1] - ai) / width;
      const bi = path[k] % width;
      const bj = (path[k] - bi) / width;
      const length2 = (bi - ai) ** 2 + (bj - aj) ** 2;
      const t = Math.max(0, Math.min(1, ((ci - ai) * (bi - ai) + (cj - aj) * (bj - aj)) / length2));
      const qi = ai + t * (bi - ai);
      const qj = aj + t * (bj - aj);
      const distance = Math.hypot(ci - qi, cj - qj);
      if (distance < near) {
        near = distance;
        nearI = qi;
        nearJ = qj;
      }
    }
    const allowed = Math.min(most, near);
    if (near > allowed) {
      ci = nearI + ((ci - nearI) * allowed) / near;
      cj = nearJ + ((cj - nearJ) * allowed) / near;
    }
    return Float64Array.of(ci, cj, depth);
  }

  /** The ground at (i, j) (grid units, held to the map) on the terrain's triangles, each cell split from (i, j + 1) to (i + 1, j). */
  private groundAt(i: number, j: number): number {
    const { width, depth } = this.grid;
    const h = this.heights;
    const x = Math.max(0, Math.min(width - 1, i));
    const z = Math.max(0, Math.min(depth - 1, j));
    const ci = Math.min(width - 2, Math.floor(x));
    const cj = Math.min(depth - 2, Math.floor(z));
    const fx = x - ci;
    const fz = z - cj;
    const k = cj * width + ci;
    return fx + fz <= 1
      ? (1 - fx - fz) * h[k] + fx * h[k + 1] + fz * h[k + width]
      : (1 - fz) * h[k + 1] + (1 - fx) * h[k + width] + (fx + fz - 1) * h[k + width + 1];
  }

  private readonly sections = new Map<number, { tx: number; tz: number; reach: number }>();

  /** section(v), found once each (a confluence's outlines read its main stem's again and again). */
  knownSection(v: number): { tx: number; tz: number; reach: number } {
    let known = this.sections.get(v);
    if (!known) {
      known = this.section(v);
      this.sections.set(v, known);
    }
    return known;
  }

  private readonly stubOf = new Map<number, boolean>();

  /**
   * Whether river vertex v is part of a tributary that is not drawn: a stub, of at most STUB_VERTICES
   * vertices from its source to its confluence (a vertex or two beside a river that gathered just
   * enough to count as one, often beside a filled pit; drawn, a barb a cell long sticking out of the
   * smoothed river), or a side line, of at most SIDE_VERTICES whose source lies within BESIDE_CELLS
   * of its river's line (the river's flow spread beside it; drawn, a hooked strand beside the ribbon).
   */
  isStub(v: number): boolean {
    const known = this.stubOf.get(v);
    if (known !== undefined) return known;
    const result = this.findStub(v);
    this.stubOf.set(v, result);
    return result;
  }

  private findStub(v: number): boolean {
    let source = v;
    let count = 1;
    for (let p = this.knownUpstream(v); p >= 0; p = this.knownUpstream(p)) {
      if (++count > SIDE_VERTICES) return false;
      source = p;
    }
    for (let p = v; count <= SIDE_VERTICES; count++) {
      const q = this.downstream(p);
      if (q < 0 || !this.isRiver(q)) return false;
      if (this.knownUpstream(q) !== p) return count <= STUB_VERTICES || this.nearLine(source, q);
      p = q;
    }
    return false;
  }

  /**
   * Whether vertex s lies within BESIDE_CELLS of the river through confluence c: its vertices up its
   * main inflows and down, as far as s could be beside them.
   */
  private nearLine(s: number, c: number): boolean {
    const { width } = this.grid;
    const si = s % width;
    const sj = (s - si) / width;
    const near = (p: number) => Math.hypot((p % width) - si, Math.floor(p / width) - sj) <= BESIDE_CELLS;
    const steps = SIDE_VERTICES + Math.ceil(BESIDE_CELLS);
    for (let p = c, k = 0; p >= 0 && k <= steps; p = this.knownUpstream(p), k++) if (near(p)) return true;
    for (let p = this.downstream(c), k = 0; p >= 0 && k < steps; p = this.isRiver(p) ? this.downstream(p) : -1, k++) if (near(p)) return true;
    return false;
  }

  /** Whether the join v → n is a tributary's last: n is a river vertex v flows into, but not n's main inflow. */
  tributaryEnd(v: number, n: number): boolean {
    return this.downstream(v) === n && this.isRiver(n) && this.knownUpstream(n) !== v;
  }

  /**
   * The cross-section at river vertex v: its unit direction along the river — the centre line's
   * tangent there (joinStations: the chord from its main inflow's centre to its downstream one's, or
   * its one join's direction at a source or an end) — and the half-width out to each side along the
   * normal. The centre line bends smoothly through v, so the section is not mitred.
   */
  section(v: number): { tx: number; tz: number; reach: number } {
    const [ti, tj] = this.tangentAt(v);
    const half = this.halfWidth(this.widthDepth(v, this.centre(v)[2]));
    return { tx: ti, tz: tj, reach: half };
  }

  /** The unit tangent of the centre line at river vertex v (grid axes); (1, 0) for a lone vertex. */
  private tangentAt(v: number): [number, number] {
    const down = this.downstream(v);
    const up = this.knownUpstream(v);
    const from = this.centre(up >= 0 ? up : v);
    const to = this.centre(down >= 0 ? down : v);
    const di = to[0] - from[0];
    const dj = to[1] - from[1];
    const length = Math.hypot(di, dj);
    return length > 1e-9 ? [di / length, dj / length] : [1, 0];
  }

  /**
   * The stations the strip of the join v → n is laid through, v's first and n's last: on a join down
   * the river (n is v's downstream vertex) a cubic Hermite curve from v's centre to n's along their
   * sections' tangents (section: for evenly spaced centres the Catmull-Rom spline through v's main
   * inflow, v, n and n's downstream vertex; into a lake, a confluence or an end it arrives along the
   * join), cut into about one station per STATION_TURN of its turn, each held to the bed (the ground
   * under it and its edges at most SMOOTH_MAX_RISE over its water, else drawn back towards the
   * chord); a level join is straight. So the strip's banks run on smoothly from join to join
   * instead of bending at each vertex, a cell apart. Each
   * station: its place (grid units), unit tangent, half-width (v's and n's sections' mixed linearly)
   * and `t`, its share of the way (the surface and depth are read linearly by it, so they never rise
   * downstream). The end at n is n's section, or for a lake, an end or a tributary's last join, one
   * of v's width square to the join.
   */
  joinStations(v: number, n: number): JoinStation[] {
    const p1 = this.centre(v);
    const p2 = this.centre(n);
    const a = this.knownSection(v);
    const ownEnd = this.isRiver(n) && !this.tributaryEnd(v, n);
    const chordI = p2[0] - p1[0];
    const chordJ = p2[1] - p1[1];
    const chord = Math.hypot(chordI, chordJ);
    const endI = ownEnd ? this.knownSection(n).tx : chordI / chord;
    const endJ = ownEnd ? this.knownSection(n).tz : chordJ / chord;
    const endReach = ownEnd ? this.knownSection(n).reach : a.reach;
    const first: JoinStation = { i: p1[0], j: p1[1], ti: a.tx, tj: a.tz, reach: a.reach, t: 0 };
    const last: JoinStation = { i: p2[0], j: p2[1], ti: endI, tj: endJ, reach: endReach, t: 1 };
    if (this.downstream(v) !== n || !(chord > 1e-9)) return [first, last];
    // A cubic Hermite curve from v's centre to n's along their sections' tangents, each as long as the
    // chord (for evenly spaced centres the Catmull-Rom spline through them; where two centres lie close
    // together it stays as short, with no loop).
    const turn =
      Math.acos(Math.max(-1, Math.min(1, (a.tx * chordI + a.tz * chordJ) / chord))) +
      Math.acos(Math.max(-1, Math.min(1, (endI * chordI + endJ * chordJ) / chord)));
    const parts = Math.min(MAX_STATIONS, Math.max(1, Math.ceil(turn / STATION_TURN)));
    const stations = [first];
    for (let k = 1; k < parts; k++) {
      const t = k / parts;
      const t2 = t * t;
      const t3 = t2 * t;
      const h00 = 2 * t3 - 3 * t2 + 1;
      const h10 = (t3 - 2 * t2 + t) * chord;
      const h01 = 1 - h00;
      const h11 = (t3 - t2) * chord;
      const d00 = 6 * t2 - 6 * t;
      const d10 = (3 * t2 - 4 * t + 1) * chord;
      const d11 = (3 * t2 - 2 * t) * chord;
      const i = h00 * p1[0] + h01 * p2[0] + h10 * a.tx + h11 * endI;
      const j = h00 * p1[1] + h01 * p2[1] + h10 * a.tz + h11 * endJ;
      const di = d00 * (p1[0] - p2[0]) + d10 * a.tx + d11 * endI;
      const dj = d00 * (p1[1] - p2[1]) + d10 * a.tz + d11 * endJ;
      const length = Math.hypot(di, dj);
      const ti = di / length;
      const tj = dj / length;
      const reach = a.reach + t * (endReach - a.reach);
      // Held to the bed: where the curve takes the strip over ground more than SMOOTH_MAX_RISE above
      // its water, it is drawn back towards the chord (halved down to 1/32 of the way).
      const chordAtI = p1[0] + t * chordI;
      const chordAtJ = p1[1] + t * chordJ;
      const level = this.water.surface[v] + t * (this.water.surface[n] - this.water.surface[v]) + SMOOTH_MAX_RISE;
      const across = reach / this.grid.cellSize;
      const fits = (share: number): boolean => {
        const pi = chordAtI + share * (i - chordAtI);
        const pj = chordAtJ + share * (j - chordAtJ);
        for (let side = -1; side <= 1; side++) if (this.groundAt(pi - side * tj * across, pj + side * ti * across) > level) return false;
        return true;
      };
      let share = 1;
      if (!fits(1)) {
        let lo = 0;
        let hi = 1;
        for (let step = 0; step < 5; step++) {
          const mid = (lo + hi) / 2;
          if (fits(mid)) lo = mid;
          else hi = mid;
        }
        share = lo;
      }
      stations.push({ i: chordAtI + share * (i - chordAtI), j: chordAtJ + share * (j - chordAtJ), ti, tj, reach, t });
    }
    stations.push(last);
    return stations;
  }
}

/** A station of a join's strip (RiverLines.joinStations): place (grid units), unit tangent, half-width (m), share of the way. */
export interface JoinStation {
  i: number;
  j: number;
  ti: number;
  tj: number;
  reach: number;
  t: number;
}

/** The most the strip's centre line turns between two stations of a join (radians), and the most stations a join is cut into. */
export const STATION_TURN = (6 * Math.PI) / 180;
const MAX_STATIONS = 12;

/** How far a tributary's join looks downstream for the confluence it may overlap, in joins. */
const MAX_CONFLUENCE_WALK = 64;

/**
 * The strip of every river vertex in vertices [i0, i1) × [j0, j1) (its joins to the water below,
 * which may lie outside): each vertex's cross-section once, three points (left edge, centre, right
 * edge), and per join four triangles between the two ends' cross-sections. A join into a lake, and a
 * tributary's last join, ends on a cross-section of the river's own width square to the join at the
 * vertex it reaches. A tributary's triangles near its confluence are cut where the main stem's joins
 * cover them (their points, with height, depth and flow read linearly, follow the sections').
 */
export function riverStripMesh(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  halfWidth: RiverHalfWidth,
  i0: number,
  j0: number,
  i1: number,
  j1: number,
  smooth = true,
  excluded: Uint8Array | null = null,
  stride = 1,
): RiverStripMesh {
  const { width, depth: rows, cellSize } = grid;
  const lines = new RiverLines(grid, water, heights, halfWidth, smooth, excluded);
  const { surface } = water;
  const centreX = (width - 1) / 2;
  const centreZ = (rows - 1) / 2;
  const positions: number[] = [];
  const depths: number[] = [];
  const flows: number[] = [];
  const sources: number[] = [];
  const across: number[] = [];
  const indices: number[] = [];
  const sectionAt = new Map<number, number>();
  /**
   * Adds a cross-section at (i, j) (grid units) on the water's level y, direction t, half-width reach,
   * for vertex `source`; its depth at the centre is `depth`, else vertex v's channel's. Returns its first point's index.
   */
  const addSectionAt = (
    v: number,
    i: number,
    j: number,
    y: number,
    tx: number,
    tz: number,
    reach: number,
    slope: number,
    source: number,
    depth?: number,
  ): number => {
    const first = positions.length / 3;
    const x = (i - centreX) * cellSize;
    const z = (j - centreZ) * cellSize;
    const d = depth ?? Math.max(0, lines.centre(v)[2]);
    // Left (+normal), centre, right; the normal is the direction turned a quarter.
    for (let side = 1; side >= -1; side--) {
      positions.push(x - side * tz * reach, y, z + side * tx * reach);
      depths.push(side === 0 ? d : 0);
      flows.push(tx, tz, slope);
      sources.push(source);
      across.push(-side * tz * reach, side * tx * reach);
    }
    return first;
  };
  const slopeTo = (v: number, n: number): number => {
    const di = (n % width) - (v % width);
    const dj = Math.floor(n / width) - Math.floor(v / width);
    return (surface[v] - surface[n]) / (Math.hypot(di, dj) * cellSize);
  };
  const riverSection = (v: number): number => {
    const known = sectionAt.get(v);
    if (known !== undefined) return known;
    const { tx, tz, reach } = lines.knownSection(v);
    const down = lines.downstream(v);
    const c = lines.centre(v);
    const index = addSectionAt(v, c[0], c[1], surface[v], tx, tz, reach, down >= 0 ? slopeTo(v, down) : 0, v);
    sectionAt.set(v, index);
    return index;
  };
  /** A point of the mesh as stripClip reads it: x, z, then y, depth, flow (3), across (2). */
  const clipPoint = (p: number): ClipPoint =>
    Float64Array.of(
      positions[3 * p],
      positions[3 * p + 2],
      positions[3 * p + 1],
      depths[p],
      flows[3 * p],
      flows[3 * p + 1],
      flows[3 * p + 2],
      across[2 * p],
      across[2 * p + 1],
    );
  const addClipPoint = (point: ClipPoint, source: number): number => {
    positions.push(point[0], point[2], point[1]);
    depths.push(point[3]);
    flows.push(point[4], point[5], point[6]);
    across.push(point[7], point[8]);
    sources.push(source);
    return positions.length / 3 - 1;
  };
  /** The four triangles between the sections at a and b (their first points), cut by `holes` when given (new points for vertex v). */
  const addQuad = (a: number, b: number, holes: ConvexOutline[] | null, v: number) => {
    const di = positions[3 * b + 3] - positions[3 * a + 3];
    const dj = positions[3 * b + 5] - positions[3 * a + 5];
    // Left to left when both sections face the join's way; a section facing back has its sides swapped.
    const aFaces = flows[3 * a] * di + flows[3 * a + 1] * dj >= 0;
    const bFaces = flows[3 * b] * di + flows[3 * b + 1] * dj >= 0;
    const al = aFaces ? a : a + 2;
    const ar = aFaces ? a + 2 : a;
    const bl = bFaces ? b : b + 2;
    const br = bFaces ? b + 2 : b;
    const ac = a + 1;
    const bc = b + 1;
    if (!holes) {
      addFacingUp(indices, positions, al, ac, bl);
      addFacingUp(indices, positions, ac, bc, bl);
      addFacingUp(indices, positions, ac, ar, bc);
      addFacingUp(indices, positions, ar, br, bc);
      return;
    }
    const triangles = [al, ac, bl, ac, bc, bl, ac, ar, bc, ar, br, bc];
    for (let t = 0; t < triangles.length; t += 3) {
      const [p, q, r] = facingUp(positions, triangles[t], triangles[t + 1], triangles[t + 2]);
      const corners = [clipPoint(p), clipPoint(q), clipPoint(r)];
      const pieces = triangleLessHoles(corners[0], corners[1], corners[2], holes);
      if (!pieces) {
        indices.push(p, q, r);
        continue;
      }
      // A corner left as it was keeps its vertex; a cut's point is a new one.
      const vertexOf = (point: ClipPoint) => {
        const corner = corners.indexOf(point);
        return corner >= 0 ? [p, q, r][corner] : addClipPoint(point, v);
      };
      for (const piece of pieces) {
        const first = vertexOf(piece[0]);
        let previous = vertexOf(piece[1]);
        for (let k = 2; k < piece.length; k++) {
          const next = vertexOf(piece[k]);
          addFacingUp(indices, positions, first, previous, next);
          previous = next;
        }
      }
    }
  };
  const joins: number[] = [];
  const { kind } = water;
  const thin = stride > 1 ? thinRuns(lines, grid, water, i0, j0, i1, j1, stride) : null;
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const v = j * width + i;
      // Most vertices are not rivers: the kind first, read directly.
      if (kind[v] !== RIVER || !lines.isRiver(v) || lines.isStub(v)) continue;
      if (thin) {
        // Far off: each run once, from its first vertex, through every stride-th section at most.
        if (!thin.inside(v)) {
          const { kept, square, last } = thin.run(v);
          for (let k = 1; k < kept.length; k++) {
            const from = kept[k - 1];
            const to = kept[k];
            if (!square || k < kept.length - 1) {
              addQuad(riverSection(from), riverSection(to), null, from);
              continue;
            }
            // Into a lake or a confluence: the river's own width (its last vertex's), square to the join, at that vertex's centre.
            const [fi, fj] = lines.centre(from);
            const [ti, tj] = lines.centre(to);
            const chord = Math.hypot(ti - fi, tj - fj);
            const [di, dj] = chord > 1e-9 ? [(ti - fi) / chord, (tj - fj) / chord] : [lines.knownSection(from).tx, lines.knownSection(from).tz];
            const end = addSectionAt(to, ti, tj, surface[to], di, dj, lines.knownSection(last).reach, lines.isRiver(to) ? slopeTo(last, to) : 0, to);
            addQuad(riverSection(from), end, null, from);
          }
        }
        // A level reach's end: its level joins as at full resolution (straight, uncut).
        if (lines.downstream(v) >= 0) continue;
      }
      lines.joinsFrom(v, joins);
      const holes = joins.length === 1 && joins[0] === lines.downstream(v) ? confluenceOutlines(lines, grid, v) : null;
      for (const n of joins) {
        const a = riverSection(v);
        const stations = lines.joinStations(v, n);
        const end = stations[stations.length - 1];
        const slope = lines.isRiver(n) ? slopeTo(v, n) : 0;
        // Into a lake or another river's strip: the river's own width, square to the join (joinStations).
        const b =
          lines.isRiver(n) && !lines.tributaryEnd(v, n) ? riverSection(n) : addSectionAt(n, end.i, end.j, surface[n], end.ti, end.tj, end.reach, slope, n);
        const dv = Math.max(0, lines.centre(v)[2]);
        const dn = Math.max(0, lines.centre(n)[2]);
        const chain = [a];
        for (let k = 1; k < stations.length - 1; k++) {
          const s = stations[k];
          chain.push(addSectionAt(v, s.i, s.j, surface[v] + s.t * (surface[n] - surface[v]), s.ti, s.tj, s.reach, slope, v, dv + s.t * (dn - dv)));
        }
        chain.push(b);
        for (let k = 1; k < chain.length; k++) addQuad(chain[k - 1], chain[k], holes, v);
      }
    }
  }
  return packedStripMesh({ positions, depths, flows, sources, across, indices });
}

/**
 * Where riverStripMesh draws rivers coarser (`stride` > 1: far from the camera), the runs it draws them
 * as. Every river vertex the block owns and draws lies on one run: a run starts at a vertex whose main
 * inflow is not drawn here (a source, the block's edge) and follows the river down, through its
 * confluences (a river's main inflow carries on into it), to the first vertex it does not carry on into:
 * one outside the block (the run ends on its own section, where the block beyond starts the river), a
 * confluence it enters as a tributary or a lake (it ends on a section of its own width square to its
 * last join, at that vertex's centre, in the river's strip or the lake's sheet), or the end of a level
 * reach (its level joins are drawn apart). A run keeps its ends and, between them, sections at most
 * `stride` joins apart, fewer where the straight strip between two kept sections would leave a dropped
 * centre more than THIN_ACROSS · stride cells to the side or its surface more than THIN_RISE m off the
 * river's, so it bends where the river does and lies on its water. Nothing is cut at a confluence (a
 * few pixels drawn twice far off) and no join is bent through stations: at a stride of 2^L cells a few
 * pixels long, a confluence is a pixel or two.
 */
function thinRuns(lines: RiverLines, grid: HydrologyGrid, water: WaterSurface, i0: number, j0: number, i1: number, j1: number, stride: number) {
  const { width } = grid;
  const { surface, kind } = water;
  const drawnOf = new Map<number, boolean>();
  /** Whether the block draws u's strip: a river vertex it owns that is not a stub. */
  const drawn = (u: number): boolean => {
    let known = drawnOf.get(u);
    if (known === undefined) {
      const i = u % width;
      const j = (u - i) / width;
      known = i >= i0 && i < i1 && j >= j0 && j < j1 && kind[u] === RIVER && lines.isRiver(u) && !lines.isStub(u);
      drawnOf.set(u, known);
    }
    return known;
  };
  /** Whether u's join in is drawn by its main inflow's run (which carries on into it). */
  const inside = (u: number): boolean => {
    const up = lines.knownUpstream(u);
    return up >= 0 && drawn(up);
  };
  const fits = (path: number[], a: number, b: number): boolean => {
    const [ai, aj] = lines.centre(path[a]);
    const [bi, bj] = lines.centre(path[b]);
    const length = Math.hypot(bi - ai, bj - aj);
    let along = 0;
    const steps: number[] = [0];
    for (let k = a + 1; k <= b; k++) {
      const p = lines.centre(path[k - 1]);
      const q = lines.centre(path[k]);
      along += Math.hypot(q[0] - p[0], q[1] - p[1]);
      steps.push(along);
    }
    for (let k = a + 1; k < b; k++) {
      const [ci, cj] = lines.centre(path[k]);
      const side = length > 1e-9 ? Math.abs((bi - ai) * (cj - aj) - (bj - aj) * (ci - ai)) / length : Math.hypot(ci - ai, cj - aj);
      if (side > THIN_ACROSS * stride) return false;
      const t = along > 1e-9 ? steps[k - a] / along : 0;
      const level = surface[path[a]] + t * (surface[path[b]] - surface[path[a]]);
      if (Math.abs(level - surface[path[k]]) > THIN_RISE) return false;
    }
    return true;
  };
  /**
   * The run from u (drawn, not inside): the vertices whose sections it keeps, u first, and whether its
   * last one is a tributary's confluence or a lake (`square`: the run ends on a section of its own), and
   * the vertex before that last one (whose width such an end takes).
   */
  const run = (u: number): { kept: number[]; square: boolean; last: number } => {
    const path = [u];
    let square = false;
    const most = (i1 - i0) * (j1 - j0);
    for (let w = u; path.length <= most;) {
      const d = lines.downstream(w);
      if (d < 0) break;
      path.push(d);
      const carriesOn = lines.isRiver(d) && lines.knownUpstream(d) === w;
      if (!carriesOn) square = true;
      if (!carriesOn || !drawn(d)) break;
      w = d;
    }
    const kept = [u];
    for (let a = 0; a < path.length - 1;) {
      let b = a + 1;
      while (b < path.length - 1 && b - a < stride && fits(path, a, b + 1)) b++;
      kept.push(path[b]);
      a = b;
    }
    return { kept, square, last: path[Math.max(0, path.length - 2)] };
  };
  return { drawn, inside, run };
}

/** How far (in strides of cells) a thinned run's centre may pass a dropped one, and how far (m) its surface may pass the river's. */
export const THIN_ACROSS = 0.25;
export const THIN_RISE = 0.25;

/** A strip mesh's attributes as they are built, a list each (vertex attributes per vertex, three indices a triangle). */
export interface StripLists {
  positions: number[];
  depths: number[];
  flows: number[];
  sources: number[];
  across: number[];
  indices: number[];
}

/** The strip mesh of the lists built, in typed arrays, with its bounds. */
export function packedStripMesh(lists: StripLists): RiverStripMesh {
  const { positions } = lists;
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let k = 0; k < positions.length; k += 3) {
    for (let axis = 0; axis < 3; axis++) {
      bounds[axis] = Math.min(bounds[axis], positions[k + axis]);
      bounds[axis + 3] = Math.max(bounds[axis + 3], positions[k + axis]);
    }
  }
  return {
    positions: Float32Array.from(positions),
    depth: Float32Array.from(lists.depths),
    flow: Float32Array.from(lists.flows),
    source: Int32Array.from(lists.sources),
    across: Float32Array.from(lists.across),
    indices: Uint32Array.from(lists.indices),
    bounds,
  };
}

/**
 * The outlines (x, z) of the main stem's joins that the strip from river vertex v may reach, when v's
 * river is a tributary near its confluence; null when it is not. Walks down from v to the first
 * vertex it does not flow into as main inflow (the confluence), giving up once the river is farther
 * from v than the strips could reach.
 */
function confluenceOutlines(lines: RiverLines, grid: HydrologyGrid, v: number): ConvexOutline[] | null {
  const { width, cellSize } = grid;
  const distance = (a: number, b: number) => Math.hypot((a % width) - (b % width), Math.floor(a / width) - Math.floor(b / width)) * cellSize;
  const reachV = lines.knownSection(v).reach;
  let p = v;
  for (let step = 0; step < MAX_CONFLUENCE_WALK; step++) {
    const q = lines.downstream(p);
    if (q < 0 || !lines.isRiver(q)) return null;
    const reachQ = lines.knownSection(q).reach;
    const far = distance(v, q);
    if (far > reachV + 2 * reachQ + 2 * cellSize) return null;
    if (lines.knownUpstream(q) !== p) return mainStemOutlines(lines, grid, q, far + reachV + 2 * reachQ + 2 * cellSize);
    p = q;
  }
  return null;
}

/** The outlines of the main stem's joins through confluence c within `radius` (m) of it, up and down. */
function mainStemOutlines(lines: RiverLines, grid: HydrologyGrid, c: number, radius: number): ConvexOutline[] {
  const { width, cellSize } = grid;
  const distance = (a: number, b: number) => Math.hypot((a % width) - (b % width), Math.floor(a / width) - Math.floor(b / width)) * cellSize;
  const outlines: ConvexOutline[] = [];
  const add = (w: number, m: number) => {
    for (const [al, ar, br, bl] of joinOutlines(lines, grid, w, m)) {
      // A quad bent out of convexity as its two triangles, each convex.
      if (convex([al, ar, br, bl])) outlines.push([al, ar, br, bl]);
      else outlines.push([al, ar, br], [al, br, bl]);
    }
  };
  for (let w = lines.knownUpstream(c), m = c; w >= 0 && distance(w, c) <= radius; m = w, w = lines.knownUpstream(w)) add(w, m);
  for (let w = c; lines.isRiver(w) && distance(w, c) <= radius;) {
    const m = lines.downstream(w);
    if (m < 0) break;
    add(w, m);
    w = m;
  }
  return outlines;
}

/** Whether the polygon turns the same way at every corner. */
function convex(polygon: ReadonlyArray<readonly [number, number]>): boolean {
  let sign = 0;
  for (let k = 0; k < polygon.length; k++) {
    const [ax, az] = polygon[k];
    const [bx, bz] = polygon[(k + 1) % polygon.length];
    const [cx, cz] = polygon[(k + 2) % polygon.length];
    const turn = (bx - ax) * (cz - bz) - (bz - az) * (cx - bx);
    if (turn === 0) continue;
    if (sign === 0) sign = Math.sign(turn);
    else if (Math.sign(turn) !== sign) return false;
  }
  return true;
}

/**
 * The outlines (x, z) of the join w → m as riverStripMesh lays it, one between each two of its stations:
 * left, right at the first, then right, left at the next.
 */
function joinOutlines(lines: RiverLines, grid: HydrologyGrid, w: number, m: number): Array<Array<[number, number]>> {
  const { width, depth: rows, cellSize } = grid;
  const stations = lines.joinStations(w, m);
  const edges = (s: JoinStation, di: number, dj: number): Array<[number, number]> => {
    const x = (s.i - (width - 1) / 2) * cellSize;
    const z = (s.j - (rows - 1) / 2) * cellSize;
    // Left, right as the join runs (a section facing back has its sides swapped).
    const flip = s.ti * di + s.tj * dj >= 0 ? 1 : -1;
    const nx = -s.tj * s.reach * flip;
    const nz = s.ti * s.reach * flip;
    return [
      [x + nx, z + nz],
      [x - nx, z - nz],
    ];
  };
  const out: Array<Array<[number, number]>> = [];
  for (let k = 1; k < stations.length; k++) {
    const di = stations[k].i - stations[k - 1].i;
    const dj = stations[k].j - stations[k - 1].j;
    const [al, ar] = edges(stations[k - 1], di, dj);
    const [bl, br] = edges(stations[k], di, dj);
    out.push([al, ar, br, bl]);
  }
  return out;
}

/** The triangle p, q, r wound counter-clockwise seen from above (its normal (q − p) × (r − p) pointing up, +y), as the GLB's faces are. */
function facingUp(positions: number[], p: number, q: number, r: number): [number, number, number] {
  const ux = positions[3 * q] - positions[3 * p];
  const uz = positions[3 * q + 2] - positions[3 * p + 2];
  const wx = positions[3 * r] - positions[3 * p];
  const wz = positions[3 * r + 2] - positions[3 * p + 2];
  return uz * wx - ux * wz >= 0 ? [p, q, r] : [p, r, q];
}

/** Adds the triangle p, q, r to `indices` as facingUp winds it. */
export function addFacingUp(indices: number[], positions: number[], p: number, q: number, r: number): void {
  const ux = positions[3 * q] - positions[3 * p];
  const uz = positions[3 * q + 2] - positions[3 * p + 2];
  const wx = positions[3 * r] - positions[3 * p];
  const wz = positions[3 * r + 2] - positions[3 * p + 2];
  if (uz * wx - ux * wz >= 0) indices.push(p, q, r);
  else indices.push(p, r, q);
}
