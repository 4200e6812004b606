/**
 * The road router: control points from a start to an end (through optional via points) whose
 * centreline keeps within the maximum grade and never bends tighter than the minimum radius.
 *
 * Method: hybrid A* over (position, heading) — Dolgov et al.'s search for car-like paths — carrying
 * the road's height. From each state nine motion primitives of one step each: straight on, or an arc
 * turning by 1…4 quarters of Δθ left or right, where a full Δθ over one step is a bend of radius
 * 1.5 × R_min (a chord of equal length, so the control points are evenly spaced and the spline through
 * them follows the arcs; quarter turns let the road hold a line a few degrees off a contour). Headings
 * are exact multiples of Δθ / 4; positions are continuous, and a state is dropped when a cheaper one
 * already closed its cell of a lattice half a step wide at the same heading. Why this and not a grid A*:
 * a grid path has corners of any radius, and fixing them afterwards breaks the grade; here every step
 * already bends no tighter than the report accepts, so hairpins (a run of same-way arcs) appear where
 * the ground lets the road turn within its grade, and the search finds them itself.
 *
 * Along each step the road follows the ground as closely as its grade allows, checked every ≤ 10 m;
 * a step is refused when that needs more than half the road's cut-and-fill limit, leaves the map by
 * half the road's width, crosses an earlier leg, or (optionally) crosses a blocked cell (water, props). Its cost is its length,
 * plus the earth it moves — the cut or fill along the centreline times the width, and what a flat road
 * cuts across the ground's side slope s (s·w²/4 m³ per metre) — at CUT_FILL_WEIGHT metres per m³, plus a
 * small penalty per turn so a straight line wins a tie. The heuristic, max(distance, climb ÷ grade),
 * never overestimates; it is weighted (HEURISTIC_WEIGHT, 3) so the search heads for the end, and neighbouring headings share a lattice slot in pairs. The
 * polygon's runs are then straightened where a straight chord is allowed and no dearer (routeStraighten.ts:
 * headings in steps make a straight road alternate between two), and its corners cut twice at their
 * sides' middles, leg by leg (see smoothCorners).
 * Pure and deterministic: the same input gives the same points.
 */
import { heightInCell } from '../terrain/surface';
import { buildCentreline, centrelineProblem, splineLength } from './centreline';
import { roadParams, type RoadPoint } from './params';
import type { GroundSize } from './profile';
import type { RouteLimits } from './routeLimits';
import { straightenLeg } from './routeStraighten';

export interface RouteRequest {
  heights: Float32Array;
  size: GroundSize;
  /** Start, via points in order, end: world metres, origin at the map centre. */
  waypoints: readonly { x: number; z: number }[];
  limits: RouteLimits;
  /** Road surface width, metres (for the earthworks cost and the distance kept from the map's edge). */
  width: number;
  /**
   * Cells the road's surface may not touch (1 = blocked: water, props), width × depth, row-major as the
   * heights; checked across the road's width every half cell (routeAvoid.ts makes them).
   */
  blocked?: Uint8Array;
  /** Called now and then with the fraction done (0…1, by how near the search has come). */
  onProgress?: (fraction: number) => void;
  /** Polled now and then: true stops the search (the result says it was cancelled). */
  shouldStop?: () => boolean;
  /** Deepest cut or highest fill the road may need, metres (the road's maxCutFill; default 20). */
  maxCutFill?: number;
  /** Most states expanded before giving up (bounds the work of a hopeless ask). */
  maxExpansions?: number;
}

export type RouteResult = { ok: true; points: RoadPoint[]; expanded: number } | { ok: false; problem: string; cancelled?: boolean };

/** Bend radius searched, as a multiple of the minimum: the spline through the points wavers a little. */
export const RADIUS_MARGIN = 1.5;
/** Fraction of the maximum grade each step may climb: the spline between points strays from the chords. */
export const GRADE_MARGIN = 0.95;
/** Metres of road one cubic metre of cut or fill is worth (earthworks cost a few % of a metre of finished road per m³). */
export const CUT_FILL_WEIGHT = 0.03;
/** Cost of a turning step, as a fraction of its length. */
const TURN_PENALTY = 0.02;
/**
 * Headings between the sharpest turn's: a step turns by 0…HEADING_SPLIT of them, so the road can hold
 * a line a few degrees off the contour (at 8 % on a 60 % slope it must be within 7.7° of it).
 */
