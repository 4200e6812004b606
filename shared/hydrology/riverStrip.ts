/**
 * Rivers drawn as strips along their lines, not as the grid's cells: the sheet over the cells reads
 * the water's edge between vertices and bulges at every river vertex (where the V of its channel
 * meets the next one's), so its width wobbles by a cell and its banks are faceted. Here each river
 * vertex is joined to the water it flows into — its steepest lower wet neighbour that is a river or a
 * lake, as channelLines.ts carves it (on a level reach, to each level river neighbour) — and a strip
 * of the river's width is laid along each join at the water's surface. At every river vertex the
 * strip has one cross-section shared by the joins on both sides: at right angles to the mean of the
 * directions in and out, mitred so the strip keeps its width through the turn, so consecutive joins
 * meet edge to edge and the banks are one continuous line. The surface runs straight between the
 * vertices' levels and never rises (a join only goes down or level). The depth is the water's at the
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

/** How many level vertices a river vertex's search for the way off its level reach visits at most. */
const FLAT_SEARCH = 256;

/** The longest a mitred cross-section grows (a sharp turn's corner would otherwise reach far out). */
const MAX_MITRE = 1.5;

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

  /** The river's main inflow at v: of the river neighbours that flow into v, the deepest (then the lowest index); −1 when none. */
  upstream(v: number): number {
    let best = -1;
    let bestDepth = -Infinity;
    for (let k = 0; k < 8; k++) {
      const n = this.neighbour(v, k);
      if (n < 0 || !this.isRiver(n) || this.downstream(n) !== v) continue;
      const d = this.water.surface[n] - this.heights[n];
      if (d > bestDepth || (d === bestDepth && n < best)) {
        bestDepth = d;
        best = n;
      }
    }
    return best;
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
    if (near > most) {
      ci = nearI + ((ci - nearI) * most) / near;
      cj = nearJ + ((cj - nearJ) * most) / near;
    }
    return Float64Array.of(ci, cj, depth);
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

  /**
   * Whether river vertex v is part of a stub: a tributary of at most STUB_VERTICES vertices from its
   * source to its confluence (a vertex or two beside a river that gathered just enough to count as one,
   * often beside a filled pit). Drawn, it is a barb a cell long sticking out of the smoothed river.
   */
  isStub(v: number): boolean {
    let up = 0;
    for (let p = this.knownUpstream(v); p >= 0; p = this.knownUpstream(p)) if (++up >= STUB_VERTICES) return false;
    for (let p = v, count = up + 1; count <= STUB_VERTICES; count++) {
      const q = this.downstream(p);
      if (q < 0 || !this.isRiver(q)) return false;
      if (this.knownUpstream(q) !== p) return true;
      p = q;
    }
    return false;
  }

  /** Whether the join v → n is a tributary's last: n is a river vertex v flows into, but not n's main inflow. */
  tributaryEnd(v: number, n: number): boolean {
    return this.downstream(v) === n && this.isRiver(n) && this.knownUpstream(n) !== v;
  }

  /**
   * The cross-section at river vertex v: its unit direction along the river (the mean of the
   * directions in and out) and the half-width out to each side along the normal, mitred.
   */
  section(v: number): { tx: number; tz: number; reach: number } {
    const direction = (from: number, to: number): [number, number] => {
      const a = this.centre(from);
      const b = this.centre(to);
      const di = b[0] - a[0];
      const dj = b[1] - a[1];
      const length = Math.hypot(di, dj);
      return [di / length, dj / length];
    };
    const down = this.downstream(v);
    const up = this.knownUpstream(v);
    let tx = 0;
    let tz = 0;
    let out: [number, number] | null = null;
    if (down >= 0) {
      out = direction(v, down);
      tx += out[0];
      tz += out[1];
    }
    if (up >= 0) {
      const into = direction(up, v);
      tx += into[0];
      tz += into[1];
      out ??= into;
    }
    const length = Math.hypot(tx, tz);
    const half = this.halfWidth(this.widthDepth(v, this.centre(v)[2]));
    if (!(length > 1e-9) || !out) return { tx: 1, tz: 0, reach: half };
    tx /= length;
    tz /= length;
    const cosine = tx * out[0] + tz * out[1];
    return { tx, tz, reach: half * Math.min(MAX_MITRE, 1 / Math.max(cosine, 1 / MAX_MITRE)) };
  }
}

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
  // A section stands at the river's smoothed centre (a lake's vertex, where a river ends, as it is).
  const mapX = (v: number) => (lines.centre(v)[0] - centreX) * cellSize;
  const mapZ = (v: number) => (lines.centre(v)[1] - centreZ) * cellSize;
  /** Adds a cross-section at vertex v (direction t, half-width reach); returns its first point's index. */
  const addSection = (v: number, tx: number, tz: number, reach: number, slope: number): number => {
    const first = positions.length / 3;
    const x = mapX(v);
    const z = mapZ(v);
    const y = surface[v];
    const d = Math.max(0, lines.centre(v)[2]);
    // Left (+normal), centre, right; the normal is the direction turned a quarter.
    for (let side = 1; side >= -1; side--) {
      positions.push(x - side * tz * reach, y, z + side * tx * reach);
      depths.push(side === 0 ? d : 0);
      flows.push(tx, tz, slope);
      sources.push(v);
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
    const index = addSection(v, tx, tz, reach, down >= 0 ? slopeTo(v, down) : 0);
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
  const joins: number[] = [];
  const { kind } = water;
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const v = j * width + i;
      // Most vertices are not rivers: the kind first, read directly.
      if (kind[v] !== RIVER || !lines.isRiver(v) || lines.isStub(v)) continue;
      lines.joinsFrom(v, joins);
      const holes = joins.length === 1 && joins[0] === lines.downstream(v) ? confluenceOutlines(lines, grid, v) : null;
      for (const n of joins) {
        const a = riverSection(v);
        const reach = Math.hypot(positions[3 * a] - positions[3 * a + 3], positions[3 * a + 2] - positions[3 * a + 5]);
        const from = lines.centre(v);
        const to = lines.centre(n);
        const di = to[0] - from[0];
        const dj = to[1] - from[1];
        const length = Math.hypot(di, dj);
        let b: number;
        if (lines.isRiver(n) && !lines.tributaryEnd(v, n)) b = riverSection(n);
        else {
          // Into a lake or another river's strip: the river's own width, square to the join.
          b = addSection(n, di / length, dj / length, reach, lines.isRiver(n) ? slopeTo(v, n) : 0);
        }
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
          continue;
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
      }
    }
  }
  return packedStripMesh({ positions, depths, flows, sources, across, indices });
}

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
    const [al, ar, br, bl] = joinOutline(lines, grid, w, m);
    // A quad bent out of convexity (a sharp turn's mitres) as its two triangles, each convex.
    if (convex([al, ar, br, bl])) outlines.push([al, ar, br, bl]);
    else outlines.push([al, ar, br], [al, br, bl]);
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

