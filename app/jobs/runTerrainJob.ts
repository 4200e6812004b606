import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { erosionCoverBytes, type ErosionCoverBytes } from '../../shared/erosion/cover';
import { applyStep, type StepRunOptions, type TerrainStep } from '../../shared/recipe/steps';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { applyLayer, evaluateStackWithBase, mixLayer, topWholeMapLayer } from '../../shared/layers/evaluate';
import { wholeRect } from '../../shared/layers/types';
import type { StackBase, TerrainJobRequest } from './protocol';

/** Each step's progress is scaled to this many units, so a job of several steps reports one bar. */
export const PROGRESS_UNITS_PER_STEP = 1000;

export interface TerrainJobResult {
  heights: Float32Array;
  /** The erosion masks as the document keeps them (bytes: less to post, a quarter of the memory). */
  masks: ErosionCoverBytes | null;
  base?: StackBase;
}

/** Masks for hydraulic erosion to fill, when any will run. */
function masksIf(needed: boolean, n: number): ErosionMasks | null {
  return needed ? { flow: new Float32Array(n), deposition: new Float32Array(n) } : null;
}

const asBytes = (masks: ErosionMasks | null): ErosionCoverBytes | null => (masks ? erosionCoverBytes(masks) : null);

/** A steps job's map, masks and one progress bar over all its steps (`progressOf(k)` for step k). */
function stepsJob(request: TerrainJobRequest, onProgress: (done: number, total: number) => void) {
  const { width, depth, cellSize, steps } = request;
  const total = steps.length * PROGRESS_UNITS_PER_STEP;
  return {
    field: createHeightfield(width, depth, cellSize, request.heights),
    masks: masksIf(steps.some((step) => step.kind === 'hydraulic'), width * depth),
    progressOf: (k: number) => (done: number, stepTotal: number) => onProgress(k * PROGRESS_UNITS_PER_STEP + Math.floor((PROGRESS_UNITS_PER_STEP * done) / Math.max(1, stepTotal)), total),
    stepDone: (k: number) => onProgress((k + 1) * PROGRESS_UNITS_PER_STEP, total),
  };
}

function runStackJob(request: TerrainJobRequest & { stack: NonNullable<TerrainJobRequest['stack']> }, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): TerrainJobResult | null {
  const { width, depth, cellSize, stack } = request;
  const masks = masksIf(stack.some((layer) => layer.enabled && layer.kind === 'hydraulic'), width * depth);
  const total = PROGRESS_UNITS_PER_STEP;
  // Heights given are what lies below the stack (the layers under it were evaluated before).
  const input = request.heights.length > 0 ? request.heights : undefined;
  const evaluated = evaluateStackWithBase(
    stack,
    { width, depth, cellSize },
    {
      masks: masks ?? undefined,
      shouldCancel,
      onProgress: (done, layers) => onProgress(Math.floor((PROGRESS_UNITS_PER_STEP * done) / Math.max(1, layers)), total),
    },
    input,
  );
  if (!evaluated) return null;
  onProgress(total, total);
  return { heights: evaluated.heights, masks: asBytes(masks), base: evaluated.base };
}

/**
 * The work of a job, wherever it runs: the request's own heights with every step applied, or null
 * when cancelled. The job owns those heights and drops them when cancelled, so steps work in place
 * (no scratch map). A worker, which is cancelled by being terminated, passes no `shouldCancel`.
 */
export function runTerrainJob(request: TerrainJobRequest, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): TerrainJobResult | null {
  if (request.stack) return runStackJob({ ...request, stack: request.stack }, onProgress, shouldCancel);
  const { recipe, steps } = request;
  const { field, masks, progressOf, stepDone } = stepsJob(request, onProgress);
  for (let k = 0; k < steps.length; k++) {
    if (shouldCancel?.()) return null;
    if (!applyStep(field, steps[k], recipe, { masks: masks ?? undefined, shouldCancel, onProgress: progressOf(k) })) return null;
    stepDone(k);
  }
  return { heights: field.heights, masks: asBytes(masks) };
}

/** Runs one step on threads (shared/erosion/threadedStep.ts); false when cancelled. */
export type ThreadedStepRunner = (field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: StepRunOptions) => Promise<boolean>;

/**
 * runTerrainJob with each step run by `runStep` (a worker that has other threads to erode on). The
 * bytes are those of runTerrainJob: a parallel step gives the bytes of one thread.
 */
export async function runTerrainJobThreaded(
  request: TerrainJobRequest,
  onProgress: (done: number, total: number) => void,
  runStep: ThreadedStepRunner,
): Promise<TerrainJobResult | null> {
  if (request.stack) return runStackJobThreaded({ ...request, stack: request.stack }, onProgress, runStep);
  const { recipe, steps } = request;
  const { field, masks, progressOf, stepDone } = stepsJob(request, onProgress);
  for (let k = 0; k < steps.length; k++) {
    if (!(await runStep(field, steps[k], recipe, { masks: masks ?? undefined, onProgress: progressOf(k) }))) return null;
    stepDone(k);
  }
  return { heights: field.heights, masks: asBytes(masks) };
}

/**
 * A stack job with its erosion layers run by `runStep` on threads and every other layer as
 * `evaluateStackWithBase` runs it: the same bytes (a parallel step gives the bytes of one thread,
 * and each layer is mixed in by opacity and mask the same way).
 */
async function runStackJobThreaded(
  request: TerrainJobRequest & { stack: NonNullable<TerrainJobRequest['stack']> },
  onProgress: (done: number, total: number) => void,
  runStep: ThreadedStepRunner,
): Promise<TerrainJobResult | null> {
  const { width, depth, cellSize, stack } = request;
  const size = { width, depth, cellSize };
  const n = width * depth;
  const masks = masksIf(stack.some((layer) => layer.enabled && layer.kind === 'hydraulic'), n);
  const input = request.heights.length > 0 ? request.heights : null;
  const baseIndex = topWholeMapLayer(stack);
  const enabled = stack.map((layer, index) => ({ layer, index })).filter(({ layer }) => layer.enabled);
  let current = input ?? new Float32Array(n);
  let base: StackBase = null;
  for (const [order, { layer, index }] of enabled.entries()) {
    const out = new Float32Array(n);
    const options = { masks: masks ?? undefined, onProgress: (done: number, total: number) => onProgress(Math.floor((PROGRESS_UNITS_PER_STEP * (order + done / Math.max(1, total))) / enabled.length), PROGRESS_UNITS_PER_STEP) };
    if (layer.kind === 'hydraulic' || layer.kind === 'thermal') {
      out.set(current);
      const step = { ...layer.params, kind: layer.kind } as TerrainStep;
      if (!(await runStep(createHeightfield(width, depth, cellSize, out), step, null, options))) return null;
      mixLayer(layer, current, out, size, wholeRect(size));
    } else if (!applyLayer(layer, current, out, size, wholeRect(size), options)) return null;
    current = out;
    if (index === baseIndex) base = { index, output: current };
  }
  onProgress(PROGRESS_UNITS_PER_STEP, PROGRESS_UNITS_PER_STEP);
  return { heights: current === input ? current.slice() : current, masks: asBytes(masks), base };
}