export const HEADING_SPLIT = 4;
/** Steps from a state: straight on and HEADING_SPLIT turns to each side. */
const SIDES = 2 * HEADING_SPLIT + 1;
/**
 * Weighted A*: the heuristic counts this many times over, so the search heads for the end instead of
 * widening evenly (the route costs at most this factor more than the cheapest; in practice a few %).
 */
export const HEURISTIC_WEIGHT = 3;
/** Lattice cell, in steps: one state per cell and heading is kept. */
export const LATTICE_CELL = 0.5;
/**
 * Neighbouring headings share a lattice slot in pairs (2^1): the search keeps the cheaper of two
 * states a fine heading apart in one cell, which halves its work for a route a few % longer at most.
 */
const BIN_SHIFT = 1;
/**
 * Share of the road's cut-and-fill limit the search may use: it follows the ground greedily, the
 * road's own profile (a fit between two envelopes, then vertical curves) can stray further.
 */
export const CUT_FILL_SHARE = 0.5;
/**
 * Most a straightened chord may end above or below the searched road's height, metres: the chord
 * then goes on from the searched height, so the road's height as the search tracks it steps by at
 * most this (a tenth of the search's cut-and-fill allowance; the road's own profile is fitted anew).
 */
const STRAIGHT_HEIGHT_TOLERANCE = 1;
/** Longest piece the grade is checked over, metres ("every 10 m"). */
const GRADE_PIECE = 10;
const DEFAULT_MAX_EXPANSIONS = 4_000_000;
/** Most lattice entries (cells × headings): bounds memory on fine maps. */
const MAX_LATTICE = 24_000_000;

/** A lattice slot's state in the search (routeLeg's `mark`); 0, a new array's value, is unseen. */
const OPEN = 1;
const CLOSED = 2;

/** Step geometry for a bend radius: headings per turn and the chord of one step. */
export function routeStep(minRadius: number, cellSize: number): { headings: number; step: number; radius: number; fine: number } {
  const radius = minRadius * RADIUS_MARGIN;
  // A step of about 22.5° of arc, kept between 3 cells (the ground must be seen) and 40 m (or 3 cells).
  const shortest = Math.max(6, 3 * cellSize);
  const longest = Math.max(40, 3 * cellSize);
  const wanted = Math.min(longest, Math.max(shortest, 2 * radius * Math.sin(Math.PI / 16)));
  const turn = wanted >= 2 * radius ? Math.PI / 2 : 2 * Math.asin(wanted / (2 * radius));
  const headings = Math.max(8, Math.min(720, Math.round((2 * Math.PI) / turn)));
  return { headings, step: 2 * radius * Math.sin(Math.PI / headings), radius, fine: headings * HEADING_SPLIT };
}

interface Ground {
  heights: Float32Array;
  width: number;
  depth: number;
  cellSize: number;
  /** Half extents kept clear of the edge (centreline limits), metres. */
  hx: number;
  hz: number;
  /** Cells kept off where a route crossed itself (checked at the centre and the edges every ≤ 10 m). */
  blocked?: Uint8Array;
  /** The request's blocked cells (water, props): checked across the whole width every half cell. */
  avoid?: Uint8Array;
  halfWidth: number;
  /** Cells the earlier legs cover (a later leg may not cross them), and where it may: near its start. */
  taken?: Uint8Array;
  freeX: number;
  freeZ: number;
  freeRadius: number;
}

/** Whether an earlier leg covers the cell at (x, z), away from the via point the leg starts at. */
function takenAt(g: Ground, x: number, z: number): boolean {
  if (!g.taken || (x - g.freeX) ** 2 + (z - g.freeZ) ** 2 < g.freeRadius ** 2) return false;
  const i = Math.round(x / g.cellSize + (g.width - 1) / 2);
  const j = Math.round(z / g.cellSize + (g.depth - 1) / 2);
  return g.taken[j * g.width + i] === 1;
}

