/**
 * A drawn river (the `river` layer kind) as a strip along its spline, as the automatic network's rivers
 * are drawn along their lines (shared/hydrology/riverStrip.ts), not as the grid's sheet: the spline is
 * its exact centre line. At every station (or every `every`-th), a cross-section at right angles to the
 * spline's tangent, on the water's level there, out each side to where the ground (the terrain's
 * triangles) rises to that level — the water's edge on its carved banks, read on the heights as drawn,
 * then smoothed along the river (the triangles' facets put a sawtooth a fraction of a cell deep into it);
 * depth the water's over the ground at the centre, 0 on the edges. The level is the water surface read
 * at the station on the grid's triangles (its nearest vertex's where a corner is dry), held to its
 * running minimum downstream, so the strip never rises; a station that is dry (a layer above raised the
 * ground) breaks the strip there.
 */
import { addFacingUp, packedStripMesh, type RiverStripMesh } from '../hydrology/riverStrip';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';

/** What of a centreline the strip reads (shared/roads/centreline.ts). */
export interface DrawnLine {
  n: number;
  x: ArrayLike<number>;
  z: ArrayLike<number>;
  tx: ArrayLike<number>;
  tz: ArrayLike<number>;
  /** The bed's width per station, m. */
  width: ArrayLike<number>;
}

/** How far past the bed's edge a section looks for the water's edge, in cells (a bank's shallow water). */
const BANK_SEARCH_CELLS = 24;
/** Steps a cell of that search. */
const STEPS_PER_CELL = 4;
/** Water shallower than this (m) is the edge: a bank that returns to the ground at the water's level is not a film out to the search's end. */
const EDGE_DEPTH = 0.001;

/** The drawn river's strip over `field` (the final heights) with the water `surface` per vertex (NaN where dry). */
export function drawnRiverStrip(field: Heightfield, surface: Float32Array, line: DrawnLine, every = 1): RiverStripMesh {
  const { width: w, depth: d, cellSize } = field;
  const positions: number[] = [];
  const depths: number[] = [];
  const flows: number[] = [];
  const sources: number[] = [];
  const across: number[] = [];
  const indices: number[] = [];
  const stations: number[] = [];
  for (let k = 0; k < line.n - 1; k += every) stations.push(k);
  if (line.n > 0) stations.push(line.n - 1);
  const nearest = (k: number): number => {
    const i = Math.min(w - 1, Math.max(0, Math.round(line.x[k] / cellSize + (w - 1) / 2)));
    const j = Math.min(d - 1, Math.max(0, Math.round(line.z[k] / cellSize + (d - 1) / 2)));
    return j * w + i;
  };
  const ground = (x: number, z: number): number => {
    const h = heightAt(field, x, z);
    return h === h ? h : Infinity;
  };
  /** Metres from (x, z) along (nx, nz) to where the ground reaches `level`. */
  const edge = (x: number, z: number, nx: number, nz: number, level: number, bed: number): number => {
    const step = cellSize / STEPS_PER_CELL;
    const most = bed / 2 + BANK_SEARCH_CELLS * cellSize;
    let before = level - ground(x, z) - EDGE_DEPTH;
    for (let t = step; t <= most; t += step) {
      const wet = level - ground(x + nx * t, z + nz * t) - EDGE_DEPTH;
      if (!(wet > 0)) return t - step + (wet > -Infinity ? (step * before) / (before - wet) : 0);
      before = wet;
    }
    return most;
  };
  // The water's level at a station: the surface read on the triangles as the heights are (the river's
  // own vertices and its bed's carry its level at their stations), or the nearest vertex's where a corner is dry.
  const levels = createHeightfield(w, d, cellSize, surface);
  // First each station's level, depth and edges; a wet run's edges are then smoothed along it (the
  // ground's triangles put a facet's sawtooth into where a bank reaches the level), then laid out.
  type Section = { k: number; v: number; level: number; depth: number; left: number; right: number };
  const runs: Section[][] = [];
  let run: Section[] = [];
  let running = Infinity;
  for (const k of stations) {
    const v = nearest(k);
    const x = line.x[k];
    const z = line.z[k];
    const read = heightAt(levels, x, z);
    const s = read === read ? read : surface[v];
    const centreDepth = s === s ? Math.min(running, s) - ground(x, z) : NaN;
    if (!(centreDepth > 0)) {
      if (run.length > 0) runs.push(run);
      run = [];
      continue;
    }
    running = Math.min(running, s);
    const tx = line.tx[k];
    const tz = line.tz[k];
    // Left of travel is (tz, −tx).
    const left = edge(x, z, tz, -tx, running, line.width[k]);
    const right = edge(x, z, -tz, tx, running, line.width[k]);
    run.push({ k, v, level: running, depth: centreDepth, left, right });
  }
  if (run.length > 0) runs.push(run);
  for (const sections of runs) {
    const lefts = smoothAlong(sections.map((section) => section.left));
    const rights = smoothAlong(sections.map((section) => section.right));
    let previous = -1;
    let previousLevel = NaN;
    sections.forEach(({ k, v, level, depth: centreDepth }, n) => {
      const x = line.x[k];
      const z = line.z[k];
      const tx = line.tx[k];
      const tz = line.tz[k];
      const first = positions.length / 3;
      for (const [offset, depth] of [
        [lefts[n], 0],
        [0, centreDepth],
        [-rights[n], 0],
      ] as const) {
        positions.push(x + tz * offset, level, z - tx * offset);
        depths.push(depth);
        flows.push(tx, tz, 0);
        sources.push(v);
        across.push(tz * offset, -tx * offset);
      }
      if (previous >= 0) {
        const length = Math.hypot(x - positions[3 * previous + 3], z - positions[3 * previous + 5]);
        const slope = length > 0 ? (previousLevel - level) / length : 0;
        for (let p = 0; p < 3; p++) flows[3 * (previous + p) + 2] = slope;
        for (let p = 0; p < 3; p++) flows[3 * (first + p) + 2] = slope;
        const [al, ac, ar] = [previous, previous + 1, previous + 2];
        const [bl, bc, br] = [first, first + 1, first + 2];
        for (const [p, q, r] of [
          [al, ac, bl],
          [ac, bc, bl],
          [ac, ar, bc],
          [ar, br, bc],
        ])
          addFacingUp(indices, positions, p, q, r);
      }
      previous = first;
      previousLevel = level;
    });
  }
  return packedStripMesh({ positions, depths, flows, sources, across, indices });
}

