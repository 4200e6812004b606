/**
 * What a geomorphologist reads off a wall's profile, measured on a heightfield (for the landform tests):
 * - talus: the ground at a cliff's foot, steeper than 20° and gentler than a cliff, lower than the cliff
 *   and within REACH_M of it — its median slope (talus stands at its angle of repose, 33–37° for
 *   angular rock: Statham 1977; Carson & Kirkby 1972) and the share of the walls' steep ground it is;
 * - lips: on the rim of a flat top, the distance to the first cliff ground outward — a caprock's lip is
 *   an edge a cell or two wide, a soft rim a rounded shoulder;
 * - floors: of the ground inside valleys (at least `depthM` below the highest ground within 50 m), the
 *   share that is flat (under 5°): a V has none, an alluviated floor most of its bottom;
 * - steps: down a wall from flat ground, the cliffs separated by gentler ground — one on a wall that is
 *   one face, one per cliff-forming bed on a wall of layered rock.
 * Slopes from central differences (one-sided at the map's edge), in degrees.
 */
import type { Heightfield } from '../../terrain/heightfield';

export const CLIFF_DEG = 50;
export const WALL_DEG = 20;
export const FLAT_DEG = 5;
/** How far from a cliff its foot is looked for, metres. */
export const REACH_M = 8;

export function slopeDegrees(field: Heightfield): Float32Array {
  const { width, depth, cellSize, heights } = field;
  const out = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const i0 = Math.max(0, i - 1);
      const i1 = Math.min(width - 1, i + 1);
      const j0 = Math.max(0, j - 1);
      const j1 = Math.min(depth - 1, j + 1);
      const gx = (heights[j * width + i1] - heights[j * width + i0]) / ((i1 - i0) * cellSize);
      const gz = (heights[j1 * width + i] - heights[j0 * width + i]) / ((j1 - j0) * cellSize);
      out[j * width + i] = (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
    }
  }
  return out;
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export interface Talus {
  /** Median slope (°) of the ground at the cliffs' feet. */
  medianDeg: number;
  /** The most common slope of that ground, to the whole degree (the bin [d, d + 1) gives d + 0.5). */
  modeDeg: number;
  /** The cliff-foot ground's share of all ground steeper than WALL_DEG. */
  shareOfWalls: number;
  /** Share of cliff vertices with such ground at their feet. */
  footedCliffs: number;
}

/** Per vertex, the highest marked vertex within `reach` cells (a disc), −∞ when none. */
function near(field: Heightfield, marked: Uint8Array, reach: number): Float32Array {
  const { width, depth, heights } = field;
  const out = new Float32Array(width * depth).fill(-Infinity);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      if (!marked[k]) continue;
      for (let dj = -reach; dj <= reach; dj++)
        for (let di = -reach; di <= reach; di++) {
          if (di * di + dj * dj > reach * reach) continue;
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const n = nj * width + ni;
          if (heights[k] > out[n]) out[n] = heights[k];
        }
    }
  return out;
}

export function talusAtCliffFeet(field: Heightfield, slope = slopeDegrees(field)): Talus {
  const { heights } = field;
  const reach = Math.round(REACH_M / field.cellSize);
  const cliff = Uint8Array.from(slope, (s) => (s > CLIFF_DEG ? 1 : 0));
  const highestCliffNear = near(field, cliff, reach);
  const feet: number[] = [];
  const foot = new Uint8Array(slope.length);
  let walls = 0;
  for (let k = 0; k < slope.length; k++) {
    if (slope[k] <= WALL_DEG) continue;
    walls++;
    if (slope[k] <= CLIFF_DEG && highestCliffNear[k] > heights[k]) {
      feet.push(slope[k]);
      foot[k] = 1;
    }
  }
  // Cliffs with foot ground within reach below them.
  const lowestFootNear = near(field, foot, reach);
  let cliffs = 0;
  let footed = 0;
  for (let k = 0; k < slope.length; k++) {
    if (!cliff[k]) continue;
    cliffs++;
    if (lowestFootNear[k] > -Infinity) footed++;
  }
  const bins = new Float64Array(91);
  for (const deg of feet) bins[Math.floor(deg)]++;
  const modeDeg = bins.indexOf(Math.max(...bins)) + 0.5;
  return { medianDeg: median(feet), modeDeg, shareOfWalls: walls > 0 ? feet.length / walls : 0, footedCliffs: cliffs > 0 ? footed / cliffs : 0 };
}

/**
 * Lip widths (m): from each rim vertex of a flat region (slope < FLAT_DEG with a 4-neighbour that is
 * not) whose ground drops away by a cliff within REACH_M, the distance to the nearest cliff vertex.
 * Returns the median, or NaN when no rim drops by a cliff.
 */