/** Marks the cells within `reach` metres of the polyline as taken. */
function take(g: Ground, points: readonly { x: number; z: number }[], reach: number): void {
  const taken = (g.taken ??= new Uint8Array(g.width * g.depth));
  const r = Math.ceil(reach / g.cellSize);
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1];
    const b = points[k];
    const samples = Math.max(1, Math.ceil((2 * Math.hypot(b.x - a.x, b.z - a.z)) / g.cellSize));
    for (let n = 0; n <= samples; n++) {
      const ci = Math.round((a.x + ((b.x - a.x) * n) / samples) / g.cellSize + (g.width - 1) / 2);
      const cj = Math.round((a.z + ((b.z - a.z) * n) / samples) / g.cellSize + (g.depth - 1) / 2);
      for (let j = Math.max(0, cj - r); j <= Math.min(g.depth - 1, cj + r); j++) {
        for (let i = Math.max(0, ci - r); i <= Math.min(g.width - 1, ci + r); i++) if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r) taken[j * g.width + i] = 1;
      }
    }
  }
}

/** Height inside the map (callers keep points inside). */
function groundAt(g: Ground, x: number, z: number): number {
  const gx = x / g.cellSize + (g.width - 1) / 2;
  const gz = z / g.cellSize + (g.depth - 1) / 2;
  const i = Math.min(g.width - 2, Math.max(0, Math.floor(gx)));
  const j = Math.min(g.depth - 2, Math.max(0, Math.floor(gz)));
  return heightInCell(g.heights, j * g.width + i, g.width, gx - i, gz - j);
}

function blockedAt(g: Ground, x: number, z: number, mask = g.blocked): boolean {
  if (!mask) return false;
  const i = Math.round(x / g.cellSize + (g.width - 1) / 2);
  const j = Math.round(z / g.cellSize + (g.depth - 1) / 2);
  return mask[j * g.width + i] === 1;
}

/**
 * Whether the road's surface from a to b touches an avoided cell: sampled every half cell along and
 * across its width, so a prop a few metres wide is not stepped over between the ≤ 10 m grade checks.
 */
function touchesAvoided(g: Ground, ax: number, az: number, bx: number, bz: number): boolean {
  const length = Math.hypot(bx - ax, bz - az);
  if (!g.avoid || length === 0) return false;
  const ux = (bx - ax) / length;
  const uz = (bz - az) / length;
  const along = Math.ceil(length / (g.cellSize / 2));
  const across = Math.max(1, Math.ceil((2 * g.halfWidth) / (g.cellSize / 2)));
  for (let n = 0; n <= along; n++) {
    const x = ax + ((bx - ax) * n) / along;
    const z = az + ((bz - az) * n) / along;
    for (let m = 0; m <= across; m++) {
      const off = -g.halfWidth + (2 * g.halfWidth * m) / across;
      if (blockedAt(g, x + uz * off, z - ux * off, g.avoid)) return true;
    }
  }
  return false;
}

/** Where a piece of road ends: its cost (length plus earthworks) and the road's height there; cost −1: not allowed. */
const piece = { cost: 0, y: 0 };

/**
 * The straight piece a→b with the road at height `y` at a: the road follows the ground as closely as
 * its grade allows (`grade` a fraction, 0.08 for 8 %), checked every ≤ 10 m; more than `cutFill`
 * metres of cut or fill, a blocked cell or the map's edge rule it out.
 */
function pieceOf(g: Ground, ax: number, az: number, bx: number, bz: number, y: number, grade: number, cutFill: number, earthworks: number): typeof piece {
  piece.cost = -1;
  if (Math.abs(bx) > g.hx || Math.abs(bz) > g.hz) return piece;
  if (g.avoid && touchesAvoided(g, ax, az, bx, bz)) return piece;
  const length = Math.hypot(bx - ax, bz - az);
  const pieces = Math.max(1, Math.ceil(length / GRADE_PIECE));
  const each = length / pieces;
  const rise = grade * each;
  const ux = (bx - ax) / length;
  const uz = (bz - az) / length;
  let road = y;
  let moved = 0;
  for (let n = 1; n <= pieces; n++) {
    const t = n / pieces;
    const x = ax + (bx - ax) * t;
    const z = az + (bz - az) * t;
    const h = groundAt(g, x, z);
    road = Math.min(road + rise, Math.max(road - rise, h));
    const off = Math.abs(road - h);
    if (off > cutFill) return piece;
    moved += off * each;
    if (g.taken && takenAt(g, x, z)) return piece;
    if (
      g.blocked &&
      (blockedAt(g, x, z) || blockedAt(g, x + uz * g.halfWidth, z - ux * g.halfWidth) || blockedAt(g, x - uz * g.halfWidth, z + ux * g.halfWidth))
    )
      return piece;
  }
  // Side slope at the middle: the ground's gradient across the direction of travel.
  const mx = (ax + bx) / 2;
  const mz = (az + bz) / 2;
  const e = g.cellSize;
  const across = (groundAt(g, mx + uz * e, mz - ux * e) - groundAt(g, mx - uz * e, mz + ux * e)) / (2 * e);
  piece.cost = length * (1 + earthworks * Math.abs(across)) + CUT_FILL_WEIGHT * g.halfWidth * 2 * moved;
  piece.y = road;
  return piece;
}

