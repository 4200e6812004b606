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
import { RIVER_DEPTH_COEFFICIENT, RIVER_DEPTH_EXPONENT, RIVER_WIDTH_COEFFICIENT, RIVER_WIDTH_EXPONENT, type WaterParams } from './waterParams';
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
 * is 0.002 · depthScale · A^0.4 (the channel's bed lies that far under its surface), so the area is
 * known from it and the width is 0.003 · widthScale · A^0.5.
 */
export function hydraulicHalfWidth(params: Pick<WaterParams, 'widthScale' | 'depthScale'>): RiverHalfWidth {
  const depthCoefficient = RIVER_DEPTH_COEFFICIENT * params.depthScale;
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

/** The longest a mitred cross-section grows (a sharp turn's corner would otherwise reach far out). */
const MAX_MITRE = 1.5;

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
  ) {}

  private wet(v: number): boolean {
    return this.water.surface[v] > this.heights[v];
  }

  /** Whether v is a wet river vertex (a strip runs from it). */
  isRiver(v: number): boolean {
    return this.water.kind[v] === RIVER && this.wet(v);
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

  /** Whether the join v → n is a tributary's last: n is a river vertex v flows into, but not n's main inflow. */
  tributaryEnd(v: number, n: number): boolean {
    return this.downstream(v) === n && this.isRiver(n) && this.upstream(n) !== v;
  }

  /**
   * The cross-section at river vertex v: its unit direction along the river (the mean of the
   * directions in and out) and the half-width out to each side along the normal, mitred.
   */
  section(v: number): { tx: number; tz: number; reach: number } {
    const { width } = this.grid;
    const direction = (from: number, to: number): [number, number] => {
      const di = (to % width) - (from % width);
      const dj = Math.floor(to / width) - Math.floor(from / width);
      const length = Math.hypot(di, dj);
      return [di / length, dj / length];
    };
    const down = this.downstream(v);
    const up = this.upstream(v);
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
    const half = this.halfWidth(this.water.surface[v] - this.heights[v]);
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
): RiverStripMesh {
  const { width, depth: rows, cellSize } = grid;
  const lines = new RiverLines(grid, water, heights, halfWidth);
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
  const mapX = (v: number) => ((v % width) - centreX) * cellSize;
  const mapZ = (v: number) => (Math.floor(v / width) - centreZ) * cellSize;
  /** Adds a cross-section at vertex v (direction t, half-width reach); returns its first point's index. */
  const addSection = (v: number, tx: number, tz: number, reach: number, slope: number): number => {
    const first = positions.length / 3;
    const x = mapX(v);
    const z = mapZ(v);
    const y = surface[v];
    const d = Math.max(0, surface[v] - heights[v]);
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
      if (kind[v] !== RIVER || !lines.isRiver(v)) continue;
      lines.joinsFrom(v, joins);
      const holes = joins.length === 1 && joins[0] === lines.downstream(v) ? confluenceOutlines(lines, grid, v) : null;
      for (const n of joins) {
        const a = riverSection(v);
        const reach = Math.hypot(positions[3 * a] - positions[3 * a + 3], positions[3 * a + 2] - positions[3 * a + 5]);
        const di = (n % width) - i;
        const dj = Math.floor(n / width) - j;
        const length = Math.hypot(di, dj);
        let b: number;
        if (lines.isRiver(n) && !lines.tributaryEnd(v, n)) b = riverSection(n);
        else {
          // Into a lake or another river's strip: the river's own width, square to the join.
          b = addSection(n, di / length, dj / length, reach, lines.isRiver(n) ? slopeTo(v, n) : 0);
        }
        // Left to left when both sections face the join's way; a section facing back has its sides swapped.
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
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  for (let k = 0; k < positions.length; k += 3) {
    for (let axis = 0; axis < 3; axis++) {
      bounds[axis] = Math.min(bounds[axis], positions[k + axis]);
      bounds[axis + 3] = Math.max(bounds[axis + 3], positions[k + axis]);
    }
  }
  return {
    positions: Float32Array.from(positions),
    depth: Float32Array.from(depths),
    flow: Float32Array.from(flows),
    source: Int32Array.from(sources),
    across: Float32Array.from(across),
    indices: Uint32Array.from(indices),
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
    if (lines.upstream(q) !== p) return mainStemOutlines(lines, grid, q, far + reachV + 2 * reachQ + 2 * cellSize);
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
  for (let w = lines.upstream(c), m = c; w >= 0 && distance(w, c) <= radius; m = w, w = lines.upstream(w)) add(w, m);
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
  const at = (v: number) => [((v % width) - (width - 1) / 2) * cellSize, (Math.floor(v / width) - (rows - 1) / 2) * cellSize];
  const di = (m % width) - (w % width);
  const dj = Math.floor(m / width) - Math.floor(w / width);
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
function addFacingUp(indices: number[], positions: number[], p: number, q: number, r: number): void {
  const ux = positions[3 * q] - positions[3 * p];
  const uz = positions[3 * q + 2] - positions[3 * p + 2];
  const wx = positions[3 * r] - positions[3 * p];
  const wz = positions[3 * r + 2] - positions[3 * p + 2];
  if (uz * wx - ux * wz >= 0) indices.push(p, q, r);
  else indices.push(p, r, q);
}