export function medianLipWidth(field: Heightfield, slope = slopeDegrees(field)): number {
  const { width, depth, cellSize, heights } = field;
  const reach = Math.round(REACH_M / cellSize);
  const widths: number[] = [];
  for (let j = 1; j < depth - 1; j++)
    for (let i = 1; i < width - 1; i++) {
      const k = j * width + i;
      if (slope[k] >= FLAT_DEG) continue;
      if (slope[k - 1] < FLAT_DEG && slope[k + 1] < FLAT_DEG && slope[k - width] < FLAT_DEG && slope[k + width] < FLAT_DEG) continue;
      let best = Infinity;
      for (let dj = -reach; dj <= reach; dj++)
        for (let di = -reach; di <= reach; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const n = nj * width + ni;
          if (slope[n] > CLIFF_DEG && heights[n] < heights[k]) best = Math.min(best, Math.hypot(di, dj) * cellSize);
        }
      if (best <= REACH_M) widths.push(best);
    }
  return median(widths);
}

/** Of the ground at least depthM below the highest ground within 50 m (inside valleys), the share flatter than FLAT_DEG. */
export function valleyFloorShare(field: Heightfield, depthM: number, slope = slopeDegrees(field)): number {
  const { width, depth, cellSize, heights } = field;
  const r = Math.round(50 / cellSize);
  // The highest ground within a (2r + 1)² square: rows, then columns.
  const rows = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      let m = -Infinity;
      for (let di = Math.max(0, i - r); di <= Math.min(width - 1, i + r); di++) m = Math.max(m, heights[j * width + di]);
      rows[j * width + i] = m;
    }
  let inside = 0;
  let flat = 0;
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      let m = -Infinity;
      for (let dj = Math.max(0, j - r); dj <= Math.min(depth - 1, j + r); dj++) m = Math.max(m, rows[dj * width + i]);
      const k = j * width + i;
      if (m - heights[k] < depthM) continue;
      inside++;
      if (slope[k] < FLAT_DEG) flat++;
    }
  return inside > 0 ? flat / inside : 0;
}

/** Steeper than this a wall's step is gentle ground between cliffs: talus and shale slopes lie under it (Statham 1977). */
export const GENTLE_DEG = 35;
/** Cells of ground under FLAT_DEG in a row that end a descent: the floor it came down to. */
const FLOOR_RUN = 10;
const NEIGHBOUR_COLUMNS = [1, -1, 0, 0, 1, 1, -1, -1] as const;
const NEIGHBOUR_ROWS = [0, 0, 1, -1, 1, -1, 1, -1] as const;

/**
 * The cliff bands down the walls: from flat ground (under FLAT_DEG, every `stride`-th vertex each way)
 * the path of steepest descent (over the 8 neighbours) is followed down to a floor (FLOOR_RUN steps in a
 * row under FLAT_DEG, once it has come down a cliff); of the paths that fell at least `minDropM`, the
 * number of cliff bands on each: runs of steps steeper than CLIFF_DEG, a band ending at a step gentler
 * than GENTLE_DEG (a bench, a slope or talus). A wall that is one face has one band; a wall stepped by
 * hard beds, one per cliff-forming bed it cuts.
 */
export function cliffBandsDownWalls(field: Heightfield, minDropM: number, stride = 3): number[] {
  const { width, depth, cellSize, heights: h } = field;
  const tanOf = (deg: number) => Math.tan((deg * Math.PI) / 180);
  const cliff = tanOf(CLIFF_DEG);
  const gentle = tanOf(GENTLE_DEG);
  const flat = tanOf(FLAT_DEG);
  const bands: number[] = [];
  for (let j = 1; j < depth - 1; j += stride)
    for (let i = 1; i < width - 1; i += stride) {
      const start = j * width + i;
      const gx = (h[start + 1] - h[start - 1]) / (2 * cellSize);
      const gz = (h[start + width] - h[start - width]) / (2 * cellSize);
      if (Math.hypot(gx, gz) >= flat) continue;
      let at = start;
      let count = 0;
      let inCliff = false;
      let fell = false;
      let flatRun = 0;
      for (;;) {
        const ai = at % width;
        const aj = (at - ai) / width;
        let steepest = 0;
        let next = -1;
        for (let n = 0; n < 8; n++) {
          const ni = ai + NEIGHBOUR_COLUMNS[n];
          const nj = aj + NEIGHBOUR_ROWS[n];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const k = nj * width + ni;
          const gradient = (h[at] - h[k]) / ((n < 4 ? 1 : Math.SQRT2) * cellSize);
          if (gradient > steepest) {
            steepest = gradient;
            next = k;
          }
        }
        if (next < 0) break;
        if (steepest > cliff) {
          fell = true;
          if (!inCliff) count++;
          inCliff = true;
        } else if (steepest < gentle) inCliff = false;
        flatRun = steepest < flat ? flatRun + 1 : 0;
        if (fell && flatRun >= FLOOR_RUN) break;
        at = next;
      }
      if (fell && h[start] - h[at] >= minDropM) bands.push(count);
    }
  return bands;
}