/**
 * A 4-ary min-heap of state ids by key (ties: the older state first, so the search is deterministic:
 * the order is total, so any heap pops the same sequence). Four children a node halve the levels a
 * pop walks down through millions of entries, and the four sit side by side in memory.
 */
class Heap {
  private ids = new Int32Array(1024);
  private keys = new Float64Array(1024);
  size = 0;
  push(id: number, key: number): void {
    if (this.size === this.ids.length) {
      const ids = new Int32Array(this.size * 2);
      ids.set(this.ids);
      this.ids = ids;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const ids = this.ids;
    const keys = this.keys;
    let at = this.size++;
    while (at > 0) {
      const up = (at - 1) >> 2;
      const upKey = keys[up];
      if (!(key < upKey || (key === upKey && id < ids[up]))) break;
      ids[at] = ids[up];
      keys[at] = upKey;
      at = up;
    }
    ids[at] = id;
    keys[at] = key;
  }
  pop(): number {
    const ids = this.ids;
    const keys = this.keys;
    const top = ids[0];
    const size = --this.size;
    const id = ids[size];
    const key = keys[size];
    let at = 0;
    for (;;) {
      const first = 4 * at + 1;
      if (first >= size) break;
      let child = first;
      let childKey = keys[first];
      const last = Math.min(first + 4, size);
      for (let c = first + 1; c < last; c++) {
        const k = keys[c];
        if (k < childKey || (k === childKey && ids[c] < ids[child])) {
          child = c;
          childKey = k;
        }
      }
      if (!(childKey < key || (childKey === key && ids[child] < id))) break;
      ids[at] = ids[child];
      keys[at] = childKey;
      at = child;
    }
    ids[at] = id;
    keys[at] = key;
    return top;
  }
}

/** Growable columns of search states. */
class States {
  x = new Float64Array(4096);
  z = new Float64Array(4096);
  cost = new Float64Array(4096);
  /** The road's height (it may sit above or below the ground by up to the cut-and-fill limit). */
  y = new Float64Array(4096);
  heading = new Int32Array(4096);
  parent = new Int32Array(4096);
  count = 0;
  add(x: number, z: number, y: number, heading: number, cost: number, parent: number): number {
    if (this.count === this.x.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as { new (n: number): T })(a.length * 2);
        b.set(a);
        return b;
      };
      this.x = grow(this.x);
      this.z = grow(this.z);
      this.cost = grow(this.cost);
      this.y = grow(this.y);
      this.heading = grow(this.heading);
      this.parent = grow(this.parent);
    }
    const id = this.count++;
    this.x[id] = x;
    this.z[id] = z;
    this.heading[id] = heading;
    this.cost[id] = cost;
    this.y[id] = y;
    this.parent[id] = parent;
    return id;
  }
}

interface LegResult {
  points: { x: number; z: number }[];
  /** The search's cost to each point, and the road's height there. */
  costs: number[];
  heights: number[];
  expanded: number;
}

type LegOutcome = LegResult | { problem: 'none' | 'cancelled' | 'gaveUp'; expanded: number };