/** The outline (x, z) of the join w → m as riverStripMesh lays it: w's section's edges, then m's. */
function joinOutline(lines: RiverLines, grid: HydrologyGrid, w: number, m: number): Array<[number, number]> {
  const { width, depth: rows, cellSize } = grid;
  const at = (v: number) => [(lines.centre(v)[0] - (width - 1) / 2) * cellSize, (lines.centre(v)[1] - (rows - 1) / 2) * cellSize];
  const di = lines.centre(m)[0] - lines.centre(w)[0];
  const dj = lines.centre(m)[1] - lines.centre(w)[1];
  const a = lines.knownSection(w);
  const b =
    lines.isRiver(m) && !lines.tributaryEnd(w, m) ? lines.knownSection(m) : { tx: di / Math.hypot(di, dj), tz: dj / Math.hypot(di, dj), reach: a.reach };
  const edges = (v: number, section: { tx: number; tz: number; reach: number }): Array<[number, number]> => {
    const [x, z] = at(v);
    // Left, right as the join runs (a section facing back has its sides swapped).
    const flip = section.tx * di + section.tz * dj >= 0 ? 1 : -1;
    const nx = -section.tz * section.reach * flip;
    const nz = section.tx * section.reach * flip;
    return [
      [x + nx, z + nz],
      [x - nx, z - nz],
    ];
  };
  const [al, ar] = edges(w, a);
  const [bl, br] = edges(m, b);
  return [al, ar, br, bl];
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
