import { createHeightfield } from '../../shared/terrain/heightfield';
import { applyFaults, generateFaults } from './faultEngine';
import type { FaultJobRequest } from './protocol';

/**
 * The work of a job, wherever it runs: the request's own heights with the faults added, or null when
 * cancelled. The job owns those heights and drops them when cancelled, so they are swept in place
 * (no scratch map). A worker, which is cancelled by being terminated, passes no `shouldCancel`.
 */
export function runFaultJob(request: FaultJobRequest, onProgress: (done: number, total: number) => void, shouldCancel?: () => boolean): Float32Array | null {
  const { width, depth, cellSize, recipe, start, end } = request;
  const field = createHeightfield(width, depth, cellSize, request.heights);
  const faults = generateFaults(recipe, { sizeX: (width - 1) * cellSize, sizeZ: (depth - 1) * cellSize }, start, end);
  const finished = applyFaults(field, faults, { onProgress, shouldCancel, discardOnCancel: true });
  return finished ? field.heights : null;
}