/** One leg: from `from` (heading free when `startHeading` is null) to `to`. */
function routeLeg(
  g: Ground,
  from: { x: number; z: number },
  to: { x: number; z: number },
  startHeading: number | null,
  req: RouteRequest,
  budget: number,
  done: number,
  legs: number,
): LegOutcome {
  const { fine: headings, step } = routeStep(req.limits.minRadius, g.cellSize);
  const turn = (2 * Math.PI) / headings;
  const grade = (GRADE_MARGIN * req.limits.maxGradePct) / 100;
  const earthworks = (CUT_FILL_WEIGHT * req.width * req.width) / 4;
  const base = startHeading ?? 0;
  const cell = step * LATTICE_CELL;
  let nx = Math.ceil((2 * g.hx) / cell) + 1;
  let nz = Math.ceil((2 * g.hz) / cell) + 1;
  let lattice = cell;
  while (nx * nz * headings > MAX_LATTICE) {
    lattice *= 1.25;
    nx = Math.ceil((2 * g.hx) / lattice) + 1;
    nz = Math.ceil((2 * g.hz) / lattice) + 1;
  }
  const bins = headings >> BIN_SHIFT;
  // Per lattice slot: unseen, OPEN (best holds the cheapest cost that reached it) or CLOSED. Neither
  // array is filled: the search touches a small part of the lattice, and pages never written are
  // never made resident (a filled `best` was 80 MB written at 4097² before the first step).
  const best = new Float64Array(nx * nz * bins);
  const mark = new Uint8Array(nx * nz * bins);
  const slot = (x: number, z: number, h: number) => (Math.floor((z + g.hz) / lattice) * nx + Math.floor((x + g.hx) / lattice)) * bins + (h >> BIN_SHIFT);
  const cutFill = CUT_FILL_SHARE * (req.maxCutFill ?? 20);
  const climb = groundAt(g, to.x, to.z);
  // The road must end within cutFill of the ground at the end, climbing at most `grade` per metre.
  const heuristic = (x: number, z: number, y: number) => Math.max(Math.hypot(to.x - x, to.z - z), (Math.abs(climb - y) - cutFill) / grade);
  const states = new States();
  const open = new Heap();
  const y0 = groundAt(g, from.x, from.z);
  const h0 = heuristic(from.x, from.z, y0);
  for (let h = 0; h < (startHeading === null ? headings : 1); h++) {
    const id = states.add(from.x, from.z, y0, h, 0, -1);
    const at = slot(from.x, from.z, h);
    best[at] = 0;
    mark[at] = OPEN;
    open.push(id, h0);
  }
  // Every step's direction, per heading and side: a leg's steps take only these (worked out once, by
  // the very expression each step used, so the same bits; a cosine and a sine were a step's dearest part).
  const chordCos = new Float64Array(headings * SIDES);
  const chordSin = new Float64Array(headings * SIDES);
  for (let h = 0; h < headings; h++) {
    const theta = base + h * turn;
    for (let side = -HEADING_SPLIT; side <= HEADING_SPLIT; side++) {
      const chord = theta + (side * turn) / 2;
      chordCos[h * SIDES + HEADING_SPLIT + side] = Math.cos(chord);
      chordSin[h * SIDES + HEADING_SPLIT + side] = Math.sin(chord);
    }
  }
  let expanded = 0;
  let nearest = h0;
  while (open.size > 0) {
    const id = open.pop();
    const x = states.x[id];
    const z = states.z[id];
    const h = states.heading[id];
    const at = slot(x, z, h);
    if (mark[at] === CLOSED) continue;
    mark[at] = CLOSED;
    expanded++;
    if ((expanded & 4095) === 0) {
      if (req.shouldStop?.()) return { problem: 'cancelled', expanded };
      if (expanded > budget) return { problem: 'gaveUp', expanded };
      req.onProgress?.(Math.min(1, (done + Math.max(0, 1 - nearest / Math.max(h0, 1e-9))) / legs));
    }
    const theta = base + h * turn;
    // The end: near enough, heading towards it within a quarter of a full turn (the spline bends
    // sharpest where the road ends), and the last piece allowed.
    const dx = to.x - x;
    const dz = to.z - z;
    const d = Math.hypot(dx, dz);
    const y = states.y[id];
    nearest = Math.min(nearest, heuristic(x, z, y));
    const first = states.parent[id] === -1;
    g.freeRadius = first ? step + g.cellSize : 0;
    if (d <= 1.5 * step && (d >= 0.75 * step || first) && d > 1e-6) {
      let off = Math.atan2(dz, dx) - theta;
      off -= 2 * Math.PI * Math.round(off / (2 * Math.PI));
      const aimed = Math.abs(off) <= (HEADING_SPLIT * turn) / 4 + 1e-9 || (first && startHeading === null);
      const last = aimed ? pieceOf(g, x, z, to.x, to.z, y, grade, cutFill, earthworks) : null;
      if (last && last.cost >= 0) {
        const points: { x: number; z: number }[] = [{ x: to.x, z: to.z }];
        const costs = [states.cost[id] + last.cost];
        const heights = [last.y];
        for (let s = id; s !== -1; s = states.parent[s]) {
          points.push({ x: states.x[s], z: states.z[s] });
          costs.push(states.cost[s]);
          heights.push(states.y[s]);
        }
        return { points: points.reverse(), costs: costs.reverse(), heights: heights.reverse(), expanded };
      }
    }
    // After a via point the first step goes straight on: the road keeps its direction through it.
    const turns = first && startHeading !== null ? 0 : HEADING_SPLIT;
    const row = h * SIDES + HEADING_SPLIT;
    for (let side = -turns; side <= turns; side++) {
      const bx = x + step * chordCos[row + side];
      const bz = z + step * chordSin[row + side];
      if (Math.abs(bx) > g.hx || Math.abs(bz) > g.hz) continue;
      const nh = (h + side + headings) % headings;
      const next = slot(bx, bz, nh);
      // Cheap tests first: most steps land where a cheaper state has been (an unseen slot's best is +∞).
      const seen = mark[next];
      if (seen === CLOSED || (seen === OPEN && states.cost[id] + step >= best[next])) continue;
      const { cost: pieceCost, y: by } = pieceOf(g, x, z, bx, bz, y, grade, cutFill, earthworks);
      if (pieceCost < 0) continue;
      const cost = states.cost[id] + pieceCost * (1 + (TURN_PENALTY * Math.abs(side)) / HEADING_SPLIT);
      if (seen === OPEN && cost >= best[next]) continue;
      best[next] = cost;
      mark[next] = OPEN;
      open.push(states.add(bx, bz, by, nh, cost, id), cost + HEURISTIC_WEIGHT * heuristic(bx, bz, by));
    }
  }
  return { problem: 'none', expanded };
}

