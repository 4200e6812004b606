/**
 * Hydraulic erosion, version 3: the droplets of version 2 at two scales, so water carves valleys and
 * gullies as well as rills, and leaves its sediment where they open out.
 *
 * First a coarse pass: the map averaged onto a grid COARSE_FACTOR times coarser (cells COARSE_FACTOR
 * times larger, so slopes and the droplets' physics are the same), eroded there by version 2 with
 * COARSE_FACTOR² times fewer droplets (the same droplets per vertex), each reaching COARSE_FACTOR times
 * farther and its brush COARSE_FACTOR times wider. The coarse pass's height change is spread back onto
 * the full map (bilinear), where it carves broad valleys into which the fine pass — version 2 on the
 * full map with all the step's droplets — gathers its rills: small channels merge into large ones,
 * and the coarse pass's deposits lie as fans where its valleys flatten.
 *
 * Averaging and spreading back run on the caller's thread; both passes are version 2 runs, which
 * shared/recipe/threadedStep.ts shares between threads one after the other: the bytes depend on the
 * seed, the map and the parameters only, never on the thread count. The coarse pass never lowers a height
 * below the run's floor (the lowest height before the run), as the droplets never do.
 */
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import type { ErosionMasks } from './hydraulic';
import { hydraulicErosionTiled, prepareHydraulic, runTiled } from './hydraulicTiled';
import type { ErosionRunOptions, HydraulicParams } from './params';

/** How much coarser the coarse pass's grid is (cells per coarse cell, each way). */
export const COARSE_FACTOR = 4;

/** The coarse pass's droplets for a step: the same droplets per vertex as the fine pass. */
export function coarseDroplets(droplets: number): number {
  return Math.round(droplets / (COARSE_FACTOR * COARSE_FACTOR));
}

/** Coarse grid vertex count along a side of `n` vertices: one every COARSE_FACTOR, the last one included. */
const coarseSide = (n: number): number => Math.floor((n - 1 + COARSE_FACTOR - 1) / COARSE_FACTOR) + 1;

/** Bilinear value of `v` (a grid `stride` wide) between vertex c, its right and lower neighbours. */
function bilinear(v: Float32Array, c: number, stride: number, fx: number, fy: number): number {
  return (v[c] * (1 - fx) + v[c + 1] * fx) * (1 - fy) + (v[c + stride] * (1 - fx) + v[c + stride + 1] * fx) * fy;
}

/** The coarse pass's grid, step and masks, before it runs (coarseGrid) and after (applyCoarse). */
export interface CoarseRun {
  readonly field: Heightfield;
  /** The coarse heights before the run. */
  readonly before: Float32Array;
  /** Version 2 with the coarse pass's droplets. */
  readonly params: HydraulicParams;
  readonly masks: ErosionMasks | undefined;
}

/**
 * The coarse grid of `field` (each vertex the average of the fine vertices within half a coarse cell),
 * or null when the map is too small or the step has too few droplets for one. `share` allocates its
 * arrays (shared memory for threads).
 */
export function coarseGrid(
  field: Heightfield,
  params: HydraulicParams,
  withMasks: boolean,
  share: (length: number) => Float32Array = (n) => new Float32Array(n),
): CoarseRun | null {
  const { width, depth, cellSize, heights } = field;
  const droplets = coarseDroplets(params.droplets);
  if (width < 2 * COARSE_FACTOR || depth < 2 * COARSE_FACTOR || droplets === 0) return null;
  const cw = coarseSide(width);
  const cd = coarseSide(depth);
  const coarse = createHeightfield(cw, cd, cellSize * COARSE_FACTOR, share(cw * cd));
  const half = COARSE_FACTOR / 2;
  for (let J = 0; J < cd; J++) {
    const j0 = Math.max(0, J * COARSE_FACTOR - half);
    const j1 = Math.min(depth - 1, J * COARSE_FACTOR + half);
    for (let I = 0; I < cw; I++) {
      const i0 = Math.max(0, I * COARSE_FACTOR - half);
      const i1 = Math.min(width - 1, I * COARSE_FACTOR + half);
      let sum = 0;
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) sum += heights[j * width + i];
      coarse.heights[J * cw + I] = sum / ((j1 - j0 + 1) * (i1 - i0 + 1));
    }
  }
  const masks = withMasks ? { flow: share(cw * cd), deposition: share(cw * cd) } : undefined;
  return { field: coarse, before: coarse.heights.slice(), params: { ...params, droplets, version: 2 }, masks };
}

/**
 * Spreads the coarse pass's height change back onto `field` (bilinear between coarse vertices), never
 * below `floor`, adding it to `masks.deposition` and the coarse flow to `masks.flow`.
 */
export function applyCoarse(field: Heightfield, run: CoarseRun, floor: number, masks: ErosionMasks | undefined): void {
  const { width, depth, heights } = field;
  const cw = run.field.width;
  const cd = run.field.depth;
  const change = new Float32Array(cw * cd);
  for (let k = 0; k < change.length; k++) change[k] = run.field.heights[k] - run.before[k];
  for (let j = 0; j < depth; j++) {
    const y = Math.min(cd - 1, j / COARSE_FACTOR);
    const J = Math.min(cd - 2, Math.floor(y));
    const fy = y - J;
    for (let i = 0; i < width; i++) {
      const x = Math.min(cw - 1, i / COARSE_FACTOR);
      const I = Math.min(cw - 2, Math.floor(x));
      const fx = x - I;
      const c = J * cw + I;
      const k = j * width + i;
      const old = heights[k];
      const next = Math.max(floor, Math.fround(old + bilinear(change, c, cw, fx, fy)));
      heights[k] = next;
      if (masks && run.masks) {
        masks.deposition[k] += next - old;
        masks.flow[k] += bilinear(run.masks.flow, c, cw, fx, fy);
      }
    }
  }
}

/**
 * The coarse pass on `field` in place on this thread (and its height change and flow added to
 * `masks`): false when cancelled (the caller discards the heights and masks). `floor` is the run's floor.
 */
export function coarsePass(
  field: Heightfield,
  params: HydraulicParams,
  floor: number,
  masks: ErosionMasks | undefined,
  options: ErosionRunOptions = {},
): boolean {
  const run = coarseGrid(field, params, masks !== undefined);
  if (!run) return true;
  if (!hydraulicErosionTiled(run.field, run.params, { shouldCancel: options.shouldCancel, masks: run.masks })) return false;
  applyCoarse(field, run, floor, masks);
  return true;
}

/**
 * Version 3 on one thread: the coarse pass, then version 2 on the full map with the same floor.
 * Returns false when cancelled (heights and masks then partly eroded: the caller discards them).
 */
export function hydraulicErosionScales(field: Heightfield, params: HydraulicParams, options: ErosionRunOptions & { masks?: ErosionMasks } = {}): boolean {
  const floor = prepareHydraulic(field, params, options.masks);
  if (options.shouldCancel?.()) return false;
  if (!coarsePass(field, params, floor, options.masks, options)) return false;
  return runTiled(field, { ...params, version: 2 }, floor, options);
}