/** Stations either side an edge is smoothed over (Gaussian, σ EDGE_SIGMA stations), as many each side. */
const EDGE_STEPS = 8;
const EDGE_SIGMA = 3;
const EDGE_WEIGHTS = Array.from({ length: EDGE_STEPS + 1 }, (_, k) => Math.exp(-(k * k) / (2 * EDGE_SIGMA * EDGE_SIGMA)));

/** `values` smoothed along: each the Gaussian mean of those within EDGE_STEPS, the window cut alike at both ends (the ends kept). */
function smoothAlong(values: readonly number[]): Float64Array {
  const out = new Float64Array(values.length);
  for (let n = 0; n < values.length; n++) {
    const reach = Math.min(EDGE_STEPS, n, values.length - 1 - n);
    let sum = EDGE_WEIGHTS[0] * values[n];
    let total = EDGE_WEIGHTS[0];
    for (let e = 1; e <= reach; e++) {
      sum += EDGE_WEIGHTS[e] * (values[n - e] + values[n + e]);
      total += 2 * EDGE_WEIGHTS[e];
    }
    out[n] = sum / total;
  }
  return out;
}

/**
 * The drawn rivers' own vertices (the vertex nearest each station, the path the river marks as
 * WATER_RIVER): 1 there, 0 elsewhere, so the automatic strips (riverStrip.ts) leave them to the drawn
 * strips.
 */
export function drawnRiverVertices(grid: { width: number; depth: number; cellSize: number }, lines: readonly DrawnLine[]): Uint8Array {
  const { width: w, depth: d, cellSize } = grid;
  const mask = new Uint8Array(w * d);
  for (const line of lines) {
    for (let k = 0; k < line.n; k++) {
      const i = Math.min(w - 1, Math.max(0, Math.round(line.x[k] / cellSize + (w - 1) / 2)));
      const j = Math.min(d - 1, Math.max(0, Math.round(line.z[k] / cellSize + (d - 1) / 2)));
      mask[j * w + i] = 1;
    }
  }
  return mask;
}

/**
 * The vertices a drawn river's strip covers, which the automatic strips (riverStrip.ts) leave to it:
 * its own vertices (drawnRiverVertices) and every vertex within half the bed's width of a station (the
 * strip reaches at least the bed's edges), so an automatic river running inside the drawn river's bed
 * is not drawn over it. 1 there, 0 elsewhere.
 */
export function drawnRiverBeds(grid: { width: number; depth: number; cellSize: number }, lines: readonly DrawnLine[]): Uint8Array {
  const { width: w, depth: d, cellSize } = grid;
  const mask = drawnRiverVertices(grid, lines);
  for (const line of lines) {
    for (let k = 0; k < line.n; k++) {
      const half = line.width[k] / 2;
      const ci = line.x[k] / cellSize + (w - 1) / 2;
      const cj = line.z[k] / cellSize + (d - 1) / 2;
      const r = half / cellSize;
      for (let j = Math.max(0, Math.ceil(cj - r)); j <= Math.min(d - 1, Math.floor(cj + r)); j++) {
        for (let i = Math.max(0, Math.ceil(ci - r)); i <= Math.min(w - 1, Math.floor(ci + r)); i++) {
          if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r) mask[j * w + i] = 1;
        }
      }
    }
  }
  return mask;
}
