/**
 * The 3D view's water as meshes, one per block of WATER_BLOCK_CELLS² cells that holds water (so the
 * view culls and rebuilds blocks, not the map). A cell is drawn when any of its corners is wet; a
 * wet corner lies on the water surface (a lake flat at its level, a river following its slope), a
 * dry one at the highest surface of its wet neighbours, so the water meets the shore under the
 * ground instead of sloping down to it (the terrain hides the rest). Per vertex: depth (0 at a dry
 * corner: the water fades out at the shore), the flow direction on x and z with its strength (the
 * surface's downhill gradient; none on a lake) and the river or lake it belongs to.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from '../../shared/hydrology/grid';
import { WATER_LAKE } from '../../shared/hydrology/water';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

export const WATER_BLOCK_CELLS = 128;
/** Surface slope (m/m) at which the flow hint is at full strength. */
export const FULL_FLOW_SLOPE = 0.05;

const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;

export interface WaterBlock {
  /** Block column and row. */
  readonly bi: number;
  readonly bj: number;
  /** x, y, z per vertex (world metres). */
  readonly positions: Float32Array;
  /** Water depth per vertex, m. */
  readonly depth: Float32Array;
  /** Flow per vertex: unit direction on x and z, then strength 0…1. */
  readonly flow: Float32Array;
  /** The feature id (waterFeatures.ts) per vertex, 0 for none. */
  readonly feature: Float32Array;
  readonly indices: Uint16Array | Uint32Array;
  /** World bounds: min x, y, z, then max x, y, z. */
  readonly bounds: Float32Array;
}

export function waterBlockCounts(grid: Pick<HydrologyGrid, 'width' | 'depth'>): { columns: number; rows: number } {
  return { columns: Math.max(1, Math.ceil((grid.width - 1) / WATER_BLOCK_CELLS)), rows: Math.max(1, Math.ceil((grid.depth - 1) / WATER_BLOCK_CELLS)) };
}

const isWet = (surface: Float32Array, heights: Float32Array, v: number): boolean => surface[v] > heights[v];

