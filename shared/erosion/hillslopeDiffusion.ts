/**
 * Hillslope diffusion ∂h/∂t = κ·∇²h on the interior vertices of a grid (the edge vertices keep their
 * heights: the base level), for one time step of diffusion number r = κ·dt / Δx², between two
 * buffers: the heights in one, scratch in the other; returns the buffer that holds the result.
 *
 * - r ≤ 1: explicit 5-point steps, sub-stepped to r ≤ 0.2 each (stable below 0.25, and the
 *   grid's shortest wave is still damped); accurate in time, at most five sweeps.
 * - r > 1: backward Euler, split into a row pass and a column pass (each a tridiagonal solve,
 *   Thomas's algorithm with coefficients shared by every line), sub-stepped to r ≤ 4 (at most 8
 *   sub-steps). Unconditionally
 *   stable and it damps the shortest waves hardest, as diffusion does, where an explicit step would
 *   take 5·r sweeps and Crank–Nicolson would leave them ringing. The price is a first-order error in
 *   time, which at these diffusion numbers is below what the terrain shows.
 *
 * Float64 +, −, × and ÷ in a fixed order: the same bytes on every machine.
 */
import type { HydrologyGrid } from '../hydrology/grid';

const MAX_EXPLICIT_NUMBER = 0.2;
/** Above this, the implicit scheme: fewer passes than the explicit one's 5·r sweeps. */
const EXPLICIT_UP_TO = 1;
const MAX_IMPLICIT_NUMBER = 4;
/**
 * At most this many implicit sub-steps (r ≤ 32 still gets r ≤ 4 each): backward Euler is stable at any
 * r, so a huge κ·dt (a hostile project's) costs 8 sub-steps, not billions.
 */
const MAX_IMPLICIT_SUBSTEPS = 8;

/** How one step of κ·dt diffuses: which scheme, its sub-steps and the diffusion number r of each. */
export interface DiffusionPlan {
  readonly scheme: 'none' | 'explicit' | 'implicit';
  readonly substeps: number;
  readonly r: number;
}

/** The plan `diffuseHeights` follows for κ·dt = `kappaDt` m² (the compiled step follows it too: fluvialWasm.ts). */
export function diffusionPlan(grid: HydrologyGrid, kappaDt: number): DiffusionPlan {
  const total = kappaDt / (grid.cellSize * grid.cellSize);
  if (!(total > 0) || grid.width < 3 || grid.depth < 3) return { scheme: 'none', substeps: 0, r: 0 };
  if (total <= EXPLICIT_UP_TO) {
    const substeps = Math.max(1, Math.ceil(total / MAX_EXPLICIT_NUMBER));
    return { scheme: 'explicit', substeps, r: total / substeps };
  }
  const substeps = Math.min(MAX_IMPLICIT_SUBSTEPS, Math.ceil(total / MAX_IMPLICIT_NUMBER));
  return { scheme: 'implicit', substeps, r: total / substeps };
}

/** Diffuses `heights` by κ·dt = `kappaDt` m² (interior vertices only); `scratch` is overwritten. */
export function diffuseHeights(grid: HydrologyGrid, heights: Float64Array, scratch: Float64Array, kappaDt: number): Float64Array {
  const plan = diffusionPlan(grid, kappaDt);
  if (plan.scheme === 'none') return heights;
  return plan.scheme === 'explicit' ? explicitSteps(grid, heights, scratch, plan) : implicitSteps(grid, heights, scratch, plan);
}

