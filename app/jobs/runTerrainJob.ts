import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { applyStep, type StepRunOptions, type TerrainStep } from '../../shared/recipe/steps';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { TerrainJobRequest } from './protocol';

/** Each step's progress is scaled to this many units, so a job of several steps reports one bar. */
export const PROGRESS_UNITS_PER_STEP = 1000;

export interface TerrainJobResult {
  heights: Float32Array;
  masks: ErosionMasks | null;
}

/**
 * The work of a job, wherever it runs: the request's own heights with every step applied, or null
 * when cancelled. The job owns those heights and drops them when cancelled, so steps work in place
 * (no scratch map). A worker, which is cancelled by being terminated, passes no `shouldCancel`.
 */
export function runTerrainJob(request: TerrainJobRequest, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): TerrainJobResult | null {
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
  const { width, depth, cellSize, recipe, steps } = request;
  const field = createHeightfield(width, depth, cellSize, request.heights);
  const masks = steps.some((step) => step.kind === 'hydraulic')
    ? { flow: new Float32Array(width * depth), deposition: new Float32Array(width * depth) }
    : null;
  const total = steps.length * PROGRESS_UNITS_PER_STEP;
  for (let k = 0; k < steps.length; k++) {
    const base = k * PROGRESS_UNITS_PER_STEP;
    const finished = await runStep(field, steps[k], recipe, {
      masks: masks ?? undefined,
      onProgress: (done, stepTotal) => onProgress(base + Math.floor((PROGRESS_UNITS_PER_STEP * done) / Math.max(1, stepTotal)), total),
    });
    if (!finished) return null;
    onProgress(base + PROGRESS_UNITS_PER_STEP, total);
  }
  return { heights: field.heights, masks };
}
