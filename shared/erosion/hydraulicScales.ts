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
 * Everything is on the caller's thread except the fine pass, which runs on any number of threads as
 * version 2 does (shared/erosion/threadedStep.ts runs the coarse pass first, then shares the fine one):
 * the bytes depend on the seed, the map and the parameters only. The coarse pass never lowers a height
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

/**
 * The coarse pass on `field` in place (and its height change and flow added to `masks`): false when
 * cancelled (the caller discards the heights and masks). `floor` is the run's floor.
 */
export function coarsePass(field: Heightfield, params: HydraulicParams, floor: number, masks: ErosionMasks | undefined, options: ErosionRunOptions = {}): boolean {
  const { width, depth, cellSize, heights } = field;
  const droplets = coarseDroplets(params.droplets);
  if (width < 2 * COARSE_FACTOR || depth < 2 * COARSE_FACTOR || droplets === 0) return true;
  const cw = coarseSide(width);
  const cd = coarseSide(depth);
  const coarse = createHeightfield(cw, cd, cellSize * COARSE_FACTOR);
  // Box average of the fine vertices nearest each coarse vertex (half a coarse cell each way).
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
  const before = coarse.heights.slice();
  const coarseMasks = masks ? { flow: new Float32Array(cw * cd), deposition: new Float32Array(cw * cd) } : undefined;
  const done = hydraulicErosionTiled(coarse, { ...params, droplets, version: 2 }, { shouldCancel: options.shouldCancel, masks: coarseMasks });
  if (!done) return false;
  const change = new Float32Array(cw * cd);
  for (let k = 0; k < change.length; k++) change[k] = coarse.heights[k] - before[k];
  // Spread back: bilinear between the coarse vertices around each fine vertex.
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
      if (masks && coarseMasks) {
        masks.deposition[k] += next - old;
        masks.flow[k] += bilinear(coarseMasks.flow, c, cw, fx, fy);
      }
    }
  }
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
