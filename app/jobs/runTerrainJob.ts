import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { applyStep } from '../../shared/recipe/steps';
import { evaluateStackWithBase } from '../../shared/layers/evaluate';
import type { StackBase, TerrainJobRequest } from './protocol';

/** Each step's progress is scaled to this many units, so a job of several steps reports one bar. */
export const PROGRESS_UNITS_PER_STEP = 1000;

export interface TerrainJobResult {
  heights: Float32Array;
  masks: ErosionMasks | null;
  base?: StackBase;
}

function runStackJob(request: TerrainJobRequest & { stack: NonNullable<TerrainJobRequest['stack']> }, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): TerrainJobResult | null {
  const { width, depth, cellSize, stack } = request;
  const masks = stack.some((layer) => layer.enabled && layer.kind === 'hydraulic') ? { flow: new Float32Array(width * depth), deposition: new Float32Array(width * depth) } : null;
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
  return { heights: evaluated.heights, masks, base: evaluated.base };
}

/**
 * The work of a job, wherever it runs: the request's own heights with every step applied, or null
 * when cancelled. The job owns those heights and drops them when cancelled, so steps work in place
 * (no scratch map). A worker, which is cancelled by being terminated, passes no `shouldCancel`.
 */
export function runTerrainJob(request: TerrainJobRequest, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): TerrainJobResult | null {
  if (request.stack) return runStackJob({ ...request, stack: request.stack }, onProgress, shouldCancel);
  const { width, depth, cellSize, recipe, steps } = request;
  const field = createHeightfield(width, depth, cellSize, request.heights);
  const masks = steps.some((step) => step.kind === 'hydraulic')
    ? { flow: new Float32Array(width * depth), deposition: new Float32Array(width * depth) }
    : null;
  const total = steps.length * PROGRESS_UNITS_PER_STEP;
  for (let k = 0; k < steps.length; k++) {
    if (shouldCancel?.()) return null;
    const base = k * PROGRESS_UNITS_PER_STEP;
    const finished = applyStep(field, steps[k], recipe, {
      masks: masks ?? undefined,
      shouldCancel,
      onProgress: (done, stepTotal) => onProgress(base + Math.floor((PROGRESS_UNITS_PER_STEP * done) / Math.max(1, stepTotal)), total),
    });
    if (!finished) return null;
    onProgress(base + PROGRESS_UNITS_PER_STEP, total);
  }
  return { heights: field.heights, masks };
}