function explicitSteps(grid: HydrologyGrid, heights: Float64Array, scratch: Float64Array, { substeps, r }: DiffusionPlan): Float64Array {
  const { width, depth } = grid;
  let from = heights;
  let to = scratch;
  copyEdge(grid, from, to);
  for (let step = 0; step < substeps; step++) {
    for (let j = 1; j < depth - 1; j++) {
      const end = j * width + width - 1;
      // The row's values slide through locals: each is read once, not three times; four vertices a turn.
      let left = from[j * width];
      let c = from[j * width + 1];
      let v = j * width + 1;
      for (; v + 3 < end; v += 4) {
        const x1 = from[v + 1];
        const x2 = from[v + 2];
        const x3 = from[v + 3];
        const x4 = from[v + 4];
        to[v] = c + r * (x1 + left + from[v + width] + from[v - width] - 4 * c);
        to[v + 1] = x1 + r * (x2 + c + from[v + 1 + width] + from[v + 1 - width] - 4 * x1);
        to[v + 2] = x2 + r * (x3 + x1 + from[v + 2 + width] + from[v + 2 - width] - 4 * x2);
        to[v + 3] = x3 + r * (x4 + x2 + from[v + 3 + width] + from[v + 3 - width] - 4 * x3);
        left = x3;
        c = x4;
      }
      for (; v < end; v++) {
        const right = from[v + 1];
        to[v] = c + r * (right + left + from[v + width] + from[v - width] - 4 * c);
        left = c;
        c = right;
      }
    }
    const written = to;
    to = from;
    from = written;
  }
  return from;
}

/**
 * Thomas's algorithm for (1 + 2r)·x_i − r·x_(i−1) − r·x_(i+1) = b_i, i = 1 … count, with x_0 and
 * x_(count+1) given: per position, 1 / the pivot and the eliminated upper coefficient. They depend
 * on r and the line's length only, so every row (or column) shares them.
 */
function thomasCoefficients(count: number, r: number): { inversePivot: Float64Array; upper: Float64Array } {
  const inversePivot = new Float64Array(count + 1);
  const upper = new Float64Array(count + 1);
  for (let i = 1; i <= count; i++) {
    inversePivot[i] = 1 / (1 + 2 * r + r * upper[i - 1]);
    upper[i] = -r * inversePivot[i];
  }
  return { inversePivot, upper };
}

function implicitSteps(grid: HydrologyGrid, heights: Float64Array, scratch: Float64Array, { substeps, r }: DiffusionPlan): Float64Array {
  const { width, depth } = grid;
  const rows = thomasCoefficients(width - 2, r);
  const columns = depth === width ? rows : thomasCoefficients(depth - 2, r);
  copyEdge(grid, heights, scratch);
  for (let step = 0; step < substeps; step++) {
    // Along each row, from `heights` into `scratch`.
    const { inversePivot, upper } = rows;
    for (let j = 1; j < depth - 1; j++) {
      const row = j * width;
      let previous = heights[row];
      for (let i = 1; i < width - 1; i++) {
        previous = (heights[row + i] + r * previous) * inversePivot[i];
        scratch[row + i] = previous;
      }
      let next = heights[row + width - 1];
      for (let i = width - 2; i >= 1; i--) {
        next = scratch[row + i] - upper[i] * next;
        scratch[row + i] = next;
      }
    }
    // Along each column, from `scratch` back into `heights`, a whole row of columns at a time.
    const column = columns;
    for (let j = 1; j < depth - 1; j++) {
      const row = j * width;
      const above = row - width;
      const pivot = column.inversePivot[j];
      // Row 0 is the edge (x_0); later rows read the forward pass's row above.
      for (let i = 1; i < width - 1; i++) heights[row + i] = (scratch[row + i] + r * heights[above + i]) * pivot;
    }
    for (let j = depth - 2; j >= 1; j--) {
      const row = j * width;
      const below = row + width;
      const up = column.upper[j];
      // Row depth − 1 is the edge (x_(count+1)), the same in both buffers.
      for (let i = 1; i < width - 1; i++) heights[row + i] = heights[row + i] - up * heights[below + i];
    }
  }
  return heights;
}

/** Copies the map's edge vertices of `from` into `to`. */
function copyEdge(grid: HydrologyGrid, from: Float64Array, to: Float64Array): void {
  const { width, depth } = grid;
  to.set(from.subarray(0, width));
  to.set(from.subarray((depth - 1) * width), (depth - 1) * width);
  for (let j = 1; j < depth - 1; j++) {
    to[j * width] = from[j * width];
    to[j * width + width - 1] = from[j * width + width - 1];
  }
}