/** The water mesh of block (bi, bj), or null when it holds no water. */
export function buildWaterBlock(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: Int32Array | null,
  bi: number,
  bj: number,
): WaterBlock | null {
  const { width, depth: rows, cellSize } = grid;
  const { surface, kind } = water;
  const ci0 = bi * WATER_BLOCK_CELLS;
  const cj0 = bj * WATER_BLOCK_CELLS;
  const ci1 = Math.min(width - 1, ci0 + WATER_BLOCK_CELLS);
  const cj1 = Math.min(rows - 1, cj0 + WATER_BLOCK_CELLS);
  const span = ci1 - ci0 + 1;
  const local = new Int32Array(span * (cj1 - cj0 + 1)).fill(-1);
  // First pass: which corners the wet cells use.
  let vertexCount = 0;
  let cellCount = 0;
  for (let j = cj0; j < cj1; j++) {
    for (let i = ci0; i < ci1; i++) {
      const v = j * width + i;
      if (!(isWet(surface, heights, v) || isWet(surface, heights, v + 1) || isWet(surface, heights, v + width) || isWet(surface, heights, v + width + 1)))
        continue;
      cellCount++;
      for (const [di, dj] of CORNERS) {
        const l = (j - cj0 + dj) * span + (i - ci0 + di);
        if (local[l] < 0) local[l] = vertexCount++;
      }
    }
  }
  if (cellCount === 0) return null;
  const positions = new Float32Array(vertexCount * 3);
  const depthOut = new Float32Array(vertexCount);
  const flow = new Float32Array(vertexCount * 3);
  const feature = new Float32Array(vertexCount);
  const bounds = new Float32Array([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
  const cx = (width - 1) / 2;
  const cz = (rows - 1) / 2;
  for (let j = cj0; j <= cj1; j++) {
    for (let i = ci0; i <= ci1; i++) {
      const n = local[(j - cj0) * span + (i - ci0)];
      if (n < 0) continue;
      const v = j * width + i;
      let y: number;
      let owner = featureOf ? featureOf[v] : 0;
      if (isWet(surface, heights, v)) {
        y = surface[v];
        depthOut[n] = surface[v] - heights[v];
      } else {
        // A shore corner: at its wet neighbours' highest surface, under the ground.
        y = -Infinity;
        for (let k = 0; k < 8; k++) {
          const ni = i + STEP_I[k];
          const nj = j + STEP_J[k];
          if (ni < 0 || nj < 0 || ni >= width || nj >= rows) continue;
          const u = nj * width + ni;
          if (isWet(surface, heights, u) && surface[u] > y) {
            y = surface[u];
            if (featureOf) owner = featureOf[u];
          }
        }
        if (y === -Infinity) y = heights[v];
      }
      const x = (i - cx) * cellSize;
      const z = (j - cz) * cellSize;
      positions[3 * n] = x;
      positions[3 * n + 1] = y;
      positions[3 * n + 2] = z;
      feature[n] = owner;
      if (x < bounds[0]) bounds[0] = x;
      if (y < bounds[1]) bounds[1] = y;
      if (z < bounds[2]) bounds[2] = z;
      if (x > bounds[3]) bounds[3] = x;
      if (y > bounds[4]) bounds[4] = y;
      if (z > bounds[5]) bounds[5] = z;
      if (kind[v] !== WATER_LAKE) writeFlow(grid, surface, heights, i, j, flow, 3 * n);
    }
  }
  const indices = vertexCount <= 65536 ? new Uint16Array(cellCount * 6) : new Uint32Array(cellCount * 6);
  let t = 0;
  for (let j = cj0; j < cj1; j++) {
    for (let i = ci0; i < ci1; i++) {
      const v = j * width + i;
      if (!(isWet(surface, heights, v) || isWet(surface, heights, v + 1) || isWet(surface, heights, v + width) || isWet(surface, heights, v + width + 1)))
        continue;
      const l = (j - cj0) * span + (i - ci0);
      const a = local[l];
      const b = local[l + 1];
      const c = local[l + span];
      const d = local[l + span + 1];
      // The terrain's split: the diagonal from (x0, z1) to (x1, z0).
      indices[t++] = a;
      indices[t++] = c;
      indices[t++] = b;
      indices[t++] = b;
      indices[t++] = c;
      indices[t++] = d;
    }
  }
  return { bi, bj, positions, depth: depthOut, flow, feature, indices, bounds };
}

const CORNERS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];

/** The surface's downhill direction at (i, j) from its wet neighbours along x and z, and its strength. */
function writeFlow(grid: HydrologyGrid, surface: Float32Array, heights: Float32Array, i: number, j: number, out: Float32Array, at: number): void {
  const { width, depth: rows, cellSize } = grid;
  const v = j * width + i;
  const own = isWet(surface, heights, v) ? surface[v] : NaN;
  const along = (step: number, ok0: boolean, ok1: boolean): number => {
    const lo = ok0 && isWet(surface, heights, v - step) ? surface[v - step] : NaN;
    const hi = ok1 && isWet(surface, heights, v + step) ? surface[v + step] : NaN;
    if (lo === lo && hi === hi) return (hi - lo) / (2 * cellSize);
    if (own === own && hi === hi) return (hi - own) / cellSize;
    if (own === own && lo === lo) return (own - lo) / cellSize;
    return 0;
  };
  const gx = along(1, i > 0, i < width - 1);
  const gz = along(width, j > 0, j < rows - 1);
  const slope = Math.hypot(gx, gz);
  if (!(slope > 0)) return;
  out[at] = -gx / slope;
  out[at + 1] = -gz / slope;
  out[at + 2] = Math.min(1, slope / FULL_FLOW_SLOPE);
}