/**
 * The searched leg with its runs straightened where a straight chord is allowed and no dearer
 * (routeStraighten.ts), checked as the search checks a step but at the full maximum grade: the search
 * keeps GRADE_MARGIN for the spline's stray from its chords on bends, and a straight chord's spline
 * does not stray (without it, a chord across a slope at the grade the search held would need a few
 * centimetres of cut, and the earthworks would rule out every chord longer than about 100 m).
 */
function straightenSearched(
  g: Ground,
  req: RouteRequest,
  leg: LegResult,
  from: { x: number; z: number },
  startHeading: number | null,
): { x: number; z: number }[] {
  const { headings, step } = routeStep(req.limits.minRadius, g.cellSize);
  const grade = req.limits.maxGradePct / 100;
  const earthworks = (CUT_FILL_WEIGHT * req.width * req.width) / 4;
  const cutFill = CUT_FILL_SHARE * (req.maxCutFill ?? 20);
  const free = step + g.cellSize;
  const straight = straightenLeg(leg, {
    step,
    maxTurn: (2 * Math.PI) / headings,
    startHeading,
    heightTolerance: STRAIGHT_HEIGHT_TOLERANCE,
    piece: (ax, az, bx, bz, y) => {
      // As in the search: only a piece from the leg's first point may pass over the earlier leg's end.
      g.freeRadius = ax === from.x && az === from.z ? free : 0;
      const p = pieceOf(g, ax, az, bx, bz, y, grade, cutFill, earthworks);
      return p.cost < 0 ? null : { cost: p.cost, y: p.y };
    },
  });
  g.freeRadius = 0;
  return straight;
}

/**
 * The polygon's corners cut at the middle of each side (ends kept): each corner's turn is shared with
 * its neighbours, so the turn changes more gently from point to point. A Catmull-Rom spline overshoots
 * where the turn jumps (1.8× the arc's curvature from a straight into a full-rate bend); after two
 * passes it stays within 1.3× of the arc's.
 */
function smoothCorners(points: { x: number; z: number }[]): { x: number; z: number }[] {
  const out = [points[0]];
  for (let k = 0; k + 1 < points.length; k++) out.push({ x: (points[k].x + points[k + 1].x) / 2, z: (points[k].z + points[k + 1].z) / 2 });
  out.push(points[points.length - 1]);
  return out;
}

