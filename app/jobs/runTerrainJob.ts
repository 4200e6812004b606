import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { erosionCoverBytes, type ErosionCoverBytes } from '../../shared/erosion/cover';
import type { StepRunOptions, TerrainStep } from '../../shared/recipe/steps';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { applyLayer, evaluateStackWithBase, mixLayer, stackMakesWater, topWholeMapLayer } from '../../shared/layers/evaluate';
import { copyWaterSurface, createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import { wholeRect } from '../../shared/layers/types';
import type { StackBase, TerrainJobRequest } from './protocol';

/** A job's progress is scaled to this many units, so a stack of several layers reports one bar. */
export const PROGRESS_UNITS_PER_STEP = 1000;

export interface TerrainJobResult {
  heights: Float32Array;
  /** The erosion masks as the document keeps them (bytes: less to post, a quarter of the memory). */
  masks: ErosionCoverBytes | null;
  /** The water the stack's water-making layers put down (null when it has none). */
  water: WaterSurface | null;
  base?: StackBase;
}

/** Masks for hydraulic erosion to fill, when any will run. */
function masksIf(needed: boolean, n: number): ErosionMasks | null {
  return needed ? { flow: new Float32Array(n), deposition: new Float32Array(n) } : null;
}

const asBytes = (masks: ErosionMasks | null): ErosionCoverBytes | null => (masks ? erosionCoverBytes(masks) : null);

/**
 * The work of a job, wherever it runs: the stack evaluated on the request's heights, or null when
 * cancelled. A worker, which is cancelled by being terminated, passes no `shouldCancel`.
 */
export function runTerrainJob(
  request: TerrainJobRequest,
  onProgress: (done: number, total: number) => void,
  shouldCancel?: () => boolean,
): TerrainJobResult | null {
  const { width, depth, cellSize, stack } = request;
  const masks = masksIf(
    stack.some((layer) => layer.enabled && layer.kind === 'hydraulic'),
    width * depth,
  );
  const water = stackMakesWater(stack) ? createWaterSurface(width * depth) : null;
  const total = PROGRESS_UNITS_PER_STEP;
  // Heights given are what lies below the stack (the layers under it were evaluated before).
  const input = request.heights.length > 0 ? request.heights : undefined;
  const evaluated = evaluateStackWithBase(
    stack,
    { width, depth, cellSize },
    {
      masks: masks ?? undefined,
      water: water ?? undefined,
      shouldCancel,
      onProgress: (done, layers) => onProgress(Math.floor((PROGRESS_UNITS_PER_STEP * done) / Math.max(1, layers)), total),
    },
    input,
  );
  if (!evaluated) return null;
  onProgress(total, total);
  return { heights: evaluated.heights, masks: asBytes(masks), water, base: evaluated.base };
}

/** Runs one step on threads (shared/recipe/threadedStep.ts); false when cancelled. */
export type ThreadedStepRunner = (field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: StepRunOptions) => Promise<boolean>;

/**
 * runTerrainJob with its erosion layers run by `runStep` on threads (a worker that has other threads
 * to erode on) and every other layer as `evaluateStackWithBase` runs it: the same bytes (a parallel
 * step gives the bytes of one thread, and each layer is mixed in by opacity and mask the same way).
 */
export async function runTerrainJobThreaded(
  request: TerrainJobRequest,
  onProgress: (done: number, total: number) => void,
  runStep: ThreadedStepRunner,
): Promise<TerrainJobResult | null> {
  const { width, depth, cellSize, stack } = request;
  const size = { width, depth, cellSize };
  const n = width * depth;
  const masks = masksIf(
    stack.some((layer) => layer.enabled && layer.kind === 'hydraulic'),
    n,
  );
  const water = stackMakesWater(stack) ? createWaterSurface(n) : null;
  const input = request.heights.length > 0 ? request.heights : null;
  const baseIndex = topWholeMapLayer(stack);
  const enabled = stack.map((layer, index) => ({ layer, index })).filter(({ layer }) => layer.enabled);
  let current = input ?? new Float32Array(n);
  let base: StackBase = null;
  for (const [order, { layer, index }] of enabled.entries()) {
    const out = new Float32Array(n);
    const options = {
      masks: masks ?? undefined,
      water: water ?? undefined,
      onProgress: (done: number, total: number) =>
        onProgress(Math.floor((PROGRESS_UNITS_PER_STEP * (order + done / Math.max(1, total))) / enabled.length), PROGRESS_UNITS_PER_STEP),
    };
    if (layer.kind === 'hydraulic' || layer.kind === 'thermal') {
      out.set(current);
      const step = { ...layer.params, kind: layer.kind } as TerrainStep;
      if (!(await runStep(createHeightfield(width, depth, cellSize, out), step, null, options))) return null;
      mixLayer(layer, current, out, size, wholeRect(size));
    } else if (!applyLayer(layer, current, out, size, wholeRect(size), { ...options, below: stack.slice(0, index) })) return null;
    current = out;
    if (index === baseIndex)
      base = { index, output: current, ...(water && { water: stackMakesWater(stack.slice(index + 1)) ? copyWaterSurface(water) : water }) };
  }
  onProgress(PROGRESS_UNITS_PER_STEP, PROGRESS_UNITS_PER_STEP);
  return { heights: current === input ? current.slice() : current, masks: asBytes(masks), water, base };
}