const metres = (v: number) => `${Math.round(v * 10) / 10}`;

/** Where the polyline first crosses itself (two pieces that are not neighbours), or null. */
function crossingOf(points: readonly { x: number; z: number }[]): { x: number; z: number } | null {
  for (let a = 0; a + 1 < points.length; a++) {
    const p = points[a];
    const r = { x: points[a + 1].x - p.x, z: points[a + 1].z - p.z };
    for (let b = a + 2; b + 1 < points.length; b++) {
      const q = points[b];
      const t = { x: points[b + 1].x - q.x, z: points[b + 1].z - q.z };
      const denominator = r.x * t.z - r.z * t.x;
      // Parallel pieces (a straight road's, to rounding) do not cross: there u and v are rounding noise.
      if (Math.abs(denominator) <= 1e-9 * Math.hypot(r.x, r.z) * Math.hypot(t.x, t.z)) continue;
      const u = ((q.x - p.x) * t.z - (q.z - p.z) * t.x) / denominator;
      const v = ((q.x - p.x) * r.z - (q.z - p.z) * r.x) / denominator;
      if (u >= 0 && u <= 1 && v >= 0 && v <= 1) return { x: p.x + u * r.x, z: p.z + u * r.z };
    }
  }
  return null;
}

/** Times a route that crosses itself is searched again with its crossing blocked. */
const UNCROSS_TRIES = 4;

/**
 * The route, or why there is none. A leg that needs length may loop over itself (a spiral would need
 * a bridge the road does not have): then the crossing is blocked and the route searched again.
 */
export function routeRoad(req: RouteRequest): RouteResult {
  let blocked: Uint8Array | undefined;
  const reach = req.width + routeStep(req.limits.minRadius, req.size.cellSize).step;
  for (let attempt = 0; ; attempt++) {
    const result = routeOnce(req, blocked);
    if (!result.ok) return result;
    // Checked on the spline, as the road's own check does (the polygon can miss a near-parallel crossing).
    const line = buildCentreline(roadParams(result.points, { width: req.width }), Math.max(1, splineLength(result.points) / 1000));
    const where = crossingOf(Array.from({ length: line.n }, (_, k) => ({ x: line.x[k], z: line.z[k] })));
    if (!where) {
      // The road's own check of its geometry, as the window and the CLI make it.
      const { width, depth, cellSize } = req.size;
      const problem = centrelineProblem(roadParams(result.points, { width: req.width }), ((width - 1) / 2) * cellSize, ((depth - 1) / 2) * cellSize);
      return problem ? { ok: false, problem: `the route found: ${problem}; move the points or add a via point` } : result;
    }
    if (attempt === UNCROSS_TRIES)
      return { ok: false, problem: `the route found crosses itself near (${metres(where.x)}, ${metres(where.z)}); move the points or add a via point` };
    blocked ??= new Uint8Array(req.size.width * req.size.depth);
    const { width, depth, cellSize } = req.size;
    const r = Math.ceil(reach / cellSize);
    const ci = Math.round(where.x / cellSize + (width - 1) / 2);
    const cj = Math.round(where.z / cellSize + (depth - 1) / 2);
    // Not at the points themselves: they must stay reachable.
    const near = (req.width + cellSize) / cellSize;
    const spared = req.waypoints.map((p) => ({ i: p.x / cellSize + (width - 1) / 2, j: p.z / cellSize + (depth - 1) / 2 }));
    for (let j = Math.max(0, cj - r); j <= Math.min(depth - 1, cj + r); j++) {
      for (let i = Math.max(0, ci - r); i <= Math.min(width - 1, ci + r); i++) {
        if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r && spared.every((p) => (i - p.i) ** 2 + (j - p.j) ** 2 > near * near)) blocked[j * width + i] = 1;
      }
    }
  }
}

function routeOnce(req: RouteRequest, uncrossed: Uint8Array | undefined): RouteResult {
  const { size, waypoints, limits } = req;
  if (waypoints.length < 2) return { ok: false, problem: 'a route needs a start and an end' };
  if (!(limits.minRadius > 0 && Number.isFinite(limits.minRadius)) || !(limits.maxGradePct > 0 && limits.maxGradePct <= 100))
    return { ok: false, problem: 'the route needs a minimum radius above 0 and a maximum grade from 0 to 100 %' };
  const halfWidth = req.width / 2;
  const g: Ground = {
    heights: req.heights,
    width: size.width,
    depth: size.depth,
    cellSize: size.cellSize,
    hx: ((size.width - 1) / 2) * size.cellSize - halfWidth - size.cellSize,
    hz: ((size.depth - 1) / 2) * size.cellSize - halfWidth - size.cellSize,
    ...(uncrossed ? { blocked: uncrossed } : {}),
    ...(req.blocked ? { avoid: req.blocked } : {}),
    halfWidth,
    freeX: 0,
    freeZ: 0,
    freeRadius: 0,
  };
  if (g.hx <= 0 || g.hz <= 0) return { ok: false, problem: `the map is too small for a road ${metres(req.width)} m wide` };
  const names = waypoints.map((_, n) => (n === 0 ? 'the start' : n === waypoints.length - 1 ? 'the end' : `via point ${n}`));
  for (const [n, p] of waypoints.entries()) {
    if (!(Math.abs(p.x) <= g.hx && Math.abs(p.z) <= g.hz))
      return {
        ok: false,
        problem:
          `${names[n]} (${metres(p.x)}, ${metres(p.z)}) is off the map or nearer its edge than half the road's width (x and z within ` +
          `±${metres(g.hx)} and ±${metres(g.hz)} m)`,
      };
    if (blockedAt(g, p.x, p.z, g.avoid))
      return { ok: false, problem: `${names[n]} (${metres(p.x)}, ${metres(p.z)}) is on water or by a prop the route avoids` };
  }
  const budget = req.maxExpansions ?? DEFAULT_MAX_EXPANSIONS;
  const points: { x: number; z: number }[] = [{ x: waypoints[0].x, z: waypoints[0].z }];
  let heading: number | null = null;
  let expanded = 0;
  for (let leg = 0; leg < waypoints.length - 1; leg++) {
    const from = waypoints[leg];
    const to = waypoints[leg + 1];
    // A later leg keeps off the earlier ones (the centreline may not cross itself), except on its
    // first step, straight out of the via point they share.
    g.freeX = from.x;
    g.freeZ = from.z;
    if (heading !== null) {
      // Its first step is known (straight on out of the via point): the leg may not loop back over it.
      const step = routeStep(limits.minRadius, g.cellSize).step;
      const reach = Math.min(req.width + g.cellSize, step / 2);
      take(g, [from, { x: from.x + (step - reach - g.cellSize) * Math.cos(heading), z: from.z + (step - reach - g.cellSize) * Math.sin(heading) }], reach);
    }
    const result = routeLeg(g, from, to, heading, req, budget - expanded, leg, waypoints.length - 1);
    expanded += result.expanded;
    if ('problem' in result) {
      if (result.problem === 'cancelled') return { ok: false, problem: 'the route was cancelled', cancelled: true };
      const between = `from ${names[leg]} (${metres(from.x)}, ${metres(from.z)}) to ${names[leg + 1]} (${metres(to.x)}, ${metres(to.z)})`;
      const rule = `within a ${metres(limits.maxGradePct)} % grade and bends of at least ${metres(limits.minRadius)} m`;
      if (result.problem === 'gaveUp')
        return { ok: false, problem: `no route found ${between} ${rule} after ${result.expanded} search steps; add a via point or raise the maximum grade` };
      return {
        ok: false,
        problem:
          `no route ${between} stays ${rule} inside the map${req.blocked ? ' and off water and props' : ''}; raise the maximum grade, lower ` +
          `the design speed or move the points`,
      };
    }
    // Straightened (routeStraighten.ts) and smoothed leg by leg, so the via points stay control points.
    const searched = straightenSearched(g, req, result, from, heading);
    const legPoints = smoothCorners(smoothCorners(searched));
    points.push(...legPoints.slice(1));
    const [before, end] = searched.slice(-2);
    heading = Math.atan2(end.z - before.z, end.x - before.x);
    if (leg + 1 < waypoints.length - 1) take(g, legPoints, req.width + g.cellSize);
  }
  req.onProgress?.(1);
  return { ok: true, points, expanded };
}
